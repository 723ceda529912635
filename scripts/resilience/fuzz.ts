// Fuzz: property-based requests generated from the served /openapi.json, the OGC API's /ogc/api and
// the MCP tools' input schemas (tools/list), sent to a real portal. Properties: no status >= 500, every 4xx of the API
// carries `{ error, code }` (JSON-RPC errors on /mcp), no JSON-RPC internal error or tool
// `internal_error`, every answer within 60 s, and the server still healthy afterwards.
//
//   npm run resilience:fuzz [-- --short] [-- --seed=N]
//
// Requests are generated in batches of 100 with fc.sample(arb, { seed: seed + batch }), so a failure
// is reproduced by its seed, batch and index (printed with a curl command line).
import fc from 'fast-check';
import {
  curl,
  healthy,
  isErrorBody,
  json,
  NoAnswer,
  parseArgs,
  printResult,
  request,
  table,
  type PartOptions,
  type PartResult,
  type Reply,
} from './common';
import { encodeComponent, junkString, junkValue, queryValueArb, schemaArb, type SchemaContext } from './arbitraries';
import { cleanupAll, pgliteCopy, startPortal, type Portal } from './portal';

type Json = Record<string, unknown>;

/** A body as generated: text, or a descriptor materialised only when sent (big ones). */
type BodySpec = { kind: 'text'; text: string } | { kind: 'huge'; bytes: number } | { kind: 'deep'; depth: number; open: string; close: string };

interface FuzzRequest {
  /** Counting bucket, e.g. `GET /api/data/{provider}/{dataset}` or `POST /mcp tools/call nearby`. */
  endpoint: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: BodySpec;
  /** 4xx must be `{ error, code }` (or a JSON-RPC error on /mcp). */
  jsonErrors: boolean;
  mcp: boolean;
}

interface Operation {
  method: string;
  path: string;
  parameters: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
}

interface Pools {
  datasetKeys: string[];
  /** `provider/dataset` -> its parameter keys and option values. */
  params: Map<string, Array<{ key: string; values: string[] }>>;
  municipalities: string[];
  places: string[];
  tools: Array<{ name: string; inputSchema: Json }>;
  schemaFiles: string[];
  exampleFiles: string[];
  docSlugs: string[];
}

const CLIENT_TIMEOUT_MS = 60_000;
/** Codes of a failing source, answered 502 by data, summary and the live test. */
const SOURCE_CODES = new Set(['source_unreachable', 'timeout', 'http_error', 'invalid_json', 'empty_body', 'response_too_large', 'data_schema_mismatch', 'source_error']);
const BATCH = 100;

// ---------------------------------------------------------------------------------------------
// What the portal tells us about itself

function operations(doc: Json): Operation[] {
  const ops: Operation[] = [];
  for (const [p, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const [m, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(m) || typeof op !== 'object' || op === null) continue;
      const o = op as Json;
      const params = [...((item.parameters as Json[]) ?? []), ...((o.parameters as Json[]) ?? [])].map((x) =>
        typeof x.$ref === 'string' ? (resolveRef(doc, x.$ref) as Json) : x,
      );
      ops.push({ method: m.toUpperCase(), path: p, parameters: params, requestBody: o.requestBody as Json | undefined, responses: (o.responses ?? {}) as Record<string, Json> });
    }
  }
  return ops;
}

function resolveRef(doc: unknown, ref: string): unknown {
  let node = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Json)?.[part];
  return node;
}

async function mcpCall(base: string, body: unknown): Promise<Json | undefined> {
  const r = await request(base, '/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(body),
    timeoutMs: 30_000,
  });
  return json(r) as Json | undefined;
}

async function gatherPools(base: string): Promise<Pools> {
  const catalog = json(await request(base, '/api/catalog')) as { datasets: Array<{ key: string; params?: Array<{ key?: string; id?: string; options?: Array<{ value?: string } | string>; default?: unknown }> }> };
  const params = new Map<string, Array<{ key: string; values: string[] }>>();
  for (const d of catalog.datasets) {
    const list = (d.params ?? []).map((p) => ({
      key: String(p.key ?? p.id ?? ''),
      values: [
        ...(p.options ?? []).map((o) => (typeof o === 'string' ? o : String(o.value ?? ''))),
        ...(p.default !== undefined ? [String(Array.isArray(p.default) ? p.default.join(',') : p.default)] : []),
      ],
    }));
    params.set(d.key, list.filter((p) => p.key));
  }
  const tools = ((await mcpCall(base, { jsonrpc: '2.0', id: 1, method: 'tools/list' }))?.result as { tools?: Pools['tools'] })?.tools ?? [];
  const places = json(await request(base, `/api/places?query=${encodeURIComponent('Nové Mesto')}&max=10`)) as { places?: Array<{ municipality?: { code?: string; slug?: string } }> };
  const codes = (places?.places ?? []).flatMap((p) => [p.municipality?.code, p.municipality?.slug]).filter((x): x is string => !!x);
  return {
    datasetKeys: catalog.datasets.map((d) => d.key),
    params,
    municipalities: ['Bratislava', 'Košice', 'Žilina', 'Nitra', 'Prešov', 'Banská Bystrica', 'Trnava', 'Trenčín', 'Martin', 'Poprad', 'Nová Ves', 'Lúčka', 'Nové Mesto (Bratislava)', 'bratislavsky-kraj/bratislava', '528595', '599816', ...codes],
    places: ['Hlavná 1, Košice', 'Námestie SNP, Bratislava', 'Bratislava', 'Žilina', 'Štúrova', 'Lúčka', 'Nová Ves', 'Vysoké Tatry', 'Hlavná', 'Obchodná 5, Bratislava'],
    tools,
    schemaFiles: ['manifest.json', 'data.json', 'provider-openapi.json', 'nope.json'],
    exampleFiles: ['manifest-minimal', 'manifest-complete', 'data-points', 'data-polygons', 'nope'],
    docSlugs: ['pre-ai-agentov', 'ai-asistenti', 'pre-poskytovatelov', 'protokol', 'api', 'o-projekte', 'nope'],
  };
}

