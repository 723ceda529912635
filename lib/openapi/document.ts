// GET /openapi.json: the formal description of the whole public interface (OpenAPI 3.1, version
// 0.1). The REST operations are generated from the declared operations (lib/operation, see
// ./operations.ts); the protocol schemas are embedded exactly as served and enforced; error
// responses come from the one code -> status table. Written here by hand: only the plain documents
// (llms.txt, markdown, schema files, samples), the MCP endpoint's JSON-RPC envelope and examples.
import { DOC_SLUGS, DOC_TOPICS } from '@/lib/docs/schema';
import { env } from '@/lib/env';
import { dataOperation } from '@/lib/data/operation';
import { mapViewOperation } from '@/lib/mapimage/operation';
import { VIEW_IMAGE_CACHE_CONTROL } from '@/lib/mapimage/schema';
import { nearbyOperation, nearbySelectionOperation } from '@/lib/nearby/operation';
import { errorBody } from '@/lib/operation/fields';
import { placesOperation, reverseOperation, territoryOperation } from '@/lib/places/operation';
import { exampleDocument, EXAMPLE_NAMES } from '@/lib/protocol/examples';
import { SCHEMA_NAMES } from '@/lib/protocol/schemas';
import { PROTOCOL_VERSION } from '@/lib/protocol/types';
import { completeChallengeOperation, createChallengeOperation } from '@/lib/providers/actions-operation';
import { providerDashboardOperation } from '@/lib/providers/dashboard-operation';
import { catalogOperation, registrationOperation } from '@/lib/providers/operation';
import { reportOperation } from '@/lib/reports/operation';
import { summaryOperation } from '@/lib/summary/operation';
import { draftOperation, liveTestOperation, validateOperation } from '@/lib/validator/operation';
import { errorResponses } from './errors';
import * as ex from './examples';
import { Components, restOperation, type AnyOperation, type OperationDoc } from './operations';
import { protocolComponents } from '@/lib/protocol/components';
import type { JsonSchema, OpenApiDocument, Operation, Parameter, Response } from './types';
import { CACHE_LIFETIMES, type CachedKind } from '@/lib/http-cache';
import { z } from 'zod';

const OPENAPI_VERSION = PROTOCOL_VERSION;

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const json = (schema: JsonSchema, example?: unknown): Response['content'] => ({
  'application/json': { schema, ...(example === undefined ? {} : { example }) },
});

const text = (mediaType: string, description: string, example: string): Response => ({
  description,
  content: { [mediaType]: { schema: { type: 'string' }, example } },
});

const path = (name: string, description: string, schema: JsonSchema, example: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
  example,
});

/** The MCP endpoint's JSON-RPC 2.0 envelope (the tools themselves are listed by tools/list). */
const JSON_RPC_SCHEMAS: Record<string, JsonSchema> = {
  JsonRpcRequest: {
    type: 'object',
    required: ['jsonrpc', 'method'],
    properties: {
      jsonrpc: { const: '2.0' },
      id: { type: ['string', 'integer'], description: 'Absent for notifications.' },
      method: { type: 'string', description: 'initialize, tools/list, tools/call, resources/list, resources/read, prompts/list, prompts/get, ping, notifications/initialized, ...' },
      params: { type: 'object' },
    },
  },
  JsonRpcResponse: {
    type: 'object',
    required: ['jsonrpc'],
    properties: {
      jsonrpc: { const: '2.0' },
      id: { type: ['string', 'integer', 'null'] },
      result: { type: 'object', description: 'For tools/call: `{ content: [{ type: "text", text }], structuredContent?, isError? }`.' },
      error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} } },
    },
  },
};

/** The headers of an answer a shared cache may keep (lib/http-cache.ts), and its 304. */
function cacheable(kind: CachedKind, op: AnyOperation): Pick<OperationDoc, 'headers' | 'responses'> {
  // An answer with a top-level `generated` time gets a weak tag without it (jsonAnswer in lib/http-cache.ts).
  const weak = op.output instanceof z.ZodObject && 'generated' in op.output.shape;
  return {
    headers: {
      ETag: {
        description: weak
          ? 'Weak entity tag of the answer without its `generated` time; send it as `If-None-Match` to get 304.'
          : 'Strong entity tag of the body; send it as `If-None-Match` to get 304.',
        schema: { type: 'string' },
      },
      'Cache-Control': {
        description: `\`${CACHE_LIFETIMES[kind]}\`${kind === 'nearby' ? '; `no-store` (and no ETag) when a source failed for one of the datasets' : ''}.`,
        schema: { type: 'string' },
      },
    },
    responses: { '304': { description: 'Not modified (the `If-None-Match` tag matches).' } },
  };
}

