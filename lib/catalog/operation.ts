// The MCP tool `catalog`: approved datasets ordered by match, `pointQuery` with a point (lib/operation).
import { z } from 'zod';
import { defineOperation } from '@/lib/operation/define';
import { lonLat } from '@/lib/operation/fields';
import { catalogSearchResult, MAX_CATALOG_SEARCH_LENGTH } from './schema';
import { searchCatalog } from './search';

export const catalogSearchInput = z.object({
  search: z
    .string()
    .max(MAX_CATALOG_SEARCH_LENGTH)
    .optional()
    .describe('Free text matched against titles, keywords, use cases and descriptions, Slovak or English, diacritics optional; English words and common synonyms go through the portal’s keyword table (e.g. "flood", "protected area", "population", "cadastre", "povodne", "chránené územia"). Nothing found: `suggestions` names the nearest categories.'),
  point: lonLat.optional().describe('`[lon, lat]` in WGS84, e.g. [17.107, 48.148] for Bratislava: marks the datasets that answer `nearby` there.'),
});

export const catalogSearchOperation = defineOperation({
  id: 'searchCatalog',
  tags: ['catalog'],
  summary: 'Approved datasets ordered by match',
  description: 'The catalog entries (as GET /api/catalog) matching a text, best first; built-in samples (`sample: true`) after all real datasets; with a point each carries `pointQuery`.',
  input: catalogSearchInput,
  output: catalogSearchResult,
  errors: [],
  run: searchCatalog,
});
