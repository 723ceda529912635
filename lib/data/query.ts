// The /api/data query: parsed from strings, checked against the dataset, normalised so that equal
// questions get equal cache keys (bbox aligned outward to the tile grid, integer tile zoom, dataset
// parameters with defaults filled in, unknown query members dropped).
import type { Bbox } from '@/lib/protocol/request';
import { alignBboxToTiles, normalizeParams } from '@/lib/protocol';
import type { GeoJsonSource, ManifestDataset } from '@/lib/protocol/types';
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { parseWith } from '@/lib/operation/define';
import { bbox as bboxField, datasetParams, zoom as zoomField } from '@/lib/operation/fields';
import { queryInput } from '@/lib/operation/rest';
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

/** The query members of GET /api/data (the dataset's own parameters come as further members). */
export const dataQueryInput = z.object({
  bbox: bboxField.optional().describe('`minLon,minLat,maxLon,maxLat` (WGS84); required for datasets with source mode `bbox`; the portal aligns it outward to the tile grid.'),
  zoom: zoomField.optional().describe('Map zoom 0-24; required for datasets with source mode `bbox`.'),
  cursor: z.string().min(1).max(MAX_CURSOR_LENGTH).optional().describe('The value of `dm.next` of the previous page.'),
  params: datasetParams.optional(),
});

function invalid(message: string): never {
  throw new ApiError('invalid_query', message);
}

export function checkBbox(b: Bbox): Bbox {
  return parseWith(bboxField, b, 'invalid_query', 'bbox').slice() as Bbox;
}

/** Turns the query string members into a DataQuery (shape only; the dataset is checked later). */
export function parseDataQuery(raw: Record<string, string>): DataQuery {
  const q = parseWith(dataQueryInput, queryInput(dataQueryInput, { params: 'flat' }, raw));
  return { ...q, bbox: q.bbox as Bbox | undefined, params: q.params ?? {} };
}

/** Checks a query against the dataset and normalises it (throws invalid_query naming the field). */
export function prepareQuery(dataset: ManifestDataset, q: DataQuery): PreparedQuery {
  const source = dataset.source as GeoJsonSource;
  const mode = source.mode === 'bbox' ? 'bbox' : 'full';
  if (q.cursor !== undefined) parseWith(dataQueryInput.shape.cursor, q.cursor, 'invalid_query', 'cursor');
  const zoom = q.zoom === undefined ? undefined : parseWith(zoomField, q.zoom, 'invalid_query', 'zoom');
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
