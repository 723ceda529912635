// Shaping a dataset's objects for a reader who needs less than all of them: chosen properties, a
// lighter geometry (simplified, centroid, bbox, none), fewer decimals, one page. Shared by the MCP
// tool fetch_data (which adds a size budget, lib/data/extract.ts) and the extra query members of
// GET /api/data (lib/data/shaped.ts). Geometry work is turf's (simplify, centroid, bbox, truncate).
import { bbox as turfBbox } from '@turf/bbox';
import { centroid } from '@turf/centroid';
import { simplify } from '@turf/simplify';
import { truncate } from '@turf/truncate';
import type { Feature, Geometry } from 'geojson';
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { rangedNumber } from '@/lib/operation/fields';
import type { Bbox } from '@/lib/protocol/request';
import { EARTH_RADIUS_M, latToTileY, lonToTileX } from '@/lib/protocol/shared/geo';
import type { DataFeature, Geometry as DataGeometry } from '@/lib/protocol/types';
import { GEOMETRY_FORMS, type GeometryForm, type Shaping } from './schema';


/** Most decimals of `precision` (7 decimals are about 1 cm). */
const MAX_PRECISION = 10;
/** Largest simplification tolerance in metres. */
export const MAX_TOLERANCE_METRES = 100_000;
/** A simplification without zoom or tolerance fits the objects' extent into this many pixels. */
const FIT_PIXELS = 1024;
/** Metres per degree of latitude (turf's simplify tolerance is in degrees). */
const METRES_PER_DEGREE = (2 * Math.PI * EARTH_RADIUS_M) / 360;

export interface ShapeOptions {
  /** Property names to keep (absent = all). */
  properties?: string[];
  geometry?: GeometryForm;
  /** `simplified` only: tolerance in metres (absent = one pixel at `zoom`, or at the zoom fitting the extent). */
  tolerance?: number;
  /** Map zoom the simplification is for. */
  zoom?: number;
  /** Decimals of coordinates (absent = as the source sent them). */
  precision?: number;
}

/** The shaping fields of an input (MCP fetch_data names; GET /api/data renames them, lib/data/query.ts). */
export const shapeFields = {
  properties: z
    .array(z.string().min(1).max(200))
    .max(200)
    .describe('Property names to keep (default all; [] keeps none). An unknown name is refused with the list of names.'),
  geometry: z
    .enum(GEOMETRY_FORMS)
    .describe('`full` (default), `simplified` (by `tolerance`), `centroid` (mean of the vertices), `bbox` (geometry null, the object’s `bbox`) or `none`.'),
  tolerance: rangedNumber(0, MAX_TOLERANCE_METRES, { noun: 'a number of metres', aboveMin: true }).describe('Metres, for `simplified` (default: one pixel at `zoom`, or at the zoom fitting the objects into 1024 px).'),
  precision: rangedNumber(0, MAX_PRECISION, { int: true }).describe('Decimals of coordinates (5 ≈ 1 m; default as sent).'),
};


/** Whether any shaping applies (none: the objects are passed on as they are). */
function shapes(s: Shaping): boolean {
  return s.geometry !== 'full' || s.precision !== undefined || s.properties !== undefined;
}

/** Metres one screen pixel (of a 256-pixel tile) covers at `zoom` and latitude `lat`. */
function metresPerPixel(zoom: number, lat: number): number {
  return (2 * Math.PI * EARTH_RADIUS_M * Math.cos((lat * Math.PI) / 180)) / (256 * 2 ** zoom);
}

/** The zoom at which `bbox` fills `pixels` (width or height, whichever is tighter). */
function fitZoom(b: Bbox, pixels: number): number {
  const width = lonToTileX(b[2], 0) - lonToTileX(b[0], 0);
  const height = latToTileY(b[1], 0) - latToTileY(b[3], 0);
  const span = Math.max(width, height, 1e-9) * 256;
  return Math.max(0, Math.min(22, Math.log2(pixels / span)));
}

