// Which objects of a collection lie within a radius of a point, nearest first. Once per collection
// object (the data proxy hands out the same parsed collection for every hit) each feature's bounding
// box is computed and the features are put in a grid of 0.01-degree cells; a query then looks only
// at the cells its circle touches, uses the box as a cheap lower bound, and computes exact distances
// for the few objects that can be in range.
import type { DataCollection, DataFeature, Geometry } from '@/lib/protocol/types';
import type { Bbox } from '@/lib/protocol/shared/geo';
import { bboxAround, bboxLowerBound, distanceToGeometry, geometryBbox } from './geo';

interface PreparedFeature {
  feature: DataFeature;
  bbox: Bbox;
}

/** Grid cell size in degrees (~0.75 x 1.1 km in Slovakia). */
const CELL = 0.01;
/** A feature covering more cells than this is checked on every query instead of being gridded. */
const MAX_CELLS_PER_FEATURE = 256;
const ROW = 40_000;

interface PreparedCollection {
  list: PreparedFeature[];
  cells: Map<number, number[]>;
  /** Indices of features too large for the grid. */
  large: number[];
  /** Per feature, the last query that visited it (dedupes features listed in several cells). */
  seen: Uint32Array;
  query: number;
}

const prepared = new WeakMap<DataCollection, PreparedCollection>();

const cellX = (lon: number) => Math.floor((lon + 180) / CELL);
const cellY = (lat: number) => Math.floor((lat + 90) / CELL);

/** The features with a geometry, their boxes and the grid (memoised per collection object). */
function prepareCollection(collection: DataCollection): PreparedCollection {
  let p = prepared.get(collection);
  if (!p) {
    const list: PreparedFeature[] = [];
    for (const feature of collection.features ?? []) {
      if (!feature?.geometry) continue;
      const bbox = geometryBbox(feature.geometry as Geometry);
      if (bbox) list.push({ feature, bbox });
    }
    const cells = new Map<number, number[]>();
    const large: number[] = [];
    list.forEach(({ bbox }, i) => {
      const x0 = cellX(bbox[0]);
      const x1 = cellX(bbox[2]);
      const y0 = cellY(bbox[1]);
      const y1 = cellY(bbox[3]);
      if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_PER_FEATURE) {
        large.push(i);
        return;
      }
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const k = y * ROW + x;
          const cell = cells.get(k);
          if (cell) cell.push(i);
          else cells.set(k, [i]);
        }
      }
    });
    p = { list, cells, large, seen: new Uint32Array(list.length), query: 0 };
    prepared.set(collection, p);
  }
  return p;
}

interface Nearest {
  feature: DataFeature;
  distance: number;
}

export interface ProximityResult {
  /** All objects within the radius (count), nearest first; only the first `max` are kept in `hits`. */
  count: number;
  hits: Nearest[];
}

/**
 * Objects within `radius` metres, nearest first (ties by their order in the data), at most `max`.
 * With `nearestFallback`, an empty vicinity yields the single nearest object anywhere (count 0).
 */
export function findNearby(
  collection: DataCollection,
  lon: number,
  lat: number,
  radius: number,
  max: number,
  nearestFallback: boolean,
): ProximityResult {
  const p = prepareCollection(collection);
  const list = p.list;
  const inRange: Array<Nearest & { order: number }> = [];
  scan(p, lon, lat, radius, (i, pf) => {
    if (bboxLowerBound(lon, lat, pf.bbox) > radius) return;
    const d = distanceToGeometry(lon, lat, pf.feature.geometry as Geometry);
    if (d !== null && d <= radius) inRange.push({ feature: pf.feature, distance: d, order: i });
  });
  if (inRange.length) {
    inRange.sort((a, b) => a.distance - b.distance || a.order - b.order);
    return { count: inRange.length, hits: inRange.slice(0, max).map(({ feature, distance }) => ({ feature, distance })) };
  }
  if (!nearestFallback || !list.length) return { count: 0, hits: [] };
  // The nearest object anywhere: widen the searched box until the best object found lies within it
  // (then nothing outside the box can be nearer).
  let best: (Nearest & { order: number }) | null = null;
  for (let r = Math.max(radius, 1000) * 4; ; r *= 4) {
    const everything = !scan(p, lon, lat, r, (i, pf) => {
      if (best && bboxLowerBound(lon, lat, pf.bbox) > best.distance) return;
      const d = distanceToGeometry(lon, lat, pf.feature.geometry as Geometry);
      if (d !== null && (!best || d < best.distance || (d === best.distance && i < best.order))) best = { feature: pf.feature, distance: d, order: i };
    });
    const found = best as (Nearest & { order: number }) | null;
    if (everything || (found && found.distance <= r)) {
      return { count: 0, hits: found ? [{ feature: found.feature, distance: found.distance }] : [] };
    }
  }
}

/**
 * Calls `visit` once for every feature whose cell meets the box of `radius` around the point (and
 * every feature too large for the grid). Returns false when that meant visiting all features.
 */
function scan(p: PreparedCollection, lon: number, lat: number, radius: number, visit: (i: number, pf: PreparedFeature) => void): boolean {
  const query = (p.query = (p.query + 1) >>> 0 || 1);
  const list = p.list;
  const box = bboxAround(lon, lat, radius);
  const x0 = cellX(box[0]);
  const x1 = cellX(box[2]);
  const y0 = cellY(box[1]);
  const y1 = cellY(box[3]);
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > p.cells.size || box[0] <= -180 || box[2] >= 180 || box[1] <= -90 || box[3] >= 90) {
    // The box touches more cells than are occupied (or reaches the edge of the world): visit all.
    for (let i = 0; i < list.length; i++) visit(i, list[i]);
    return false;
  }
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const cell = p.cells.get(y * ROW + x);
      if (!cell) continue;
      for (const i of cell) {
        if (p.seen[i] === query) continue;
        p.seen[i] = query;
        visit(i, list[i]);
      }
    }
  }
  for (const i of p.large) visit(i, list[i]);
  return true;
}
