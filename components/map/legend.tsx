// The legend of the enabled datasets: swatches, gradients and steps from each presentation's
// colour, and a raster's own legend entries or legend image; under each title the layer's state
// when it is not simply shown (loading, failed with the reason and "Skúsiť znova", the portal's copy
// with its age, zoom in), so a failed layer never reads as "nothing here", also on a phone where
// the catalog is closed.
import { presentationView } from '@/lib/map/catalog';
import { legendForDataset, swatchColor } from '@/lib/map/colors';
import { formatNumber } from '@/lib/map/format';
import { minZoomOf } from '@/lib/map/layer-state';
import { failureText } from '@/lib/map/messages';
import type { MapDataset } from '@/lib/map/types';
import type { LayerView } from './use-layer-states';

function rasterLegend(d: MapDataset) {
  const p = d.presentation as { legend?: Array<{ label: string; color?: string }>; legendUrl?: string };
  if (Array.isArray(p.legend) && p.legend.length) {
    return (
      <ul className="legend-swatches">
        {p.legend.map((e, i) => (
          <li key={i}>
            <span className="swatch" style={{ background: e.color ?? 'transparent' }} aria-hidden="true" />
            {e.label}
          </li>
        ))}
      </ul>
    );
  }
  if (typeof p.legendUrl === 'string' && p.legendUrl.startsWith('https://')) {
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={p.legendUrl} alt={`Legenda: ${d.title}`} className="legend-image" loading="lazy" />;
  }
  return null;
}

function DatasetLegend({ dataset }: { dataset: MapDataset }) {
  if (dataset.source.type === 'raster') return rasterLegend(dataset);
  const color = presentationView(dataset.presentation).color;
  const entry = legendForDataset(dataset);
  if (!entry) {
    return (
      <ul className="legend-swatches">
        <li>
          <span className="swatch" style={{ background: swatchColor(color) }} aria-hidden="true" />
          objekty
        </li>
      </ul>
    );
  }
  return (
    <div>
      {entry.title && <div className="legend-field">{entry.title}</div>}
      {entry.kind === 'swatches' && (
        <ul className="legend-swatches">
          {entry.items.map((i) => (
            <li key={i.label}>
              <span className="swatch" style={{ background: i.color }} aria-hidden="true" />
              {i.label}
            </li>
          ))}
        </ul>
      )}
      {entry.kind === 'gradient' && entry.stops.length > 0 && (
        <div>
          <div
            className="legend-gradient"
            aria-hidden="true"
            style={{ background: `linear-gradient(to right, ${entry.stops.map(([, c]) => c).join(', ')})` }}
          />
          <div className="legend-scale">
            <span>{formatNumber(entry.stops[0][0])}</span>
            <span>{formatNumber(entry.stops[entry.stops.length - 1][0])}</span>
          </div>
        </div>
      )}
      {entry.kind === 'steps' && (
        <ul className="legend-swatches">
          <li>
            <span className="swatch" style={{ background: entry.below }} aria-hidden="true" />
            pod {formatNumber(entry.stops[0]?.[0])}
          </li>
          {entry.stops.map(([v, c], i) => (
            <li key={v}>
              <span className="swatch" style={{ background: c }} aria-hidden="true" />
              {i + 1 < entry.stops.length ? `${formatNumber(v)} – ${formatNumber(entry.stops[i + 1][0])}` : `od ${formatNumber(v)}`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A legend entry of the map's own making (a person's file): a swatch and its name. */
export interface ExtraLegend {
  key: string;
  title: string;
  color: string;
  label: string;
}

/** The layer's state under its legend title (nothing when it is simply shown). */
function LegendState({ dataset: d, layer, onRetry }: { dataset: MapDataset; layer: LayerView | undefined; onRetry: () => void }) {
  switch (layer?.state) {
    case 'loading':
      return <p className="legend-state muted">Načítavam…</p>;
    case 'zoom':
      return <p className="legend-state muted">Priblížte mapu (od úrovne {minZoomOf(d)}).</p>;
    case 'stale':
      return <p className="legend-state legend-stale">{layer.stale}</p>;
    case 'failed':
      return (
        <p className="legend-state legend-failed">
          {failureText(layer.failure?.code, d.providerName)}{' '}
          <button type="button" className="link-button" onClick={onRetry} data-testid="legend-retry">
            Skúsiť znova
          </button>
        </p>
      );
    default:
      return null;
  }
}

export function Legend({
  datasets,
  extra = [],
  layers = {},
  onRetry = () => undefined,
}: {
  datasets: MapDataset[];
  extra?: ExtraLegend[];
  /** Each layer's state (use-layer-states.ts). */
  layers?: Record<string, LayerView>;
  onRetry?: (key: string) => void;
}) {
  if (!datasets.length && !extra.length) return null;
  return (
    <section className="map-legend" data-testid="legend" aria-label="Legenda" tabIndex={0}>
      <h2 className="visually-hidden">Legenda</h2>
      {datasets.map((d) => (
        <div key={d.key} className="legend-item" data-testid={`legend-${d.key}`} data-layer-state={layers[d.key]?.state ?? 'none'}>
          <div className="legend-title">{d.title}</div>
          <LegendState dataset={d} layer={layers[d.key]} onRetry={() => onRetry(d.key)} />
          <DatasetLegend dataset={d} />
        </div>
      ))}
      {extra.map((e) => (
        <div key={e.key} className="legend-item" data-testid="legend-own">
          <div className="legend-title">{e.title}</div>
          <ul className="legend-swatches">
            <li>
              <span className="swatch" style={{ background: e.color }} aria-hidden="true" />
              {e.label}
            </li>
          </ul>
        </div>
      ))}
    </section>
  );
}

/** Attribution of the basemap and of every enabled dataset: always visible next to the map. */
/** The attribution line: every enabled dataset's, the basemap's, MapLibre (also printed). */
export function attributionText(basemap: string, datasets: MapDataset[]): string {
  const parts = [...new Set([...datasets.map((d) => d.attribution).filter(Boolean), basemap])];
  return `${parts.join(' · ')} · MapLibre`;
}

export function Attribution({ basemap, datasets }: { basemap: string; datasets: MapDataset[] }) {
  return (
    <div className="map-attribution" data-testid="attribution">
      {attributionText(basemap, datasets)}
    </div>
  );
}
