// The /api/data query: parsed from strings, checked against the dataset, normalised so that equal
// questions get equal cache keys (bbox aligned outward to the tile grid, integer tile zoom, dataset
// parameters with defaults filled in, unknown query members dropped).
import type { Bbox } from '@/lib/protocol/request';
import { alignBboxToTiles, normalizeParams } from '@/lib/protocol';
import type { GeoJsonSource, ManifestDataset } from '@/lib/protocol/types';
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { parseWith, refuseUnknownNames } from '@/lib/operation/define';
import { bbox as bboxField, datasetParams, rangedNumber, zoom as zoomField } from '@/lib/operation/fields';
import { queryInput } from '@/lib/operation/query';
import { MAX_CURSOR_LENGTH, MAX_FEATURES } from './limits';
import { MAX_TOLERANCE_METRES, shapeFields } from './shape';

/** A query as callers give it (REST after parsing strings, or nearby/summary/MCP directly). */
export interface DataQuery {
  bbox?: Bbox;
  zoom?: number;
  cursor?: string;
  params?: Record<string, string>;
}

/**
 * GET /api/data's optional shaping members (lib/data/shape.ts), beyond the spec's query. Their names
 * carry a capital letter, which a dataset parameter key (`^[a-z0-9][a-z0-9_-]*$`) never does, so
 * they can never take a dataset's own parameter; without any of them the answer is the spec's.
 */
const dataShapeQuery = z.object({
  propertyNames: shapeFields.properties.optional().describe('Comma-separated property names to keep in each object (as `properties` of MCP fetch_data); a name no object has answers 400 with the names the objects have.'),
  geometryForm: shapeFields.geometry.optional(),
  simplifyTolerance: shapeFields.tolerance.optional().describe(`With geometryForm=simplified: the tolerance in metres (up to ${MAX_TOLERANCE_METRES}). Default: one screen pixel at \`zoom\`, or at the zoom that fits the objects' extent into 1024 pixels.`),
  coordPrecision: shapeFields.precision.optional(),
  resultType: z.enum(['results', 'hits']).optional().describe('`hits`: no objects, only `dm.total`.'),
  startIndex: rangedNumber(0, MAX_FEATURES, { int: true }).optional().describe('Objects of the answer to skip (paging; the `Link` header with `rel="next"` gives the next page).'),
  maxFeatures: rangedNumber(1, MAX_FEATURES, { int: true }).optional().describe(`Most objects in this answer, 1-${MAX_FEATURES} (paging; \`dm.truncated\` and the \`Link\` header say when more follow).`),
});
export type DataShapeQuery = z.output<typeof dataShapeQuery>;

/** Whether a parsed query asks for any shaping (else the cached bytes answer as they are). */
export function asksShaping(q: DataShapeQuery): boolean {
  return Object.values(q).some((v) => v !== undefined);
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
  ...dataShapeQuery.shape,
});

const DATA_QUERY_FIELDS = Object.keys(dataQueryInput.shape).filter((k) => k !== 'params');

function invalid(message: string): never {
  throw new ApiError('invalid_query', message);
}

function checkBbox(b: Bbox): Bbox {
  return parseWith(bboxField, b, 'invalid_query', 'bbox').slice() as Bbox;
}

/** Turns the query string members into a DataQuery (shape only; the dataset is checked later). */
export function parseDataQuery(raw: Record<string, string>): DataQuery & { shape: DataShapeQuery } {
  const { bbox, zoom, cursor, params, ...shape } = parseWith(dataQueryInput, queryInput(dataQueryInput, { params: 'flat' }, raw));
  return { bbox: bbox as Bbox | undefined, zoom, cursor, params: params ?? {}, shape };
}

/** Checks a query against the dataset and normalises it (throws invalid_query naming the field). */
export function prepareQuery(dataset: ManifestDataset, q: DataQuery): PreparedQuery {
  const source = dataset.source as GeoJsonSource;
  const mode = source.mode === 'bbox' ? 'bbox' : 'full';
  if (q.cursor !== undefined) parseWith(dataQueryInput.shape.cursor, q.cursor, 'invalid_query', 'cursor');
  const zoom = q.zoom === undefined ? undefined : parseWith(zoomField, q.zoom, 'invalid_query', 'zoom');
  const minZoom = dataset.coverage?.minZoom;
  // Only the dataset's own parameters take part; anything else (a typo of `zoom`, a parameter of
  // another dataset) is refused, naming the nearest known member, rather than silently ignored.
  const given = q.params ?? {};
  refuseUnknownNames(Object.keys(given), [...DATA_QUERY_FIELDS, ...(dataset.params ?? []).map((p) => p.key)], 'parameter');
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
