'use client';
// The object detail drawer: the dm fields the portal moved into properties (__dm_title,
// __dm_description, __dm_url), the dataset's described fields and the object's dm.chart.
import { presentationView } from '@/lib/map/catalog';
import { parseChart } from '@/lib/map/chart';
import { formatValue } from '@/lib/map/format';
import { fieldSpecs } from '@/lib/map/params';
import type { MapDataset, TrendValue } from '@/lib/map/types';
import { ChartSvg } from './chart-svg';

const TRENDS = new Set(['roste', 'stagnuje', 'klesá']);

export interface DetailProps {
  dataset: MapDataset;
  properties: Record<string, unknown>;
  onClose: () => void;
}

function safeUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

export function ObjectDetail({ dataset, properties, onClose }: DetailProps) {
  const fields = fieldSpecs(dataset.fields);
  const title = typeof properties.__dm_title === 'string' && properties.__dm_title
    ? properties.__dm_title
    : String(properties[fields[0]?.key ?? ''] ?? dataset.title);
  const description = typeof properties.__dm_description === 'string' ? properties.__dm_description : null;
  const url = safeUrl(properties.__dm_url);
  const chart = parseChart(properties.__dm_chart);
  const trend = TRENDS.has(String(properties.__dm_trend)) ? (properties.__dm_trend as TrendValue) : null;
  const color = presentationView(dataset.presentation).color;
  const threshold = typeof color === 'object' && color && color.type === 'trend' && typeof color.threshold === 'number' ? color.threshold : undefined;
  const rows = fields.length
    ? fields.filter((f) => properties[f.key] !== undefined).map((f) => {
        const raw = properties[f.key];
        const coded = f.values && (typeof raw === 'string' || typeof raw === 'number') ? f.values[String(raw)] : undefined;
        return { key: f.key, label: f.label, value: coded ?? formatValue(raw, f.unit, f.decimals) };
      })
    : Object.entries(properties)
        .filter(([k]) => !k.startsWith('__dm_'))
        .map(([k, v]) => ({ key: k, label: k, value: formatValue(v) }));
  return (
    <aside className="object-detail" data-testid="object-detail" aria-labelledby="object-detail-title">
      <div className="object-detail-head">
        <div>
          <div className="muted small">{dataset.title}</div>
          <h2 id="object-detail-title" data-testid="object-title">
            {title}
          </h2>
        </div>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Zavrieť detail" data-testid="object-detail-close">
          ×
        </button>
      </div>
      {description && <p data-testid="object-description">{description}</p>}
      {chart && <ChartSvg chart={chart} trend={trend} threshold={threshold} />}
      {rows.length > 0 && (
        <table className="fields">
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                <td>{r.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {url && (
        <p>
          <a href={url} target="_blank" rel="noopener noreferrer" data-testid="object-url">
            Detail u poskytovateľa
          </a>
        </p>
      )}
      <p className="muted small">Zdroj: {dataset.attribution}</p>
    </aside>
  );
}