const SOURCE_CODES_EXAMPLE = { unknown_dataset: 'Unknown dataset "sk-uzemie/neexistuje".', display_only: 'This dataset is only displayed by the portal; use the original service.' } as const;

/** The REST operations, each generated from its declared operation plus its examples. */
function restOperations(components: Components): OpenApiDocument['paths'] {
  const generated: Array<[AnyOperation, OperationDoc]> = [
    [catalogOperation, { example: ex.catalog }],
    [
      dataOperation,
      {
        example: ex.data,
        mediaType: 'application/geo+json',
        parameterExamples: { bbox: [17.05, 48.1, 17.2, 48.2], zoom: 12 },
        headers: {
          'X-DM-Cache': { description: '`hit` (from cache), `miss` (fresh from the source), `stale` (source unavailable, last known data; see `dm.notice`).', required: true, schema: { enum: ['hit', 'miss', 'stale'] } },
          ETag: { description: 'Strong entity tag of the body; send it as `If-None-Match` to get 304.', schema: { type: 'string' } },
          'Cache-Control': { description: 'Remaining freshness of the cached copy.', schema: { type: 'string' } },
        },
        responses: { '304': { description: 'Not modified (the `If-None-Match` tag matches).' } },
        errorExamples: SOURCE_CODES_EXAMPLE,
      },
    ],
    [placesOperation, { example: ex.places, parameterExamples: { query: 'Žilina' } }],
    [reverseOperation, { example: ex.reverse, parameterExamples: { point: [18.7394, 49.2231] } }],
    [territoryOperation, { parameterExamples: { query: 'okres Poltár' } }],
    [
      nearbyOperation,
      {
        example: ex.nearby,
        parameterExamples: { point: [17.1077, 48.1486], place: 'Hlavná 1, Košice', datasets: ['sk-uzemie/obce'] },
        errorExamples: { missing_dataset_selection: 'Give exactly one of datasets, purpose or search.' },
      },
    ],
    [
      nearbySelectionOperation,
      {
        example: ex.nearbySelection,
        parameterExamples: { point: [17.1077, 48.1486], place: 'Hlavná 1, Košice', purpose: 'construction', search: 'povodne' },
        errorExamples: { missing_dataset_selection: 'Choose the selection with exactly one of: purpose (a use case) or search (text).' },
      },
    ],
    [summaryOperation, { example: ex.summary, parameterExamples: { municipality: 'Žilina' } }],
    [liveTestOperation, { example: ex.liveReport, parameterExamples: { manifestUrl: 'https://data.example.sk/manifest.json' }, errorExamples: { invalid_input: 'manifestUrl is required: the address of the manifest (JSON).' } }],
    [
      validateOperation,
      {
        example: ex.report,
        bodyExamples: {
          manifest: { summary: 'A manifest', value: exampleDocument('manifest-minimal') },
          data: { summary: 'Data with its dataset', value: { data: exampleDocument('data-points'), dataset: ex.sampleDataset() } },
          live: { summary: 'Live test', value: { manifestUrl: 'https://data.example.sk/manifest.json' } },
        },
      },
    ],
    [draftOperation, { bodyExamples: { ogc: { summary: 'An OGC API – Features service', value: { url: 'https://gis.example.sk/ogc' } }, wfs: { summary: 'A WFS 2.0 service', value: { url: 'https://gis.example.sk/wfs?service=WFS&request=GetCapabilities&version=2.0.0' } }, arcgis: { summary: 'An ArcGIS FeatureServer', value: { url: 'https://gis.example.sk/arcgis/rest/services/Obec/FeatureServer' } } } }],
    [providerDashboardOperation, { parameterExamples: { id: 'sk-uzemie' } }],
    [
      mapViewOperation,
      {
        mediaType: 'image/png',
        parameterExamples: { center: [19.5, 48.7], zoom: 6, width: 448, height: 896, datasets: ['sk-uzemie/obce'] },
        headers: {
          ETag: { description: 'Strong entity tag of the PNG; send it as `If-None-Match` to get 304.', schema: { type: 'string' } },
          'Cache-Control': { description: `\`${VIEW_IMAGE_CACHE_CONTROL}\`.`, schema: { type: 'string' } },
        },
        responses: { '304': { description: 'Not modified (the `If-None-Match` tag matches).' } },
        errorExamples: { source_error: 'Not drawn: priklady/body (timeout: the source did not answer).' },
      },
    ],
    [createChallengeOperation, { bodyExamples: { withdraw: { summary: 'Withdraw the provider', value: { action: 'withdraw' } }, move: { summary: 'A new manifest URL', value: { action: 'move', manifestUrl: 'https://gis.example.sk/portal/manifest.json' } } } }],
    [completeChallengeOperation, { bodyExamples: { prove: { summary: 'The token is in place', value: {} } } }],
    [
      registrationOperation,
      {
        examples: { '201': ex.registration, '200': { ...ex.registration, registered: false, status: 'approved', message: 'Already registered and approved.' } },
        bodyExamples: { register: { summary: 'Register a manifest', value: { manifestUrl: 'https://data.example.sk/manifest.json' } } },
      },
    ],
    [
      reportOperation,
      {
        examples: { '201': { id: 42, status: 'open' } },
        bodyExamples: {
          site: { summary: 'A problem with the site', value: { kind: 'site', message: 'Vyhľadávanie nenašlo moju obec.', page: '/' } },
          data: { summary: 'Wrong data of a dataset', value: { kind: 'data', message: 'Zastávka tu už nie je.', dataset: 'priklady/body', point: [17.107, 48.145], email: 'obcan@example.sk' } },
        },
      },
    ],
  ];
  const paths: OpenApiDocument['paths'] = {};
  for (const [op, doc] of generated) {
    const { path: p, method } = op.rest!;
    // A cached operation's ETag, Cache-Control and 304 follow from its declared kind.
    const documented = op.cache ? { ...cacheable(op.cache, op), ...doc } : doc;
    paths[p] = { ...paths[p], [method]: restOperation(op, components, documented) };
  }
  return paths;
}