// ---------------------------------------------------------------------------------------------
// Generators

const pointArb = fc.tuple(fc.double({ min: 16.8, max: 22.6, noNaN: true }), fc.double({ min: 47.7, max: 49.6, noNaN: true }));
const bboxArb = fc
  .tuple(fc.double({ min: 16.8, max: 22.4, noNaN: true }), fc.double({ min: 47.7, max: 49.4, noNaN: true }), fc.double({ min: 0.001, max: 2, noNaN: true }))
  .map(([x, y, d]) => [x, y, x + d, y + d * 0.6].map((n) => n.toFixed(4)).join(','));

function hintsFor(pools: Pools): SchemaContext['hints'] {
  const datasetKey = fc.constantFrom(...pools.datasetKeys, 'nope/nope', 'sk-uzemie', '/');
  const datasetKeyList = fc.array(datasetKey, { minLength: 1, maxLength: 14 });
  return (name) => {
    switch (name) {
      case 'dataset':
        return datasetKey;
      case 'datasets':
        return fc.oneof(datasetKeyList, datasetKeyList.map((a) => a.join(',')));
      case 'municipality':
        return fc.constantFrom(...pools.municipalities);
      case 'place':
      case 'query':
        return fc.constantFrom(...pools.places, ...pools.municipalities);
      case 'point':
        return fc.oneof(pointArb, pointArb.map(([x, y]) => `${x},${y}`));
      case 'bbox':
        return fc.oneof(bboxArb, bboxArb.map((b) => b.split(',').map(Number)));
      case 'zoom':
        return fc.integer({ min: 0, max: 24 });
      case 'radius':
        return fc.integer({ min: 1, max: 20_000 });
      case 'manifestUrl':
        return fc.constantFrom('https://example.invalid/manifest.json', 'http://127.0.0.1:1/manifest.json', 'https://localhost/manifest.json', 'https://10.0.0.1/m.json', 'ftp://x/y');
      case 'topic':
        return fc.constantFrom('ai-agents', 'ai-assistants', 'protocol', 'providers', 'api', 'about');
      case 'type':
        return fc.constantFrom('manifest', 'data', 'provider-openapi');
      case 'name':
        return fc.constantFrom('manifest-minimal', 'manifest-complete', 'data-points', 'data-polygons');
      default:
        return undefined;
    }
  };
}

const methodsOther = ['PUT', 'DELETE', 'PATCH', 'GET', 'POST', 'HEAD', 'OPTIONS'];

const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,60}$/);
const extraHeaders = fc.record(
  {
    accept: fc.constantFrom('application/json', '*/*', 'text/html', 'application/geo+json', 'image/png', 'x/y;q=abc', ''),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'gzip;q=0, *;q=0', 'deflate, gzip', 'x-nope'),
    'if-none-match': fc.oneof(fc.constantFrom('*', '"abc"', 'W/"x"', '"', ''), headerValue),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'unknown', '::1', '999.1.1.1', ''),
    origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost'),
  },
  { requiredKeys: [] },
);

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=latin1',
  '',
);

