// The map preview of a live test (the providers' page draws it before registering): the geometries
// of a dataset's test answer, capped and rounded so a report stays small, with their extent and
// whether the picture is complete. Pure.
import { bbox } from '@turf/bbox';
import { truncate } from '@turf/truncate';
import type { Geometry } from 'geojson';
import { z } from 'zod';
import { isObj } from './json';

/** At most this many objects per dataset are drawn in the preview. */
export const PREVIEW_MAX_FEATURES = 500;
/** At most this many positions per dataset (a few detailed polygons would otherwise fill the report). */
const PREVIEW_MAX_POSITIONS = 20_000;
/** Decimal places kept (about 1 m). */
const PRECISION = 5;

const GEOMETRY_TYPES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'] as const;

const previewGeometry = z.object({
  type: z.enum(GEOMETRY_TYPES),
  coordinates: z.array(z.unknown()).describe('GeoJSON coordinates (WGS84, rounded to 5 decimals).'),
});

export const datasetPreview = z
  .object({
    mode: z.enum(['full', 'bbox']).describe('`bbox`: the objects of the test window only.'),
    geometries: z.array(previewGeometry),
    bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable().describe('Extent of every located object of the answer.'),
    capped: z.boolean().describe('The answer had more objects (or positions) than the preview draws.'),
    limited: z.boolean().describe('The answer reached the requested `limit` or said `dm.truncated`: the source holds more.'),
  })
  .meta({ id: 'DatasetPreview' });

type DatasetPreview = z.output<typeof datasetPreview>;
type PreviewGeometry = DatasetPreview['geometries'][number];
type PreviewType = PreviewGeometry['type'];

/** Array levels above a position in each type's coordinates (a Point's are the position itself). */
const NESTING: Record<PreviewType, number> = { Point: 0, MultiPoint: 1, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 };

/** The positions in `c` when it is well-formed coordinates nested `levels` deep (finite lon and lat at the leaves), else null. */
function countPositions(c: unknown, levels: number): number | null {
  if (!Array.isArray(c)) return null;
  if (levels === 0) return typeof c[0] === 'number' && typeof c[1] === 'number' && Number.isFinite(c[0]) && Number.isFinite(c[1]) ? 1 : null;
  let positions = 0;
  for (const part of c) {
    const n = countPositions(part, levels - 1);
    if (n === null) return null;
    positions += n;
  }
  return positions;
}

/** The preview of a test answer (a FeatureCollection or not), asked with `limit`. */
export function buildPreview(answer: unknown, { mode, limit }: { mode: 'full' | 'bbox'; limit: number }): DatasetPreview {
  const features = isObj(answer) && Array.isArray(answer.features) ? answer.features : [];
  // Every well-formed geometry, rounded (turf's truncate, lon and lat only): all of them make the
  // extent, the first ones within the caps are drawn.
  const located: Geometry[] = [];
  const geometries: PreviewGeometry[] = [];
  let positions = 0;
  let capped = false;
  for (const f of features) {
    const g = isObj(f) ? f.geometry : null;
    if (!isObj(g) || !GEOMETRY_TYPES.includes(g.type as PreviewType)) continue;
    const type = g.type as PreviewType;
    const count = countPositions(g.coordinates, NESTING[type]);
    if (count === null) continue;
    const rounded = truncate({ type, coordinates: g.coordinates } as Geometry, { precision: PRECISION, coordinates: 2 });
    located.push(rounded);
    if (geometries.length >= PREVIEW_MAX_FEATURES || positions + count > PREVIEW_MAX_POSITIONS) {
      capped = true;
      continue;
    }
    positions += count;
    geometries.push(rounded as PreviewGeometry);
  }
  const dm = isObj(answer) && isObj(answer.dm) ? answer.dm : null;
  // The extent of rounded positions is the rounded extent (rounding keeps the order).
  const extent = located.length ? bbox({ type: 'GeometryCollection', geometries: located }) : null;
  return {
    mode,
    geometries,
    bbox: extent ? [extent[0], extent[1], extent[2], extent[3]] : null,
    capped,
    limited: features.length >= limit || dm?.truncated === true,
  };
}