function documentOperations(base: string): OpenApiDocument['paths'] {
  const mcp: Operation = {
    operationId: 'mcp',
    tags: ['mcp'],
    summary: 'MCP server (Streamable HTTP, stateless)',
    description: [
      'Model Context Protocol over Streamable HTTP: stateless (no session), JSON responses, no authentication. Send JSON-RPC 2.0 messages with `Accept: application/json, text/event-stream`.',
      'Tools: `documentation` (topic: ' + DOC_TOPICS.join(', ') + '), `schema` (type: ' + SCHEMA_NAMES.join(', ') + '; unknown → `unknown_schema` with `available`), `example` (name: ' + EXAMPLE_NAMES.join(', ') + '; unknown → `unknown_example` with `available`),',
      '`validate_manifest` (`manifest` or `manifestUrl`), `validate_data` (`data`, `dataset?`), `register_provider` (`manifestUrl`), `catalog` (`search?`, `point?` [lon, lat]; `pointQuery` marks datasets that answer nearby),',
      '`find_place` (`query`, `maxResults`), `nearby` (`point` or `place`; `datasets`, `purpose` or `search`; `radius`, `maxFeatures`, `params`), `summary` (`dataset`, `municipality?`, `params`),',
      '`fetch_data` (`dataset`, `bbox` or `municipality`, `zoom`, `params`, `maxFeatures`; GeoJSON truncated to `maxFeatures`; display-only datasets answer like the data endpoint’s 303).',
      'Resources (resources/list, resources/read): the six documents (text/markdown), the protocol JSON Schemas and the samples (application/json), each under the URL it is served at. Prompts (prompts/list, prompts/get): `co-je-na-adrese` (adresa, ucel?) and `porovnaj-obec` (obec). A Host other than PUBLIC_BASE_URL\'s (or MCP_ALLOWED_HOSTS) is refused with 403 saying why (DNS-rebinding protection).',
      'Each tool declares `inputSchema` and `outputSchema`; a result carries `structuredContent` (for find_place, nearby and summary the very answer of the REST endpoint) and the same JSON as a text block, after an optional one-line summary. A failure, bad input included, is a result with `isError: true` whose text is the JSON `{ error, code }` the REST API would send (plus `available` for unknown_schema / unknown_example).',
    ].join(' '),
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: { oneOf: [ref('JsonRpcRequest'), { type: 'array', items: ref('JsonRpcRequest'), minItems: 1 }] },
          examples: {
            toolsList: { summary: 'List the tools', value: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
            findPlace: { summary: 'Call find_place', value: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'find_place', arguments: { query: 'Lehota', maxResults: 2 } } } },
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'The JSON-RPC response.',
        content: {
          'application/json': {
            schema: { oneOf: [ref('JsonRpcResponse'), { type: 'array', items: ref('JsonRpcResponse') }] },
            example: ex.mcpResponse,
          },
        },
      },
      '202': { description: 'Accepted (the request held only notifications or responses).' },
      '4XX': {
        description: 'Transport-level error (malformed JSON-RPC, missing Accept types, wrong content type) as a JSON-RPC error object.',
        content: { 'application/json': { schema: ref('JsonRpcResponse'), example: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } } } },
      },
    },
  };

  const llms: Operation = {
    operationId: 'getLlmsTxt',
    tags: ['documentation'],
    summary: 'Index for language models (llms.txt)',
    description: 'The llmstxt.org layout: title, summary, links to the markdown documents, the MCP endpoint and the approved datasets one line each. Generated from the registry at request time: a newly approved dataset appears at once, a pending one never.',
    responses: { '200': text('text/plain', 'The llms.txt index (markdown).', ex.llmsTxt(base)), ...errorResponses([]) },
  };
  const llmsFull: Operation = {
    operationId: 'getLlmsFullTxt',
    tags: ['documentation'],
    summary: 'Full documentation for language models',
    description: 'The llms.txt index followed by every documentation document inline.',
    responses: { '200': text('text/plain', 'All documents in one markdown text.', ex.llmsTxt(base)), ...errorResponses([]) },
  };
  const indexMd: Operation = {
    operationId: 'getIndexMarkdown',
    tags: ['documentation'],
    summary: 'The portal home page as markdown',
    description: 'What the portal is, the approved datasets by category with their links, and the documentation.',
    responses: { '200': text('text/markdown', 'The home page.', '# Geodáta Slovenska\n\n> Verejný portál geografických dát Slovenska…\n'), ...errorResponses([]) },
  };
  const sourcesMd: Operation = {
    operationId: 'getSourcesMarkdown',
    tags: ['documentation'],
    summary: 'Data sources with licences and attribution',
    description: 'Generated from the catalog (every approved provider and dataset with its licence and attribution) plus the sources of the built-in reference data.',
    responses: { '200': text('text/markdown', 'The sources.', '# Zdroje dát a licencie\n\n…\n'), ...errorResponses([]) },
  };
  const docMd: Operation = {
    operationId: 'getDocumentMarkdown',
    tags: ['documentation'],
    summary: 'A documentation document as markdown',
    description: 'The Slovak documentation; the same text is rendered as HTML at `/dokumentacia/{slug}`.',
    parameters: [path('slug', 'Document.', { enum: [...DOC_SLUGS] }, 'pre-ai-agentov')],
    responses: {
      '200': text('text/markdown', 'The document.', '# Pre AI agentov\n\n…\n'),
      '404': { description: 'Unknown document (the portal’s HTML not-found page).', content: { 'text/html': { schema: { type: 'string' } } } },
      ...errorResponses([]),
    },
  };
  const openapi: Operation = {
    operationId: 'getOpenApi',
    tags: ['documentation'],
    summary: 'This interface description',
    description: 'OpenAPI 3.1, `info.version` 0.1. The protocol schemas are embedded as `Manifest*` and `Data*` components.',
    responses: { '200': { description: 'This document.', content: json({ type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { const: '3.1.0' }, info: { type: 'object', required: ['version'], properties: { version: { const: OPENAPI_VERSION } } }, paths: { type: 'object' } } }) }, ...errorResponses([]) },
  };
  const schema: Operation = {
    operationId: 'getProtocolSchema',
    tags: ['protocol'],
    summary: 'JSON Schemas and provider contract of the protocol',
    description: '`manifest.json` and `data.json` are JSON Schemas (draft 2020-12) — the very documents the validator enforces; `provider-openapi.json` is the OpenAPI contract a provider implements.',
    parameters: [path('file', 'Schema file.', { enum: SCHEMA_NAMES.map((n) => `${n}.json`) }, 'manifest.json')],
    responses: {
      '200': {
        description: 'The schema document.',
        content: {
          'application/schema+json': {
            schema: { type: 'object', required: ['$schema', '$id'], properties: { $schema: { const: 'https://json-schema.org/draft/2020-12/schema' }, $id: { type: 'string', format: 'uri' } } },
          },
          'application/json': { schema: { type: 'object', required: ['openapi'], properties: { openapi: { type: 'string', pattern: '^3\\.1\\.' } } } },
        },
      },
      ...errorResponses(['unknown_schema']),
    },
  };
  const examples: Operation = {
    operationId: 'getProtocolExample',
    tags: ['protocol'],
    summary: 'Valid sample manifests and data responses',
    description: 'Samples that pass the validator without errors. The data samples also work as data endpoints (they honour `limit` and their sample parameters): the built-in provider `priklady` reads them.',
    parameters: [path('file', 'Sample name.', { enum: [...EXAMPLE_NAMES] }, 'manifest-minimal')],
    responses: {
      '200': {
        description: 'The sample.',
        content: {
          'application/json': { schema: ref('Manifest'), example: exampleDocument('manifest-minimal') },
          'application/geo+json': { schema: ref('Data'), example: exampleDocument('data-points') },
        },
      },
      ...errorResponses(['unknown_example']),
    },
  };

  return {
    '/mcp': { post: mcp },
    '/llms.txt': { get: llms },
    '/llms-full.txt': { get: llmsFull },
    '/index.md': { get: indexMd },
    '/zdroje.md': { get: sourcesMd },
    '/dokumentacia/{slug}.md': { get: docMd },
    '/openapi.json': { get: openapi },
    '/schema/0.1/{file}': { get: schema },
    '/priklady/{file}.json': { get: examples },
  };
}

