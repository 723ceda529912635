// GET /api/nearby and the MCP tool `nearby`: one declared operation (lib/operation).
import { z } from 'zod';
import { defineOperation } from '@/lib/operation/define';
import { datasetKey, isoDateTime, lonLat } from '@/lib/operation/fields';
import { pointLocation } from '@/lib/places/operation';
import { nearbyInput, nearbySelectionInput } from './query';
import { MAX_NEARBY_DATASETS } from './selection';
import { answerNearby, answerNearbySelection } from './service';

export const labelledValue = z
  .object({
    label: z.string().describe('Field label (with unit) from the dataset’s `fields`; raster: the source’s attribute name.'),
    value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
    description: z.string().optional(),
    legend: z.string().optional().describe('Human meaning of a code.'),
  })
  .meta({ id: 'LabelledValue' });

export const nearbyHit = z
  .object({
    title: z.string(),
    distance: z.number().min(0).describe('Metres; 0 = the point lies inside the object.'),
    values: z.array(labelledValue),
    url: z.string().optional(),
  })
  .meta({ id: 'NearbyHit' });

export const nearbyResultEntry = z
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
  })
  .meta({ id: 'NearbyResultEntry' });

export const nearbyResult = z
  .object({
    place: z.object({ name: z.string(), type: z.string(), point: lonLat }).optional().describe('Present when `place` was used.'),
    point: lonLat,
    location: pointLocation
      .optional()
      .describe('Where the point is, as GET /api/places/reverse answers (municipality with its page link, cadastral territory, nearest street or part); present only for a point in Slovakia.'),
    radius: z.number().min(1).describe('Metres.'),
    generated: isoDateTime,
    results: z.array(nearbyResultEntry),
    skipped: z.array(z.object({ dataset: datasetKey, title: z.string() })).describe('Datasets over the limit of the automatic selection.'),
    map: z.string().describe('Absolute map link `{base_url}/?d=…#zoom/lat/lon` with the chosen datasets, their parameters and the point; open it to see the answer on the portal map.'),
  })
  .meta({ id: 'NearbyResult' });

export const nearbyOperation = defineOperation({
  id: 'nearby',
  tags: ['places'],
  summary: 'What is at and around a point',
  description: [
    'Rules: (1) exactly one of `datasets`, `purpose`, `search` (else `missing_dataset_selection`); (2) `point` or `place` (else `missing_place`; a place not found is 404 `unknown_place`);',
    '(3) automatic selection takes only datasets able to answer at a point, risks and restrictions first, the rest listed in `skipped`;',
    '(4) GeoJSON datasets: objects within `radius`, nearest first, `distance` 0 = inside the area; datasets loaded only at high zoom shrink the radius (`notice`); whole datasets return at least the nearest object;',
    '(5) raster datasets: the source is queried at the point (WMS GetFeatureInfo, ArcGIS identify) and values carry the source’s field names;',
    '(6) values are human-labelled, without geometries, with attribution and a map link.',
  ].join(' '),
  input: nearbyInput,
  output: nearbyResult,
  errors: ['missing_place', 'missing_dataset_selection', 'unknown_place', 'unknown_dataset', 'geocoding_unavailable'],
  rest: { method: 'get', path: '/api/nearby', from: 'query', params: 'dotted' },
  run: answerNearby,
});

export const nearbySelected = z
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
  })
  .meta({ id: 'NearbySelectionResult' });

export const nearbySelectionOperation = defineOperation({
  id: 'nearbySelection',
  tags: ['places'],
  summary: 'Which datasets nearby would select at a point',
  description:
    'The automatic selection of GET /api/nearby (rules 1-3: exactly one of `purpose` and `search`, `point` or `place`) without querying any dataset: only datasets able to answer at the point and covering it, risks and restrictions first, at most ' +
    `${MAX_NEARBY_DATASETS}, the rest in \`skipped\`; built-in samples never. Ask each one then with \`GET /api/nearby?datasets=<key>&point=…\` to show the answers as they arrive.`,
  input: nearbySelectionInput,
  output: nearbySelectionResult,
  errors: ['missing_place', 'missing_dataset_selection', 'unknown_place', 'geocoding_unavailable'],
  rest: { method: 'get', path: '/api/nearby/selection', from: 'query' },
  run: answerNearbySelection,
});