/** Bodies for POST endpoints: schema-shaped JSON with junk, any JSON, non-JSON, deep, huge, empty. */
function bodyArb(schemas: fc.Arbitrary<unknown>[]): fc.Arbitrary<BodySpec | undefined> {
  const jsonText = (a: fc.Arbitrary<unknown>) => a.map((v) => ({ kind: 'text' as const, text: JSON.stringify(v) ?? 'null' }));
  return fc.oneof(
    ...schemas.map((s) => ({ weight: 60, arbitrary: jsonText(s) })),
    { weight: 20, arbitrary: jsonText(junkValue) },
    { weight: 10, arbitrary: jsonText(fc.jsonValue({ maxDepth: 6 })) },
    { weight: 10, arbitrary: junkString.map((text) => ({ kind: 'text' as const, text })) },
    { weight: 5, arbitrary: fc.constantFrom('{', '{"a":', '[1,2', '{"manifestUrl":}', 'null', '"x"', '1e999', '\uFEFF{}', 'manifestUrl=https://x', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--').map((text) => ({ kind: 'text' as const, text })) },
    { weight: 5, arbitrary: fc.constant(undefined) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom(100, 1_000, 10_000, 100_000), fc.constantFrom(['[', ']'], ['{"a":', '}'], ['{"datasets":[', ']}']))
        .map(([depth, [open, close]]) => ({ kind: 'deep' as const, depth, open, close })),
    },
    // Over the 5 MB body limit; rare, the body is built only when sent.
    { weight: 1, arbitrary: fc.constant({ kind: 'huge' as const, bytes: 6 * 1024 * 1024 }) },
  );
}

function materialise(body: BodySpec | undefined): string | Buffer | undefined {
  if (!body) return undefined;
  if (body.kind === 'text') return body.text;
  if (body.kind === 'deep') return body.open.repeat(body.depth) + (body.open === '[' ? '1' : '1') + body.close.repeat(body.depth);
  return Buffer.concat([Buffer.from('{"manifestUrl":"https://example.invalid/m.json","pad":"'), Buffer.alloc(body.bytes, 0x61), Buffer.from('"}')]);
}

function describeBody(body: BodySpec | undefined): string | undefined {
  if (!body) return undefined;
  if (body.kind === 'text') return body.text;
  if (body.kind === 'deep') return `${body.open}×${body.depth} 1 ${body.close}×${body.depth}`;
  return `<${body.bytes} bytes of {"manifestUrl":...,"pad":"aaa…"}>`;
}

function pathParamArb(name: string, op: Operation, pools: Pools): fc.Arbitrary<string> {
  // Independent halves: mostly unknown combinations (404), the semantic generator covers real ones.
  const [provider, dataset] = [fc.constantFrom(...pools.datasetKeys.map((k) => k.split('/')[0])), fc.constantFrom(...pools.datasetKeys.map((k) => k.split('/')[1]))];
  const junkSegment = fc.oneof(junkString, fc.constantFrom('..', '.', '%2e%2e', '%2F', 'a%2Fb', '%00', 'x'.repeat(300)));
  const collectionId = fc.constantFrom(...pools.datasetKeys.map((k) => k.replace('/', '.')));
  const proper: Record<string, fc.Arbitrary<string>> = {
    provider,
    dataset,
    // The OGC API (/ogc/api)
    collectionId,
    featureId: fc.oneof(fc.integer({ min: 0, max: 5000 }).map(String), fc.constantFrom('h0000000000000000', '9-280-177-1', 'x')),
    tileMatrixSetId: fc.constantFrom('WebMercatorQuad', 'WebMercatorQuad', 'WorldCRS84Quad'),
    tileMatrix: fc.integer({ min: 0, max: 24 }).map(String),
    tileRow: fc.integer({ min: 0, max: 70_000 }).map(String),
    tileCol: fc.integer({ min: 0, max: 150_000 }).map(String),
    styleId: fc.constantFrom('default', 'default', 'night'),
    slug: fc.constantFrom(...pools.docSlugs),
    file: op.path.startsWith('/priklady') ? fc.constantFrom(...pools.exampleFiles) : fc.constantFrom(...pools.schemaFiles),
  };
  return fc.oneof({ weight: 4, arbitrary: proper[name] ?? junkSegment }, { weight: 1, arbitrary: junkSegment });
}

function queryArb(op: Operation, pools: Pools, ctx: SchemaContext): fc.Arbitrary<Array<[string, string]>> {
  const parts: fc.Arbitrary<Array<[string, string]>>[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'query') continue;
    const name = String(p.name);
    if ((p.schema as Json)?.type === 'object') {
      // The dataset's own parameters (data, summary) or `{provider}/{dataset}.{param}` (nearby).
      const entries = [...pools.params.entries()].flatMap(([key, list]) => list.map((x) => ({ key, param: x.key, values: x.values })));
      const own = fc.constantFrom(...(entries.length ? entries : [{ key: 'x/y', param: 'rok', values: ['2020'] }]));
      const pair = fc.oneof(
        own.chain((x) => {
          const k = op.path === '/api/nearby' ? `${x.key}.${x.param}` : x.param;
          return fc.tuple(fc.constant(k), x.values.length ? fc.oneof(fc.constantFrom(...x.values), junkString) : junkString);
        }),
        fc.tuple(junkString, junkString),
      );
      parts.push(fc.array(pair, { maxLength: 3 }));
      continue;
    }
    const value = queryValueArb(p.schema as Json, ctx, name);
    parts.push(
      fc.oneof(
        { weight: 4, arbitrary: value.map((v) => [[name, v]] as Array<[string, string]>) },
        { weight: 3, arbitrary: fc.constant([] as Array<[string, string]>) },
        { weight: 1, arbitrary: fc.array(value, { minLength: 2, maxLength: 3 }).map((vs) => vs.map((v) => [name, v] as [string, string])) },
      ),
    );
  }
  parts.push(fc.oneof({ weight: 5, arbitrary: fc.constant([] as Array<[string, string]>) }, { weight: 1, arbitrary: fc.array(fc.tuple(junkString, junkString), { maxLength: 3 }) }));
  return fc.tuple(...parts).map((lists) => lists.flat());
}

/**
 * Whether a path names an API endpoint once dot segments ('..', '%2e%2e') are resolved as every
 * server does: junk in a path parameter may lead out of /api/ to a page, whose 404 is HTML, rightly.
 */
function underApi(path: string): boolean {
  try {
    return /^\/api\/[^/]/.test(new URL(path, 'http://x').pathname);
  } catch {
    return path.startsWith('/api/');
  }
}

/**
 * Whether an /ogc request is answered in JSON (its errors `{ error, code }`): not the HTML pages,
 * which `f=html` or a browser's Accept without `f` get (next.config.ts rewrites them).
 */
function ogcJsonAnswer(path: string, headers: Record<string, string>): boolean {
  let url: URL;
  try {
    url = new URL(path, 'http://x');
  } catch {
    return false;
  }
  if (!/^\/ogc(\/|$)/.test(url.pathname)) return false;
  // next.config.ts rewrites when any `f` is html (repeated members included), or on a browser's Accept without `f`.
  // Next.js's `missing` condition reads a single empty `f=` as no `f` at all (matchHas: an empty value
  // is absent), so there too the Accept decides.
  const f = url.searchParams.getAll('f');
  const noF = f.length === 0 || (f.length === 1 && f[0] === '');
  if (f.includes('html') || (noF && (headers.accept ?? '').includes('text/html'))) return false;
  return true;
}

