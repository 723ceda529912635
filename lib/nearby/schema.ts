// The answers of GET /api/nearby (MCP `nearby`) and GET /api/nearby/selection: one zod schema each,
// and the types are their `z.output` (lib/operation/README.md). Imported with `import type` by the
// services, the summary, pages and the browser ("Čo je tu?"); no interface beside them.
import { z } from 'zod';
import { categorySuggestions } from '@/lib/providers/schema';
import { datasetKey, isoDateTime, lonLat, pointHint } from '@/lib/operation/fields';
import { pointLocation } from '@/lib/places/schema';

/** At most this many datasets per answer (the spec's limit on `datasets`, also for automatic selection). */
export const MAX_NEARBY_DATASETS = 12;

export const labelledValue = z
  .object({
    label: z.string().describe('Field label (with unit) from the dataset’s `fields`; raster: the source’s attribute name.'),
    value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
    description: z.string().optional(),
    legend: z.string().optional().describe('Human meaning of a code.'),
  })
  .meta({ id: 'LabelledValue' });

const nearbyHit = z
  .object({
    title: z.string(),
    distance: z
      .number()
      .min(0)
      .describe(
        'Metres in a straight line (great circle, haversine) from the point to the nearest point of the object, one decimal: to a point object itself, to the nearest vertex or edge of a line or of a polygon’s boundary; 0 when the point lies inside a polygon and for raster values read at the point.',
      ),
    values: z.array(labelledValue),
    url: z.string().optional(),
  })
  .meta({ id: 'NearbyHit' });

const nearbyResultEntry = z
  .object({
    dataset: datasetKey,
    title: z.string(),
    provider: z.string().describe('Provider name.'),
    attribution: z.string(),
    license: z.string().optional(),
    status: z
      .enum(['ok', 'unavailable', 'error'])
      .describe('`ok`: the query ran (empty `hits` = nothing near); `unavailable`: no value at a point; `error`: the source failed (`error`, `code`).'),
    count: z.int().min(0).optional().describe('Objects in the vicinity (GeoJSON).'),
    radius: z.number().min(0).optional().describe('Effective radius in metres (reduced for datasets loaded only at high zoom).'),
    notice: z.string().optional(),
    hits: z.array(nearbyHit),
    description: z.string().optional().describe('Raster datasets: what the values mean.'),
    legend: z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() })).optional(),
    error: z.string().optional(),
    code: z.string().optional(),
    retryable: z
      .boolean()
      .optional()
      .describe('With `status: error`: true when asking again later may succeed (time-out, unreachable source, 5xx); false when the source answered wrongly (schema) or the dataset is unknown. The answer for this dataset is unknown, not empty.'),
    authority: z
      .object({ name: z.string(), url: z.string() })
      .optional()
      .describe('With `status: error`: the authority’s own site or map service, where a person can look it up meanwhile.'),
  })
  .meta({ id: 'NearbyResultEntry' });

export const nearbyResult = z
  .object({
    place: z.object({ name: z.string(), type: z.string(), point: lonLat }).optional().describe('Present when `place` was used.'),
    point: lonLat,
    hint: pointHint,
    location: pointLocation
      .optional()
      .describe('Where the point is, as GET /api/places/reverse answers (municipality with its page link, cadastral territory, nearest street or part); present only for a point in Slovakia.'),
    radius: z.number().min(1).describe('Metres.'),
    generated: isoDateTime,
    results: z.array(nearbyResultEntry),
    skipped: z.array(z.object({ dataset: datasetKey, title: z.string() })).describe('Datasets over the limit of the automatic selection.'),
    suggestions: categorySuggestions.optional().describe('Only when `search` selected no dataset: the nearest categories; search again with a word of one of them.'),
    map: z.string().describe('Absolute map link `{base_url}/?d=…#zoom/lat/lon` with the chosen datasets, their parameters and the point; open it to see the answer on the portal map.'),
  })
  .meta({ id: 'NearbyResult' });

const nearbySelected = z
  .object({
    dataset: datasetKey,
    title: z.string(),
    provider: z.string().describe('Provider name.'),
    type: z.enum(['geojson', 'raster']).describe('`geojson`: objects near the point; `raster`: the values the source reports at the point.'),
    sample: z.boolean().describe('A built-in sample dataset (catalog category `sample`); never true in an automatic selection.'),
  })
  .meta({ id: 'NearbySelected' });

export const nearbySelectionResult = z
  .object({
    place: z.object({ name: z.string(), type: z.string(), point: lonLat }).optional().describe('Present when `place` was used.'),
    point: lonLat,
    datasets: z.array(nearbySelected).max(MAX_NEARBY_DATASETS).describe(`The datasets nearby would answer for, in its order (risks first, then restrictions, the rest, base maps last), at most ${MAX_NEARBY_DATASETS}.`),
    skipped: z.array(nearbySelected).describe('Datasets over the limit.'),
    suggestions: categorySuggestions.optional().describe('Only when `search` selected no dataset: the nearest categories.'),
  })
  .meta({ id: 'NearbySelectionResult' });

/** One labelled value of an object (also the summary's `own` values). */
export type HitValue = z.output<typeof labelledValue>;
export type NearbyHit = z.output<typeof nearbyHit>;
export type NearbyResultEntry = z.output<typeof nearbyResultEntry>;
export type NearbyLegendEntry = NonNullable<NearbyResultEntry['legend']>[number];
export type NearbyResult = z.output<typeof nearbyResult>;
export type NearbySelected = z.output<typeof nearbySelected>;
export type NearbySelectionResult = z.output<typeof nearbySelectionResult>;
