// The /api/data query: parsed from strings, checked against the dataset, normalised so that equal
// questions get equal cache keys (bbox aligned outward to the tile grid, integer tile zoom, dataset
// parameters with defaults filled in, unknown query members dropped).
import type { Bbox } from '@/lib/protocol/request';
import { alignBboxToTiles, normalizeParams } from '@/lib/protocol';
import type { GeoJsonSource, ManifestDataset } from '@/lib/protocol/types';
import { ApiError } from '@/lib/errors';
import { MAX_CURSOR_LENGTH } from './limits';

/** One bbox type for the whole portal: the protocol's `[minLon, minLat, maxLon, maxLat]`. */
export type { Bbox };

/** A query as callers give it (REST after parsing strings, or nearby/summary/MCP directly). */
export interface DataQuery {
  bbox?: Bbox;
  zoom?: number;
  cursor?: string;
  params?: Record<string, string>;
}

export interface PreparedQuery {
  mode: 'full' | 'bbox';
  /** The viewport as asked (bbox mode). */
  bbox?: Bbox;
  /** The viewport aligned outward to the tile grid at `tileZoom` (bbox mode): part of the key. */
  tileBbox?: Bbox;
  /** The zoom as asked (for the minZoom check). */
  zoom?: number;
  /** Integer zoom of the tile grid, sent to the source (bbox mode). */
  tileZoom?: number;
  cursor?: string;
  /** Dataset parameters, validated, defaults filled in, in a canonical order. */
  params: Record<string, string>;
  /** Below coverage.minZoom: the portal answers an empty collection with a notice. */
  belowMinZoom: boolean;
  minZoom?: number;
}

const RESERVED = new Set(['bbox', 'zoom', 'cursor']);

function invalid(message: string): never {
  throw new ApiError('invalid_query', message);
}

export function parseBbox(text: string): Bbox {
  const parts = text.split(',');
  if (parts.length !== 4) invalid('bbox: expected minLon,minLat,maxLon,maxLat (four numbers).');
  const n = parts.map((p) => (p.trim() === '' ? NaN : Number(p)));
  if (n.some((v) => !Number.isFinite(v))) invalid('bbox: every member must be a number.');
  return n as Bbox;
}

export function checkBbox(b: Bbox): Bbox {
  const [minLon, minLat, maxLon, maxLat] = b;
  if (![minLon, minLat, maxLon, maxLat].every(Number.isFinite)) invalid('bbox: every member must be a number.');
  if (minLon < -180 || maxLon > 180) invalid('bbox: longitudes must lie within -180..180.');
  if (minLat < -90 || maxLat > 90) invalid('bbox: latitudes must lie within -90..90.');
  if (minLon >= maxLon) invalid('bbox: minLon must be smaller than maxLon (order minLon,minLat,maxLon,maxLat).');
  if (minLat >= maxLat) invalid('bbox: minLat must be smaller than maxLat (order minLon,minLat,maxLon,maxLat).');
  return b;
}

export function checkZoom(z: number): number {
  if (!Number.isFinite(z) || z < 0 || z > 24) invalid('zoom: expected a number from 0 to 24.');
  return z;
}

/** Turns the query string members into a DataQuery (shape only; the dataset is checked later). */
export function parseDataQuery(raw: Record<string, string>): DataQuery {
  const q: DataQuery = { params: {} };
  if (raw.bbox !== undefined) q.bbox = parseBbox(raw.bbox);
  if (raw.zoom !== undefined) {
    const z = raw.zoom.trim() === '' ? NaN : Number(raw.zoom);
    q.zoom = checkZoom(z);
  }
  if (raw.cursor !== undefined) q.cursor = raw.cursor;
  for (const [k, v] of Object.entries(raw)) if (!RESERVED.has(k)) q.params![k] = v;
  return q;
}

/** Checks a query against the dataset and normalises it (throws invalid_query naming the field). */
export function prepareQuery(dataset: ManifestDataset, q: DataQuery): PreparedQuery {
  const source = dataset.source as GeoJsonSource;
  const mode = source.mode === 'bbox' ? 'bbox' : 'full';
  if (q.cursor !== undefined && (q.cursor.length === 0 || q.cursor.length > MAX_CURSOR_LENGTH)) {
    invalid(`cursor: expected 1-${MAX_CURSOR_LENGTH} characters (the value of dm.next).`);
  }
  const zoom = q.zoom === undefined ? undefined : checkZoom(q.zoom);
  const minZoom = dataset.coverage?.minZoom;
  // Only the dataset's own parameters take part: a cache-buster or a stray member must not split the cache.
  const declared = new Set((dataset.params ?? []).map((p) => p.key));
  const given: Record<string, string> = {};
  for (const [k, v] of Object.entries(q.params ?? {})) if (declared.has(k)) given[k] = v;
  const normalised = normalizeParams(dataset, given);
  const params: Record<string, string> = {};
  for (const k of Object.keys(normalised).sort()) params[k] = normalised[k];

  const out: PreparedQuery = { mode, params, cursor: q.cursor, zoom, belowMinZoom: false, minZoom };
  if (mode === 'bbox') {
    if (q.bbox === undefined) invalid('bbox: required for this dataset (it is loaded per map viewport).');
    if (zoom === undefined) invalid('zoom: required for this dataset (it is loaded per map viewport).');
    out.bbox = checkBbox(q.bbox);
    out.tileZoom = Math.floor(zoom);
    out.tileBbox = alignBboxToTiles(out.bbox, out.tileZoom) as Bbox;
  } else if (q.bbox !== undefined) {
    checkBbox(q.bbox); // a whole dataset ignores the viewport, but a malformed one is still an error
  }
  out.belowMinZoom = zoom !== undefined && minZoom !== undefined && zoom < minZoom;
  return out;
}
