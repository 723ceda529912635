// An MCP client of the portal over real HTTP: the /mcp route served on 127.0.0.1 and the SDK's own
// Client connected to it (the Host check admits localhost on PORT; the public base stays as seeded).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as mcpRoute from '@/app/mcp/route';
import { resetEnvForTests } from '@/lib/env';
import { serveRoutes, type RouteServer } from './route-server';

export interface McpTestClient {
  server: RouteServer;
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connectMcp(name = 'portal-test'): Promise<McpTestClient> {
  const server = await serveRoutes({ '/mcp': mcpRoute as never });
  process.env.PUBLIC_BASE_URL = `http://localhost:${process.env.PORT ?? 3000}`;
  process.env.PORT = String(server.port);
  resetEnvForTests();
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  return {
    server,
    client,
    call: async (tool, args) => (await client.callTool({ name: tool, arguments: args })) as CallToolResult,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The JSON text block of a result (the last text block; a one-line summary may precede it). */
export function jsonText(r: CallToolResult): string {
  const texts = r.content.filter((c) => c.type === 'text');
  return (texts[texts.length - 1] as { text: string } | undefined)?.text ?? '';
}
