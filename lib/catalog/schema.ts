// The answer of the MCP tool `catalog` (catalog search): one zod schema, and the types are its
// `z.output` (lib/operation/README.md); the entries are the catalog's own (lib/providers/schema.ts).
import { z } from 'zod';
import { healthStatus, sourceHealth } from '@/lib/health/schema';
import { lonLat, pointHint } from '@/lib/operation/fields';
import { CATEGORIES } from '@/lib/protocol/types';
import { catalogDataset } from '@/lib/providers/schema';

export const MAX_CATALOG_SEARCH_LENGTH = 200;

export const categorySuggestions = z
  .array(z.object({ category: z.enum(CATEGORIES), label: z.string(), count: z.int().min(0) }))
  .meta({ id: 'CategorySuggestions' });

export const catalogSearchEntry = catalogDataset
  .extend({
    score: z.number().min(0).describe('Match score of the text (0 without text); higher is better.'),
    pointQuery: z.boolean().optional().describe('Present with a point: whether `nearby` can answer for this dataset there.'),
  })
  .meta({ id: 'CatalogSearchEntry' });

export const catalogSearchResult = z
  .object({
    search: z.string().nullable(),
    point: lonLat.nullable(),
    hint: pointHint,
    count: z.int().min(0),
    datasets: z.array(catalogSearchEntry),
    suggestions: categorySuggestions.optional().describe('Only when `search` found nothing: the nearest categories (`category`, Slovak `label`, `count` of datasets); search again with a word of one of them or list the catalog without `search`.'),
    providers: z
      .array(z.object({ id: z.string(), name: z.string(), status: healthStatus, health: sourceHealth }))
      .describe('The providers of the listed datasets with their health (as in GET /api/catalog).'),
  })
  .meta({ id: 'CatalogSearchResult' });

export type CatalogSearchEntry = z.output<typeof catalogSearchEntry>;
export type CatalogSearchResult = z.output<typeof catalogSearchResult>;
export type CategorySuggestion = z.output<typeof categorySuggestions>[number];
