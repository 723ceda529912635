// MCP tool `nearby`: the same point query as GET /api/nearby.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { nearby } from '@/lib/nearby';
import { USE_CASES } from '@/lib/protocol/types';
import { READ_ONLY_OPEN, runTool, toolResult } from '../result';

export function registerNearbyTool(server: McpServer): void {
  server.registerTool(
    'nearby',
    {
      title: 'Čo je v bode a v okolí',
      description:
        'Answers "what lies at and around this point": for each chosen dataset the objects within `radius` metres, nearest first, with human-labelled values (distance 0 = the point lies inside the area), or for raster map services the values the service reports at the point. Give the location as `point` ([lon, lat] WGS84) or `place` (an address or name; the first place-search hit is used). Choose datasets with exactly one of: `datasets` (up to 12 `provider/dataset` keys from the catalog tool), `purpose` (a use case: ' +
        USE_CASES.join(', ') +
        ') or `search` (free text); automatic selection puts risks and restrictions first and lists datasets over the limit in `skipped`. Each result has status ok | unavailable | error (with code). The answer includes a map link.',
      inputSchema: {
        point: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).optional().describe('[lon, lat] in WGS84.'),
        place: z.string().optional().describe('Address or place name, e.g. "Hlavná 12, Košice".'),
        datasets: z.array(z.string()).max(12).optional().describe('Dataset keys `provider/dataset` (at most 12).'),
        purpose: z.string().optional().describe(`Use case that selects datasets: ${USE_CASES.join(', ')}.`),
        search: z.string().optional().describe('Free text that selects datasets, e.g. "povodne".'),
        radius: z.number().optional().describe('Radius in metres, 1-20000 (default 500).'),
        maxFeatures: z.number().int().optional().describe('Most objects per dataset, 1-50 (default 5).'),
        params: z
          .record(z.string(), z.record(z.string(), z.string()))
          .optional()
          .describe('Dataset parameters: { "provider/dataset": { "param": "value" } } in the protocol value formats (enum "a", multi-enum "a,b", range "from,to").'),
      },
      annotations: READ_ONLY_OPEN,
    },
    runTool(async (a: {
      point?: [number, number];
      place?: string;
      datasets?: string[];
      purpose?: string;
      search?: string;
      radius?: number;
      maxFeatures?: number;
      params?: Record<string, Record<string, string>>;
    }) => {
      const result = await nearby({
        point: a.point,
        place: a.place,
        datasets: a.datasets,
        purpose: a.purpose,
        search: a.search,
        radius: a.radius,
        max: a.maxFeatures,
        params: a.params,
      });
      const lines = result.results.map(
        (r) => `- ${r.dataset}: ${r.status}${r.count !== undefined ? `, ${r.count} objektov` : ''}${r.hits[0] ? ` — najbližšie: ${r.hits[0].title} (${Math.round(r.hits[0].distance)} m)` : ''}`,
      );
      return {
        ...toolResult(result as unknown as Record<string, unknown>),
        content: [{ type: 'text', text: `Bod ${result.point.join(', ')}, polomer ${result.radius} m\n${lines.join('\n')}\nMapa: ${result.map}` }],
      };
    }),
  );
}
