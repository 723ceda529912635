// Distances on the sphere between a query point and GeoJSON geometries, in metres.
// Nearby answers must agree with a plain haversine (the spec's notion of "metres"), so every final
// distance is a haversine between the query point and a point of the geometry. The search for the
// nearest point of a line or ring runs in a local equirectangular frame centred on the query point
// (exact enough to pick the right segment and position); only the result is measured on the sphere.
import { EARTH_RADIUS_M, haversine, toMercator, type Bbox } from '@/lib/protocol/shared/geo';
import type { Geometry, Position } from '@/lib/protocol/types';

export { haversine, toMercator };
const RAD = Math.PI / 180;
/** Metres per degree of latitude on the sphere. */
const METRES_PER_DEGREE = EARTH_RADIUS_M * RAD;

type LonLat = [number, number];

/** The bounding box of a geometry, or null for an empty one. */
export function geometryBbox(g: Geometry): Bbox | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (p: Position) => {
    const x = p[0];
    const y = p[1];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  };
  switch (g.type) {
    case 'Point':
      add(g.coordinates);
      break;
    case 'MultiPoint':
    case 'LineString':
      for (const p of g.coordinates) add(p);
      break;
    case 'MultiLineString':
    case 'Polygon':
      for (const l of g.coordinates) for (const p of l) add(p);
      break;
    case 'MultiPolygon':
      for (const poly of g.coordinates) for (const l of poly) for (const p of l) add(p);
      break;
  }
  return minX === Infinity ? null : [minX, minY, maxX, maxY];
}

/**
 * A lower bound of the distance from the point to anything inside the box (a little under the true
 * value, so that a prefilter by it never drops an object that is in range).
 */
export function bboxLowerBound(lon: number, lat: number, b: Bbox): number {
  const cx = lon < b[0] ? b[0] : lon > b[2] ? b[2] : lon;
  const cy = lat < b[1] ? b[1] : lat > b[3] ? b[3] : lat;
  if (cx === lon && cy === lat) return 0;
  // The shortest east-west distance shrinks towards the pole: measure it at the most poleward
  // latitude of the pair, which underestimates.
  const poleward = Math.max(Math.abs(lat), Math.abs(cy));
  const dx = (cx - lon) * Math.cos(Math.min(90, poleward) * RAD);
  const dy = cy - lat;
  return Math.sqrt(dx * dx + dy * dy) * METRES_PER_DEGREE * 0.995;
}

/** Ray casting; `ring` is closed or open, either orientation. Points on the edge may go either way. */
function pointInRing(x: number, y: number, ring: Position[]): boolean {
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = ring[i][0];
    const yi = ring[i][1];
    const xj = ring[j][0];
    const yj = ring[j][1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and outside every hole. */
export function pointInPolygon(x: number, y: number, rings: Position[][]): boolean {
  if (!rings.length || !pointInRing(x, y, rings[0])) return false;
  for (let h = 1; h < rings.length; h++) if (pointInRing(x, y, rings[h])) return false;
  return true;
}

/** Local frame around the query point: x east, y north, in metres. */
interface Frame {
  lon: number;
  lat: number;
  kx: number;
}

function frame(lon: number, lat: number): Frame {
  return { lon, lat, kx: Math.cos(lat * RAD) * METRES_PER_DEGREE };
}

/** Nearest point (lon/lat) of segment a-b to the frame origin, found in the local frame. */
function nearestOnSegment(f: Frame, a: Position, b: Position): LonLat {
  const ax = (a[0] - f.lon) * f.kx;
  const ay = (a[1] - f.lat) * METRES_PER_DEGREE;
  const bx = (b[0] - f.lon) * f.kx;
  const by = (b[1] - f.lat) * METRES_PER_DEGREE;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

function squaredLocal(f: Frame, p: LonLat): number {
  const x = (p[0] - f.lon) * f.kx;
  const y = (p[1] - f.lat) * METRES_PER_DEGREE;
  return x * x + y * y;
}

/** Nearest point of a polyline to the frame origin (by local metres). */
function nearestOnLine(f: Frame, line: Position[], best: { p: LonLat | null; d2: number }): void {
  if (line.length === 1) {
    const p: LonLat = [line[0][0], line[0][1]];
    const d2 = squaredLocal(f, p);
    if (d2 < best.d2) {
      best.d2 = d2;
      best.p = p;
    }
    return;
  }
  for (let i = 1; i < line.length; i++) {
    const p = nearestOnSegment(f, line[i - 1], line[i]);
    const d2 = squaredLocal(f, p);
    if (d2 < best.d2) {
      best.d2 = d2;
      best.p = p;
    }
  }
}

/**
 * Distance in metres from the point to the geometry: 0 inside a polygon, otherwise to the nearest
 * vertex or edge. Null for an empty geometry.
 */
export function distanceToGeometry(lon: number, lat: number, g: Geometry): number | null {
  switch (g.type) {
    case 'Point':
      return haversine(lon, lat, g.coordinates[0], g.coordinates[1]);
    case 'MultiPoint': {
      let min = Infinity;
      for (const p of g.coordinates) min = Math.min(min, haversine(lon, lat, p[0], p[1]));
      return min === Infinity ? null : min;
    }
    default:
      break;
  }
  if (g.type === 'Polygon' && pointInPolygon(lon, lat, g.coordinates)) return 0;
  if (g.type === 'MultiPolygon' && g.coordinates.some((poly) => pointInPolygon(lon, lat, poly))) return 0;
  const f = frame(lon, lat);
  const best: { p: LonLat | null; d2: number } = { p: null, d2: Infinity };
  switch (g.type) {
    case 'LineString':
      nearestOnLine(f, g.coordinates, best);
      break;
    case 'MultiLineString':
    case 'Polygon':
      for (const l of g.coordinates) nearestOnLine(f, l, best);
      break;
    case 'MultiPolygon':
      for (const poly of g.coordinates) for (const l of poly) nearestOnLine(f, l, best);
      break;
  }
  return best.p ? haversine(lon, lat, best.p[0], best.p[1]) : null;
}

// --- Web Mercator (EPSG:3857), for tile-grid zooms and WMS/ArcGIS query boxes ---

/** Ground metres per pixel at zoom 0 on the equator for 256-pixel tiles. */
export const METRES_PER_PIXEL_Z0 = 156_543.033_928_041;

/** Metres on the ground per pixel at a zoom and latitude. */
export function groundResolution(zoom: number, lat: number): number {
  return (METRES_PER_PIXEL_Z0 * Math.cos(lat * RAD)) / 2 ** zoom;
}

/** A box of `radius` metres around the point, in degrees (clamped to valid coordinates). */
export function bboxAround(lon: number, lat: number, radius: number): Bbox {
  const dLat = radius / METRES_PER_DEGREE;
  const dLon = radius / (METRES_PER_DEGREE * Math.max(0.01, Math.cos(lat * RAD)));
  return [
    Math.max(-180, lon - dLon),
    Math.max(-90, lat - dLat),
    Math.min(180, lon + dLon),
    Math.min(90, lat + dLat),
  ];
}

export function bboxContains(b: Bbox, lon: number, lat: number): boolean {
  return lon >= b[0] && lon <= b[2] && lat >= b[1] && lat <= b[3];
}
