// Which objects of a collection lie within a radius of a point, nearest first. Every feature's
// bounding box is computed once per collection object (collections from the data cache are reused
// between requests) and used as a cheap lower bound, so exact distances are computed only for the
// few objects that can be in range.
import type { DataCollection, DataFeature, Geometry } from '@/lib/protocol/types';
import { bboxLowerBound, distanceToGeometry, geometryBBox, type BBox } from './geo';

export interface PreparedFeature {
  feature: DataFeature;
  bbox: BBox;
}

const prepared = new WeakMap<DataCollection, PreparedFeature[]>();

/** The features with a geometry, each with its bounding box (memoised per collection object). */
export function prepareCollection(collection: DataCollection): PreparedFeature[] {
  let list = prepared.get(collection);
  if (!list) {
    list = [];
    for (const feature of collection.features ?? []) {
      if (!feature?.geometry) continue;
      const bbox = geometryBBox(feature.geometry as Geometry);
      if (bbox) list.push({ feature, bbox });
    }
    prepared.set(collection, list);
  }
  return list;
}

export interface Nearest {
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
  const list = prepareCollection(collection);
  const inRange: Nearest[] = [];
  for (const pf of list) {
    if (bboxLowerBound(lon, lat, pf.bbox) > radius) continue;
    const d = distanceToGeometry(lon, lat, pf.feature.geometry as Geometry);
    if (d !== null && d <= radius) inRange.push({ feature: pf.feature, distance: d });
  }
  if (inRange.length) {
    inRange.sort((a, b) => a.distance - b.distance);
    return { count: inRange.length, hits: inRange.slice(0, max) };
  }
  if (!nearestFallback || !list.length) return { count: 0, hits: [] };
  // Nearest anywhere: visit boxes by their lower bound and stop once no box can beat the best.
  const order = list.map((pf) => ({ pf, lb: bboxLowerBound(lon, lat, pf.bbox) })).sort((a, b) => a.lb - b.lb);
  let best: Nearest | null = null;
  for (const { pf, lb } of order) {
    if (best && lb > best.distance) break;
    const d = distanceToGeometry(lon, lat, pf.feature.geometry as Geometry);
    if (d !== null && (!best || d < best.distance)) best = { feature: pf.feature, distance: d };
  }
  return { count: 0, hits: best ? [best] : [] };
}
