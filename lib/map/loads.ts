// The map's load table: what each enabled dataset should show (a data request, tiles, a zoom notice
// or nothing) and the state of its answer. Pure; the data hook (components/map/use-dataset-loads.ts)
// runs the requests it asks for. A dataset drawn from vector tiles (lib/map/layers.ts drawsFromTiles)
// gets no data request: its entry keeps only the request's URL, whose parameters the tiles repeat.
import { belowMinZoom, dataRequestUrl, hasDataEndpoint, isBboxMode, type Bbox } from './data-request';
import { drawsFromTiles } from './layers';
import type { CollectionDmView, MapDataset } from './types';

export type LoadState =
  /** Loading; when it asks again after a failure, that failure and its attempt (the layer stays failed meanwhile). */
  | { status: 'loading'; url: string; data?: GeoJSON.FeatureCollection; dm?: CollectionDmView; attempt?: number; failure?: { code: string; message: string } }
  /** The answer; `receivedAt` (ms since the epoch) dates a stale copy's age. */
  | { status: 'ok'; url: string; data: GeoJSON.FeatureCollection; dm: CollectionDmView; cache: string | null; receivedAt?: number }
  /**
   * The answer failed: its code (the API's, or the browser's own `network`/`empty_answer`), the
   * technical message (shown only under "podrobnosti"), the attempt it was and whether the map asks
   * again by itself (`retryAt`, ms since the epoch) — the previous data stays drawn meanwhile.
   */
  | { status: 'error'; url: string; message: string; code: string; attempt: number; retryAt?: number; data?: GeoJSON.FeatureCollection; dm?: CollectionDmView }
  | { status: 'zoom'; minZoom: number }
  /** Drawn from the portal's vector tiles: the data request (never made) whose parameters the tiles repeat. */
  | { status: 'tiles'; url: string }
  | { status: 'none' };

export type Wanted = Map<string, { status: 'fetch'; url: string } | { status: 'tiles'; url: string } | { status: 'zoom'; minZoom: number }>;

/** The viewport bbox datasets load for (the map at rest). */
export interface RestingViewport {
  bbox: Bbox;
  zoom: number;
}

/**
 * What each enabled dataset should show: a request URL (only its non-default parameters; bbox
 * datasets the resting viewport) to fetch, or to repeat in its tiles, a zoom notice below its
 * `coverage.minZoom`, or nothing to load.
 */
export function wantedLoads(
  enabled: MapDataset[],
  viewport: RestingViewport | null,
  params: (key: string) => { params: Record<string, string>; defaults: Record<string, string> },
): Wanted {
  const out: Wanted = new Map();
  for (const d of enabled) {
    if (!hasDataEndpoint(d)) continue;
    if (isBboxMode(d)) {
      if (!viewport) continue;
      if (belowMinZoom(d, viewport.zoom)) {
        out.set(d.key, { status: 'zoom', minZoom: d.coverage?.minZoom ?? 0 });
        continue;
      }
    }
    const url = dataRequestUrl(d, { ...params(d.key), bbox: viewport?.bbox, zoom: viewport?.zoom });
    if (url) out.set(d.key, drawsFromTiles(d) ? { status: 'tiles', url } : { status: 'fetch', url });
  }
  return out;
}

/**
 * The load table for what the map now wants: an unchanged URL keeps its state, a new one starts
 * loading with the previous data (drawn until the new arrives), a zoom notice replaces the data.
 * Returns `prev` itself when nothing changed.
 */
export function reconcileLoads(prev: Record<string, LoadState>, wanted: Wanted): Record<string, LoadState> {
  let changed = Object.keys(prev).length !== wanted.size;
  const next: Record<string, LoadState> = {};
  for (const [key, w] of wanted) {
    const p = prev[key];
    if (w.status === 'fetch') {
      if (p && p.status !== 'tiles' && 'url' in p && p.url === w.url) {
        next[key] = p;
      } else {
        changed = true;
        // A layer that failed stays failed while its new request runs (a source down does not come
        // back by moving the map); its attempts keep counting.
        const failure = p?.status === 'error' ? { code: p.code, message: p.message } : p?.status === 'loading' ? p.failure : undefined;
        next[key] = {
          status: 'loading',
          url: w.url,
          data: p && 'data' in p ? p.data : undefined,
          dm: p && 'dm' in p ? p.dm : undefined,
          ...(failure && p && 'attempt' in p ? { failure, attempt: p.attempt } : {}),
        };
      }
    } else if (w.status === 'tiles') {
      if (p?.status === 'tiles' && p.url === w.url) next[key] = p;
      else {
        changed = true;
        next[key] = { status: 'tiles', url: w.url };
      }
    } else {
      if (!p || p.status !== 'zoom') changed = true;
      next[key] = w;
    }
  }
  return changed ? next : prev;
}

/** Codes worth asking again after a pause: the source (or the portal) may answer later. */
const RETRYABLE = new Set(['timeout', 'source_unreachable', 'http_error', 'network', 'internal_error', 'database_unavailable', 'starting', 'too_many_requests', 'empty_answer']);

/** The first pause before a failed layer asks again, doubled per attempt up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 60_000;

/** The pause before attempt `attempt + 1` (back-off: 2 s, 4 s, 8 s, … at most a minute). */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1));
}

/** A failed load: retried on its own after the back-off when its code may pass, else only on request. */
export function failedLoad(prev: LoadState | undefined, url: string, code: string, message: string, now = Date.now()): LoadState {
  const attempt = (prev && 'attempt' in prev ? (prev.attempt ?? 0) : 0) + 1;
  const kept = prev && 'data' in prev ? { data: prev.data, dm: prev.dm } : {};
  return { status: 'error', url, code, message, attempt, ...(RETRYABLE.has(code) ? { retryAt: now + retryDelayMs(attempt) } : {}), ...kept };
}

/** The load asked again (by the back-off or "Skúsiť znova"): loading, keeping its data, attempt count and failure. */
export function retriedLoad(prev: LoadState): LoadState {
  if (prev.status !== 'error') return prev;
  return { status: 'loading', url: prev.url, data: prev.data, dm: prev.dm, attempt: prev.attempt, failure: { code: prev.code, message: prev.message } };
}

/** The data and `dm` a load holds (the previous answer's while a new one loads). */
export function loadedData(load: LoadState | undefined): { data?: GeoJSON.FeatureCollection; dm?: CollectionDmView; url?: string } {
  if (!load) return {};
  return {
    data: 'data' in load ? load.data : undefined,
    dm: 'dm' in load ? load.dm : undefined,
    url: 'url' in load ? load.url : undefined,
  };
}
