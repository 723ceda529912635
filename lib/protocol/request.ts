// How the portal talks to a provider's data endpoint: the dataset parameters in their protocol
// value formats, the bbox aligned to the tile grid (so neighbouring viewports share cache entries)
// and the final request URL. Pure functions; the data proxy, the live test and the validator share them.
// The parts the browser needs too (alignment, parameter formats) live in ./shared.
import { ApiError } from '@/lib/errors';
import type { Bbox } from './shared/geo';
import { checkParamDefault, checkParamValue } from './shared/params';
import { alignBboxToTiles, formatBbox, tileZoom } from './shared/tiles';
import { MAX_FEATURES, type Manifest, type ManifestDataset } from './types';

export type { Bbox } from './shared/geo';
export { alignBboxToTiles, formatBbox } from './shared/tiles';
export { checkParamDefault, checkParamValue, paramDefaultToWire } from './shared/params';

/**
 * The dataset's parameters from a query: omitted (or empty) ones get their default, present ones
 * are checked and written canonically. Keys that are not parameters of the dataset are ignored
 * (bbox, zoom, cursor and the like travel in the same query). Throws `invalid_query` naming the
 * parameter.
 */
export function normalizeParams(dataset: ManifestDataset, input: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const param of dataset.params ?? []) {
    const raw = Object.prototype.hasOwnProperty.call(input, param.key) ? input[param.key] : undefined;
    const omitted = raw === undefined || (raw.trim() === '' && param.type !== 'multi-enum');
    if (omitted) {
      const def = checkParamDefault(param);
      // An invalid default is the provider's mistake (reported by the validator); send nothing.
      if (def?.ok) out[param.key] = def.value;
      continue;
    }
    const checked = checkParamValue(param, raw);
    if (!checked.ok) {
      throw new ApiError('invalid_query', `Parameter "${param.key}" (${param.label}): ${checked.reason}.`);
    }
    out[param.key] = checked.value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Request URL

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

function encodeQueryValue(v: string): string {
  // Commas are legal in a query and keep `bbox=a,b,c,d` and `a,b` values readable.
  return encodeURIComponent(v).replace(/%2C/gi, ',');
}

/**
 * The URL the portal requests from a GeoJSON source: the source URL with its own query kept, plus
 * (mode `bbox`) the bbox aligned outward to the tile grid at the integer zoom and that zoom, `limit`
 * (source.maxFeatures or 5000), `cursor`, and the dataset parameters sorted by key, so equal
 * queries give equal URLs (cache keys).
 */
export function sourceRequestUrl(
  dataset: ManifestDataset,
  absoluteSourceUrl: string,
  q: { bbox?: Bbox; zoom?: number; cursor?: string; params: Record<string, string> },
): string {
  const url = new URL(absoluteSourceUrl);
  const source = dataset.source;
  const added: Array<[string, string]> = [];
  if (source.type === 'geojson' && source.mode === 'bbox' && q.bbox) {
    const z = tileZoom(q.zoom ?? 0);
    added.push(['bbox', formatBbox(alignBboxToTiles(q.bbox, z))], ['zoom', String(z)]);
  }
  const limit = source.type === 'geojson' && source.maxFeatures ? source.maxFeatures : MAX_FEATURES;
  added.push(['limit', String(limit)]);
  if (q.cursor) added.push(['cursor', q.cursor]);
  for (const key of Object.keys(q.params).sort()) added.push([key, q.params[key]]);

  const ours = new Set(added.map(([k]) => k));
  // The provider's own query survives byte for byte, except keys the portal sets itself.
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !ours.has(safeDecode(pair.split('=')[0])));
  const query = [...kept, ...added.map(([k, v]) => `${encodeQueryValue(k)}=${encodeQueryValue(v)}`)].join('&');
  url.search = '';
  const hash = url.hash;
  url.hash = '';
  return `${url.toString()}?${query}${hash}`;
}

/** The manifest with relative GeoJSON source URLs made absolute against the manifest's address. */
export function resolveSourceUrls(manifest: Manifest, manifestUrl: string): Manifest {
  if (!Array.isArray(manifest.datasets)) return manifest;
  return {
    ...manifest,
    datasets: manifest.datasets.map((ds) => {
      if (!ds || typeof ds !== 'object' || !ds.source || ds.source.type !== 'geojson' || typeof ds.source.url !== 'string') return ds;
      try {
        return { ...ds, source: { ...ds.source, url: new URL(ds.source.url, manifestUrl).href } };
      } catch {
        return ds; // left as is; fetching it reports invalid_url
      }
    }),
  };
}
