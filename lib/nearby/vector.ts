// The nearby query of a GeoJSON dataset: load through the data proxy's cache (whole dataset, or the
// area around the point at a zoom the dataset loads at), then the objects within the radius.
import { loadDatasetCollection } from '@/lib/data';
import type { ServedDataset } from '@/lib/providers';
import type { GeoJsonSource, ManifestDataset } from '@/lib/protocol/types';
import { featureProps, featureTitle, featureUrl, featureValues } from './describe';
import type { Bbox } from '@/lib/protocol/shared/geo';
import { bboxAround, groundResolution } from './geo';
import { findNearby } from './proximity';
import type { NearbyHit } from './schema';

/**
 * Half the width of the map a dataset is loaded for, in pixels: a bbox-mode dataset that loads only
 * from zoom Z is asked for at most the area a 1024-pixel-wide map shows at Z.
 */
const VIEWPORT_HALF_PX = 512;

export interface VectorAnswer {
  status: 'ok' | 'unavailable';
  count: number;
  radius: number;
  hits: NearbyHit[];
  notice?: string;
}

/** Radius and zoom for a bbox-mode dataset around a point (radius shrinks for high-zoom-only data). */
function bboxQueryPlan(dataset: ManifestDataset, lat: number, radius: number): { radius: number; zoom: number; reduced: boolean } {
  const minZoom = Math.max(0, Math.min(24, dataset.coverage?.minZoom ?? 0));
  const maxRadius = Math.floor(VIEWPORT_HALF_PX * groundResolution(minZoom, lat));
  const effective = Math.max(1, Math.min(radius, maxRadius));
  // The largest zoom at which the circle still fits the map, never below the dataset's minZoom.
  const fit = Math.floor(Math.log2((VIEWPORT_HALF_PX * groundResolution(0, lat)) / effective));
  let zoom = Math.max(minZoom, Math.min(24, fit));
  const maxZoom = dataset.coverage?.maxZoom;
  if (maxZoom !== undefined && maxZoom >= minZoom) zoom = Math.min(zoom, maxZoom);
  return { radius: effective, zoom, reduced: effective < radius };
}

function circleMeetsBox(lon: number, lat: number, radius: number, b: Bbox): boolean {
  const c = bboxAround(lon, lat, radius);
  return c[0] <= b[2] && c[2] >= b[0] && c[1] <= b[3] && c[3] >= b[1];
}

function roundDistance(d: number): number {
  return Math.round(d * 10) / 10;
}

function toHit(dataset: ManifestDataset, feature: { id?: string | number; properties?: Record<string, unknown> | null; dm?: object }, distance: number): NearbyHit {
  const props = featureProps(feature as { properties: Record<string, unknown> | null; dm?: Record<string, unknown> });
  const hit: NearbyHit = { title: featureTitle(dataset, props, feature.id), distance: roundDistance(distance), values: featureValues(dataset, props) };
  const url = featureUrl(props);
  if (url) hit.url = url;
  return hit;
}

export async function queryVectorPoint(
  served: ServedDataset,
  lon: number,
  lat: number,
  radius: number,
  max: number,
  params: Record<string, string>,
): Promise<VectorAnswer> {
  const dataset = served.dataset;
  const source = dataset.source as GeoJsonSource;
  const coverage = dataset.coverage?.bbox as Bbox | undefined;
  if (coverage && !circleMeetsBox(lon, lat, radius, coverage)) {
    return { status: 'unavailable', count: 0, radius, hits: [], notice: 'Bod leží mimo územia, ktoré dataset pokrýva.' };
  }
  const notices: string[] = [];
  let effective = radius;
  let collection;
  if (source.mode === 'bbox') {
    const plan = bboxQueryPlan(dataset, lat, radius);
    effective = plan.radius;
    if (plan.reduced) {
      notices.push(`Dataset sa načítava len pri väčšom priblížení mapy (od úrovne ${dataset.coverage?.minZoom ?? 0}); okruh bol zmenšený na ${effective} m.`);
    }
    ({ collection } = await loadDatasetCollection(served, { bbox: bboxAround(lon, lat, effective), zoom: plan.zoom, params }));
  } else {
    ({ collection } = await loadDatasetCollection(served, { params }));
  }
  if (collection.dm?.truncated) {
    notices.push('Zdroj vrátil len časť objektov (dosiahol limit); v okolí môže byť aj viac objektov.');
  }
  if (collection.dm?.notice) notices.push(collection.dm.notice);
  const found = findNearby(collection, lon, lat, effective, max, source.mode !== 'bbox');
  const answer: VectorAnswer = {
    status: 'ok',
    count: found.count,
    radius: effective,
    hits: found.hits.map((h) => toHit(dataset, h.feature, h.distance)),
  };
  if (notices.length) answer.notice = notices.join(' ');
  return answer;
}
