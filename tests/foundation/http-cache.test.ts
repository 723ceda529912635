// Answers a shared cache may keep (lib/http-cache.ts): catalog, places, reverse, summary, nearby and
// nearby's selection carry
// Cache-Control with their documented lifetimes and an ETag; If-None-Match with that tag gives 304
// without a body; the pre-serialised catalog is byte for byte JSON.stringify of the catalog document.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GET as catalogGET } from '@/app/api/catalog/route';
import { GET as nearbyGET } from '@/app/api/nearby/route';
import { GET as selectionGET } from '@/app/api/nearby/selection/route';
import { GET as reverseGET } from '@/app/api/places/reverse/route';
import { GET as placesGET } from '@/app/api/places/route';
import { GET as summaryGET } from '@/app/api/summary/[provider]/[dataset]/route';
import { entityTag, jsonAnswer, tagMatches } from '@/lib/entity-tag';
import { CACHE_LIFETIMES } from '@/lib/http-cache';
import { catalogAnswer, getCatalog } from '@/lib/providers/catalog';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { addProvider, removeProvider, uniqueId, type TestProvider } from '../nearby/helpers';

let server: ProviderServer;
let restore: () => void;
let provider: TestProvider;

const points = {
  type: 'FeatureCollection',
  features: Array.from({ length: 20 }, (_, i) => ({
    type: 'Feature',
    id: i + 1,
    geometry: { type: 'Point', coordinates: [17.1 + i * 0.001, 48.14 + i * 0.001] },
    properties: { name: `Bod ${i + 1}`, hodnota: i },
  })),
};

beforeAll(async () => {
  server = await startProviderServer();
  restore = allowInsecureSources(server);
  server.setBody('/body.json', points);
  provider = await addProvider({
    id: uniqueId('cache'),
    datasets: [{ id: 'body', title: 'Body', category: 'society', source: { type: 'geojson', url: `${server.url}/body.json` } }] as never,
  });
});

afterAll(async () => {
  await removeProvider(provider);
  restore();
  await server.close();
});

type Get = (req: Request, ctx: { params: Promise<never> }) => Promise<Response>;

async function twice(get: Get, url: string, params: Record<string, string> = {}) {
  const first = await get(new Request(url), { params: Promise.resolve(params as never) });
  const etag = first.headers.get('etag');
  const body = await first.text();
  const again = await get(new Request(url, { headers: { 'If-None-Match': etag ?? '' } }), { params: Promise.resolve(params as never) });
  return { first, etag, body, again };
}

