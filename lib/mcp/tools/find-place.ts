// MCP tool `find_place`: the same geocoding as GET /api/places.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { DEFAULT_MAX, MAX_MAX, searchPlaces } from '@/lib/places';
import { READ_ONLY, runTool, toolResult } from '../result';

export function registerFindPlaceTool(server: McpServer): void {
  server.registerTool(
    'find_place',
    {
      title: 'Vyhľadanie miesta',
      description:
        'Finds Slovak addresses, streets, municipalities, city districts and municipality parts in the address register. `query` is an address or a name only (e.g. "Hlavná 12, Košice", "Štúrova", "Nová Ves"); diacritics optional; qualifiers such as a district or "near X" are not understood. Each place has name, type, point [lon, lat], municipality { slug, code, name, district, region } and, outside towns over 10,000 inhabitants, `near` (nearest such town and distance in km) to tell same-named places apart. municipality.code works as `municipality` in summary and fetch_data.',
      inputSchema: {
        query: z.string().describe('Address or place name, at least 2 characters.'),
        maxResults: z.number().int().min(1).max(MAX_MAX).optional().describe(`How many places, 1-${MAX_MAX} (default ${DEFAULT_MAX}).`),
      },
      annotations: READ_ONLY,
    },
    runTool(async ({ query, maxResults }: { query: string; maxResults?: number }) => {
      const result = await searchPlaces(query, maxResults ?? DEFAULT_MAX);
      const lines = result.places.map((p) => `- ${p.name} (${p.type}${p.municipality ? `, ${p.municipality.name}` : ""}) [${p.point.join(', ')}]`);
      return {
        ...toolResult(result as unknown as Record<string, unknown>),
        content: [{ type: 'text', text: `${result.count} miest pre „${query}“\n${lines.join('\n')}` }],
      };
    }),
  );
}
