// MCP tool `summary`: the same numbers as GET /api/summary and the dataset page.
import { summaryOperation } from '@/lib/summary/operation';
import { defineTool, READ_ONLY_OPEN } from '../tool';

export const summaryTool = defineTool({
  name: 'summary',
  title: 'Súhrn datasetu',
  description:
    'Summarises a GeoJSON dataset for all of Slovakia or for one municipality (the answer of GET /api/summary): `count` of objects, `categories` (objects per colour class of the map), `rankings` (highest and lowest values with names) and, for area datasets (cartograms), `own` (the values of the area the municipality lies in). Raster datasets have no summary (raster_dataset); datasets loaded only when zoomed in need a municipality (summary_requires_place); a name several municipalities bear answers ambiguous_place listing them.',
  annotations: READ_ONLY_OPEN,
  operation: summaryOperation,
  headline: (r) => `${r.title} — ${r.municipality ? r.municipality.name : 'celé územie'}: ${r.count} objektov`,
});
