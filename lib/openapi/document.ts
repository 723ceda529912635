// GET /openapi.json: the formal description of the whole public interface (OpenAPI 3.1, version
// 0.1). Built from typed pieces: the protocol schemas exactly as served and enforced, the portal's
// response schemas, and error responses generated from the one code -> status table.
import { DOC_SLUGS, DOC_TOPICS } from '@/lib/docs/documents';
import { env } from '@/lib/env';
import { exampleDocument, EXAMPLE_NAMES } from '@/lib/protocol/examples';
import { SCHEMA_NAMES } from '@/lib/protocol/schemas';
import { PROTOCOL_VERSION, USE_CASES } from '@/lib/protocol/types';
import { errorResponses } from './errors';
import * as ex from './examples';
import { protocolComponents } from './protocol-schemas';
import { portalSchemas } from './schemas';
import type { JsonSchema, OpenApiDocument, Operation, Parameter, Response } from './types';

export const OPENAPI_VERSION = PROTOCOL_VERSION;

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const json = (schema: JsonSchema, example?: unknown): Response['content'] => ({
  'application/json': { schema, ...(example === undefined ? {} : { example }) },
});

const text = (mediaType: string, description: string, example: string): Response => ({
  description,
  content: { [mediaType]: { schema: { type: 'string' }, example } },
});

const CORS_NOTE = 'Public, no authentication, CORS `*`.';

const path = (name: string, description: string, schema: JsonSchema = { type: 'string' }, example?: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
  ...(example ? { example } : {}),
});

const query = (name: string, description: string, schema: JsonSchema, extra: Partial<Parameter> = {}): Parameter => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
  ...extra,
});

