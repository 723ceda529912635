// The answer of the MCP tool `catalog` (catalog search): one zod schema, and the types are its
// `z.output` (lib/operation/README.md); the entries are the catalog's own (lib/providers/schema.ts).
import { z } from 'zod';
import { healthStatus, sourceHealth } from '@/lib/health/schema';
import { datasetKey, lonLat, pointHint } from '@/lib/operation/fields';
import { catalogDataset, categorySuggestions } from '@/lib/providers/schema';

export const MAX_CATALOG_SEARCH_LENGTH = 200;

export const catalogSearchEntry = catalogDataset
  .extend({
    score: z.number().min(0).describe('Match score of the text (0 without text); higher is better.'),
    pointQuery: z.boolean().optional().describe('Present with a point: whether `nearby` can answer for this dataset there.'),
  })
  .meta({ id: 'CatalogSearchEntry' });

const catalogSearchResult = z
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

/** One dataset in one line: what an assistant needs to choose it (the whole entry with `detail`). */
export const catalogLine = z
  .object({
    key: datasetKey,
    title: z.string(),
    category: z.string(),
    kind: z.enum(['geojson', 'raster', 'display-only']).describe('`geojson`: objects (fetch_data, summary); `raster`: a map service; `display-only`: drawn by the portal, data at the original service.'),
    pointQuery: z.boolean().describe('Whether `nearby` answers for it (with `point`: at that point).'),
    coverage: z.string().describe('"Slovakia" or "bbox minLon,minLat,maxLon,maxLat", with "from zoom N" when drawn only closer.'),
    status: healthStatus.describe('Health of its source: ok, degraded or unavailable.'),
    sample: z.literal(true).optional().describe('A built-in sample: illustrative, not real data.'),
  })
  .meta({ id: 'CatalogLine' });

/** The MCP tool `catalog`: lines by default, whole entries with `detail` or `dataset`. */
export const assistantCatalogResult = catalogSearchResult
  .omit({ datasets: true, providers: true })
  .extend({
    detail: z.boolean().describe('false: `datasets` are one-line summaries; true: whole catalog entries.'),
    datasets: z.array(z.union([catalogLine, catalogSearchEntry])),
    providers: catalogSearchResult.shape.providers.optional(),
  })
  .meta({ id: 'AssistantCatalog' });

export type CatalogLine = z.output<typeof catalogLine>;
export type AssistantCatalogResult = z.output<typeof assistantCatalogResult>;
