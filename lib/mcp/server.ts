// The portal's MCP server: stateless Streamable HTTP with JSON responses. The tools are declared once
// per process (lib/mcp/tools/*, each derived from an operation, schemas built on first use); a request
// gets only a fresh low-level Server and transport. The low-level Server (rather than McpServer) lets
// tools/call parse the arguments with the operation's own input, so a broken limit is a tool result
// `isError: true` with the REST code (`invalid_query`, ...), not the SDK's validation text.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import {
  type CallToolRequest,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { env } from '@/lib/env';
import { PROTOCOL_VERSION } from '@/lib/protocol';
import { getPrompt, listPrompts } from './prompts';
import { listResources, readResource } from './resources';
import { listResourceTemplates } from './templates';
import type { ToolContext } from './tool';
import { TOOLS } from './tools';

const MCP_SERVER_NAME = 'geodata-sk';

const INSTRUCTIONS =
  'Slovak public geodata portal. Resources: the documentation (markdown), JSON Schemas and samples; resource templates: dataset pages, dataset summaries, municipality overviews, documentation pages; prompts co-je-na-adrese and porovnaj-obec. Typical flow: `catalog` (find datasets, optionally with a point) -> `find_place` (geocode an address) -> `nearby` (what lies at/around the point) or `summary` (how a municipality compares) or `fetch_data` (GeoJSON). For data providers: `documentation` topic providers, `example`, `schema`, `validate_manifest`, `validate_data`, `register_provider`. Every result is JSON (structuredContent and the same JSON as text); errors are `{ error, code }` with isError. Answers are in Slovak where they carry text for people; cite `attribution`.';

const TOOLS_BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

/**
 * tools/call as the protocol layer parses it: leniently, so that the Server's own strict check of
 * the request (which runs next) answers malformed params, e.g. `arguments` that are no object, with
 * -32602 invalid params instead of the protocol layer's -32603 internal error.
 */
const CallToolRequestLenient = z.object({ method: z.literal('tools/call'), params: z.unknown() });

/**
 * The SDK's JSON Schema validator (elicitation only; the portal never elicits): one per process. The
 * Server otherwise builds a new Ajv instance for every request (seen in a CPU profile of the mixed
 * workload: Ajv's constructor under handleMcpRequest, and the garbage it leaves).
 */
let validator: AjvJsonSchemaValidator | undefined;

function createMcpServer(ctx: ToolContext): Server {
  const server = new Server(
    { name: MCP_SERVER_NAME, title: 'Geodáta Slovenska', version: PROTOCOL_VERSION },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: (validator ??= new AjvJsonSchemaValidator()) },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS.map((t) => t.definition()) }));
  server.setRequestHandler(CallToolRequestLenient, async (request) => {
    // The Server has checked the request against the MCP schema by now (see above).
    const params = request.params as CallToolRequest['params'];
    const tool = TOOLS_BY_NAME.get(params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${params.name} not found; tools/list names the ${TOOLS.length} tools.`);
    return tool.call(params.arguments, ctx);
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listResources(ctx.baseUrl) }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: listResourceTemplates(ctx.baseUrl) }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(ctx, request.params.uri));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: listPrompts() }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => getPrompt(request.params.name, request.params.arguments));
  return server;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * DNS-rebinding protection per the MCP transport guidance. The Host header must name this portal:
 * PUBLIC_BASE_URL's host, the extra names of MCP_ALLOWED_HOSTS (another public name, an internal
 * address behind a proxy), or localhost on PORT. The Origin header, when sent, must be one of those
 * too while the portal runs on a local address; a portal on a public name answers every origin (the
 * spec's CORS `*`), since a rebound request cannot carry our Host there.
 */
function dnsRebindingPolicy(): DnsRebindingPolicy {
  const settings = env();
  if (policy?.settings !== settings) policy = { settings, value: dnsRebindingPolicyOf(settings) };
  return policy.value;
}

interface DnsRebindingPolicy {
  allowedHosts: string[];
  allowedOrigins?: string[];
}

/** The policy of the settings it was made from (env() gives a new object when they change). */
let policy: { settings: ReturnType<typeof env>; value: DnsRebindingPolicy } | undefined;

function dnsRebindingPolicyOf({ publicBaseUrl, port, mcpAllowedHosts }: ReturnType<typeof env>): DnsRebindingPolicy {
  const base = new URL(publicBaseUrl);
  const hosts = new Set<string>([base.host, ...mcpAllowedHosts]);
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

function refusal(message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, { status: 403 });
}

/** A 403 that says why, for a Host or Origin outside the policy; null when the request may pass. */
function refuseForeignHost(req: Request): Response | null {
  const { allowedHosts, allowedOrigins } = dnsRebindingPolicy();
  const host = (req.headers.get('host') ?? '').toLowerCase();
  if (!allowedHosts.includes(host)) {
    return refusal(
      `Host "${host || '(none)'}" is not served by this MCP endpoint (DNS-rebinding protection). Allowed hosts: ${allowedHosts.join(', ')}. ` +
        'The operator sets PUBLIC_BASE_URL to the public address and may add names with MCP_ALLOWED_HOSTS.',
    );
  }
  const origin = req.headers.get('origin');
  if (origin && allowedOrigins && !allowedOrigins.includes(origin)) {
    return refusal(
      `Origin "${origin}" may not call this MCP endpoint (DNS-rebinding protection of a portal on a local address). Allowed origins: ${allowedOrigins.join(', ')}.`,
    );
  }
  return null;
}

export async function handleMcpRequest(req: Request, clientAddress: string): Promise<Response> {
  const refused = refuseForeignHost(req);
  if (refused) return refused;
  const server = createMcpServer({ clientAddress, baseUrl: env().publicBaseUrl });
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
    // JSON responses are complete when handleRequest resolves; release the per-request pair on the
    // next turn of the event loop. The SDK forgets a finished handler's AbortController a few promise
    // jobs after the answer is sent, and closing before that aborts it, which builds a DOMException
    // with its stack for every request (3.4 % of the server's CPU under the crowd's MCP calls).
    setImmediate(() => {
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    });
  }
}