const ID_SCHEMA: JsonSchema = { type: 'string', pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$', maxLength: 64 };

function datasetPathParams(): Parameter[] {
  return [
    path('provider', 'Provider id.', ID_SCHEMA, 'sk-uzemie'),
    path('dataset', 'Dataset id.', ID_SCHEMA, 'obyvatelstvo'),
  ];
}

const DATASET_PARAMS: Parameter = {
  name: 'params',
  in: 'query',
  required: false,
  style: 'form',
  explode: true,
  description:
    'The dataset’s own parameters (catalog `params`), each as its own query parameter named by its key, in the protocol value format: enum `a`, multi-enum `a,b`, range `from,to`, date-range `YYYY-MM-DD,YYYY-MM-DD`. Omitted ones get their `default`.',
  schema: { type: 'object', additionalProperties: { type: 'string' } },
  example: { rok: '2015,2024' },
};

function operations(base: string): OpenApiDocument['paths'] {
  const catalog: Operation = {
    operationId: 'getCatalog',
    tags: ['catalog'],
    summary: 'All approved providers and datasets',
    description: `The catalog of approved data. Each dataset entry carries its manifest fields (without the source URL), the portal’s category label, attribution and links: \`links.data\` for GeoJSON (read through the portal), \`source.tiles\` for raster (read directly). ${CORS_NOTE}`,
    responses: { '200': { description: 'The catalog document.', content: json(ref('Catalog'), ex.catalog) }, ...errorResponses([]) },
  };

  const data: Operation = {
    operationId: 'getDatasetData',
    tags: ['data'],
    summary: 'Dataset as GeoJSON through the portal cache',
    description:
      'The dataset’s FeatureCollection from the portal cache. Datasets whose source mode is `bbox` need `bbox` and `zoom` (the portal aligns the bbox outward to the tile grid). Below `coverage.minZoom` the answer is empty with `dm.notice`. When the source fails and a copy exists, the copy is served with `X-DM-Cache: stale` and a notice. Providers awaiting approval are served too.',
    parameters: [
      ...datasetPathParams(),
      query('bbox', '`minLon,minLat,maxLon,maxLat` (WGS84); required for datasets with source mode `bbox`.', { type: 'string', pattern: '^-?[0-9.]+,-?[0-9.]+,-?[0-9.]+,-?[0-9.]+$' }, { example: '17.05,48.10,17.20,48.20' }),
      query('zoom', 'Map zoom 0-24; required for datasets with source mode `bbox`.', { type: 'number', minimum: 0, maximum: 24 }, { example: 12 }),
      query('cursor', 'The value of `dm.next` of the previous page.', { type: 'string', minLength: 1, maxLength: 500 }),
      DATASET_PARAMS,
    ],
    responses: {
      '200': {
        description: 'A FeatureCollection (protocol data response with the portal’s `dm`).',
        headers: {
          'X-DM-Cache': { description: '`hit` (from cache), `miss` (fresh from the source), `stale` (source unavailable, last known data; see `dm.notice`).', required: true, schema: { enum: ['hit', 'miss', 'stale'] } },
          ETag: { description: 'Strong entity tag of the body; send it as `If-None-Match` to get 304.', schema: { type: 'string' } },
          'Cache-Control': { description: 'Remaining freshness of the cached copy.', schema: { type: 'string' } },
        },
        content: { 'application/geo+json': { schema: ref('DataResponse'), example: ex.data } },
      },
      '304': { description: 'Not modified (the `If-None-Match` tag matches).' },
      ...errorResponses(
        ['display_only', 'invalid_query', 'raster_dataset', 'unknown_dataset', 'source_unreachable', 'timeout', 'http_error', 'invalid_json', 'empty_body', 'response_too_large', 'data_schema_mismatch', 'source_error'],
        { unknown_dataset: 'Unknown dataset "sk-uzemie/neexistuje".', display_only: 'This dataset is only displayed by the portal; use the original service.' },
      ),
    },
  };

  const places: Operation = {
    operationId: 'searchPlaces',
    tags: ['places'],
    summary: 'Address, street and municipality search',
    description:
      'Searches the address register for addresses, streets, municipalities, municipality parts and other territorial units. `municipality.code` can be used with the summary endpoint; `near` tells same-named places apart.',
    parameters: [
      query('query', 'Search text: an address or a name only; qualifiers such as a district or “near X” are not understood.', { type: 'string', minLength: 1, maxLength: 200 }, { required: true, example: 'Žilina' }),
      query('max', 'Most places returned.', { type: 'integer', minimum: 1, maximum: 10, default: 5 }),
    ],
    responses: {
      '200': { description: 'The place result.', content: json(ref('PlaceResult'), ex.places) },
      ...errorResponses(['invalid_query', 'geocoding_unavailable']),
    },
  };

  const nearby: Operation = {
    operationId: 'nearby',
    tags: ['places'],
    summary: 'What is at and around a point',
    description: [
      'Rules: (1) exactly one of `datasets`, `purpose`, `search` (else `missing_dataset_selection`); (2) `point` or `place` (else `missing_place`; a place not found is 404 `unknown_place`);',
      '(3) automatic selection takes only datasets able to answer at a point, risks and restrictions first, the rest listed in `skipped`;',
      '(4) GeoJSON datasets: objects within `radius`, nearest first, `distance` 0 = inside the area; datasets loaded only at high zoom shrink the radius (`notice`); whole datasets return at least the nearest object;',
      '(5) raster datasets: the source is queried at the point (WMS GetFeatureInfo, ArcGIS identify) and values carry the source’s field names;',
      '(6) values are human-labelled, without geometries, with attribution and a map link.',
    ].join(' '),
    parameters: [
      query('point', '`lon,lat` (WGS84).', { type: 'string', pattern: '^-?[0-9.]+,-?[0-9.]+$' }, { example: '17.1077,48.1486' }),
      query('place', 'Address or name; the first hit of the place search is used.', { type: 'string', minLength: 1 }, { example: 'Hlavná 1, Košice' }),
      query('radius', 'Metres.', { type: 'number', minimum: 1, maximum: 20000, default: 500 }),
      query('datasets', 'Comma-separated `provider/dataset` keys, at most 12.', { type: 'string' }, { example: 'sk-uzemie/obce' }),
      query('purpose', 'Selects datasets with this use case that cover the point.', { enum: [...USE_CASES] }),
      query('search', 'Selects datasets by text match.', { type: 'string', minLength: 1 }),
      query('max', 'Most objects per dataset.', { type: 'integer', minimum: 1, maximum: 50, default: 5 }),
      {
        ...DATASET_PARAMS,
        description: 'Dataset parameters as `{provider}/{dataset}.{param}=value`, the same form as in the map link.',
        example: { 'sk-uzemie/obyvatelstvo.rok': '2021' },
      },
    ],
    responses: {
      '200': { description: 'The nearby result.', content: json(ref('NearbyResult'), ex.nearby) },
      ...errorResponses(['invalid_query', 'missing_place', 'missing_dataset_selection', 'unknown_place', 'unknown_dataset', 'geocoding_unavailable'], {
        missing_dataset_selection: 'Give exactly one of datasets, purpose or search.',
      }),
    },
  };

  const summary: Operation = {
    operationId: 'summarizeDataset',
    tags: ['places'],
    summary: 'Dataset summary for Slovakia or one municipality',
    description:
      '`count`, `categories` (counts per colour class), `rankings` (highest and lowest values) and, for a cartogram with a municipality, `own` (values of the area the municipality lies in). The numbers equal those on the dataset page. Datasets loaded only at high zoom have a summary only per municipality; raster datasets have none.',
    parameters: [
      ...datasetPathParams(),
      query(
        'municipality',
        'Any Slovak municipality: a name; a name with district or region in parentheses; a municipality code (`municipality.code` of the place search); or `<region-slug>/<municipality-slug>`. A bare name borne by several municipalities gives `ambiguous_place` listing them.',
        { type: 'string', minLength: 1 },
        { example: 'Žilina' },
      ),
      DATASET_PARAMS,
    ],
    responses: {
      '200': { description: 'The summary.', content: json(ref('Summary'), ex.summary) },
      ...errorResponses(['raster_dataset', 'summary_requires_place', 'ambiguous_place', 'invalid_query', 'unknown_dataset', 'unknown_place', 'source_unreachable', 'timeout', 'http_error', 'invalid_json', 'empty_body', 'response_too_large', 'data_schema_mismatch', 'source_error']),
    },
  };

  const validateGet: Operation = {
    operationId: 'liveTest',
    tags: ['validation'],
    summary: 'Live test of a provider',
    description:
      'Downloads the manifest, checks it and sends a test query to each dataset as the portal would (`bbox` mode: centre of `coverage.bbox`, zoom 12 or `coverage.minZoom`; raster: one tile). Always 200 with a report, valid or not.',
    parameters: [query('manifestUrl', 'Address of the manifest (https).', { type: 'string', format: 'uri' }, { required: true, example: 'https://data.example.sk/manifest.json' })],
    responses: {
      '200': { description: 'The live test report.', content: json(ref('LiveReport'), ex.liveReport) },
      ...errorResponses(['invalid_input', 'invalid_url'], { invalid_input: 'manifestUrl is required: the address of the manifest (JSON).' }),
    },
  };

  const validatePost: Operation = {
    operationId: 'validate',
    tags: ['validation'],
    summary: 'Static check of a manifest or data (or a live test)',
    description:
      'The body is one of: a manifest (object with `datasets`) or `{ manifest }` — manifest check; a FeatureCollection or `{ data, dataset? }` — data check, with `dataset` (a dataset object of a manifest) also the consistency with the manifest; `{ manifestUrl }` — live test. A check always answers 200 with a report, whether or not the input is valid.',
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            description: 'Any of the accepted forms; the content itself is what gets checked, so it need not be valid.',
            anyOf: [
              { type: 'object', required: ['datasets'], properties: { datasets: { type: 'array' } }, description: 'A manifest.' },
              { type: 'object', required: ['manifest'], properties: { manifest: {} }, description: '`{ manifest }`.' },
              { type: 'object', required: ['features'], properties: { type: { const: 'FeatureCollection' }, features: { type: 'array' } }, description: 'A FeatureCollection.' },
              { type: 'object', required: ['data'], properties: { data: {}, dataset: { type: 'object' } }, description: '`{ data, dataset? }`.' },
              { type: 'object', required: ['manifestUrl'], properties: { manifestUrl: { type: 'string', format: 'uri' } }, description: '`{ manifestUrl }`.' },
            ],
          },
          examples: {
            manifest: { summary: 'A manifest', value: exampleDocument('manifest-minimal') },
            data: { summary: 'Data with its dataset', value: { data: exampleDocument('data-points'), dataset: ex.sampleDataset() } },
            live: { summary: 'Live test', value: { manifestUrl: 'https://data.example.sk/manifest.json' } },
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'The validator report (the live test report for `{ manifestUrl }`).',
        content: {
          'application/json': {
            schema: { anyOf: [ref('LiveReport'), ref('ValidatorReport')] },
            examples: { invalid: { summary: 'A manifest with an error and a recommendation', value: ex.report } },
          },
        },
      },
      ...errorResponses(['invalid_input']),
    },
  };

  const registration: Operation = {
    operationId: 'registerProvider',
    tags: ['registration'],
    summary: 'Provider registration',
    description:
      'Runs the live test; on success registers the provider as awaiting approval (`pending_review`). Its data are then served at `/api/data/...` and on dataset pages with a warning, but absent from the catalog, search, llms.txt and the MCP `catalog` tool until the operator approves them. More than 5 attempts a minute from one address give 429 `too_many_requests`; more than 100 providers awaiting approval give 429 `queue_full`.',
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: { type: 'object', required: ['manifestUrl'], properties: { manifestUrl: { type: 'string', format: 'uri', maxLength: 2048 } } },
          example: { manifestUrl: 'https://data.example.sk/manifest.json' },
        },
      },
    },
    responses: {
      '200': { description: 'Already registered under this URL; `status` reports the current state.', content: json(ref('RegistrationResult'), { ...ex.registration, registered: false, status: 'approved', message: 'Already registered and approved.' }) },
      '201': { description: 'Registered, awaiting approval.', content: json(ref('RegistrationResult'), ex.registration) },
      ...errorResponses(['invalid_input', 'invalid_url', 'rejected', 'id_taken', 'url_registered', 'manifest_rejected', 'too_many_requests', 'queue_full', 'registration_unavailable']),
    },
  };

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
      'Tool errors come back as results with `isError: true`, the text `code: message` and the portal’s `{ error, code }` as structured content.',
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
    '/api/catalog': { get: catalog },
    '/api/data/{provider}/{dataset}': { get: data },
    '/api/places': { get: places },
    '/api/nearby': { get: nearby },
    '/api/summary/{provider}/{dataset}': { get: summary },
    '/api/validate': { get: validateGet, post: validatePost },
    '/api/registration': { post: registration },
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
export function buildOpenApiDocument(base: string = env().publicBaseUrl): OpenApiDocument {
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
      { name: 'mcp', description: 'Model Context Protocol server wrapping the same functions.' },
      { name: 'documentation', description: 'Documents for people and language models.' },
      { name: 'protocol', description: 'JSON Schemas and samples of protocol ' + PROTOCOL_VERSION + '.' },
    ],
    paths: operations(base),
    components: { schemas: { ...portalSchemas(), ...protocolComponents() } },
  };
}

let cached: { base: string; doc: OpenApiDocument } | undefined;

/** The document for the configured origin, built once per process (its inputs are static). */
export function getOpenApiDocument(): OpenApiDocument {
  const base = env().publicBaseUrl;
  if (cached?.base !== base) cached = { base, doc: buildOpenApiDocument(base) };
  return cached.doc;
}