describe('Cache-Control, ETag and 304', () => {
  const cases: Array<{ name: string; kind: keyof typeof CACHE_LIFETIMES; weak: boolean; get: () => Get; url: () => string; params?: () => Record<string, string> }> = [
    { name: 'catalog', kind: 'catalog', weak: true, get: () => catalogGET as Get, url: () => 'http://localhost/api/catalog' },
    { name: 'places', kind: 'places', weak: false, get: () => placesGET as Get, url: () => `http://localhost/api/places?query=${encodeURIComponent('Žilina')}&max=3` },
    {
      name: 'summary',
      kind: 'summary',
      weak: true,
      get: () => summaryGET as Get,
      url: () => `http://localhost/api/summary/${provider.id}/body`,
      params: () => ({ provider: provider.id, dataset: 'body' }),
    },
    {
      name: 'nearby',
      kind: 'nearby',
      weak: true,
      get: () => nearbyGET as Get,
      url: () => `http://localhost/api/nearby?point=17.1,48.14&radius=2000&datasets=${provider.id}/body`,
    },
    { name: 'reverse', kind: 'reverse', weak: false, get: () => reverseGET as Get, url: () => 'http://localhost/api/places/reverse?point=18.7394,49.2231' },
    { name: 'selection', kind: 'selection', weak: false, get: () => selectionGET as Get, url: () => 'http://localhost/api/nearby/selection?point=17.1,48.14&purpose=construction' },
  ];
  for (const c of cases) {
    test(`${c.name}: lifetime, ${c.weak ? 'weak' : 'strong'} tag, 304 for the same tag, 200 for another`, async () => {
      const { first, etag, body, again } = await twice(c.get(), c.url(), c.params?.());
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe(CACHE_LIFETIMES[c.kind]);
      expect(first.headers.get('access-control-allow-origin')).toBe('*');
      expect(etag).toMatch(c.weak ? /^W\/"[A-Za-z0-9_-]{27}"$/ : /^"[A-Za-z0-9_-]{27}"$/);
      expect(JSON.parse(body)).toBeTypeOf('object');
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(CACHE_LIFETIMES[c.kind]);
      // A list of tags, one of them ours (weak or not), also matches; another tag does not.
      const listed = await c.get()(new Request(c.url(), { headers: { 'If-None-Match': `"other", ${etag!.replace(/^W\//, '')}` } }), {
        params: Promise.resolve((c.params?.() ?? {}) as never),
      });
      expect(listed.status).toBe(304);
      const other = await c.get()(new Request(c.url(), { headers: { 'If-None-Match': '"not-this-one"' } }), {
        params: Promise.resolve((c.params?.() ?? {}) as never),
      });
      expect(other.status).toBe(200);
      expect(other.headers.get('etag')).toBe(etag);
    });
  }

  test('the serialised catalog is JSON.stringify of the catalog document, its time apart', async () => {
    const [answer, doc] = await Promise.all([catalogAnswer(), getCatalog()]);
    const generated = (JSON.parse(answer.body) as { generated: string }).generated;
    expect(new Date(generated).toISOString()).toBe(generated);
    expect(answer.body).toBe(JSON.stringify({ ...doc, generated }));
    // The tag stays while the registry and health do not change; the time does not change it.
    expect((await catalogAnswer()).etag).toBe(answer.etag);
  });

  test('a registry change gives the catalog a new tag', async () => {
    const before = (await catalogAnswer()).etag;
    const extra = await addProvider({
      id: uniqueId('cache-new'),
      datasets: [{ id: 'body', title: 'Iné body', category: 'society', source: { type: 'geojson', url: `${server.url}/body.json` } }] as never,
    });
    try {
      expect((await catalogAnswer()).etag).not.toBe(before);
    } finally {
      await removeProvider(extra);
    }
  });

  test('weak tags leave out `generated`; errors of a source make an answer no-store', async () => {
    const a = jsonAnswer({ x: 1, generated: '2026-01-01T00:00:00.000Z', y: [1] });
    const b = jsonAnswer({ x: 1, generated: '2026-01-02T00:00:00.000Z', y: [1] });
    expect(a.etag).toBe(b.etag);
    expect(a.etag.startsWith('W/')).toBe(true);
    expect(jsonAnswer({ x: 1, generated: '2026-01-01T00:00:00.000Z', y: [2] }).etag).not.toBe(a.etag);
    expect(jsonAnswer({ x: 1 }).etag).toBe(entityTag('{"x":1}'));
    expect(tagMatches('*', a.etag)).toBe(true);
    expect(tagMatches(undefined, a.etag)).toBe(false);

    server.setFault('/broken.json', '500');
    const broken = await addProvider({
      id: uniqueId('cache-broken'),
      datasets: [{ id: 'broken', title: 'Chybný', category: 'society', source: { type: 'geojson', url: `${server.url}/broken.json` } }] as never,
    });
    try {
      const res = await (nearbyGET as Get)(new Request(`http://localhost/api/nearby?point=17.1,48.14&datasets=${broken.id}/broken`), { params: Promise.resolve({} as never) });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { results: Array<{ status: string }> };
      expect(body.results[0].status).toBe('error');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('etag')).toBeNull();
    } finally {
      await removeProvider(broken);
    }
  });
});