function jsonRequired(op: Operation | undefined, path: string, status: number): boolean {
  if (path === '/mcp') return true;
  const r = op?.responses[String(status)] ?? op?.responses[`${String(status)[0]}XX`];
  const content = r?.content as Json | undefined;
  return !!content && Object.keys(content).some((c) => c.includes('json'));
}

/** CQL2 filters for the OGC items: valid, invalid and hostile ones (deep nesting, huge lists, odd literals). */
const OGC_FILTERS = [
  "nazov LIKE 'B%'",
  "nazov = 'Bratislava' OR obyvatelia > 1000",
  'obyvatelia BETWEEN 100 AND 5000',
  "kraj IN ('Nitriansky', 'Žilinský')",
  'S_INTERSECTS(geometry, BBOX(17, 48, 18, 49))',
  'S_INTERSECTS(geometry, POINT(17.1 48.15))',
  'S_INTERSECTS(geometry, POLYGON((17 48, 18 48, 18 49, 17 48)))',
  "ACCENTI(CASEI(nazov)) LIKE 'zilina%'",
  "datum > DATE('2020-01-01')",
  "datum > DATE('2020-13-45')",
  '{"op":"=","args":[{"property":"nazov"},"Nitra"]}',
  '{"op":"and","args":[]}',
  'nazov =',
  `${'('.repeat(3000)}x = 1${')'.repeat(3000)}`,
  `${'NOT '.repeat(500)}x = 1`,
  // (Node refuses request lines over 16 KB with a bare 431 before the portal sees them.)
  `x IN (${Array.from({ length: 1000 }, (_, i) => i).join(',')})`,
  "S_INTERSECTS(geometry, POLYGON((1e308 1e308, -1e308 1, 0 0, 1e308 1e308)))",
  "S_CROSSES(geometry, LINESTRING(1 2, 3 4))",
  "x LIKE '%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%a'",
];
const OGC_CRS = [
  'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
  'http://www.opengis.net/def/crs/EPSG/0/4326',
  'http://www.opengis.net/def/crs/EPSG/0/4258',
  'http://www.opengis.net/def/crs/EPSG/0/3857',
  'http://www.opengis.net/def/crs/EPSG/0/5514',
  'EPSG:5514',
  'http://www.opengis.net/def/crs/EPSG/0/2065',
];
/** Boxes in S-JTSK metres (East, North): Slovakia's, one town's, and one far off the grid. */
const OGC_SJTSK_BOXES = ['-600000,-1350000,-150000,-1100000', '-470000,-1260000,-460000,-1250000', '-1e9,-1e9,1e9,1e9'];

/**
 * Requests that make sense for the endpoint (a real dataset key, one dataset selector, a point in
 * Slovakia, a known municipality), with one value turned hostile now and then: they get past the
 * first validation and exercise the services behind it.
 */
