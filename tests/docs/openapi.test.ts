// GET /openapi.json: lint with @redocly/cli (recommended rules, offline), then every endpoint of the
// spec called through its real route handler and each answer (status, media type, required headers,
// body) validated against the served document with ajv.
import { withRequestContext } from '@/lib/process-state';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getSql } from '@/lib/db';
import { DOC_SLUGS } from '@/lib/docs/schema';
import { env } from '@/lib/env';
import { ERROR_STATUS, isErrorCode } from '@/lib/errors';
import type { OpenApiDocument, Response as OaResponse } from '@/lib/openapi/types';
import { rejectProvider } from '@/lib/providers/approval';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { publish, removeAttempts, removeProviders, testManifest, uniqueAddress, uniqueId } from '../providers/helpers';
import { ResponseValidator } from './openapi-helpers';

const run = promisify(execFile);
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = { GET?: Handler; POST?: Handler };

const base = () => env().publicBaseUrl;
let doc: OpenApiDocument;
let v: ResponseValidator;

async function call(mod: Promise<RouteModule>, method: 'GET' | 'POST', url: string, params: Record<string, string> = {}, init: RequestInit = {}) {
  const m = await mod;
  const handler = method === 'GET' ? m.GET : m.POST;
  expect(handler, `${method} ${url} has a handler`).toBeDefined();
  return handler!(new Request(new URL(url, base()), { method, ...init }), { params: Promise.resolve(params) });
}

const routes = {
  catalog: () => import('@/app/api/catalog/route') as unknown as Promise<RouteModule>,
  data: () => import('@/app/api/data/[provider]/[dataset]/route') as unknown as Promise<RouteModule>,
  places: () => import('@/app/api/places/route') as unknown as Promise<RouteModule>,
  reverse: () => import('@/app/api/places/reverse/route') as unknown as Promise<RouteModule>,
  nearby: () => import('@/app/api/nearby/route') as unknown as Promise<RouteModule>,
  nearbySelection: () => import('@/app/api/nearby/selection/route') as unknown as Promise<RouteModule>,
  summary: () => import('@/app/api/summary/[provider]/[dataset]/route') as unknown as Promise<RouteModule>,
  validate: () => import('@/app/api/validate/route') as unknown as Promise<RouteModule>,
  registration: () => import('@/app/api/registration/route') as unknown as Promise<RouteModule>,
  mcp: () => import('@/app/mcp/route') as unknown as Promise<RouteModule>,
  llms: () => import('@/app/llms.txt/route') as unknown as Promise<RouteModule>,
  llmsFull: () => import('@/app/llms-full.txt/route') as unknown as Promise<RouteModule>,
  indexMd: () => import('@/app/index.md/route') as unknown as Promise<RouteModule>,
  sourcesMd: () => import('@/app/zdroje.md/route') as unknown as Promise<RouteModule>,
  openapi: () => import('@/app/openapi.json/route') as unknown as Promise<RouteModule>,
  schema: () => import('@/app/schema/0.1/[file]/route') as unknown as Promise<RouteModule>,
  priklady: () => import('@/app/priklady/[file]/route') as unknown as Promise<RouteModule>,
};

/** The endpoints of the spec's overview table, as OpenAPI paths. */
const SPEC_ENDPOINTS: Array<[string, 'get' | 'post']> = [
  ['/api/catalog', 'get'],
  ['/api/data/{provider}/{dataset}', 'get'],
  ['/api/places', 'get'],
  ['/api/nearby', 'get'],
  ['/api/summary/{provider}/{dataset}', 'get'],
  ['/api/validate', 'get'],
  ['/api/validate', 'post'],
  ['/api/registration', 'post'],
  ['/mcp', 'post'],
  ['/llms.txt', 'get'],
  ['/llms-full.txt', 'get'],
  ['/index.md', 'get'],
  ['/zdroje.md', 'get'],
  ['/dokumentacia/{slug}.md', 'get'],
  ['/openapi.json', 'get'],
  ['/schema/0.1/{file}', 'get'],
  ['/priklady/{file}.json', 'get'],
];

