// MCP tool `validate_manifest`: static check of a manifest object, or the live test of a manifest URL.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { checkManifest } from '@/lib/validator';
import { runLiveTest } from '@/lib/validator/live';
import { READ_ONLY_OPEN, runTool, toolResult } from '../result';

export function registerValidateManifestTool(server: McpServer): void {
  server.registerTool(
    'validate_manifest',
    {
      title: 'Kontrola manifestu',
      description:
        'Checks a provider manifest. Give `manifest` (the manifest JSON object) for a static check against protocol 0.1, or `manifestUrl` (https URL of a published manifest) for the live test: the portal downloads it and sends each dataset the test query it would send itself. Returns a validator report { valid, summary, errors[], warnings[] } (live test also provider and datasets[] with request, durationMs, featureCount). Give exactly one of the two.',
      inputSchema: {
        manifest: z.record(z.string(), z.unknown()).optional().describe('The manifest JSON object (static check).'),
        manifestUrl: z.string().optional().describe('https URL of a published manifest (live test).'),
      },
      annotations: READ_ONLY_OPEN,
    },
    runTool(async ({ manifest, manifestUrl }: { manifest?: Record<string, unknown>; manifestUrl?: string }) => {
      if ((manifest === undefined) === (manifestUrl === undefined)) {
        throw new ApiError('invalid_input', 'Give exactly one of `manifest` or `manifestUrl`.');
      }
      const report = manifest !== undefined ? checkManifest(manifest) : (await runLiveTest(manifestUrl!)).report;
      return toolResult(report as unknown as Record<string, unknown>, report.summary);
    }),
  );
}