function semanticArb(op: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> | undefined {
  const key = fc.constantFrom(...pools.datasetKeys);
  const maybeJunk = (a: fc.Arbitrary<string>) => fc.oneof({ weight: 8, arbitrary: a }, { weight: 1, arbitrary: junkString });
  const paramsOf = (k: string) =>
    fc.array(
      fc.constantFrom(...(pools.params.get(k)?.length ? pools.params.get(k)! : [{ key: 'x', values: ['1'] }])).chain((p) =>
        fc.tuple(fc.constant(p.key), maybeJunk(p.values.length ? fc.constantFrom(...p.values) : fc.constant('1'))),
      ),
      { maxLength: 2 },
    );
  const point = pointArb.map(([x, y]) => `${x.toFixed(5)},${y.toFixed(5)}`);
  let query: fc.Arbitrary<{ path: string; pairs: Array<[string, string]> }> | undefined;
  switch (op.path) {
    case '/api/data/{provider}/{dataset}':
      query = key.chain((k) =>
        fc
          .tuple(paramsOf(k), fc.option(fc.tuple(maybeJunk(bboxArb), maybeJunk(fc.integer({ min: 0, max: 24 }).map(String))), { nil: undefined }))
          .map(([params, view]) => ({ path: `/api/data/${k}`, pairs: [...(view ? ([['bbox', view[0]], ['zoom', view[1]]] as Array<[string, string]>) : []), ...params] })),
      );
      break;
    case '/api/summary/{provider}/{dataset}':
      query = key.chain((k) =>
        fc
          .tuple(paramsOf(k), fc.option(maybeJunk(fc.constantFrom(...pools.municipalities)), { nil: undefined }))
          .map(([params, m]) => ({ path: `/api/summary/${k}`, pairs: [...(m !== undefined ? ([['municipality', m]] as Array<[string, string]>) : []), ...params] })),
      );
      break;
    case '/api/nearby':
      query = fc
        .tuple(
          fc.oneof(point.map((v) => ['point', v] as [string, string]), fc.constantFrom(...pools.places).map((v) => ['place', v] as [string, string])),
          fc.oneof(
            fc.array(key, { minLength: 1, maxLength: 3 }).map((ks) => ['datasets', ks.join(',')] as [string, string]),
            fc.constantFrom('construction', 'housing', 'land-purchase', 'agriculture', 'investment', 'transport', 'tourism', 'business', 'public-administration').map((v) => ['purpose', v] as [string, string]),
            fc.constantFrom('ovzdušie', 'chránené územia', 'obce', 'záplavy', 'geológia').map((v) => ['search', v] as [string, string]),
          ),
          fc.option(maybeJunk(fc.integer({ min: 1, max: 20_000 }).map(String)), { nil: undefined }),
          fc.option(maybeJunk(fc.integer({ min: 1, max: 50 }).map(String)), { nil: undefined }),
        )
        .map(([where, which, radius, max]) => ({
          path: '/api/nearby',
          pairs: [where, which, ...(radius ? ([['radius', radius]] as Array<[string, string]>) : []), ...(max ? ([['max', max]] as Array<[string, string]>) : [])],
        }));
      break;
    case '/ogc/collections/{collectionId}/items':
      query = key.chain((k) =>
        fc
          .tuple(
            fc.option(maybeJunk(fc.constantFrom(...OGC_FILTERS)), { nil: undefined }),
            fc.option(fc.constantFrom('cql2-text', 'cql2-json', 'cql-text', 'ecql'), { nil: undefined }),
            fc.option(fc.constantFrom(...OGC_CRS), { nil: undefined }),
            fc.option(fc.oneof(bboxArb.map((b) => [b, undefined] as const), fc.constantFrom(...OGC_SJTSK_BOXES).map((b) => [b, OGC_CRS[4]] as const)), { nil: undefined }),
            fc.option(maybeJunk(fc.constantFrom('nazov', '-nazov', 'obyvatelia,-nazov', 'x')), { nil: undefined }),
            fc.option(maybeJunk(fc.constantFrom('fgb', 'csv', 'json', 'html')), { nil: undefined }),
            paramsOf(k),
          )
          .map(([filter, lang, crs, box, sortby, f, params]) => ({
            path: `/ogc/collections/${k.replace('/', '.')}/items`,
            pairs: [
              ...(filter !== undefined ? ([['filter', filter]] as Array<[string, string]>) : []),
              ...(lang ? ([['filter-lang', lang]] as Array<[string, string]>) : []),
              ...(crs ? ([['crs', crs]] as Array<[string, string]>) : []),
              ...(box ? ([['bbox', box[0]], ...(box[1] ? [['bbox-crs', box[1]]] : [])] as Array<[string, string]>) : []),
              ...(sortby ? ([['sortby', sortby]] as Array<[string, string]>) : []),
              ...(f ? ([['f', f]] as Array<[string, string]>) : []),
              ...params.map(([pk, v]) => [`param.${pk}`, v] as [string, string]),
            ],
          })),
      );
      break;
    case '/api/places':
      query = fc
        .tuple(maybeJunk(fc.constantFrom(...pools.places, ...pools.municipalities)), fc.option(maybeJunk(fc.integer({ min: 1, max: 10 }).map(String)), { nil: undefined }))
        .map(([q, max]) => ({ path: '/api/places', pairs: [['query', q], ...(max ? ([['max', max]] as Array<[string, string]>) : [])] as Array<[string, string]> }));
      break;
    default:
      return undefined;
  }
  return fc.tuple(query, extraHeaders).map(([{ path, pairs }, headers]) => {
    const full = `${path}${pairs.length ? `?${pairs.map(([k, v]) => `${encodeComponent(k, 'proper')}=${encodeComponent(v, 'proper')}`).join('&')}` : ''}`;
    return {
      endpoint: `${op.method} ${op.path}`,
      method: op.method,
      path: full,
      headers,
      jsonErrors: full.startsWith('/ogc') ? ogcJsonAnswer(full, headers) : true,
      mcp: false,
    };
  });
}

function operationArb(op: Operation, pools: Pools, doc: Json): fc.Arbitrary<FuzzRequest> {
  const generic = genericOperationArb(op, pools, doc);
  const semantic = semanticArb(op, pools);
  return semantic ? fc.oneof(generic, semantic) : generic;
}

function genericOperationArb(op: Operation, pools: Pools, doc: Json): fc.Arbitrary<FuzzRequest> {
  const ctx: SchemaContext = { root: doc, junk: 0.15, hints: hintsFor(pools) };
  const pathNames = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const bodySchemas: fc.Arbitrary<unknown>[] = [];
  if (op.requestBody) {
    const schema = (((op.requestBody.content as Json)?.['application/json'] as Json)?.schema ?? {}) as Json;
    bodySchemas.push(schemaArb(schema, ctx));
    if (op.path === '/api/validate') {
      // The loose anyOf of the body hides the real shapes; use the protocol's schemas behind it.
      const comp = (doc.components as Json)?.schemas as Json;
      if (comp?.Manifest) bodySchemas.push(schemaArb({ $ref: '#/components/schemas/Manifest' }, ctx), schemaArb({ type: 'object', properties: { manifest: { $ref: '#/components/schemas/Manifest' } } }, ctx));
      if (comp?.Data) bodySchemas.push(schemaArb({ $ref: '#/components/schemas/Data' }, ctx), schemaArb({ type: 'object', properties: { data: { $ref: '#/components/schemas/Data' }, dataset: { $ref: '#/components/schemas/ManifestDataset' } }, required: ['data'] }, ctx));
    }
  }
  return fc
    .record({
      pathValues: fc.tuple(...pathNames.map((n) => pathParamArb(n, op, pools))),
      query: queryArb(op, pools, ctx),
      encoding: fc.constantFrom<'proper' | 'raw'>('proper', 'proper', 'proper', 'raw'),
      method: fc.oneof({ weight: 12, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: fc.constantFrom(...methodsOther) }),
      headers: extraHeaders,
      contentType: contentTypes,
      body: op.requestBody ? bodyArb(bodySchemas) : fc.constant(undefined),
      trailing: fc.oneof({ weight: 20, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('/', '//', '?', '&', '#frag') }),
    })
    .map(({ pathValues, query, encoding, method, headers, contentType, body, trailing }) => {
      let i = 0;
      let path = op.path.replace(/\{[^}]+\}/g, () => encodeComponent(pathValues[i++] ?? '', encoding));
      if (trailing === '/' || trailing === '//') path += trailing;
      const qs = query.map(([k, v]) => `${encodeComponent(k, encoding)}=${encodeComponent(v, encoding)}`).join('&');
      if (qs) path += `?${qs}`;
      else if (trailing === '?') path += '?';
      if (trailing === '&') path += (qs ? '&' : '?&');
      const h: Record<string, string> = { ...headers };
      const sendBody = method !== 'GET' && method !== 'HEAD' ? body : undefined;
      if (sendBody && contentType) h['content-type'] = contentType;
      const sameMethod = method === op.method;
      return {
        endpoint: sameMethod ? `${op.method} ${op.path}` : `${op.path} (other methods)`,
        method,
        path,
        headers: h,
        body: sendBody,
        jsonErrors: underApi(path) || op.path === '/mcp' || ogcJsonAnswer(path, h),
        mcp: false,
      };
    });
}

