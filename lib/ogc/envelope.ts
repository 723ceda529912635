// Envelopes of cached features (computed once per feature) and the area test of `bbox` / `bbox-crs`:
// the geometry, not only its envelope, must meet the area.
import { booleanIntersects } from '@turf/boolean-intersects';
import type { Feature as GeoFeature, Geometry as GeoGeometry } from 'geojson';
import type { Bbox } from '@/lib/protocol/request';
import type { DataFeature } from '@/lib/protocol/types';
import { areaPolygon, type Area } from './crs';

const envelopes = new WeakMap<DataFeature, Bbox | null>();

/** The envelope of a feature's geometry (null for no geometry). */
export function envelope(f: DataFeature): Bbox | null {
  let e = envelopes.get(f);
  if (e !== undefined) return e;
  e = null;
  if (f.geometry) {
    const b: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
    const visit = (c: unknown): void => {
      if (typeof (c as number[])[0] === 'number') {
        const [x, y] = c as number[];
        if (x < b[0]) b[0] = x;
        if (y < b[1]) b[1] = y;
        if (x > b[2]) b[2] = x;
        if (y > b[3]) b[3] = y;
      } else for (const inner of c as unknown[]) visit(inner);
    };
    visit(f.geometry.coordinates);
    e = b[0] <= b[2] ? b : null;
  }
  envelopes.set(f, e);
  return e;
}

const within = (e: Bbox, area: Bbox) => e[0] >= area[0] && e[2] <= area[2] && e[1] >= area[1] && e[3] <= area[3];
export const meets = (e: Bbox, area: Bbox) => e[0] <= area[2] && area[0] <= e[2] && e[1] <= area[3] && area[1] <= e[3];

/** OGC bbox semantics: the geometry (not only its envelope) intersects the area. */
export function intersectsArea(f: DataFeature, area: Area): boolean {
  const e = envelope(f);
  if (!e || !meets(e, area.bbox)) return false;
  if (!area.polygon && (within(e, area.bbox) || f.geometry!.type === 'Point')) return true;
  return booleanIntersects({ type: 'Feature', properties: {}, geometry: areaPolygon(area) } as GeoFeature, {
    type: 'Feature',
    properties: {},
    geometry: f.geometry as GeoGeometry,
  } as GeoFeature);
}
