// Honest answers (issue 25) over REST and MCP alike: unknown query parameters and tool arguments are
// refused naming the nearest known one, every range error states the range, a point written
// [lat, lon] gets a hint, a failed source says whether to try again and where the authority is
// (and the MCP text never calls it "nothing"), and dataset search understands English and
// synonyms through the one keyword table, suggesting categories when nothing matches.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import * as mcpRoute from '@/app/mcp/route';
import { GET as dataGET } from '@/app/api/data/[provider]/[dataset]/route';
import { GET as placesGET } from '@/app/api/places/route';
import { GET as reverseGET } from '@/app/api/places/reverse/route';
import { GET as selectionGET } from '@/app/api/nearby/selection/route';
import { resetEnvForTests } from '@/lib/env';
import { matchScore } from '@/lib/providers/keywords';
import { catalogSearchOperation } from '@/lib/catalog/operation';
import { dataOperation, fetchDataOperation } from '@/lib/data/operation';
import { nearbyOperation } from '@/lib/nearby/operation';
import type { Operation } from '@/lib/operation/define';
import { objectShape } from '@/lib/operation/query';
import { placesOperation, reverseOperation } from '@/lib/places/operation';
import { listApprovedDatasets } from '@/lib/providers';
import { summaryOperation } from '@/lib/summary/operation';
import type { ManifestDataset } from '@/lib/protocol/types';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { serveRoutes, type RouteServer } from '../helpers/route-server';
import { addProvider, nearbyRequest, removeProvider, summaryRequest, uniqueId, type TestProvider } from '../nearby/helpers';

const BA: [number, number] = [17.1077, 48.1486];
let server: RouteServer;
let client: Client;
let provider: ProviderServer;
let restore: () => void;
let broken: TestProvider;
const HOMEPAGE = 'https://www.example.sk/povodne';

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function failure(r: CallToolResult): { error: string; code: string; [k: string]: unknown } {
  expect(r.isError, JSON.stringify(r)).toBe(true);
  const last = r.content[r.content.length - 1];
  return JSON.parse(last.type === 'text' ? last.text : '{}') as { error: string; code: string };
}