function mcpArb(pools: Pools, doc: Json): fc.Arbitrary<FuzzRequest> {
  const hints = hintsFor(pools);
  const toolCalls = pools.tools.map((t) =>
    fc
      .record({
        id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 })),
        args: fc.oneof({ weight: 10, arbitrary: schemaArb(t.inputSchema, { root: t.inputSchema, junk: 0.15, hints }) }, { weight: 1, arbitrary: junkValue }),
      })
      .map(({ id, args }) => ({ label: `tools/call ${t.name}`, msg: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: t.name, arguments: args } } as unknown })),
  );
  const other = fc
    .record({
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null), fc.constant(undefined)),
      method: fc.constantFrom('tools/list', 'initialize', 'ping', 'resources/list', 'prompts/list', 'notifications/initialized', 'tools/call', 'completion/complete', 'logging/setLevel', ''),
      params: fc.oneof(fc.constant(undefined), junkValue, fc.record({ name: fc.oneof(junkString, fc.constantFrom(...pools.tools.map((t) => t.name))), arguments: junkValue })),
      jsonrpc: fc.constantFrom('2.0', '2.0', '2.0', '1.0', undefined, 2),
    })
    .map((m) => ({ label: 'other messages', msg: m as unknown }));
  const single = fc.oneof({ weight: 8, arbitrary: fc.oneof(...toolCalls) }, { weight: 2, arbitrary: other });
  const message = fc.oneof(
    { weight: 10, arbitrary: single },
    { weight: 1, arbitrary: fc.array(single, { minLength: 1, maxLength: 4 }).map((list) => ({ label: 'batches', msg: list.map((x) => x.msg) as unknown })) },
  );
  return fc
    .record({
      message,
      raw: fc.oneof({ weight: 20, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: bodyArb([]) }),
      // Mostly what a real client sends, so most messages reach the tools; the rest probes the transport.
      accept: fc.oneof({ weight: 12, arbitrary: fc.constant('application/json, text/event-stream') }, { weight: 1, arbitrary: fc.constantFrom('application/json', 'text/event-stream', '*/*', '') }),
      contentType: fc.oneof({ weight: 12, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom('text/plain', '') }),
      method: fc.oneof({ weight: 20, arbitrary: fc.constant('POST') }, { weight: 1, arbitrary: fc.constantFrom('GET', 'DELETE', 'PUT') }),
      host: fc.oneof({ weight: 15, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('evil.example', 'localhost:1') }),
      protocolVersion: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: fc.constantFrom('2025-06-18', '2025-03-26') }, { weight: 1, arbitrary: fc.constantFrom('1999-01-01', 'junk') }),
    })
    .map(({ message, raw, accept, contentType, method, host, protocolVersion }) => {
      const h: Record<string, string> = {};
      if (accept) h.accept = accept;
      if (contentType && method !== 'GET') h['content-type'] = contentType;
      if (host) h.host = host;
      if (protocolVersion) h['mcp-protocol-version'] = protocolVersion;
      const body: BodySpec | undefined = method === 'GET' ? undefined : (raw ?? { kind: 'text', text: JSON.stringify(message.msg) });
      return {
        endpoint: method === 'POST' ? `POST /mcp ${raw ? 'raw bodies' : message.label}` : '/mcp (other methods)',
        method,
        path: '/mcp',
        headers: h,
        body,
        jsonErrors: true,
        mcp: true,
      };
    });
  void doc;
}

