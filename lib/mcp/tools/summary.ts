// MCP tool `summary`: the same numbers as GET /api/summary and the dataset page.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { summarizeDataset } from '@/lib/summary';
import { READ_ONLY_OPEN, runTool, toolResult } from '../result';

export function registerSummaryTool(server: McpServer): void {
  server.registerTool(
    'summary',
    {
      title: 'Súhrn datasetu',
      description:
        'Summarises a GeoJSON dataset for all of Slovakia or for one municipality: `count` of objects, `categories` (objects per colour class of the map), `rankings` (highest and lowest values with names) and, for area datasets (cartograms), `own` (the values of the area the municipality lies in). `municipality` accepts a name ("Žilina", "zilina"), a name with district or region in parentheses ("Nová Ves (Dunajská Streda)"), a municipality code (from find_place municipality.code) or "<region-slug>/<municipality-slug>"; a name several municipalities bear answers ambiguous_place listing them. Raster datasets have no summary (raster_dataset); datasets loaded only when zoomed in need a municipality (summary_requires_place).',
      inputSchema: {
        dataset: z.string().describe('Dataset key `provider/dataset` from the catalog tool.'),
        municipality: z.string().optional().describe('Municipality (name, code or slug); omit for the whole territory.'),
        params: z.record(z.string(), z.string()).optional().describe('Dataset parameters { "param": "value" } (protocol value formats).'),
      },
      annotations: READ_ONLY_OPEN,
    },
    runTool(async ({ dataset, municipality, params }: { dataset: string; municipality?: string; params?: Record<string, string> }) => {
      const [provider, id, extra] = dataset.split('/');
      if (!provider || !id || extra !== undefined) throw new ApiError('invalid_query', 'dataset: expected a `provider/dataset` key.');
      const summary = await summarizeDataset({ provider, dataset: id, municipality, params });
      const scope = summary.municipality ? summary.municipality.name : 'celé územie';
      return toolResult(summary as unknown as Record<string, unknown>, `${summary.title} — ${scope}: ${summary.count} objektov`);
    }),
  );
}
