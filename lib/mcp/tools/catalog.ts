// MCP tool `catalog`: approved datasets ordered by match; `pointQuery` marks those that answer near a point.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { searchCatalog } from '@/lib/catalog/search';
import { READ_ONLY, runTool, toolResult } from '../result';

export function registerCatalogTool(server: McpServer): void {
  server.registerTool(
    'catalog',
    {
      title: 'Katalóg datasetov',
      description:
        'Lists the approved datasets of the portal (key `provider/dataset`, title, category, keywords, use cases, fields, parameters, attribution, links). With `search` (free text, Slovak or English, diacritics optional, e.g. "povodne", "chránené územia", "obyvatelia") only matching datasets are returned, best match first. With `point` ([lon, lat] WGS84) each dataset carries `pointQuery`: true when the `nearby` tool can answer for it at that point. Use the keys with nearby, summary and fetch_data.',
      inputSchema: {
        search: z.string().max(200).optional().describe('Free text to match against titles, keywords, descriptions.'),
        point: z
          .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])
          .optional()
          .describe('[lon, lat] in WGS84, e.g. [17.107, 48.148] for Bratislava.'),
      },
      annotations: READ_ONLY,
    },
    runTool(async (args: { search?: string; point?: [number, number] }) => {
      const result = await searchCatalog(args);
      const lines = result.datasets.slice(0, 40).map((d) => `- ${d.key}: ${d.title}${d.pointQuery ? ' (odpovedá v bode)' : ''}`);
      return {
        ...toolResult(result as unknown as Record<string, unknown>),
        content: [{ type: 'text', text: `${result.count} datasetov\n${lines.join('\n')}` }],
      };
    }),
  );
}