function oddPathArb(): fc.Arbitrary<FuzzRequest> {
  const segment = fc.oneof(junkString, fc.constantFrom('api', 'data', 'catalog', '..', '.', '%2e%2e', '%2F', '', 'mcp', 'openapi.json', 'x'.repeat(1000)));
  return fc
    .record({
      segs: fc.array(segment, { minLength: 1, maxLength: 6 }),
      method: fc.constantFrom('GET', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
      q: fc.option(junkString, { nil: undefined }),
    })
    .map(({ segs, method, q }) => {
      const path = `/api/${segs.map((s) => encodeComponent(s, 'raw')).join('/')}${q !== undefined ? `?${encodeComponent(q, 'raw')}` : ''}`;
      const cut = path.slice(0, 7000);
      return { endpoint: 'odd /api/* paths', method, path: cut, headers: {}, jsonErrors: underApi(cut), mcp: false };
    });
}

// ---------------------------------------------------------------------------------------------
// Checking one answer

function isJsonRpcError(v: unknown): boolean {
  const e = (v as { error?: { code?: unknown; message?: unknown } })?.error;
  return typeof v === 'object' && v !== null && typeof e === 'object' && e !== null && typeof e.code === 'number' && typeof e.message === 'string';
}

/** Problems with an answer (empty when it satisfies the properties), and notes worth counting. */
function check(req: FuzzRequest, r: Reply, ops: Operation[], notes: string[] = []): string[] {
  const problems: string[] = [];
  const ctype = String(r.headers['content-type'] ?? '');
  const body = json(r);
  if (r.status >= 500) {
    // The spec's own 5xx answers: a failing data source behind the portal (502 with its code; e.g. the
    // built-in sample provider refusing a junk cursor) and a country without geocoding (501).
    const code = (body as { code?: string } | undefined)?.code;
    const documented =
      isErrorBody(body) && ((r.status === 502 && SOURCE_CODES.has(code!)) || (r.status === 501 && code === 'geocoding_unavailable'));
    if (documented) notes.push(`${r.status} ${code} (documented source failure)`);
    else problems.push(`status ${r.status}`);
  }
  if (r.status >= 400 && r.status < 500 && req.method !== 'HEAD') {
    const basePath = req.path.split('?')[0];
    const op = ops.find((o) => o.method === req.method && new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(basePath));
    const need = req.jsonErrors || jsonRequired(op, basePath, r.status);
    if (need) {
      const ok = isErrorBody(body) || (req.mcp && (isJsonRpcError(body) || (Array.isArray(body) && body.every(isJsonRpcError))));
      if (!ok) problems.push(`${r.status} without {error, code}: ${JSON.stringify(r.body.toString('utf8').slice(0, 120))} (${ctype || 'no content-type'})`);
    }
  }
  if (r.status >= 200 && r.status < 300 && req.method !== 'HEAD' && ctype.includes('json') && r.body.length && body === undefined) {
    problems.push(`${r.status} with a JSON content type and an unparsable body`);
  }
  if (req.mcp && r.status === 200) {
    for (const m of Array.isArray(body) ? body : [body]) {
      const e = (m as { error?: { code?: number; message?: string } })?.error;
      // -32603 for malformed params is the MCP SDK's own answer (it validates the envelope with zod
      // before any tool runs): counted as a note, not a portal failure.
      if (e?.code === -32603) notes.push(`JSON-RPC -32603 from the SDK: ${String(e.message).replace(/\s+/g, ' ').slice(0, 100)}`);
      const res = (m as { result?: { isError?: boolean; structuredContent?: { code?: string } } })?.result;
      if (res?.isError && res.structuredContent?.code === 'internal_error') problems.push('tool answered internal_error');
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The run

interface Bucket {
  requests: number;
  statuses: Map<string, number>;
  failures: number;
  maxMs: number;
}

export async function runFuzz(opts: PartOptions, existing?: Portal): Promise<PartResult> {
  const started = performance.now();
  const target = opts.short ? 1_500 : 10_000;
  const timeBudgetMs = opts.short ? 150_000 : 25 * 60_000;
  const concurrency = 6;
  const failures: string[] = [];
  let portal = existing;
  try {
    if (!portal) {
      const dir = await pgliteCopy('fuzz');
      portal = await startPortal({ name: 'fuzz', pgliteDir: dir });
    }
    const base = portal.url;
    const docReply = await request(base, '/openapi.json');
    let doc = json(docReply) as Json | undefined;
    let docSource = 'served /openapi.json';
    if (docReply.status !== 200 || !doc?.paths) {
      // Not served yet: the same document from the code (lib/openapi), as the route would serve it.
      const { getOpenApiDocument } = await import('@/lib/openapi');
      doc = getOpenApiDocument() as unknown as Json;
      docSource = 'lib/openapi (GET /openapi.json did not answer 200)';
    }
    const ops = operations(doc);
    // The OGC API's own OpenAPI document: its paths are relative to its server, /ogc.
    const ogcReply = await request(base, '/ogc/api');
    const ogcDoc = json(ogcReply) as Json | undefined;
    if (ogcReply.status !== 200 || !ogcDoc?.paths) failures.push(`GET /ogc/api answered ${ogcReply.status}: the OGC API is not fuzzed`);
    const ogcOps = ogcDoc?.paths ? operations(ogcDoc).map((o) => ({ ...o, path: o.path === '/' ? '/ogc' : `/ogc${o.path}` })) : [];
    const pools = await gatherPools(base);
    const arb = fc.oneof(
      ...ops.filter((o) => o.path !== '/mcp').map((o) => ({ weight: o.path.startsWith('/api/') ? 6 : 1, arbitrary: operationArb(o, pools, doc!) })),
      ...ogcOps.map((o) => ({ weight: o.path.includes('/items') ? 4 : 1, arbitrary: operationArb(o, pools, ogcDoc!) })),
      { weight: 30, arbitrary: mcpArb(pools, doc) },
      { weight: 2, arbitrary: oddPathArb() },
    );

    const buckets = new Map<string, Bucket>();
    // Failures grouped by endpoint and kind of problem, with the first reproducer of each group.
    const groups = new Map<string, { count: number; example: string }>();
    const noteCounts = new Map<string, { count: number; example: string }>();
    let sent = 0;
    let failed = 0;
    let noAnswer = 0;
    let over500 = 0;
    let badErrors = 0;
    const deadline = Date.now() + timeBudgetMs;
    let batchIndex = 0;
    let lastReport = Date.now();
    while (sent < target && Date.now() < deadline) {
      const batch = fc.sample(arb, { seed: opts.seed + batchIndex, numRuns: Math.min(BATCH, target - sent) });
      const b = batchIndex++;
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < batch.length) {
            const i = next++;
            const req = batch[i];
            const bucket = buckets.get(req.endpoint) ?? { requests: 0, statuses: new Map(), failures: 0, maxMs: 0 };
            buckets.set(req.endpoint, bucket);
            bucket.requests++;
            sent++;
            const body = materialise(req.body);
            const headers = { ...req.headers };
            let problems: string[];
            let status = 'none';
            const notes: string[] = [];
            try {
              const r = await request(base, req.path, { method: req.method, headers, body, timeoutMs: CLIENT_TIMEOUT_MS });
              status = String(r.status);
              bucket.maxMs = Math.max(bucket.maxMs, r.ms);
              problems = check(req, r, ops, notes);
              if (problems.some((p) => p.startsWith('status 5'))) over500++;
              else if (problems.length) badErrors++;
            } catch (e) {
              if (e instanceof NoAnswer && e.kind === 'network' && (await healthy(base))) {
                // The server closed the connection while a body was still being sent (e.g. a 308 for a
                // trailing slash answered before reading 1 MB): legitimate HTTP; the server is fine.
                notes.push(`connection closed by the server before the body was sent: ${e.message}`);
                problems = [];
              } else {
                problems = [e instanceof NoAnswer ? `no answer: ${e.message}` : `client error: ${(e as Error).message}`];
                noAnswer++;
              }
            }
            bucket.statuses.set(status, (bucket.statuses.get(status) ?? 0) + 1);
            const repro = `[seed ${opts.seed + b}, index ${i}] ${curl(base, req.path, req.method, headers, describeBody(req.body))}`;
            for (const n of notes) {
              const g = noteCounts.get(n) ?? { count: 0, example: repro };
              g.count++;
              noteCounts.set(n, g);
            }
            if (problems.length) {
              bucket.failures++;
              failed++;
              const kind = problems.map((p) => p.replace(/: .*$/s, '')).join('; ');
              const label = req.endpoint.endsWith(' (other methods)') ? `${req.method} ${req.endpoint.replace(/ \(other methods\)$/, '')}` : req.endpoint;
              const key = `${label} -> ${kind}`;
              const g = groups.get(key) ?? { count: 0, example: `${problems.join('; ').slice(0, 300)} ${repro}` };
              g.count++;
              groups.set(key, g);
            }
          }
        }),
      );
      if (Date.now() - lastReport > 15_000) {
        lastReport = Date.now();
        console.log(`fuzz: ${sent}/${target} requests, ${failed} failing`);
      }
    }

    const alive = portal.alive() && (await healthy(base));
    if (!alive) failures.push(`server not healthy after the fuzz run; log tail:\n${portal.logTail(20)}`);
    const logged = (portal.logTail(100_000).match(/unexpected error|request failed|\[mcp\] tool failed/g) ?? []).length;

    console.log(`\nfuzz: requests per endpoint (statuses)`);
    const rows = [['endpoint', 'requests', 'statuses', 'failing', 'slowest']];
    for (const [name, bkt] of [...buckets.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
      const statuses = [...bkt.statuses.entries()].sort().map(([s, n]) => `${s}×${n}`).join(' ');
      rows.push([name, String(bkt.requests), statuses, String(bkt.failures), `${Math.round(bkt.maxMs)} ms`]);
    }
    console.log(table(rows));

    for (const [key, g] of [...groups.entries()].sort((a, b) => b[1].count - a[1].count)) {
      failures.push(`${g.count}× ${key}\n       e.g. ${g.example}`);
    }
    if (noteCounts.size) {
      console.log('\nfuzz: notes (not failures)');
      for (const [n, g] of noteCounts) console.log(`  ${g.count}× ${n}\n     e.g. ${g.example}`);
    }
    const enough = sent >= target;
    if (!enough) failures.push(`only ${sent} of ${target} requests within the ${timeBudgetMs / 60_000} min budget`);
    return {
      name: 'fuzz',
      ok: failed === 0 && alive && enough,
      durationMs: performance.now() - started,
      figures: [
        ['requests', String(sent)],
        ['seed', String(opts.seed)],
        ['generated from', `${docSource} (${ops.length} operations) + /ogc/api (${ogcOps.length} operations) + MCP tools/list (${pools.tools.length} tools)`],
        ['endpoint buckets', String(buckets.size)],
        ['responses >= 500 (other than documented 502 source failures)', String(over500)],
        ['4xx without {error, code} / other property failures', String(badErrors)],
        ['no answer (60 s) or connection lost', String(noAnswer)],
        ['distinct failure kinds', String(groups.size)],
        ...Array.from(
          [...noteCounts.entries()].reduce((m, [n, g]) => m.set(n.replace(/:.*$/, ''), (m.get(n.replace(/:.*$/, '')) ?? 0) + g.count), new Map<string, number>()),
          ([n, c]): [string, string] => [`note: ${n}`, String(c)],
        ),
        ['errors logged by the server', String(logged)],
        ['server healthy afterwards', alive ? 'yes' : 'NO'],
      ],
      failures,
    };
  } finally {
    if (!existing) await portal?.stop();
  }
}

if (process.argv[1]?.endsWith('fuzz.ts')) {
  const opts = parseArgs();
  runFuzz(opts)
    .then(async (r) => {
      printResult(r);
      await cleanupAll(opts.keep);
      process.exit(r.ok ? 0 : 1);
    })
    .catch(async (e: unknown) => {
      console.error(e);
      await cleanupAll(opts.keep);
      process.exit(1);
    });
}
