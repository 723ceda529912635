// The MCP tool `catalog`: approved datasets ordered by match, one line each or whole entries (lib/operation).
import { z } from 'zod';
import { defineOperation } from '@/lib/operation/define';
import { datasetKey, lonLat } from '@/lib/operation/fields';
import { assistantCatalog } from './compact';
import { assistantCatalogResult, MAX_CATALOG_SEARCH_LENGTH } from './schema';

const catalogSearchInput = z.object({
  search: z
    .string()
    .max(MAX_CATALOG_SEARCH_LENGTH)
    .optional()
    .describe('Free text matched against titles, keywords, use cases and descriptions, Slovak or English, diacritics optional; English words and common synonyms go through the portal’s keyword table (e.g. "flood", "protected area", "population", "cadastre", "povodne", "chránené územia"). Nothing found: `suggestions` names the nearest categories.'),
  point: lonLat.optional().describe('`[lon, lat]` in WGS84, e.g. [17.107, 48.148] for Bratislava: marks the datasets that answer `nearby` there.'),
});

const assistantCatalogInput = catalogSearchInput.extend({
  detail: z.boolean().default(false).describe('true: whole catalog entries (fields, params, licence, links, health figures) instead of one line each.'),
  dataset: datasetKey.optional().describe('One dataset’s whole entry, by key.'),
  samples: z.boolean().default(false).describe('true: also the built-in samples (no real data).'),
});

export const catalogSearchOperation = defineOperation({
  id: 'searchCatalog',
  tags: ['catalog'],
  summary: 'Approved datasets ordered by match, one line each or whole entries',
  description:
    'The approved datasets matching a text, best first; built-in samples (`sample: true`) only with `samples: true` (then after all real datasets). One line each (key, title, category, kind, point query, coverage, health status); with `detail` or `dataset` the whole catalog entries (as GET /api/catalog), with a point each carries `pointQuery`.',
  input: assistantCatalogInput,
  output: assistantCatalogResult,
  errors: ['unknown_dataset'],
  run: assistantCatalog,
});
