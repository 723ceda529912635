// What the map asks GET /api/data for: the dataset's parameters (only those differing from the
// defaults; the portal fills the rest) and, for bbox-mode datasets, the viewport aligned outward
// to the XYZ tile grid so that small pans inside the same tiles reuse the request already made. The
// alignment is the protocol's (lib/protocol/shared/tiles.ts), the very function the data proxy
// applies, so the server's alignment of the map's bbox is the identity.
import type { Bbox } from '@/lib/protocol/shared/geo';
import { alignBboxToTiles, formatBbox, tileZoom } from '@/lib/protocol/shared/tiles';
import type { MapDataset } from './types';

/** One bbox type for the whole portal: the protocol's `[minLon, minLat, maxLon, maxLat]`. */
export type { Bbox };

export function isBboxMode(dataset: MapDataset): boolean {
  return dataset.source.type === 'geojson' && dataset.source.mode === 'bbox';
}

/** Below the dataset's coverage.minZoom the portal does not load its data (spec: coverage.minZoom). */
export function belowMinZoom(dataset: MapDataset, zoom: number): boolean {
  const min = dataset.coverage?.minZoom;
  return typeof min === 'number' && zoom < min;
}

/** Whether the map can fetch this dataset's objects through the portal at all. */
export function hasDataEndpoint(dataset: MapDataset): boolean {
  return dataset.source.type === 'geojson' && typeof dataset.links.data === 'string' && dataset.links.data.length > 0;
}

export interface DataRequestInput {
  params: Record<string, string>;
  defaults: Record<string, string>;
  bbox?: Bbox;
  zoom?: number;
}

/**
 * The /api/data request for a dataset, or null when nothing should be loaded (raster, no data
 * endpoint, or a bbox dataset below its minimum zoom).
 */
export function dataRequestUrl(dataset: MapDataset, input: DataRequestInput): string | null {
  if (!hasDataEndpoint(dataset)) return null;
  const q = new URLSearchParams();
  for (const name of Object.keys(input.params).sort()) {
    const v = input.params[name];
    if (v !== undefined && v !== input.defaults[name]) q.set(name, v);
  }
  if (isBboxMode(dataset)) {
    if (!input.bbox || input.zoom === undefined) return null;
    if (belowMinZoom(dataset, input.zoom)) return null;
    const z = tileZoom(input.zoom);
    q.set('bbox', formatBbox(alignBboxToTiles(input.bbox, z)));
    q.set('zoom', String(z));
  }
  const qs = q.toString().replace(/%2C/gi, ',');
  return `${dataset.links.data}${qs ? `?${qs}` : ''}`;
}

/**
 * The summary (GET /api/summary) of a whole dataset's data request, with the same parameters: the
 * count of a dataset drawn from tiles, whose data the map never downloads.
 */
export function summaryRequestUrl(dataUrl: string): string | null {
  return dataUrl.startsWith('/api/data/') ? `/api/summary/${dataUrl.slice('/api/data/'.length)}` : null;
}