/** The interface document for the portal at `base` (default: the configured public origin). */
function buildOpenApiDocument(base: string = env().publicBaseUrl): OpenApiDocument {
  const components = new Components();
  components.add(errorBody, 'output');
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Geodáta Slovenska — portal API',
      version: OPENAPI_VERSION,
      summary: 'Catalog, data, places, nearby, summaries, validator, registration and MCP of the Slovak geodata portal.',
      description: [
        'The whole machine interface of the portal. Everything is public, without authentication, with CORS `*`.',
        'Every JSON error body is `{ error, code }` (some codes add `available`, `source` or `check`).',
        'Coordinates are WGS84 `lon,lat` unless stated otherwise. Protocol version: ' + PROTOCOL_VERSION + '.',
        `Documentation (Slovak): ${base}/dokumentacia/api.md; for language models: ${base}/llms.txt.`,
      ].join('\n\n'),
      license: { name: 'CC0-1.0', identifier: 'CC0-1.0' },
    },
    servers: [{ url: base, description: 'This portal.' }],
    // No operation needs credentials.
    security: [],
    externalDocs: { url: `${base}/dokumentacia/api`, description: 'API documentation (Slovak)' },
    tags: [
      { name: 'catalog', description: 'Approved providers and datasets.' },
      { name: 'data', description: 'Dataset contents as GeoJSON through the portal cache.' },
      { name: 'places', description: 'Geocoding, what lies at or near a point, summaries per municipality.' },
      { name: 'validation', description: 'Manifest and data checks, live provider test.' },
      { name: 'registration', description: 'Provider self-registration (approved by the operator).' },
      { name: 'reports', description: 'Problem reports about the site or a dataset ("Nahlásiť problém"), read by the operator.' },
      { name: 'map', description: 'Pictures of map views drawn on the server.' },
      { name: 'mcp', description: 'Model Context Protocol server wrapping the same functions.' },
      { name: 'documentation', description: 'Documents for people and language models.' },
      { name: 'protocol', description: 'JSON Schemas and samples of protocol ' + PROTOCOL_VERSION + '.' },
    ],
    paths: { ...restOperations(components), ...documentOperations(base) },
    components: { schemas: { ...components.schemas, ...protocolComponents(), ...JSON_RPC_SCHEMAS } },
  };
}

let cached: { base: string; doc: OpenApiDocument } | undefined;

/** The document for the configured origin, built once per process (its inputs are static). */
export function getOpenApiDocument(): OpenApiDocument {
  const base = env().publicBaseUrl;
  if (cached?.base !== base) cached = { base, doc: buildOpenApiDocument(base) };
  return cached.doc;
}
