// GET /api/nearby and the MCP tool `nearby`: one declared operation (lib/operation).
import { defineOperation } from '@/lib/operation/define';
import { nearbyInput, nearbySelectionInput } from './query';
import { MAX_NEARBY_DATASETS, nearbyResult, nearbySelectionResult } from './schema';
import { answerNearby, answerNearbySelection } from './service';

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
  cache: 'nearby',
  run: answerNearby,
});

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
  cache: 'selection',
  run: answerNearbySelection,
});
