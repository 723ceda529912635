// GET /api/summary/{provider}/{dataset} and the MCP tool `summary`: one declared operation (lib/operation).
import { z } from 'zod';
import { defineOperation } from '@/lib/operation/define';
import { datasetKey, datasetParams } from '@/lib/operation/fields';
import { summaryResult } from './schema';
import { summarizeDataset } from './service';

const MAX_MUNICIPALITY_LENGTH = 200;

const summaryInput = z.object({
  dataset: datasetKey.describe('Dataset key `provider/dataset` (REST: the path `{provider}/{dataset}`).'),
  municipality: z
    .string()
    .trim()
    .min(1)
    .max(MAX_MUNICIPALITY_LENGTH)
    .optional()
    .describe(
      'Any Slovak municipality: a name; a name with district or region in parentheses ("Nová Ves (Dunajská Streda)"); a municipality code (`municipality.code` of the place search); or `<region-slug>/<municipality-slug>`. A bare name borne by several municipalities gives `ambiguous_place` listing them. Omitted: the whole territory.',
    ),
  params: datasetParams.optional(),
});

export const summaryOperation = defineOperation({
  id: 'summarizeDataset',
  tags: ['places'],
  summary: 'Dataset summary for Slovakia or one municipality',
  description:
    '`count`, `categories` (counts per colour class), `rankings` (highest and lowest values) and, for a cartogram with a municipality, `own` (values of the area the municipality lies in). The numbers equal those on the dataset page. Datasets loaded only at high zoom have a summary only per municipality; raster datasets have none.',
  input: summaryInput,
  output: summaryResult,
  errors: ['raster_dataset', 'summary_requires_place', 'ambiguous_place', 'unknown_dataset', 'unknown_place', 'source_unreachable', 'timeout', 'http_error', 'invalid_json', 'empty_body', 'response_too_large', 'data_schema_mismatch', 'source_error'],
  rest: { method: 'get', path: '/api/summary/{provider}/{dataset}', from: 'query', datasetPath: true, params: 'flat' },
  cache: 'summary',
  run: ({ dataset, municipality, params }) => {
    const [provider, id] = dataset.split('/');
    return summarizeDataset({ provider, dataset: id, municipality, params });
  },
});