function text(r: CallToolResult): string {
  return r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response> | Response;

async function get<P>(handler: Handler<P>, url: string, params: Record<string, string> = {}) {
  const res = await handler(new Request(`http://localhost${url}`), { params: Promise.resolve(params as P) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

function ds(id: string, url: string, extra: Partial<ManifestDataset> = {}): ManifestDataset {
  return { id, title: `Zlyhávajúci ${id}`, category: 'risks', source: { type: 'geojson', url, mode: 'full' }, ...extra };
}

beforeAll(async () => {
  server = await serveRoutes({ '/mcp': mcpRoute as never });
  process.env.PUBLIC_BASE_URL = `http://localhost:${process.env.PORT ?? 3000}`;
  process.env.PORT = String(server.port);
  resetEnvForTests();
  client = new Client({ name: 'portal-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  provider = await startProviderServer();
  restore = allowInsecureSources(provider);
  provider.setFault('/down.json', '503');
  provider.setFault('/missing.json', '404');
  provider.setBody('/wrong.json', { hello: 'world' });
  broken = await addProvider({
    id: uniqueId('honest'),
    homepage: HOMEPAGE,
    datasets: [ds('down', `${provider.url}/down.json`), ds('missing', `${provider.url}/missing.json`), ds('wrong', `${provider.url}/wrong.json`)],
  });
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  if (broken) await removeProvider(broken);
  restore?.();
  await provider?.close();
});

describe('unknown query parameters and tool arguments are refused, naming the nearest known one', () => {
  const rest: Array<{ name: string; run: () => Promise<{ status: number; body: Record<string, any> }>; unknown: string; suggestion?: string }> = [
    { name: 'nearby radiuss', run: () => nearbyRequest(`point=${BA}&datasets=sk-uzemie/obce&radiuss=100`), unknown: 'radiuss', suggestion: 'radius' },
    { name: 'nearby pont', run: () => nearbyRequest(`pont=${BA}&datasets=sk-uzemie/obce`), unknown: 'pont', suggestion: 'point' },
    { name: 'places maxx', run: () => get(placesGET, '/api/places?query=Žilina&maxx=3'), unknown: 'maxx', suggestion: 'max' },
    { name: 'reverse lonlat', run: () => get(reverseGET, `/api/places/reverse?point=${BA}&lonlat=1`), unknown: 'lonlat' },
    { name: 'selection purpse', run: () => get(selectionGET, `/api/nearby/selection?point=${BA}&purpse=housing`), unknown: 'purpse', suggestion: 'purpose' },
    { name: 'data zom', run: () => get(dataGET, '/api/data/sk-uzemie/obce?zom=3', { provider: 'sk-uzemie', dataset: 'obce' }), unknown: 'zom', suggestion: 'zoom' },
    { name: 'data ukazovatl', run: () => get(dataGET, '/api/data/sk-uzemie/obce?ukazovatl=hustota', { provider: 'sk-uzemie', dataset: 'obce' }), unknown: 'ukazovatl', suggestion: 'ukazovatel' },
    { name: 'summary municipalty', run: () => summaryRequest('sk-uzemie', 'obce', 'municipalty=Žilina'), unknown: 'municipalty', suggestion: 'municipality' },
    { name: 'nearby dataset parameter', run: () => nearbyRequest(`point=${BA}&datasets=sk-uzemie/obce&sk-uzemie/obce.ukazovatl=hustota`), unknown: 'ukazovatl', suggestion: 'ukazovatel' },
  ];
  for (const c of rest) {
    test(`REST ${c.name}`, async () => {
      const { status, body } = await c.run();
      expect(status, JSON.stringify(body)).toBe(400);
      expect(body.code).toBe('invalid_query');
      expect(body.error).toContain(c.unknown);
      expect(body.error).toMatch(/unknown (query )?parameter/);
      if (c.suggestion) {
        expect(body.error).toContain(`did you mean ${c.suggestion}?`);
        expect(body.suggestion).toBe(c.suggestion);
      }
    });
  }

  test('REST: dataset parameters and the cache-buster `_` are no unknown members', async () => {
    expect((await nearbyRequest(`point=${BA}&datasets=sk-uzemie/obce&sk-uzemie/obce.ukazovatel=hustota&_=1`)).status).toBe(200);
    expect((await get(dataGET, '/api/data/sk-uzemie/kraje?_=123', { provider: 'sk-uzemie', dataset: 'kraje' })).status).toBe(200);
  });

  const mcp: Array<{ tool: string; args: Record<string, unknown>; unknown: string; suggestion?: string; note?: RegExp }> = [
    { tool: 'nearby', args: { point: BA, datasets: ['sk-uzemie/obce'], radiuss: 100 }, unknown: 'radiuss', suggestion: 'radius' },
    { tool: 'nearby', args: { point: BA, datasets: ['sk-uzemie/obce'], max: 3 }, unknown: 'max', note: /Use maxFeatures/ },
    { tool: 'catalog', args: { query: 'povodne' }, unknown: 'query' },
    { tool: 'catalog', args: { serch: 'povodne' }, unknown: 'serch', suggestion: 'search' },
    { tool: 'find_place', args: { query: 'Žilina', max: 3 }, unknown: 'max' },
    { tool: 'summary', args: { dataset: 'sk-uzemie/obce', municipalty: 'Žilina' }, unknown: 'municipalty', suggestion: 'municipality' },
    { tool: 'register_provider', args: { manifestURL: 'https://example.org/m.json' }, unknown: 'manifestURL', suggestion: 'manifestUrl' },
  ];
  for (const c of mcp) {
    test(`MCP ${c.tool} ${c.unknown}`, async () => {
      const body = failure(await call(c.tool, c.args));
      expect(body.code).toBe('invalid_query');
      expect(body.error).toMatch(new RegExp(`^${c.unknown}: unknown argument`));
      if (c.suggestion) expect(body.error).toContain(`did you mean ${c.suggestion}?`);
      if (c.note) expect(body.error).toMatch(c.note);
    });
  }
});

describe('every range error states the range', () => {
  // Every numeric input with a lower and an upper bound, in every operation REST or MCP parses.
  const operations = [nearbyOperation, placesOperation, reverseOperation, fetchDataOperation, summaryOperation, catalogSearchOperation, dataOperation] as unknown as Operation[];
  const bounded: Array<{ op: Operation; field: string; min: number; max: number }> = [];
  for (const op of operations) {
    for (const [field, schema] of Object.entries(objectShape(op.input))) {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { type?: string; minimum?: number; maximum?: number };
      if ((json.type === 'number' || json.type === 'integer') && json.minimum !== undefined && json.maximum !== undefined) bounded.push({ op, field, min: json.minimum, max: json.maximum });
    }
  }

  test('the bounded fields are found (nearby radius and max, places max, fetch_data zoom and maxFeatures)', () => {
    expect(bounded.map((b) => `${b.op.id}.${b.field}`)).toEqual(expect.arrayContaining(['nearby.radius', 'nearby.max', 'searchPlaces.max', 'fetchData.maxFeatures', 'fetchData.zoom']));
  });

  for (const value of ['below', 'above', 'not a number'] as const) {
    test(`a value ${value} the range names both ends`, () => {
      for (const b of bounded) {
        const base: Record<string, unknown> =
          b.op.id === 'nearby' ? { point: BA, datasets: ['a/b'] } : b.op.id === 'searchPlaces' ? { query: 'Žilina' } : b.op.id === 'fetchData' || b.op.id === 'getDatasetData' ? { dataset: 'a/b' } : {};
        const v = value === 'below' ? b.min - 1 : value === 'above' ? b.max + 1 : 'x';
        let thrown: any;
        try {
          b.op.parse({ ...base, [b.field]: v });
        } catch (e) {
          thrown = e;
        }
        expect(thrown?.code, `${b.op.id}.${b.field}`).toBe(b.op.invalidCode);
        expect(thrown?.message, `${b.op.id}.${b.field}`).toContain(`${b.field}: expected`);
        expect(thrown?.message, `${b.op.id}.${b.field}`).toContain(`from ${b.min} to ${b.max}`);
      }
    });
  }

  test('a bound that excludes its end says so (fetch_data tolerance)', () => {
    expect(() => fetchDataOperation.parse({ dataset: 'a/b', tolerance: 0 })).toThrow('tolerance: expected a number of metres above 0 up to');
  });

  test('MCP: radius 0, maxFeatures 1000, a longitude of 200 and a bbox latitude of 95', async () => {
    expect(failure(await call('nearby', { point: BA, datasets: ['sk-uzemie/obce'], radius: 0 }))).toMatchObject({
      code: 'invalid_query',
      error: 'radius: expected a number of metres from 1 to 20000, got 0',
    });
    expect(failure(await call('nearby', { point: BA, datasets: ['sk-uzemie/obce'], maxFeatures: 1000 }))).toMatchObject({
      code: 'invalid_query',
      error: 'maxFeatures: expected an integer from 1 to 50, got 1000',
    });
    expect(failure(await call('fetch_data', { dataset: 'sk-uzemie/obce', maxFeatures: 100000 })).error).toBe('maxFeatures: expected an integer from 1 to 5000, got 100000');
    expect(failure(await call('catalog', { point: [200, 48] })).error).toBe('point.0: expected a longitude from -180 to 180, got 200');
    expect(failure(await call('fetch_data', { dataset: 'sk-uzemie/obce', bbox: [17, 48, 18, 95] })).error).toBe('bbox.3: expected a latitude from -90 to 90, got 95');
  });

  test('REST: radius 0 and max 60 on nearby, max 11 on places', async () => {
    expect((await nearbyRequest(`point=${BA}&datasets=sk-uzemie/obce&radius=0`)).body.error).toBe('radius: expected a number of metres from 1 to 20000, got 0');
    expect((await nearbyRequest(`point=${BA}&datasets=sk-uzemie/obce&max=60`)).body.error).toBe('max: expected an integer from 1 to 50, got 60');
    expect((await get(placesGET, '/api/places?query=Žilina&max=11')).body.error).toBe('max: expected an integer from 1 to 10, got 11');
  });
});

describe('a point written [lat, lon] gets a hint', () => {
  const swapped: [number, number] = [BA[1], BA[0]];

  test('REST nearby, reverse and selection; a point in Slovakia or far away gets none', async () => {
    const near = await nearbyRequest(`point=${swapped}&datasets=sk-uzemie/obce`);
    expect(near.status).toBe(200);
    expect(near.body.hint).toMatch(/\[17\.1077, 48\.1486\] lies inside: coordinates are \[lon, lat\]/);
    expect((await get(reverseGET, `/api/places/reverse?point=${swapped}`)).body.hint).toMatch(/swap/);
    expect((await nearbyRequest(`point=${BA}&datasets=sk-uzemie/obce`)).body.hint).toBeUndefined();
    expect((await nearbyRequest(`point=2.35,48.85&datasets=sk-uzemie/obce`)).body.hint).toBeUndefined();
  });

  test('MCP nearby and catalog: in the structured answer and in the text', async () => {
    const near = await call('nearby', { point: swapped, datasets: ['sk-uzemie/obce'] });
    expect((near.structuredContent as { hint?: string }).hint).toMatch(/Did you swap them\?/);
    expect(text(near)).toMatch(/Pozor: The point \[48\.1486, 17\.1077\] lies outside Slovakia/);
    const cat = await call('catalog', { search: 'povodne', point: swapped });
    expect((cat.structuredContent as { hint?: string }).hint).toMatch(/Did you swap them\?/);
    expect((await call('catalog', { search: 'povodne', point: BA })).structuredContent).not.toHaveProperty('hint');
  });
});

describe('a failed source says whether to retry and where the authority is', () => {
  test('REST nearby: 503 retryable, 404 and a schema mismatch not; the authority’s homepage on each', async () => {
    const keys = ['down', 'missing', 'wrong'].map((d) => `${broken.id}/${d}`);
    const { status, body } = await nearbyRequest(`point=${BA}&datasets=${keys.join(',')}`);
    expect(status).toBe(200);
    const byKey = Object.fromEntries(body.results.map((r: any) => [r.dataset, r]));
    expect(byKey[keys[0]]).toMatchObject({ status: 'error', code: 'http_error', retryable: true, authority: { url: HOMEPAGE }, hits: [] });
    expect(byKey[keys[1]]).toMatchObject({ status: 'error', code: 'http_error', retryable: false, authority: { url: HOMEPAGE } });
    expect(byKey[keys[2]]).toMatchObject({ status: 'error', code: 'data_schema_mismatch', retryable: false, authority: { url: HOMEPAGE } });
    expect(byKey[keys[0]]).not.toHaveProperty('count');
  });

  test('REST data: the 502 body carries retryable and authority', async () => {
    const res = await get(dataGET, `/api/data/${broken.id}/down`, { provider: broken.id, dataset: 'down' });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'http_error', retryable: true, authority: { name: expect.any(String), url: HOMEPAGE } });
    const wrong = await get(dataGET, `/api/data/${broken.id}/wrong`, { provider: broken.id, dataset: 'wrong' });
    expect(wrong.body).toMatchObject({ code: 'data_schema_mismatch', retryable: false });
  });

  test('MCP nearby: the text says the answer is unknown, never "nothing"; fetch_data fails with retryable', async () => {
    const r = await call('nearby', { point: BA, datasets: [`${broken.id}/down`, 'sk-uzemie/obce'] });
    const t = text(r);
    expect(t).toMatch(/ODPOVEĎ NEZNÁMA – zdroj zlyhal, neznamená to, že tam nič nie je: Zlyhávajúci down \(http_error, skúste znova neskôr, zdroj: https:\/\/www\.example\.sk\/povodne\)/);
    expect(t).not.toMatch(/V okruhu nič[^.]*Zlyhávajúci down/);
    const entry = (r.structuredContent as { results: Array<{ dataset: string; retryable?: boolean }> }).results.find((e) => e.dataset === `${broken.id}/down`);
    expect(entry?.retryable).toBe(true);
    expect(failure(await call('fetch_data', { dataset: `${broken.id}/down` }))).toMatchObject({ code: 'http_error', retryable: true, authority: { url: HOMEPAGE } });
  });
});

describe('dataset search understands English and synonyms (one keyword table)', () => {
  // Query -> a dataset it must find. The datasets are the built-in ones every installation has.
  const expected: Array<[string, string]> = [
    ['flood', 'svp/zaplavove-uzemie-q100'],
    ['floods', 'svp/povodnove-ohrozenie'],
    ['flood zone', 'svp/zaplavove-uzemie-q100'],
    ['flood risk', 'svp/povodnove-ohrozenie'],
    ['inundation', 'svp/zaplavove-uzemie-q100'],
    ['protected areas', 'sopsr/velkoplosne-chranene-uzemia'],
    ['protected area', 'sopsr/maloplosne-chranene-uzemia'],
    ['national park', 'sopsr/velkoplosne-chranene-uzemia'],
    ['nature reserve', 'sopsr/maloplosne-chranene-uzemia'],
    ['bird area', 'sopsr/natura-2000-chvu'],
    ['habitats', 'sopsr/natura-2000-uev'],
    ['population', 'sk-uzemie/obce'],
    ['census', 'sk-uzemie/okresy'],
    ['inhabitants', 'sk-uzemie/kraje'],
    ['cadastre', 'zbgis/katastralna-mapa'],
    ['cadastral map', 'zbgis/katastralna-mapa'],
    ['land parcels', 'zbgis/katastralna-mapa'],
    ['cadastral territory', 'sk-uzemie/katastralne-uzemia'],
    ['geology', 'sgudds/geologicka-mapa-50'],
    ['bedrock', 'sgudds/geologicka-mapa-50'],
    ['aerial photo', 'zbgis/ortofotomozaika'],
    ['satellite', 'zbgis/ortofotomozaika'],
    ['base map', 'zbgis/zakladna-mapa'],
    ['topographic map', 'zbgis/zakladna-mapa'],
    ['districts', 'sk-uzemie/okresy'],
    ['regions', 'sk-uzemie/kraje'],
    ['cities', 'sk-uzemie/mesta'],
    ['hazard', 'svp/zaplavove-uzemie-q100'],
    ['záplavy', 'svp/zaplavove-uzemie-q100'],
    ['veľká voda', 'svp/povodnove-ohrozenie'],
    ['pozemky', 'zbgis/katastralna-mapa'],
    ['air pollution', 'priklady/kvalita-ovzdusia'],
  ];

  test(`${expected.length} English and synonym queries find their dataset through the MCP catalog`, async () => {
    const missed: string[] = [];
    for (const [query, key] of expected) {
      // The built-in samples are found only when asked for (`samples: true`).
      const r = await call('catalog', key.startsWith('priklady/') ? { search: query, samples: true } : { search: query });
      const keys = (r.structuredContent as { datasets: Array<{ key: string }> }).datasets.map((d) => d.key);
      if (!keys.includes(key)) missed.push(`${query} -> ${key} (got ${keys.slice(0, 5).join(', ') || 'nothing'})`);
    }
    expect(missed).toEqual([]);
  });

  test('the table does not widen a search to unrelated datasets', async () => {
    const served = await listApprovedDatasets();
    const find = (key: string) => served.find((s) => s.key === key)!.dataset;
    expect(matchScore(find('svp/zaplavove-uzemie-q100'), 'cadastre')).toBe(0);
    expect(matchScore(find('zbgis/katastralna-mapa'), 'flood')).toBe(0);
    expect(matchScore(find('sk-uzemie/obce'), 'protected area')).toBe(0);
    // The title outweighs a keyword: the Q100 map is the best answer to "flood zone".
    expect(matchScore(find('svp/zaplavove-uzemie-q100'), 'flood zone')).toBeGreaterThan(0);
  });

  test('nearby search in English selects the same datasets', async () => {
    const { status, body } = await get(selectionGET, `/api/nearby/selection?point=${BA}&search=flood`);
    expect(status).toBe(200);
    expect(body.datasets.map((d: { dataset: string }) => d.dataset)).toEqual(expect.arrayContaining(['svp/zaplavove-uzemie-q100', 'svp/povodnove-ohrozenie']));
  });

  test('a search with no hit suggests the nearest categories (MCP catalog and nearby)', async () => {
    const r = await call('catalog', { search: 'noise' });
    const s = r.structuredContent as { count: number; suggestions?: Array<{ category: string; label: string; count: number }> };
    expect(s.count).toBe(0);
    expect(s.suggestions?.[0]).toMatchObject({ category: 'nature', label: 'Príroda a životné prostredie' });
    expect(text(r)).toMatch(/Nič nenájdené; najbližšie kategórie: Príroda a životné prostredie \(nature, \d+\)/);
    const near = await nearbyRequest(`point=${BA}&search=xylofon`);
    expect(near.status).toBe(200);
    expect(near.body.results).toEqual([]);
    expect(near.body.suggestions.length).toBeGreaterThan(0);
    expect((await call('catalog', { search: 'flood' })).structuredContent).not.toHaveProperty('suggestions');
  });
});
