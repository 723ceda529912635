// MCP resources: the documentation (text/markdown), the protocol's JSON Schemas and the samples
// (application/json), the same documents the portal serves at these very URLs.
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { DOCS } from '@/lib/docs/documents';
import { getDocumentMarkdown } from '@/lib/docs/load';
import { EXAMPLE_NAMES, exampleDocument } from '@/lib/protocol/examples';
import { getOpenApiDocument } from '@/lib/openapi';
import { SCHEMA_BASE_PATH, SCHEMA_NAMES, schemaDocument } from '@/lib/protocol/schemas';
import { readTemplated, TemplateReadError } from './templates';
import { TOOL_SCHEMAS_PATH, type ToolContext } from './tool';
import { mapUiResource } from './ui';
import { toolSchemasDocument } from './tools';

interface PortalResource extends Resource {
  read(): Promise<string>;
}

const SCHEMA_TITLES: Record<(typeof SCHEMA_NAMES)[number], string> = {
  manifest: 'JSON Schema manifestu (protokol 0.1)',
  data: 'JSON Schema dátovej odpovede (protokol 0.1)',
  'provider-openapi': 'Rozhranie, ktoré implementuje poskytovateľ (OpenAPI 3.1)',
};

const EXAMPLE_TITLES: Record<(typeof EXAMPLE_NAMES)[number], string> = {
  'manifest-minimal': 'Vzorový minimálny manifest',
  'manifest-complete': 'Vzorový úplný manifest',
  'data-points': 'Vzorová dátová odpoveď s bodmi',
  'data-polygons': 'Vzorová dátová odpoveď s plochami',
};

/** The resources of the portal at `base` (their URIs are the addresses they are served at). */
function portalResources(base: string): PortalResource[] {
  return [
    ...DOCS.map((d) => ({
      uri: `${base}/dokumentacia/${d.slug}.md`,
      name: d.slug,
      title: d.title,
      description: d.summary,
      mimeType: 'text/markdown',
      read: () => getDocumentMarkdown(d.slug),
    })),
    ...SCHEMA_NAMES.map((n) => ({
      uri: `${base}${SCHEMA_BASE_PATH}/${n}.json`,
      name: `schema-${n}`,
      title: SCHEMA_TITLES[n],
      description: `The ${n} document of protocol 0.1, as the \`schema\` tool returns it.`,
      mimeType: 'application/json',
      read: async () => JSON.stringify(schemaDocument(n), null, 2),
    })),
    {
      uri: `${base}${TOOL_SCHEMAS_PATH}`,
      name: 'mcp-tool-schemas',
      title: 'Úplné schémy nástrojov MCP',
      description: 'Every tool’s whole inputSchema and outputSchema (tools/list carries brief forms of the answers).',
      mimeType: 'application/json',
      read: async () => JSON.stringify(toolSchemasDocument()),
    },
    {
      uri: `${base}/openapi.json`,
      name: 'openapi',
      title: 'Popis rozhrania portálu (OpenAPI 3.1)',
      description: 'The REST API with every answer schema (components.schemas), the same schemas the MCP tools answer with.',
      mimeType: 'application/json',
      read: async () => JSON.stringify(getOpenApiDocument()),
    },
    ...EXAMPLE_NAMES.map((n) => ({
      uri: `${base}/priklady/${n}.json`,
      name: `example-${n}`,
      title: EXAMPLE_TITLES[n],
      description: `A valid sample (\`${n}\`), as the \`example\` tool returns it.`,
      mimeType: 'application/json',
      read: async () => JSON.stringify(exampleDocument(n), null, 2),
    })),
    mapUiResource(base),
  ];
}

export function listResources(base: string): Resource[] {
  return portalResources(base).map(({ read: _read, ...r }) => r);
}

/** -32002: the MCP specification's code for an unknown resource. */
const RESOURCE_NOT_FOUND = -32002;

export async function readResource(ctx: ToolContext, uri: string): Promise<ReadResourceResult> {
  const found = portalResources(ctx.baseUrl).find((r) => r.uri === uri);
  if (!found) {
    let templated: ReadResourceResult | null;
    try {
      templated = await readTemplated(uri, ctx);
    } catch (err) {
      if (err instanceof TemplateReadError) throw new McpError(RESOURCE_NOT_FOUND as ErrorCode, `Resource not found: ${uri} (${err.message}).`, { uri });
      throw err;
    }
    if (templated) return templated;
    throw new McpError(
      RESOURCE_NOT_FOUND as ErrorCode,
      `Resource not found: ${uri}. resources/list names the documentation, schemas and samples; resources/templates/list the addresses to fill in.`,
      { uri },
    );
  }
  return { contents: [{ uri: found.uri, mimeType: found.mimeType, text: await found.read(), ...(found._meta ? { _meta: found._meta } : {}) }] };
}
