'use client';
// One dataset on the map, in the catalog panel's "Na mape" list: its load state, notices, count,
// parameter controls and the list of its objects for keyboard access.
import { featureTitle } from '@/lib/nearby/describe';
import { belowMinZoom, hasDataEndpoint, isBboxMode } from '@/lib/map/data-request';
import { formatCount, formatNumber } from '@/lib/map/format';
import { loadedData, type LoadState } from '@/lib/map/loads';
import { fieldSpecs, paramSpecs } from '@/lib/map/params';
import type { MapDataset } from '@/lib/map/types';
import { failureText } from '@/lib/map/messages';
import { ParamControl } from './controls';

/** The layer's state as the legend and tests read it: loading, shown, stale, failed, zoom (out of range). */
export function layerState(load: LoadState | undefined): 'loading' | 'shown' | 'stale' | 'failed' | 'zoom' | 'none' {
  if (!load) return 'none';
  if (load.status === 'ok') return load.cache === 'stale' ? 'stale' : 'shown';
  if (load.status === 'error') return 'failed';
  return load.status;
}

/** " (stav spred 3 h)": the age of the portal's copy, from its `dm.generated`. */
function staleAge(generated: string | undefined): string {
  const t = generated ? Date.parse(generated) : NaN;
  if (!Number.isFinite(t)) return '';
  const minutes = Math.max(1, Math.round((Date.now() - t) / 60_000));
  return minutes < 90 ? ` (stav spred ${minutes} min)` : minutes < 48 * 60 ? ` (stav spred ${Math.round(minutes / 60)} h)` : ` (stav spred ${Math.round(minutes / 1440)} dní)`;
}

/** Objects listed for keyboard access per dataset. */
const MAX_LISTED = 200;

export function EnabledDataset({
  dataset: d,
  load,
  params,
  zoom,
  onParam,
  onOff,
  onSelect,
  onRetry,
}: {
  dataset: MapDataset;
  load: LoadState | undefined;
  params: Record<string, string>;
  zoom: number;
  onParam: (param: string, value: string) => void;
  onOff: () => void;
  onSelect: (properties: Record<string, unknown>) => void;
  onRetry: () => void;
}) {
  const specs = paramSpecs(d.params).filter((p) => p.key !== d.temporal?.param);
  const { data, dm } = loadedData(load);
  const features = data?.features ?? [];
  return (
    <div className="enabled-dataset" data-testid={`enabled-${d.key}`} data-layer-state={layerState(load)}>
      <div className="enabled-head">
        <strong>{d.title}</strong>
        <button type="button" className="icon-button" onClick={onOff} aria-label={`Skryť ${d.title}`}>
          ×
        </button>
      </div>
      {!hasDataEndpoint(d) && d.source.type === 'geojson' && (
        <p className="notice small">
          Dáta zobrazuje len portál; poskytuje ich{' '}
          {d.links.source ? <a href={d.links.source}>pôvodná služba</a> : 'pôvodná služba'}.
        </p>
      )}
      {load?.status === 'loading' && <p className="muted small" data-testid="dataset-loading">Načítavam…</p>}
      {load?.status === 'zoom' && (
        <p className="notice small" data-testid="dataset-zoom-notice">
          Priblížte mapu (od úrovne {load.minZoom}); teraz {formatNumber(zoom, 1)}.
        </p>
      )}
      {load?.status === 'error' && (
        <div className="error small" role="alert" data-testid="dataset-error">
          <p>{failureText(load.code, d.providerName)}</p>
          <p>
            {load.retryAt !== undefined ? 'Portál to skúsi znova sám. ' : ''}
            <button type="button" className="link-button" onClick={onRetry} data-testid="dataset-retry">
              Skúsiť znova
            </button>
          </p>
          <details>
            <summary>podrobnosti</summary>
            <code>{load.code}</code> · pokus {load.attempt} · <span className="muted">{load.message}</span>
          </details>
        </div>
      )}
      {load?.status === 'ok' && load.cache === 'stale' && (
        <p className="notice small" data-testid="dataset-stale">
          Zdroj teraz neodpovedá: zobrazené sú údaje z kópie portálu{staleAge(dm?.generated)}.
        </p>
      )}
      {dm?.notice && (
        <p className="notice small" data-testid="dataset-notice">
          {dm.notice}
        </p>
      )}
      {load?.status === 'ok' && !isBboxMode(d) && belowMinZoom(d, zoom) && (
        <p className="notice small" data-testid="dataset-zoom-notice">
          Objekty sa zobrazia od priblíženia {d.coverage?.minZoom}.
        </p>
      )}
      {load?.status === 'ok' && (
        <p className="muted small" data-testid="dataset-count">
          {formatCount(load.data.features.length, 'objekt', 'objekty', 'objektov')}
          {dm?.total !== undefined && dm.total > load.data.features.length ? ` z ${formatNumber(dm.total)}` : ''}
          {dm?.truncated ? ' (skrátené)' : ''}
        </p>
      )}
      {specs.map((p) => (
        <ParamControl key={p.key} spec={p} value={params[p.key] ?? p.default} onChange={(v) => onParam(p.key, v)} testId={`param-${d.key}-${p.key}`} />
      ))}
      {features.length > 0 && <FeatureList dataset={d} features={features} onSelect={onSelect} />}
      <a href={d.links.map} className="small">
        O datasete
      </a>
    </div>
  );
}

function FeatureList({ dataset: d, features, onSelect }: { dataset: MapDataset; features: GeoJSON.Feature[]; onSelect: (properties: Record<string, unknown>) => void }) {
  const titled = { title: d.title, presentation: d.presentation, fields: fieldSpecs(d.fields) };
  return (
    <details className="feature-list">
      <summary>Zoznam objektov</summary>
      <ul>
        {features.slice(0, MAX_LISTED).map((f, i) => (
          <li key={String(f.id ?? i)}>
            <button type="button" className="link-button" onClick={() => onSelect((f.properties ?? {}) as Record<string, unknown>)}>
              {featureTitle(titled, (f.properties ?? {}) as Record<string, unknown>, i + 1)}
            </button>
          </li>
        ))}
      </ul>
      {features.length > MAX_LISTED && <p className="muted small">a ďalších {formatNumber(features.length - MAX_LISTED)}</p>}
    </details>
  );
}