beforeAll(async () => {
  const res = await call(routes.openapi(), 'GET', '/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as OpenApiDocument;
  v = new ResponseValidator(doc);
});

describe('the served document', () => {
  test('is OpenAPI 3.1 with version 0.1 and describes every endpoint of the spec', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('0.1');
    expect(doc.servers[0].url).toBe(base());
    for (const [p, method] of SPEC_ENDPOINTS) expect(doc.paths[p]?.[method], `${method} ${p}`).toBeDefined();
    // Protocol schemas embedded with their definitions hoisted.
    for (const name of ['Manifest', 'ManifestDataset', 'ManifestParam', 'Data', 'DataFeature', 'DataChart']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
  });

  test('each error code is documented under the HTTP status the portal answers it with', () => {
    const misplaced: string[] = [];
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, response] of Object.entries((op as { responses: Record<string, OaResponse> }).responses)) {
          const schema = response.content?.['application/json']?.schema as { properties?: { code?: { enum?: string[] } } } | undefined;
          for (const code of schema?.properties?.code?.enum ?? []) {
            if (!isErrorCode(code) || String(ERROR_STATUS[code]) !== status) misplaced.push(`${method} ${p} ${status} ${code}`);
          }
        }
      }
    }
    expect(misplaced).toEqual([]);
  });

  test('every response example validates against its schema', () => {
    const failures: string[] = [];
    let count = 0;
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, response] of Object.entries((op as { responses: Record<string, OaResponse> }).responses)) {
          for (const [mediaType, media] of Object.entries(response.content ?? {})) {
            const values = [media.example, ...Object.values(media.examples ?? {}).map((e) => ('value' in e ? e.value : undefined))];
            for (const value of values.filter((x) => x !== undefined)) {
              count++;
              const errors = v.schema(media.schema ?? {}, value);
              if (errors.length) failures.push(`${method} ${p} ${status} ${mediaType}: ${errors.slice(0, 3).join('; ')}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(20);
  });

  test('passes @redocly/cli lint (recommended rules, offline)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc, null, 2));
      const cli = path.join(process.cwd(), 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
      const config = path.join(process.cwd(), 'tests', 'docs', 'redocly.yaml');
      const { stdout } = await run(process.execPath, [cli, 'lint', file, '--config', config, '--format', 'json'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 32 * 1024 * 1024,
      }).catch((e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr }));
      const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
      };
      const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('real responses validate against the document', () => {
  test('GET /api/catalog', async () => {
    const { body } = await v.check('/api/catalog', 'get', await call(routes.catalog(), 'GET', '/api/catalog'));
    expect((body as { datasets: unknown[] }).datasets.length).toBeGreaterThan(0);
  });

  test('GET /api/data: 200 with X-DM-Cache, 304, 303 display-only, 400, 404', async () => {
    const p = '/api/data/{provider}/{dataset}';
    const get = (provider: string, dataset: string, qs = '', headers: Record<string, string> = {}) =>
      call(routes.data(), 'GET', `/api/data/${provider}/${dataset}${qs}`, { provider, dataset }, { headers });
    const ok = await v.check(p, 'get', await get('priklady', 'kvalita-ovzdusia'));
    expect(ok.status).toBe(200);
    const etag = ok.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await v.check(p, 'get', await get('priklady', 'kvalita-ovzdusia', '', { 'if-none-match': etag! }))).status).toBe(304);
    expect((await v.check(p, 'get', await get('sk-uzemie', 'mesta'))).status).toBe(200);
    const displayOnly = await v.check(p, 'get', await get('zbgis', 'katastralna-mapa'));
    expect([303, 400]).toContain(displayOnly.status);
    expect((await v.check(p, 'get', await get('sgudds', 'geologicka-mapa-50'))).body).toMatchObject({ code: 'raster_dataset' });
    expect((await v.check(p, 'get', await get('priklady', 'chranene-uzemia-rozloha'))).body).toMatchObject({ code: 'invalid_query' });
    expect((await v.check(p, 'get', await get('priklady', 'chranene-uzemia-rozloha', '?bbox=17,48,17.3,48.3&zoom=11'))).status).toBe(200);
    expect((await v.check(p, 'get', await get('priklady', 'neexistuje'))).body).toMatchObject({ code: 'unknown_dataset' });
  });

  test('GET /api/places', async () => {
    const ok = await v.check('/api/places', 'get', await call(routes.places(), 'GET', `/api/places?query=${encodeURIComponent('Žilina')}&max=3`));
    expect((ok.body as { count: number }).count).toBeGreaterThan(0);
    const near = await v.check('/api/places', 'get', await call(routes.places(), 'GET', '/api/places?query=Lehota&max=5'));
    expect((near.body as { places: Array<{ near?: unknown }> }).places.some((pl) => pl.near)).toBe(true);
    const bad = await v.check('/api/places', 'get', await call(routes.places(), 'GET', '/api/places?query=Nitra&max=99'));
    expect(bad.status).toBe(400);
  });

  test('GET /api/nearby: results, automatic selection, and each rule’s error', async () => {
    const p = '/api/nearby';
    const get = (qs: string) => call(routes.nearby(), 'GET', `/api/nearby?${qs}`);
    const ok = await v.check(p, 'get', await get('point=18.7394,49.2231&datasets=sk-uzemie/obce,priklady/kvalita-ovzdusia&radius=1000&max=2'));
    expect((ok.body as { results: unknown[] }).results).toHaveLength(2);
    expect((await v.check(p, 'get', await get(`place=${encodeURIComponent('Štúrova, Nitra')}&search=ovzdušie`))).status).toBe(200);
    expect((await v.check(p, 'get', await get('point=18.7,49.2'))).body).toMatchObject({ code: 'missing_dataset_selection' });
    expect((await v.check(p, 'get', await get('purpose=housing'))).body).toMatchObject({ code: 'missing_place' });
    expect((await v.check(p, 'get', await get('place=Qxqxqxqx%20Zzyzzyx&purpose=housing'))).body).toMatchObject({ code: 'unknown_place' });
    expect((await v.check(p, 'get', await get('point=18.7,49.2&radius=0&purpose=housing'))).status).toBe(400);
  });

  test('GET /api/places/reverse: in Slovakia, abroad, invalid point', async () => {
    const p = '/api/places/reverse';
    const get = (qs: string) => call(routes.reverse(), 'GET', `${p}?${qs}`);
    const ok = await v.check(p, 'get', await get('point=18.7394,49.2231'));
    expect(ok.body).toMatchObject({ municipality: { name: 'Žilina' }, cadastralTerritory: { name: 'Žilina' } });
    expect((await v.check(p, 'get', await get('point=16,48'))).body).toMatchObject({ municipality: null, nearest: null });
    expect((await v.check(p, 'get', await get('point=181,48'))).body).toMatchObject({ code: 'invalid_query' });
  });

  test('GET /api/nearby/selection: purpose, search, place and the rules’ errors', async () => {
    const p = '/api/nearby/selection';
    const get = (qs: string) => call(routes.nearbySelection(), 'GET', `${p}?${qs}`);
    const ok = await v.check(p, 'get', await get('point=17.1077,48.1486&purpose=construction'));
    expect((ok.body as { datasets: unknown[] }).datasets.length).toBeGreaterThan(0);
    expect((await v.check(p, 'get', await get(`place=${encodeURIComponent('Štúrova, Nitra')}&search=ovzdušie`))).status).toBe(200);
    expect((await v.check(p, 'get', await get('point=18.7,49.2'))).body).toMatchObject({ code: 'missing_dataset_selection' });
    expect((await v.check(p, 'get', await get('point=18.7,49.2&purpose=housing&search=x'))).body).toMatchObject({ code: 'missing_dataset_selection' });
    expect((await v.check(p, 'get', await get('purpose=housing'))).body).toMatchObject({ code: 'missing_place' });
    expect((await v.check(p, 'get', await get('point=18.7,49.2&purpose=fishing'))).body).toMatchObject({ code: 'invalid_query' });
  });

  test('GET /api/summary: territory, municipality and its errors', async () => {
    const p = '/api/summary/{provider}/{dataset}';
    const get = (provider: string, dataset: string, qs = '') =>
      call(routes.summary(), 'GET', `/api/summary/${provider}/${dataset}${qs}`, { provider, dataset });
    expect((await v.check(p, 'get', await get('sk-uzemie', 'obce'))).status).toBe(200);
    const own = await v.check(p, 'get', await get('sk-uzemie', 'obce', `?municipality=${encodeURIComponent('Žilina')}`));
    expect((own.body as { own: unknown[] }).own.length).toBeGreaterThan(0);
    expect((await v.check(p, 'get', await get('priklady', 'kvalita-ovzdusia'))).status).toBe(200);
    expect((await v.check(p, 'get', await get('sgudds', 'geologicka-mapa-50'))).body).toMatchObject({ code: 'raster_dataset' });
    expect((await v.check(p, 'get', await get('sk-uzemie', 'neexistuje'))).body).toMatchObject({ code: 'unknown_dataset' });
    expect((await v.check(p, 'get', await get('sk-uzemie', 'obce', '?municipality=Qxqxqxqx'))).body).toMatchObject({ code: 'unknown_place' });
    const sql = await getSql();
    const [dup] = await sql<{ name: string }[]>`select name from municipalities where kind = 'municipality' group by name having count(*) > 1 order by name limit 1`;
    expect(dup).toBeDefined();
    const ambiguous = await v.check(p, 'get', await get('sk-uzemie', 'obce', `?municipality=${encodeURIComponent(dup.name)}`));
    expect(ambiguous.body).toMatchObject({ code: 'ambiguous_place' });
    const zoomOnly = await v.check(p, 'get', await get('priklady', 'chranene-uzemia-rozloha'));
    expect([200, 400]).toContain(zoomOnly.status);
  });

  test('GET and POST /api/validate', async () => {
    const p = '/api/validate';
    const live = await v.check(p, 'get', await call(routes.validate(), 'GET', `/api/validate?manifestUrl=${encodeURIComponent(`${base()}/priklady/manifest-minimal.json`)}`));
    expect(live.body).toMatchObject({ valid: true, provider: { id: 'moja-obec' } });
    expect((await v.check(p, 'get', await call(routes.validate(), 'GET', '/api/validate'))).body).toMatchObject({ code: 'invalid_input' });
    const post = (body: string) => call(routes.validate(), 'POST', '/api/validate', {}, { body, headers: { 'content-type': 'application/json' } });
    const bad = { protocol: '0.1', provider: { id: 'Zle Id', name: 'x' }, datasets: [{ id: 'a', title: 'A', source: { type: 'geojson', url: 'https://example.org/a.json' } }] };
    expect((await v.check(p, 'post', await post(JSON.stringify(bad)))).body).toMatchObject({ valid: false });
    const samples = await call(routes.priklady(), 'GET', '/priklady/manifest-minimal.json');
    const manifest = (await samples.json()) as { datasets: unknown[] };
    expect((await v.check(p, 'post', await post(JSON.stringify({ manifest })))).body).toMatchObject({ valid: true });
    const points = await (await call(routes.priklady(), 'GET', '/priklady/data-points.json')).json();
    expect((await v.check(p, 'post', await post(JSON.stringify({ data: points, dataset: manifest.datasets[0] })))).status).toBe(200);
    expect((await v.check(p, 'post', await post(JSON.stringify({ manifestUrl: `${base()}/priklady/manifest-minimal.json` })))).status).toBe(200);
    expect((await v.check(p, 'post', await post('[1, 2]'))).body).toMatchObject({ code: 'invalid_input' });
    expect((await v.check(p, 'post', await post('{not json'))).body).toMatchObject({ code: 'invalid_input' });
  });

  describe('POST /api/registration', () => {
    let server: ProviderServer;
    let restore: () => void;
    const ids: string[] = [];
    const addresses: string[] = [];
    const post = (body: unknown) => {
      const address = uniqueAddress();
      addresses.push(address);
      return withRequestContext({ peer: address, serverCompresses: true }, () =>
        call(routes.registration(), 'POST', '/api/registration', {}, {
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        }),
      );
    };

    beforeAll(async () => {
      server = await startProviderServer();
      restore = allowInsecureSources(server);
    });
    afterAll(async () => {
      if (ids.length) await removeProviders(...ids);
      if (addresses.length) await removeAttempts(...addresses);
      restore?.();
      await server?.close();
    });

    test('201, 200, 400, 403, 409, 422 answers', async () => {
      const p = '/api/registration';
      const id = uniqueId('docs-reg');
      ids.push(id);
      const url = publish(server, testManifest(id));
      const created = await v.check(p, 'post', await post({ manifestUrl: url }));
      expect(created).toMatchObject({ status: 201, body: { registered: true, status: 'pending_review' } });
      expect((await v.check(p, 'post', await post({ manifestUrl: url }))).status).toBe(200);
      const otherUrl = publish(server, testManifest(id), `/elsewhere/${id}/manifest.json`);
      expect((await v.check(p, 'post', await post({ manifestUrl: otherUrl }))).body).toMatchObject({ code: 'id_taken' });

      const brokenId = uniqueId('docs-bad');
      ids.push(brokenId);
      const broken = testManifest(brokenId);
      server.setFault(`/${brokenId}/data/${brokenId}-body.json`, '500');
      const rejectedCheck = await v.check(p, 'post', await post({ manifestUrl: publish(server, broken) }));
      expect(rejectedCheck.body).toMatchObject({ code: 'manifest_rejected' });

      expect((await v.check(p, 'post', await post({}))).body).toMatchObject({ code: 'invalid_input' });
      expect((await v.check(p, 'post', await post({ manifestUrl: 'ftp://example.org/manifest.json' }))).body).toMatchObject({ code: 'invalid_url' });

      await rejectProvider({ id, reason: 'documentation test' });
      expect((await v.check(p, 'post', await post({ manifestUrl: url }))).body).toMatchObject({ code: 'rejected' });
    });
  });

  test('POST /mcp: tools/list, tools/call, transport error', async () => {
    const p = '/mcp';
    const post = (body: unknown) =>
      call(routes.mcp(), 'POST', `${base()}/mcp`, {}, {
        body: typeof body === 'string' ? body : JSON.stringify(body),
        // The transport's DNS-rebinding guard reads Host, which a Request built in-process lacks.
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', host: new URL(base()).host },
      });
    const list = await v.check(p, 'post', await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const names = (list.body as { result: { tools: Array<{ name: string }> } }).result.tools.map((t) => t.name).sort();
    expect(names).toEqual(['catalog', 'documentation', 'example', 'fetch_data', 'find_place', 'map_image', 'nearby', 'register_provider', 'schema', 'summary', 'territory', 'validate_data', 'validate_manifest']);
    const place = await v.check(p, 'post', await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'find_place', arguments: { query: 'Žilina', maxResults: 1 } } }));
    const structured = (place.body as { result: { structuredContent: unknown } }).result.structuredContent;
    expect(v.component('PlaceResult', structured)).toEqual([]);
    const docs = await v.check(p, 'post', await post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'documentation', arguments: { topic: 'ai-agents' } } }));
    expect(JSON.stringify(docs.body)).toContain('Pre AI agentov');
    expect((await v.check(p, 'post', await post('{"jsonrpc": '))).status).toBeGreaterThanOrEqual(400);
  });

  test('GET markdown and text resources', async () => {
    expect((await v.check('/llms.txt', 'get', await call(routes.llms(), 'GET', '/llms.txt'))).text).toMatch(/^# /);
    expect((await v.check('/llms-full.txt', 'get', await call(routes.llmsFull(), 'GET', '/llms-full.txt'))).text).toContain('# Protokol 0.1');
    expect((await v.check('/index.md', 'get', await call(routes.indexMd(), 'GET', '/index.md'))).text).toContain('## Datasety');
    expect((await v.check('/zdroje.md', 'get', await call(routes.sourcesMd(), 'GET', '/zdroje.md'))).text).toContain('| Dataset |');
    for (const slug of DOC_SLUGS) {
      const mod = import(`@/app/dokumentacia/${slug}.md/route`) as Promise<RouteModule>;
      expect((await v.check('/dokumentacia/{slug}.md', 'get', await call(mod, 'GET', `/dokumentacia/${slug}.md`))).status).toBe(200);
    }
    expect((await v.check('/openapi.json', 'get', await call(routes.openapi(), 'GET', '/openapi.json'))).status).toBe(200);
  });

  test('GET /schema/0.1/{file} and /priklady/{file}.json', async () => {
    for (const file of ['manifest.json', 'data.json', 'provider-openapi.json', 'nic.json']) {
      await v.check('/schema/0.1/{file}', 'get', await call(routes.schema(), 'GET', `/schema/0.1/${file}`, { file }));
    }
    for (const file of ['manifest-minimal.json', 'manifest-complete.json', 'data-points.json', 'data-polygons.json', 'nic.json']) {
      await v.check('/priklady/{file}.json', 'get', await call(routes.priklady(), 'GET', `/priklady/${file}`, { file }));
    }
  });

  afterAll(() => {
    // Which documented operations were exercised, for the report.
    const paths = new Set([...v.covered].map((c) => c.split(' ').slice(0, 2).join(' ')));
    const missing = SPEC_ENDPOINTS.filter(([p, m]) => !paths.has(`${m.toUpperCase()} ${p}`));
    console.info(`[openapi] validated ${v.covered.size} (operation, status) pairs; endpoints not exercised: ${missing.length ? missing.join('; ') : 'none'}`);
    console.info([...v.covered].sort().join('\n'));
  });
});
