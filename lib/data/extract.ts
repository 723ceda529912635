// A dataset's objects for one area (a bbox or a municipality), cut to a number of objects: what the
// MCP tool fetch_data returns. Reads through the same cache as /api/data.
import { bbox as turfBbox } from '@turf/bbox';
import { booleanIntersects } from '@turf/boolean-intersects';
import type { Feature, Geometry, MultiPolygon } from 'geojson';
import { ApiError } from '@/lib/errors';
import { municipalityGeometry, resolveMunicipality } from '@/lib/places';
import type { Bbox } from '@/lib/protocol/request';
import type { DataCollection, DataFeature } from '@/lib/protocol/types';
import { findServedDataset } from '@/lib/providers';
import { loadDatasetCollection, type CacheState } from './proxy';
import { assertProxied } from './proxy';

export const DEFAULT_EXTRACT_FEATURES = 100;
export const MAX_EXTRACT_FEATURES = 5000;
/** Zoom used for bbox-mode datasets when none is given (at least the dataset's coverage.minZoom). */
export const DEFAULT_EXTRACT_ZOOM = 12;

export interface ExtractInput {
  /** `provider/dataset` */
  dataset: string;
  bbox?: Bbox;
  municipality?: string;
  zoom?: number;
  params?: Record<string, string>;
  maxFeatures?: number;
}

export interface Extract {
  collection: DataCollection;
  cache: CacheState;
  municipality: { code: string; name: string } | null;
}

function bboxesIntersect(a: Bbox, b: Bbox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

export async function extractDataset(input: ExtractInput): Promise<Extract> {
  const [providerId, datasetId, extra] = input.dataset.split('/');
  if (!providerId || !datasetId || extra !== undefined) {
    throw new ApiError('invalid_query', 'dataset: expected a `provider/dataset` key.');
  }
  const served = await findServedDataset(providerId, datasetId);
  if (!served) throw new ApiError('unknown_dataset', `Unknown dataset ${input.dataset}.`);
  assertProxied(served);
  // The range of maxFeatures is checked by the operation's input (lib/data/operation.ts).
  const max = input.maxFeatures ?? DEFAULT_EXTRACT_FEATURES;
  if (input.bbox && input.municipality) throw new ApiError('invalid_query', 'Give `bbox` or `municipality`, not both.');

  let area: Feature<MultiPolygon> | null = null;
  let bbox = input.bbox;
  let municipality: Extract['municipality'] = null;
  if (input.municipality) {
    const m = await resolveMunicipality(input.municipality);
    const geometry = await municipalityGeometry(m.code);
    if (!geometry) throw new ApiError('unknown_place', `No boundary is known for ${m.name}.`);
    area = { type: 'Feature', properties: {}, geometry };
    bbox = turfBbox(area) as Bbox;
    municipality = { code: m.code, name: m.name };
  }

  const source = served.dataset.source;
  const bboxMode = source.type === 'geojson' && source.mode === 'bbox';
  if (bboxMode && !bbox) {
    throw new ApiError('invalid_query', `${served.key} is loaded per viewport: give \`bbox\` or \`municipality\`.`);
  }
  const zoom = input.zoom ?? Math.max(DEFAULT_EXTRACT_ZOOM, served.dataset.coverage?.minZoom ?? 0);
  const { collection, cache } = await loadDatasetCollection(served, {
    bbox: bboxMode ? bbox : undefined,
    zoom: bboxMode ? zoom : undefined,
    params: input.params ?? {},
  });

  let features: DataFeature[] = collection.features;
  if (bbox) {
    const b = bbox;
    features = features.filter((f) => {
      if (!f.geometry) return false;
      if (!bboxesIntersect(turfBbox(f as Feature<Geometry>) as Bbox, b)) return false;
      return area ? booleanIntersects(f as Feature<Geometry>, area) : true;
    });
  }
  const total = features.length;
  const truncated = total > max || Boolean(collection.dm?.truncated);
  return {
    collection: {
      ...collection,
      features: features.slice(0, max),
      dm: { ...collection.dm, total, truncated },
    },
    cache,
    municipality,
  };
}
