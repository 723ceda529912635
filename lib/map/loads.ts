// The map's load table: what each enabled dataset should show (a data request, a zoom notice or
// nothing) and the state of its answer. Pure; the data hook (components/map/use-dataset-loads.ts)
// runs the requests it asks for.
import { belowMinZoom, dataRequestUrl, hasDataEndpoint, isBboxMode, type Bbox } from './data-request';
import type { CollectionDmView, MapDataset } from './types';

export type LoadState =
  | { status: 'loading'; url: string; data?: GeoJSON.FeatureCollection; dm?: CollectionDmView }
  | { status: 'ok'; url: string; data: GeoJSON.FeatureCollection; dm: CollectionDmView; cache: string | null }
  | { status: 'error'; url: string; message: string; code: string }
  | { status: 'zoom'; minZoom: number }
  | { status: 'none' };

export type Wanted = Map<string, { status: 'fetch'; url: string } | { status: 'zoom'; minZoom: number }>;

/** The viewport bbox datasets load for (the map at rest). */
export interface RestingViewport {
  bbox: Bbox;
  zoom: number;
}

/**
 * What each enabled dataset should show: a request URL (only its non-default parameters; bbox
 * datasets the resting viewport), a zoom notice below its `coverage.minZoom`, or nothing to load.
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
    if (url) out.set(d.key, { status: 'fetch', url });
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
      if (p && 'url' in p && p.url === w.url) {
        next[key] = p;
      } else {
        changed = true;
        next[key] = {
          status: 'loading',
          url: w.url,
          data: p && 'data' in p ? p.data : undefined,
          dm: p && 'dm' in p ? p.dm : undefined,
        };
      }
    } else {
      if (!p || p.status !== 'zoom') changed = true;
      next[key] = w;
    }
  }
  return changed ? next : prev;
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
