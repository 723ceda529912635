// The public shapes of GET /api/nearby (and of the MCP `nearby` tool), as the spec's "Nearby result".
import type { PointLocation } from '@/lib/places/reverse';
import type { HitValue } from './describe';

export type { HitValue } from './describe';

export interface NearbyHit {
  title: string;
  /** Metres from the point; 0 = the point lies inside the object (raster values are always 0). */
  distance: number;
  values: HitValue[];
  url?: string;
}

export type NearbyStatus = 'ok' | 'unavailable' | 'error';

export interface NearbyLegendEntry {
  value: string | number;
  label: string;
}

export interface NearbyResultEntry {
  /** `<provider_id>/<dataset_id>` */
  dataset: string;
  title: string;
  /** Provider name. */
  provider: string;
  attribution: string;
  license?: string;
  status: NearbyStatus;
  /** Objects in the vicinity (GeoJSON) or features reported at the point (raster). */
  count?: number;
  /** Effective radius in metres (smaller than asked for datasets loaded only at high zoom). */
  radius?: number;
  /** Why the radius was reduced, why the dataset is unavailable, or a note on partial data (Slovak). */
  notice?: string;
  hits: NearbyHit[];
  /** Raster datasets: what the dataset shows, to read the values. */
  description?: string;
  /** Raster datasets: the class table used to read codes (value -> label). */
  legend?: NearbyLegendEntry[];
  error?: string;
  code?: string;
}

export interface NearbySkipped {
  dataset: string;
  title: string;
}

export interface NearbyResult {
  place?: { name: string; type: string; point: [number, number] };
  point: [number, number];
  /** Where the point is (as GET /api/places/reverse without `point`); only for a point in Slovakia. */
  location?: PointLocation;
  radius: number;
  generated: string;
  results: NearbyResultEntry[];
  skipped: NearbySkipped[];
  /** Map link (path on the portal) with the chosen datasets, their parameters and a zoom fragment. */
  map: string;
}

/** A dataset of an automatic selection (GET /api/nearby/selection). */
export interface NearbySelected {
  dataset: string;
  title: string;
  /** Provider name. */
  provider: string;
  /** `geojson` (objects near the point) or `raster` (values the source reports at the point). */
  type: 'geojson' | 'raster';
  /** A built-in sample dataset (catalog category `sample`). */
  sample: boolean;
}

export interface NearbySelectionResult {
  place?: { name: string; type: string; point: [number, number] };
  point: [number, number];
  /** In answer order (risks first, then restrictions, the rest, base maps last), at most 12. */
  datasets: NearbySelected[];
  /** Datasets over the limit. */
  skipped: NearbySelected[];
}
