// The map preview of a live test (the providers' page draws it before registering): the geometries
// of a dataset's test answer, capped and rounded so a report stays small, with their extent and
// whether the picture is complete. Pure.
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

const round = (v: number) => Math.round(v * 10 ** PRECISION) / 10 ** PRECISION;

/** Rounds positions and grows `box`; returns the rounded coordinates and how many positions they hold, or null when malformed. */
function roundCoordinates(c: unknown, box: number[]): { coordinates: unknown; positions: number } | null {
  if (!Array.isArray(c)) return null;
  if (typeof c[0] === 'number') {
    if (typeof c[1] !== 'number' || !Number.isFinite(c[0]) || !Number.isFinite(c[1])) return null;
    box[0] = Math.min(box[0], c[0]);
    box[1] = Math.min(box[1], c[1]);
    box[2] = Math.max(box[2], c[0]);
    box[3] = Math.max(box[3], c[1]);
    return { coordinates: [round(c[0]), round(c[1])], positions: 1 };
  }
  const out: unknown[] = [];
  let positions = 0;
  for (const part of c) {
    const r = roundCoordinates(part, box);
    if (!r) return null;
    out.push(r.coordinates);
    positions += r.positions;
  }
  return { coordinates: out, positions };
}

/** The preview of a test answer (a FeatureCollection or not), asked with `limit`. */
export function buildPreview(answer: unknown, { mode, limit }: { mode: 'full' | 'bbox'; limit: number }): DatasetPreview {
  const features = isObj(answer) && Array.isArray(answer.features) ? answer.features : [];
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  const geometries: PreviewGeometry[] = [];
  let positions = 0;
  let capped = false;
  for (const f of features) {
    const g = isObj(f) ? f.geometry : null;
    if (!isObj(g) || !GEOMETRY_TYPES.includes(g.type as PreviewGeometry['type'])) continue;
    const before = [...box];
    const r = roundCoordinates(g.coordinates, box);
    if (!r) {
      box.splice(0, 4, ...before);
      continue;
    }
    if (geometries.length >= PREVIEW_MAX_FEATURES || positions + r.positions > PREVIEW_MAX_POSITIONS) {
      capped = true;
      continue;
    }
    positions += r.positions;
    geometries.push({ type: g.type as PreviewGeometry['type'], coordinates: r.coordinates as unknown[] });
  }
  const dm = isObj(answer) && isObj(answer.dm) ? answer.dm : null;
  return {
    mode,
    geometries,
    bbox: Number.isFinite(box[0]) ? [round(box[0]), round(box[1]), round(box[2]), round(box[3])] : null,
    capped,
    limited: features.length >= limit || dm?.truncated === true,
  };
}
