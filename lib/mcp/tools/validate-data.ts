// MCP tool `validate_data`: check a data response, alone or against a dataset of a manifest.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { checkData } from '@/lib/validator';
import { READ_ONLY, runTool, toolResult } from '../result';

export function registerValidateDataTool(server: McpServer): void {
  server.registerTool(
    'validate_data',
    {
      title: 'Kontrola dát',
      description:
        'Checks a data response (a GeoJSON FeatureCollection with optional dm extras) against protocol 0.1. With `dataset` (one dataset object from a manifest) it also checks consistency: properties named by fields and presentation, geometry that suits the presentation, coverage, time series. Returns a validator report { valid, summary, errors[], warnings[] }.',
      inputSchema: {
        data: z.unknown().describe('The FeatureCollection to check.'),
        dataset: z.record(z.string(), z.unknown()).optional().describe('A dataset object from the manifest (optional).'),
      },
      annotations: READ_ONLY,
    },
    runTool(async ({ data, dataset }: { data: unknown; dataset?: Record<string, unknown> }) => {
      const report = checkData(data, dataset);
      return toolResult(report as unknown as Record<string, unknown>, report.summary);
    }),
  );
}
