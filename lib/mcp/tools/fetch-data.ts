// MCP tool `fetch_data`: a dataset's GeoJSON for a bbox or a municipality, cut to maxFeatures.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { DEFAULT_EXTRACT_FEATURES, extractDataset, MAX_EXTRACT_FEATURES } from '@/lib/data/extract';
import { READ_ONLY_OPEN, runTool, toolResult } from '../result';

export function registerFetchDataTool(server: McpServer): void {
  server.registerTool(
    'fetch_data',
    {
      title: 'Dáta datasetu (GeoJSON)',
      description:
        `Returns a dataset's objects as a GeoJSON FeatureCollection (properties include the provider's dm extras as __dm_title, __dm_description, __dm_url, __dm_chart), for an area given as \`bbox\` [minLon, minLat, maxLon, maxLat] or \`municipality\` (name, code or slug as in summary), cut to \`maxFeatures\` (default ${DEFAULT_EXTRACT_FEATURES}, at most ${MAX_EXTRACT_FEATURES}); dm.total tells how many matched and dm.truncated whether some were left out. Datasets loaded per viewport need an area. Raster datasets answer raster_dataset; display-only datasets answer display_only with \`source\`, the original service to use instead.`,
      inputSchema: {
        dataset: z.string().describe('Dataset key `provider/dataset` from the catalog tool.'),
        bbox: z
          .tuple([z.number(), z.number(), z.number(), z.number()])
          .optional()
          .describe('[minLon, minLat, maxLon, maxLat] in WGS84.'),
        municipality: z.string().optional().describe('Municipality name, code or <region-slug>/<municipality-slug>.'),
        zoom: z.number().min(0).max(24).optional().describe('Map zoom 0-24 for datasets loaded per viewport (default 12 or the dataset minimum).'),
        params: z.record(z.string(), z.string()).optional().describe('Dataset parameters { "param": "value" }.'),
        maxFeatures: z.number().int().optional().describe(`Most objects to return, 1-${MAX_EXTRACT_FEATURES} (default ${DEFAULT_EXTRACT_FEATURES}).`),
      },
      annotations: READ_ONLY_OPEN,
    },
    runTool(async (a: { dataset: string; bbox?: [number, number, number, number]; municipality?: string; zoom?: number; params?: Record<string, string>; maxFeatures?: number }) => {
      const { collection, municipality } = await extractDataset(a);
      const where = municipality ? municipality.name : a.bbox ? `bbox ${a.bbox.join(',')}` : 'celé územie';
      return toolResult(
        collection as unknown as Record<string, unknown>,
        `${a.dataset} — ${where}: ${collection.features.length} z ${collection.dm?.total ?? collection.features.length} objektov${collection.dm?.truncated ? ' (skrátené)' : ''}`,
      );
    }),
  );
}
