// The question and the answer of map_image (the MCP tool, and the map's own image of a view): one zod
// schema each, and the types are their `z.output` (lib/operation/README.md). Browser-safe (no
// renderer, no database), so a page or a client component can `import type` the answer from here.
import { z } from 'zod';
import { codedIssue } from '@/lib/operation/define';
import { bbox, datasetKey, lonLat, rangedNumber } from '@/lib/operation/fields';
import { MAX_IMAGE_ZOOM, MIN_IMAGE_ZOOM } from './projection';

/** The zoom around a point given without a bbox or a zoom. */
export const DEFAULT_POINT_ZOOM = 13;
const MAX_IMAGE_DATASETS = 6;
/** The largest side of a view's image (a wide screen's map box). */
const MAX_VIEW_SIZE = 2048;

export const mapImageInput = z
  .object({
    point: lonLat.optional().describe('`[lon, lat]`, marked red; the centre without `bbox`.'),
    bbox: bbox.optional().describe('`[minLon, minLat, maxLon, maxLat]` to show whole.'),
    zoom: rangedNumber(MIN_IMAGE_ZOOM, MAX_IMAGE_ZOOM, { noun: 'a map zoom' }).optional().describe(`Zoom ${MIN_IMAGE_ZOOM}-${MAX_IMAGE_ZOOM} around \`point\` (default ${DEFAULT_POINT_ZOOM}).`),
    datasets: z.array(datasetKey).max(MAX_IMAGE_DATASETS).default([]).describe(`Keys to draw, at most ${MAX_IMAGE_DATASETS}.`),
    width: rangedNumber(200, 1600, { int: true }).default(800).describe('Pixels, 200-1600.'),
    height: rangedNumber(200, 1600, { int: true }).default(600).describe('Pixels, 200-1600.'),
  })
  .superRefine((v, ctx) => {
    if (!v.point && !v.bbox) ctx.addIssue(codedIssue('invalid_query', 'Give a point, a bbox, or both (the bbox frames the map, the point is marked).'));
  });

const mapImageLayer = z.object({
  dataset: z.string(),
  title: z.string(),
  kind: z.enum(['vector', 'raster']),
  drawn: z.boolean().describe('false: nothing of it is in the image (`code`, `reason`).'),
  count: z.int().min(0).optional().describe('Vector: objects drawn; raster: tiles drawn.'),
  reason: z.string().optional().describe('Why it was not drawn, or not wholly.'),
  code: z.string().optional(),
});

export const mapImageResult = z
  .object({
    width: z.int(),
    height: z.int(),
    zoom: z.number(),
    center: lonLat,
    bbox: z.array(z.number()).length(4).describe('Shown `[w, s, e, n]`.'),
    point: lonLat.nullable().describe('The marked point.'),
    layers: z.array(mapImageLayer).describe('Each dataset drawn or not (`reason`).'),
    basemap: z.string(),
    attribution: z.string(),
  })
  .meta({ id: 'MapImageResult' });

/**
 * GET /api/map-image: the map's own picture of a view (the map page's first screen before MapLibre
 * starts, components/map/map-facade.tsx). A view as the map states it (a centre and MapLibre's zoom,
 * whose tiles are 512 px), the box's size and the enabled datasets with their default parameters; no
 * marker, legend or attribution band (the page shows its own).
 */
export const mapViewInput = z.object({
  center: lonLat.describe('`[lon, lat]` of the view\'s centre (in a query string: `lon,lat`).'),
  zoom: rangedNumber(MIN_IMAGE_ZOOM - 1, MAX_IMAGE_ZOOM - 1, { noun: 'a map zoom' }).describe(`The map's zoom (MapLibre's, 512-px tiles), ${MIN_IMAGE_ZOOM - 1}-${MAX_IMAGE_ZOOM - 1}.`),
  width: rangedNumber(200, MAX_VIEW_SIZE, { int: true }).describe(`CSS pixels, 200-${MAX_VIEW_SIZE}.`),
  height: rangedNumber(200, MAX_VIEW_SIZE, { int: true }).describe(`CSS pixels, 200-${MAX_VIEW_SIZE}.`),
  datasets: z.array(datasetKey).max(MAX_IMAGE_DATASETS).default([]).describe(`Keys to draw with their default parameters, at most ${MAX_IMAGE_DATASETS}.`),
});

/** The PNG of a view (its layers not drawn are refused as a whole: see app/api/map-image/route.ts). */
export const mapViewResult = z.string().meta({ id: 'MapViewImage', description: 'The PNG image (binary).', format: 'binary' });

/** What to draw, as parsed (defaults applied). */
export type MapImageInput = z.output<typeof mapImageInput>;
export type MapImageLayer = z.output<typeof mapImageLayer>;
export type MapImageResult = z.output<typeof mapImageResult>;
export type MapViewInput = z.output<typeof mapViewInput>;

/** Browsers keep a view's picture 10 minutes (the data cache's pace), then revalidate with its tag (GET /api/map-image, /openapi.json). */
export const VIEW_IMAGE_CACHE_CONTROL = 'public, max-age=600, stale-while-revalidate=3600';
