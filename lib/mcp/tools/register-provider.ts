// MCP tool `register_provider`: the same registration as POST /api/registration.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { registerProvider } from '@/lib/providers';
import { runTool, toolResult } from '../result';

export function registerRegisterProviderTool(server: McpServer, clientAddress: string): void {
  server.registerTool(
    'register_provider',
    {
      title: 'Registrácia poskytovateľa',
      description:
        'Registers a data provider by the https URL of its manifest. The portal runs the live test first; on success the provider is registered as awaiting operator approval (status pending_review) and its data are not in the catalog until approved. Calling again with the same URL reports the current status. Errors: invalid_url, manifest_rejected (report in check), id_taken, url_registered, rejected, too_many_requests, queue_full, registration_unavailable.',
      inputSchema: { manifestUrl: z.string().describe('https URL of the provider manifest.') },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    runTool(async ({ manifestUrl }: { manifestUrl: string }) => {
      const { result } = await registerProvider({ manifestUrl, clientAddress });
      return toolResult(result as unknown as Record<string, unknown>, result.message);
    }),
  );
}
