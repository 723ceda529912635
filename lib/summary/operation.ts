// GET /api/summary/{provider}/{dataset} and the MCP tool `summary`: one declared operation (lib/operation).
import { z } from 'zod';
import { defineOperation } from '@/lib/operation/define';
import { datasetKey, datasetParams, isoDateTime } from '@/lib/operation/fields';
import { labelledValue } from '@/lib/nearby/operation';
import { summarizeDataset } from './service';

export const MAX_MUNICIPALITY_LENGTH = 200;

export const summaryInput = z.object({
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

const rankedObject = z
  .object({ title: z.string(), value: z.number(), municipality: z.object({ code: z.string(), name: z.string() }).optional() })
  .meta({ id: 'RankedObject' });

export const summaryResult = z
  .object({
    dataset: datasetKey,
    title: z.string(),
    provider: z.string().describe('Provider name.'),
    attribution: z.string(),
    license: z.string().optional(),
    municipality: z
      .object({ code: z.string(), name: z.string(), district: z.string().nullable(), region: z.string(), path: z.string().describe('`<region-slug>/<municipality-slug>`.') })
      .nullable()
      .describe('null = the whole territory the dataset covers.'),
    params: z.record(z.string(), z.string()).describe('Dataset parameters applied (defaults filled in).'),
    generated: isoDateTime,
    dataGenerated: z.string().nullable().describe('When the portal got the data from the source.'),
    count: z.int().min(0).describe('Objects in the scope.'),
    truncated: z.boolean().describe('The source gave only part of the data; the numbers are lower bounds.'),
    notice: z.string().optional(),
    categories: z
      .object({
        type: z.enum(['categorical', 'step', 'interpolate', 'trend']),
        field: z.string().nullable(),
        label: z.string().nullable(),
        items: z.array(
          z.object({
            key: z.string(),
            label: z.string(),
            color: z.string().nullable(),
            count: z.int().min(0),
            from: z.number().nullable().optional(),
            to: z.number().nullable().optional(),
            value: z.string().optional(),
          }),
        ),
      })
      .nullable()
      .describe('Counts per colour class of the presentation, in legend order; null without class colouring.'),
    rankings: z
      .object({
        field: z.string(),
        label: z.string(),
        unit: z.string().nullable(),
        count: z.int().min(0),
        highest: z.array(rankedObject),
        lowest: z.array(rankedObject),
      })
      .nullable()
      .describe('Highest and lowest values of the numeric colour field; null when there is none.'),
    own: z
      .array(
        z.object({
          title: z.string(),
          values: z.array(labelledValue),
          value: z.number().nullable().optional(),
          category: z.object({ key: z.string(), label: z.string(), color: z.string().nullable() }).optional(),
          rank: z.object({ position: z.int().min(1), of: z.int().min(1) }).optional(),
        }),
      )
      .nullable()
      .describe('Cartograms with a municipality: the area(s) the municipality lies in or equals; else null.'),
  })
  .meta({ id: 'Summary', description: 'A dataset in numbers for Slovakia or one municipality; the same numbers as on the dataset page.' });

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
  run: ({ dataset, municipality, params }) => {
    const [provider, id] = dataset.split('/');
    return summarizeDataset({ provider, dataset: id, municipality, params });
  },
});
