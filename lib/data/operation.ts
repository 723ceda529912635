// GET /api/data/{provider}/{dataset} and the MCP tool `fetch_data`: declared operations (lib/operation).
// The REST route streams the cached bytes itself (lib/data/proxy.ts) and parses its query with
// dataQueryInput (lib/data/query.ts); the operation declares that input and the answer for OpenAPI.
import { z } from 'zod';
import { defineOperation } from '@/lib/operation/define';
import { bbox, datasetKey, datasetParams, protocolRef, rangedNumber, zoom } from '@/lib/operation/fields';
import { PROTOCOL_VERSION, type DataCollection } from '@/lib/protocol/types';
import { DEFAULT_EXTRACT_FEATURES, DEFAULT_MAX_CHARACTERS, extractDataset, MAX_EXTRACT_FEATURES, MAX_MAX_CHARACTERS, MIN_MAX_CHARACTERS } from './extract';
import { extractPage } from './schema';
import { shapeFields } from './shape';
import { dataQueryInput } from './query';

/** The protocol FeatureCollection as the portal serves it. */
export const dataResponse = z
  .intersection(
    protocolRef<DataCollection>('Data'),
    z.object({
      dm: z
          .object({ protocol: z.string().optional().describe(`Always ${PROTOCOL_VERSION} in the portal's answers.`), dataset: datasetKey.optional() })
        .optional()
        .describe('The collection `dm`; the portal sets `protocol`, `dataset`, `generated` and `ttl`.'),
      features: z.array(
        z.object({
          properties: z
            .record(z.string(), z.unknown())
            .nullable()
            .optional()
            .describe('The feature properties plus the provider’s dm extras as `__dm_title`, `__dm_description`, `__dm_url`, `__dm_color`, `__dm_chart`, and `__dm_trend` (`roste`, `stagnuje` or `klesá`) for trend colouring.'),
        }),
      ),
    }),
  )
  .meta({
    id: 'DataResponse',
    description:
      'The protocol FeatureCollection as the portal serves it. Feature `dm` members are moved to `properties.__dm_title|__dm_description|__dm_url|__dm_color|__dm_chart` (plus `__dm_trend` for trend colouring), and the collection `dm` with `protocol`, `dataset`, `generated`, `ttl`.',
  });

export const dataOperation = defineOperation({
  id: 'getDatasetData',
  tags: ['data'],
  summary: 'Dataset as GeoJSON through the portal cache',
  description:
    'The dataset’s FeatureCollection from the portal cache. Datasets whose source mode is `bbox` need `bbox` and `zoom` (the portal aligns the bbox outward to the tile grid). Below `coverage.minZoom` the answer is empty with `dm.notice`. When the source fails and a copy exists, the copy is served with `X-DM-Cache: stale` and a notice. Providers awaiting approval are served too.',
  input: dataQueryInput,
  output: dataResponse,
  errors: ['display_only', 'raster_dataset', 'unknown_dataset', 'source_unreachable', 'timeout', 'http_error', 'invalid_json', 'empty_body', 'response_too_large', 'data_schema_mismatch', 'source_error'],
  rest: { method: 'get', path: '/api/data/{provider}/{dataset}', from: 'query', datasetPath: true, params: 'flat' },
});

const fetchDataInput = z.object({
  dataset: datasetKey.describe('`provider/dataset` from catalog.'),
  bbox: bbox.optional(),
  municipality: z.string().trim().min(1).max(200).optional().describe('Municipality name or code (as in summary).'),
  zoom: zoom.optional().describe('Map zoom for datasets loaded per viewport (default 12) and for `simplified`.'),
  params: datasetParams.optional(),
  maxFeatures: rangedNumber(1, MAX_EXTRACT_FEATURES, { int: true }).default(DEFAULT_EXTRACT_FEATURES).describe('Most objects to return.'),
  offset: rangedNumber(0, MAX_EXTRACT_FEATURES * 10, { int: true }).default(0).describe('Objects to skip (paging; `page.next` gives the call).'),
  cursor: dataQueryInput.shape.cursor.describe('The source’s `dm.next` (paging; `page.next` gives the call).'),
  properties: shapeFields.properties.optional(),
  geometry: shapeFields.geometry.optional(),
  tolerance: shapeFields.tolerance.optional(),
  precision: shapeFields.precision.optional(),
  resultType: z.enum(['results', 'hits']).default('results').describe('`hits`: the count only.'),
  maxCharacters: rangedNumber(MIN_MAX_CHARACTERS, MAX_MAX_CHARACTERS, { int: true })
    .default(DEFAULT_MAX_CHARACTERS)
    .describe('Size budget: characters of the JSON answer; cut at a whole object.'),
});

/** fetch_data's answer: the FeatureCollection plus `page` (a GeoJSON foreign member). */
const fetchDataResult = z.intersection(dataResponse, z.object({ page: extractPage }));

export const fetchDataOperation = defineOperation({
  id: 'fetchData',
  summary: 'A dataset’s objects for a bbox or a municipality, shaped and paged to a size budget',
  description:
    'A FeatureCollection as the data endpoint serves it, with chosen properties and geometry form, cut at a whole object at maxFeatures or maxCharacters; `page` says how many matched, what cut it and the exact call for the next page, and links to the whole data.',
  input: fetchDataInput,
  output: fetchDataResult,
  errors: ['display_only', 'raster_dataset', 'unknown_dataset', 'unknown_place', 'ambiguous_place', 'source_unreachable', 'timeout', 'http_error', 'invalid_json', 'empty_body', 'response_too_large', 'data_schema_mismatch', 'source_error'],
  run: async (input, ctx: { baseUrl: string }) => (await extractDataset({ ...input, bbox: input.bbox as [number, number, number, number] | undefined }, ctx.baseUrl)).collection,
});
