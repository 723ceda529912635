// The portal's MCP server: stateless Streamable HTTP with JSON responses. A fresh server and
// transport per request (no sessions to keep), each tool a thin wrapper over the lib/ services.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { env } from '@/lib/env';
import { PROTOCOL_VERSION } from '@/lib/protocol';
import { registerCatalogTool } from './tools/catalog';
import { registerDocumentationTool } from './tools/documentation';
import { registerExampleTool } from './tools/example';
import { registerFetchDataTool } from './tools/fetch-data';
import { registerFindPlaceTool } from './tools/find-place';
import { registerNearbyTool } from './tools/nearby';
import { registerRegisterProviderTool } from './tools/register-provider';
import { registerSchemaTool } from './tools/schema';
import { registerSummaryTool } from './tools/summary';
import { registerValidateDataTool } from './tools/validate-data';
import { registerValidateManifestTool } from './tools/validate-manifest';

export const MCP_SERVER_NAME = 'geodata-sk';

const INSTRUCTIONS =
  'Slovak public geodata portal. Typical flow: `catalog` (find datasets, optionally with a point) -> `find_place` (geocode an address) -> `nearby` (what lies at/around the point) or `summary` (how a municipality compares) or `fetch_data` (GeoJSON). For data providers: `documentation` topic providers, `example`, `schema`, `validate_manifest`, `validate_data`, `register_provider`. Answers are in Slovak where they carry text for people; cite `attribution`.';

export function createMcpServer(clientAddress: string): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, title: 'Geodáta Slovenska', version: PROTOCOL_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  registerDocumentationTool(server);
  registerSchemaTool(server);
  registerExampleTool(server);
  registerValidateManifestTool(server);
  registerValidateDataTool(server);
  registerRegisterProviderTool(server, clientAddress);
  registerCatalogTool(server);
  registerFindPlaceTool(server);
  registerNearbyTool(server);
  registerSummaryTool(server);
  registerFetchDataTool(server);
  return server;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * DNS-rebinding protection per the MCP transport guidance. The Host header must name this portal
 * (PUBLIC_BASE_URL's host, or localhost on PORT). The Origin header, when sent, must be one of
 * those too while the portal runs on a local address; a portal on a public name answers every
 * origin (the spec's CORS `*`), since a rebound request cannot carry our Host there.
 */
export function dnsRebindingPolicy(): { allowedHosts: string[]; allowedOrigins?: string[] } {
  const { publicBaseUrl, port } = env();
  const base = new URL(publicBaseUrl);
  const hosts = new Set<string>([base.host]);
  for (const h of LOCAL_HOSTS) hosts.add(`${h}:${port}`);
  const allowedHosts = [...hosts];
  if (!LOCAL_HOSTS.has(base.hostname)) return { allowedHosts };
  const origins = new Set<string>([base.origin]);
  for (const h of allowedHosts) {
    origins.add(`http://${h}`);
    origins.add(`https://${h}`);
  }
  return { allowedHosts, allowedOrigins: [...origins] };
}

export async function handleMcpRequest(req: Request, clientAddress: string): Promise<Response> {
  const server = createMcpServer(clientAddress);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    enableDnsRebindingProtection: true,
    ...dnsRebindingPolicy(),
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
  } finally {
    // JSON responses are complete when handleRequest resolves; release the per-request pair.
    void transport.close().catch(() => undefined);
    void server.close().catch(() => undefined);
  }
}
