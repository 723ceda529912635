// The answer of GET /api/summary/{provider}/{dataset}, the MCP `summary` tool and the numbers on
// dataset pages (one function, summarizeDataset, makes them all): one zod schema, and the types are
// its `z.output` (lib/operation/README.md), imported with `import type` by the service and pages.
import { z } from 'zod';
import { labelledValue } from '@/lib/nearby/schema';
import { datasetKey, isoDateTime } from '@/lib/operation/fields';

/** How a presentation colours: the kinds of class the summary counts. */
const CATEGORY_KINDS = ['categorical', 'step', 'interpolate', 'trend'] as const;

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
    stale: z
      .literal(true)
      .optional()
      .describe('Present (true) when the source did not answer and the numbers come from the portal’s last copy of its data (as of `dataGenerated`); `notice` says so in Slovak.'),
    categories: z
      .object({
        type: z.enum(CATEGORY_KINDS),
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

export type DatasetSummary = z.output<typeof summaryResult>;
export type SummaryCategories = NonNullable<DatasetSummary['categories']>;
export type CategoryKind = SummaryCategories['type'];
export type CategoryItem = SummaryCategories['items'][number];
export type SummaryRankings = NonNullable<DatasetSummary['rankings']>;
export type RankedObject = z.output<typeof rankedObject>;
export type OwnArea = NonNullable<DatasetSummary['own']>[number];
