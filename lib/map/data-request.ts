// What the map asks GET /api/data for: the dataset's parameters (only those differing from the
// defaults; the portal fills the rest) and, for bbox-mode datasets, the viewport aligned outward
// to the XYZ tile grid so that small pans inside the same tiles reuse the request already made.
import type { Bbox } from '@/lib/protocol/request';
import type { MapDataset } from './types';

/** One bbox type for the whole portal: the protocol's `[minLon, minLat, maxLon, maxLat]`. */
export type { Bbox };

function lonToTileX(lon: number, z: number): number {
  return ((lon + 180) / 360) * 2 ** z;
}
function latToTileY(lat: number, z: number): number {
  const r = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z;
}
function tileXToLon(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}
function tileYToLat(y: number, z: number): number {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)));
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** The bbox grown outward to whole tiles at integer zoom `z`. */
export function tileAlignedBbox(bbox: Bbox, z: number): Bbox {
  const zi = Math.max(0, Math.min(24, Math.floor(z)));
  const n = 2 ** zi;
  const x0 = Math.max(0, Math.floor(lonToTileX(bbox[0], zi)));
  const x1 = Math.min(n, Math.ceil(lonToTileX(bbox[2], zi)));
  const y0 = Math.max(0, Math.floor(latToTileY(bbox[3], zi)));
  const y1 = Math.min(n, Math.ceil(latToTileY(bbox[1], zi)));
  return [round6(tileXToLon(x0, zi)), round6(tileYToLat(y1, zi)), round6(tileXToLon(x1, zi)), round6(tileYToLat(y0, zi))];
}

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
    const z = Math.max(0, Math.min(24, Math.floor(input.zoom)));
    q.set('bbox', tileAlignedBbox(input.bbox, z).join(','));
    q.set('zoom', String(z));
  }
  const qs = q.toString().replace(/%2C/gi, ',');
  return `${dataset.links.data}${qs ? `?${qs}` : ''}`;
}
