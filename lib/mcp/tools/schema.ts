// MCP tool `schema`: the protocol's JSON Schemas and the provider OpenAPI contract (as served under /schema/0.1/).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { SCHEMA_NAMES, schemaDocument, schemaUrl } from '@/lib/protocol';
import { READ_ONLY, runTool, toolResult } from '../result';

export function registerSchemaTool(server: McpServer): void {
  server.registerTool(
    'schema',
    {
      title: 'JSON Schema protokolu',
      description:
        'Returns a formal schema of protocol 0.1: `manifest` (JSON Schema of a provider manifest), `data` (JSON Schema of a data response, a GeoJSON FeatureCollection with dm extras) or `provider-openapi` (the OpenAPI 3.1 contract a provider data endpoint implements). An unknown type answers the error code `unknown_schema` with the list `available`.',
      inputSchema: { type: z.string().describe(`Schema to return, one of: ${SCHEMA_NAMES.join(', ')}.`) },
      annotations: READ_ONLY,
    },
    runTool(async ({ type }: { type: string }) => {
      const document = schemaDocument(type) as Record<string, unknown>;
      return toolResult(document, `Schéma ${type} (${schemaUrl(type as (typeof SCHEMA_NAMES)[number])})`);
    }),
  );
}
