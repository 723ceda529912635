// OGC API – Features Part 2 (coordinate reference systems by reference): the `crs` of the answer,
// the `bbox-crs` of a bbox and the `filter-crs` of a filter's geometries. The transformations are
// the portal's one set in lib/protocol/shared/crs.ts (S-JTSK with Slovakia's EPSG:4836 shift, the
// same as the map's coordinates); this module applies them to geometries and boxes.
import { bboxPolygon } from '@turf/bbox-polygon';
import type { Polygon } from 'geojson';
import { ApiError } from '@/lib/errors';
import type { Bbox } from '@/lib/protocol/request';
import { CRS84_URI, CRS_DEFS, crsOf, type CrsDef } from '@/lib/protocol/shared/crs';
import type { Geometry, Position } from '@/lib/protocol/types';

export { CRS84_URI, type CrsDef };

/** The CRS URIs every collection offers (`crs` of a collection; CRS84 first, the default). */
export const SUPPORTED_CRS: readonly string[] = CRS_DEFS.map((c) => c.uri);

/** The CRS the portal stores and reads its sources in (the protocol's WGS84 longitude, latitude). */
export const STORAGE_CRS = CRS84_URI;

const DEFAULT_CRS: CrsDef = crsOf(CRS84_URI)!;

/** A `crs`, `bbox-crs` or `filter-crs` value; 400 `invalid_query` naming the member for any other CRS. */
export function parseCrs(member: string, value: string | undefined): CrsDef {
  if (value === undefined || value.trim() === '') return DEFAULT_CRS;
  const c = crsOf(value);
  if (!c) throw new ApiError('invalid_query', `${member}: unsupported CRS "${value}"; supported: ${SUPPORTED_CRS.join(', ')}.`);
  return c;
}

const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

/** Metres to the millimetre; transformed degrees keep the source's digits (only their order changes). */
function positionMapper(crs: CrsDef): (p: Position) => Position {
  if (crs.projected) {
    return (p) => {
      const [a, b] = crs.fromWgs84(p[0], p[1]);
      return p.length > 2 ? [round(a, 3), round(b, 3), p[2]] : [round(a, 3), round(b, 3)];
    };
  }
  return (p) => {
    const [a, b] = crs.fromWgs84(p[0], p[1]);
    return p.length > 2 ? [a, b, p[2]] : [a, b];
  };
}

function mapCoordinates(c: unknown, map: (p: Position) => Position): unknown {
  const arr = c as unknown[];
  return typeof arr[0] === 'number' ? map(arr as Position) : arr.map((x) => mapCoordinates(x, map));
}

/** A WGS84 geometry in `crs` (its axis order); the same object for CRS84. */
export function geometryIn(g: Geometry | null, crs: CrsDef): Geometry | null {
  if (!g || crs.uri === CRS84_URI) return g;
  return { type: g.type, coordinates: mapCoordinates(g.coordinates, positionMapper(crs)) } as Geometry;
}

/** A geometry given in `crs` (a filter's literal) as WGS84 longitude, latitude. */
export function geometryToWgs84<G extends { type: string; coordinates: unknown }>(g: G, crs: CrsDef): G {
  if (crs.uri === CRS84_URI) return g;
  return { ...g, coordinates: mapCoordinates(g.coordinates, (p) => crs.toWgs84(p[0], p[1])) };
}

/**
 * An area to select features by: the CRS84 envelope, and where a box given in another CRS is not a
 * longitude/latitude rectangle (S-JTSK), its outline as a WGS84 polygon (each edge densified).
 */
export interface Area {
  bbox: Bbox;
  polygon?: Polygon;
  /** Names the area (the box as given and its CRS), for remembered selections. */
  key: string;
}

const EDGE_STEPS = 16;

/** A box `[min a, min b, max a, max b]` in `crs`'s axis order as an area in WGS84. */
export function areaOf(box: Bbox, crs: CrsDef): Area {
  const key = crs.uri === CRS84_URI ? box.join(',') : `${crs.code}:${box.join(',')}`;
  if (crs.uri === CRS84_URI) return { bbox: box, key };
  if (!crs.projected || crs.code === 'EPSG:3857') {
    // Latitude-first boxes are rectangles with their axes swapped; Web Mercator keeps meridians and
    // parallels straight, so its corners give the rectangle exactly.
    const [w, s] = crs.toWgs84(box[0], box[1]);
    const [e, n] = crs.toWgs84(box[2], box[3]);
    return { bbox: [Math.min(w, e), Math.min(s, n), Math.max(w, e), Math.max(s, n)], key };
  }
  const [a0, b0, a1, b1] = box;
  const ring: Position[] = [];
  const edge = (fa: number, fb: number, ta: number, tb: number) => {
    for (let i = 0; i < EDGE_STEPS; i++) {
      const t = i / EDGE_STEPS;
      ring.push(crs.toWgs84(fa + (ta - fa) * t, fb + (tb - fb) * t));
    }
  };
  edge(a0, b0, a1, b0);
  edge(a1, b0, a1, b1);
  edge(a1, b1, a0, b1);
  edge(a0, b1, a0, b0);
  ring.push(ring[0]);
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const bbox: Bbox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  return { bbox, polygon: { type: 'Polygon', coordinates: [ring] }, key };
}

/** An area's polygon (its own, or its rectangle's). */
export function areaPolygon(area: Area): Polygon {
  return area.polygon ?? bboxPolygon(area.bbox).geometry;
}

/** The `Content-Crs` header value of an answer in `crs` (the URI in angle brackets). */
export function contentCrs(crs: CrsDef): string {
  return `<${crs.uri}>`;
}
