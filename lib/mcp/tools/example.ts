// MCP tool `example`: valid sample manifests and data responses (as served under /priklady/).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { EXAMPLE_NAMES, exampleDocument } from '@/lib/protocol/examples';
import { READ_ONLY, runTool, toolResult } from '../result';

export function registerExampleTool(server: McpServer): void {
  server.registerTool(
    'example',
    {
      title: 'Vzorový manifest alebo dáta',
      description:
        'Returns a valid sample JSON document to start from: `manifest-minimal` (the smallest valid manifest), `manifest-complete` (every part of the protocol: parameters, time filter, colour forms, GeoJSON and raster datasets), `data-points` and `data-polygons` (data responses with dm extras). An unknown name answers the error code `unknown_example` with the list `available`.',
      inputSchema: { name: z.string().describe(`Sample to return, one of: ${EXAMPLE_NAMES.join(', ')}.`) },
      annotations: READ_ONLY,
    },
    runTool(async ({ name }: { name: string }) => {
      const doc = exampleDocument(name) as Record<string, unknown>;
      return toolResult(doc, `Vzor ${name} (/priklady/${name}.json)`);
    }),
  );
}