function extentOf(features: DataFeature[]): Bbox | null {
  const withGeometry = features.filter((f) => f.geometry);
  if (!withGeometry.length) return null;
  return turfBbox({ type: 'FeatureCollection', features: withGeometry as Feature[] }) as Bbox;
}

/** Whole metres above 10, otherwise one decimal. */
function roundMetres(m: number): number {
  return m >= 10 ? Math.round(m) : Math.round(m * 10) / 10;
}

function propertyNames(features: DataFeature[], declared: readonly string[]): string[] {
  const names = new Set(declared);
  for (const f of features) for (const k of Object.keys(f.properties ?? {})) names.add(k);
  return [...names];
}

/**
 * Settles the shaping of `features`: the simplification tolerance (given, from the zoom, or from
 * their extent) and the property names, checked against what the objects have (and the dataset's
 * declared `fields`) so that a misspelt name is refused with the list instead of answering nothing.
 */
export function prepareShaping(features: DataFeature[], options: ShapeOptions, declaredFields: readonly string[] = [], field = (n: string) => n): Shaping {
  const geometry = options.geometry ?? 'full';
  const shaping: Shaping = { geometry };
  if (options.tolerance !== undefined && geometry !== 'simplified') {
    throw new ApiError('invalid_query', `${field('tolerance')}: applies only to ${field('geometry')} "simplified" (given "${geometry}").`);
  }
  if (geometry === 'simplified') {
    const extent = extentOf(features);
    const lat = extent ? (extent[1] + extent[3]) / 2 : 48.7;
    const zoom = options.zoom ?? (extent ? fitZoom(extent, FIT_PIXELS) : 8);
    shaping.toleranceMetres = roundMetres(options.tolerance ?? metresPerPixel(zoom, lat));
  }
  if (options.precision !== undefined) shaping.precision = options.precision;
  if (options.properties !== undefined) {
    const available = propertyNames(features, declaredFields);
    const unknown = options.properties.filter((p) => !available.includes(p));
    if (unknown.length && features.length) {
      throw new ApiError(
        'invalid_query',
        `${field('properties')}: no object has ${unknown.map((u) => `"${u}"`).join(', ')}; the objects have: ${available.join(', ')}.`,
      );
    }
    shaping.properties = [...new Set(options.properties)];
  }
  return shaping;
}

function shapeGeometry(f: DataFeature, s: Shaping): { geometry: DataGeometry | null; bbox?: number[] } {
  const g = f.geometry;
  if (!g || s.geometry === 'none') return { geometry: null };
  const feature = { type: 'Feature', properties: {}, geometry: g } as Feature<Geometry>;
  switch (s.geometry) {
    case 'full':
      return { geometry: g, ...(f.bbox ? { bbox: f.bbox } : {}) };
    case 'simplified':
      if (g.type === 'Point' || g.type === 'MultiPoint') return { geometry: g };
      return { geometry: simplify(feature, { tolerance: (s.toleranceMetres ?? 0) / METRES_PER_DEGREE, highQuality: false, mutate: false }).geometry as DataGeometry };
    case 'centroid':
      return { geometry: centroid(feature).geometry as DataGeometry };
    case 'bbox':
      return { geometry: null, bbox: turfBbox(feature) };
  }
}

function round(v: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
}

/** One object shaped: the chosen properties, the geometry in its form, coordinates rounded. */
export function shapeFeature(f: DataFeature, s: Shaping): DataFeature {
  if (!shapes(s)) return f;
  let { geometry, bbox } = shapeGeometry(f, s);
  if (s.precision !== undefined) {
    const p = s.precision;
    if (geometry) geometry = truncate(geometry, { precision: p, coordinates: 3, mutate: false });
    if (bbox) bbox = bbox.map((v) => round(v, p));
  }
  let properties = f.properties;
  if (s.properties) {
    const picked: Record<string, unknown> = {};
    for (const k of s.properties) if (f.properties && Object.hasOwn(f.properties, k)) picked[k] = f.properties[k];
    properties = picked;
  }
  const out: DataFeature = { type: 'Feature', ...(f.id !== undefined ? { id: f.id } : {}), geometry, properties };
  if (bbox) out.bbox = bbox;
  return out;
}
