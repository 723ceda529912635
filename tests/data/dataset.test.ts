// What GET /api/data makes of a dataset: statuses, query checks, parameters, tiles below minZoom,
// the 5,000 limit, dm moved into properties, trends, display-only and pending providers.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { loadDatasetCollection } from '@/lib/data';
import { findServedDataset } from '@/lib/providers/served';
import type { ProviderServer, RecordedRequest } from '../helpers/provider-server';
import {
  collection,
  forgetEntries,
  geojsonDataset,
  getData,
  point,
  registerProvider,
  startTestProvider,
  uniqueId,
  unregisterProvider,
  type TestProvider,
} from './helpers';

let server: ProviderServer;
let restore: () => void;
let portal: TestProvider;
let pending: TestProvider;
let rejected: TestProvider;
const pid = uniqueId('t-data');
const pendingId = uniqueId('t-pending');
const rejectedId = uniqueId('t-rejected');

const chart = (values: number[], highlight?: { from: string; to: string }) => ({
  label: 'Počet',
  points: values.map((value, i) => ({ period: String(2015 + i), value })),
  ...(highlight ? { highlight } : {}),
});

beforeAll(async () => {
  ({ server, restore } = await startTestProvider());
  portal = await registerProvider(server, {
    id: pid,
    managedBy: 'portal',
    datasets: [
      geojsonDataset(server, 'points'),
      geojsonDataset(server, 'big'),
      geojsonDataset(server, 'trend', { presentation: { type: 'circle', color: { type: 'trend' } } }),
      geojsonDataset(server, 'trend10', { presentation: { type: 'circle', color: { type: 'trend', threshold: 10 } } }),
      geojsonDataset(server, 'view', {
        source: { type: 'geojson', url: `${server.url}/view.json`, mode: 'bbox', maxFeatures: 500 },
        coverage: { bbox: [16.8, 47.7, 22.6, 49.7], minZoom: 9 },
        params: [
          { key: 'druh', label: 'Druh', type: 'enum', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }], default: 'a' },
          { key: 'roky', label: 'Roky', type: 'range', min: 2000, max: 2024, default: [2010, 2020] },
        ],
      }),
      geojsonDataset(server, 'hidden', { displayOnly: true, source: { type: 'geojson', url: `${server.url}/hidden.json` } }),
      {
        id: 'ortofoto',
        title: 'Ortofoto',
        source: { type: 'raster', tiles: ['https://tiles.example.sk/wms?SERVICE=WMS&BBOX={bbox-epsg-3857}'] },
        presentation: { type: 'raster' },
      },
    ],
  });
  pending = await registerProvider(server, { id: pendingId, approval: 'pending_review', datasets: [geojsonDataset(server, 'fresh')] });
  rejected = await registerProvider(server, { id: rejectedId, approval: 'rejected', datasets: [geojsonDataset(server, 'gone')] });
});

afterAll(async () => {
  for (const p of [portal, pending, rejected]) await unregisterProvider(p);
  await server.close();
  restore();
});

beforeEach(async () => {
  server.reset();
  await forgetEntries(portal);
});

describe('statuses', () => {
  test('unknown dataset and unknown provider: 404 unknown_dataset', async () => {
    for (const path of [`/api/data/${pid}/nothing`, `/api/data/no-such-provider/points`]) {
      const res = await getData(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'unknown_dataset' });
    }
  });

  test('a rejected provider: 404 unknown_dataset', async () => {
    server.setBody('/gone.json', collection([point(17, 48)]));
    const res = await getData(`/api/data/${rejectedId}/gone`);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('unknown_dataset');
    expect(server.requests('/gone.json')).toBe(0);
  });

  test('a provider awaiting approval is served', async () => {
    server.setBody('/fresh.json', collection([point(17, 48)]));
    const res = await getData(`/api/data/${pendingId}/fresh`);
    expect(res.status).toBe(200);
    expect((await res.json()).dm.dataset).toBe(`${pendingId}/fresh`);
  });

  test('a raster dataset: 400 raster_dataset', async () => {
    const res = await getData(`/api/data/${pid}/ortofoto`);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('raster_dataset');
  });

  test('a display-only dataset: 303 to the original service, never asked', async () => {
    const res = await getData(`/api/data/${pid}/hidden?bbox=1,2,3,4`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${server.url}/hidden.json`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const json = await res.json();
    expect(json).toMatchObject({ code: 'display_only', source: `${server.url}/hidden.json` });
    expect(typeof json.error).toBe('string');
    expect(server.requests()).toBe(0);
    const served = await findServedDataset(pid, 'hidden');
    await expect(loadDatasetCollection(served!, {})).rejects.toMatchObject({ code: 'display_only' });
  });
});

describe('query', () => {
  const cases = [
    { name: 'bbox missing', query: 'zoom=10' },
    { name: 'zoom missing', query: 'bbox=17,48,17.1,48.1' },
    { name: 'zoom above 24', query: 'bbox=17,48,17.1,48.1&zoom=25' },
    { name: 'zoom negative', query: 'bbox=17,48,17.1,48.1&zoom=-1' },
    { name: 'zoom not a number', query: 'bbox=17,48,17.1,48.1&zoom=abc' },
    { name: 'bbox of three numbers', query: 'bbox=17,48,17.1&zoom=10' },
    { name: 'bbox not numbers', query: 'bbox=a,b,c,d&zoom=10' },
    { name: 'bbox in lat,lon order beyond 90', query: 'bbox=48,17,48.1,117&zoom=10' },
    { name: 'bbox min above max', query: 'bbox=17.1,48,17,48.1&zoom=10' },
    { name: 'longitude beyond 180', query: 'bbox=179,48,181,48.1&zoom=10' },
    { name: 'parameter value not an option', query: 'bbox=17,48,17.1,48.1&zoom=10&druh=c' },
    { name: 'cursor too long', query: `bbox=17,48,17.1,48.1&zoom=10&cursor=${'x'.repeat(501)}` },
  ];
  for (const { name, query } of cases) {
    test(`${name}: 400 invalid_query`, async () => {
      const res = await getData(`/api/data/${pid}/view?${query}`);
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(json.code).toBe('invalid_query');
      expect(json.error.length).toBeGreaterThan(0);
      expect(server.requests()).toBe(0);
    });
  }

  test('omitted parameters get their defaults; the same question with them spelled out is the same entry', async () => {
    server.setBody('/view.json', collection([point(17.05, 48.05)]));
    const a = await getData(`/api/data/${pid}/view?bbox=17,48,17.1,48.1&zoom=12`);
    expect(a.status).toBe(200);
    const sent = server.log('/view.json')[0].query;
    expect(sent.druh).toBe('a');
    expect(sent.roky).toBe('2010,2020');
    expect(sent.limit).toBe('500');
    expect(sent.zoom).toBe('12');
    const b = await getData(`/api/data/${pid}/view?bbox=17,48,17.1,48.1&zoom=12&druh=a&roky=2010,2020&_=123`);
    expect(b.headers.get('x-dm-cache')).toBe('hit');
    const c = await getData(`/api/data/${pid}/view?bbox=17,48,17.1,48.1&zoom=12&druh=b`);
    expect(c.headers.get('x-dm-cache')).toBe('miss');
    expect(server.log('/view.json')[1].query.druh).toBe('b');
  });

  test('the cursor is passed on and keys its own entry', async () => {
    server.setBody('/view.json', (req: RecordedRequest) => collection([point(17.05, 48.05, { page: req.query.cursor ?? 'first' })], req.query.cursor ? {} : { next: 'p2' }));
    const first = await (await getData(`/api/data/${pid}/view?bbox=17,48,17.1,48.1&zoom=12`)).json();
    expect(first.dm.next).toBe('p2');
    const second = await (await getData(`/api/data/${pid}/view?bbox=17,48,17.1,48.1&zoom=12&cursor=p2`)).json();
    expect(second.features[0].properties.page).toBe('p2');
    expect(server.log('/view.json')[1].query.cursor).toBe('p2');
  });

  test('below coverage.minZoom: an empty collection with a zoom-in notice, the source is not asked', async () => {
    const res = await getData(`/api/data/${pid}/view?bbox=16,47,23,50&zoom=7`);
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(json.features).toEqual([]);
    expect(json.dm.notice).toMatch(/^Priblížte mapu/);
    expect(json.dm.notice).toContain('9');
    expect(json.dm.dataset).toBe(`${pid}/view`);
    expect(server.requests()).toBe(0);
  });
});

describe('response', () => {
  test('5,001 objects are cut to 5,000 with dm.truncated', async () => {
    server.setFault('/big.json', { type: 'features', count: 5001 });
    const json = await (await getData(`/api/data/${pid}/big`)).json();
    expect(json.features).toHaveLength(5000);
    expect(json.dm.truncated).toBe(true);
    expect(json.dm.total).toBe(5001);
  });

  test('5,000 objects are not truncated', async () => {
    server.setFault('/big.json', { type: 'features', count: 5000 });
    const json = await (await getData(`/api/data/${pid}/big`)).json();
    expect(json.features).toHaveLength(5000);
    expect(json.dm.truncated).toBeUndefined();
  });

  test('feature dm moves into properties as __dm_*; the collection dm carries the portal and provider members', async () => {
    const c = chart([1, 2, 3]);
    server.setBody(
      '/points.json',
      collection(
        [
          point(17.1, 48.1, { name: 'Prvý' }, { title: 'Titulok', description: 'Popis', url: 'https://example.sk/1', color: '#ff0000', chart: c }),
          { type: 'Feature', id: 'x', geometry: null, properties: null, dm: { title: 'Bez geometrie' } },
          point(17.2, 48.2, { name: 'Tretí' }),
        ],
        {
          ttl: 120,
          total: 3,
          notice: 'Údaje za rok 2024.',
          timeline: [{ period: '2024', count: 3 }],
          chart: c,
          protocol: '9.9',
          dataset: 'spoofed/dataset',
        },
      ),
    );
    const res = await getData(`/api/data/${pid}/points`);
    const cc = res.headers.get('cache-control') ?? '';
    expect(Number(/max-age=(\d+)/.exec(cc)?.[1])).toBeLessThanOrEqual(120);
    const json = await res.json();
    const [a, b, d] = json.features;
    expect(a.dm).toBeUndefined();
    expect(a.properties).toEqual({
      name: 'Prvý',
      __dm_title: 'Titulok',
      __dm_description: 'Popis',
      __dm_url: 'https://example.sk/1',
      __dm_color: '#ff0000',
      __dm_chart: c,
    });
    expect(a.properties.__dm_trend).toBeUndefined(); // not a trend dataset
    expect(b).toMatchObject({ id: 'x', geometry: null, properties: { __dm_title: 'Bez geometrie' } });
    expect(b.dm).toBeUndefined();
    expect(d.properties).toEqual({ name: 'Tretí' });
    expect(json.dm).toMatchObject({
      protocol: '0.1',
      dataset: `${pid}/points`,
      ttl: 120,
      total: 3,
      notice: 'Údaje za rok 2024.',
      timeline: [{ period: '2024', count: 3 }],
      chart: c,
    });
    expect(new Date(json.dm.generated).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test('trend datasets get __dm_trend from each chart (default threshold 5 %)', async () => {
    server.setBody(
      '/trend.json',
      collection([
        point(17, 48, { n: 'up' }, { chart: chart([100, 103, 110]) }),
        point(17, 48, { n: 'down' }, { chart: chart([100, 97, 90]) }),
        point(17, 48, { n: 'flat' }, { chart: chart([100, 120, 104]) }),
        point(17, 48, { n: 'highlight' }, { chart: chart([100, 50, 60, 200], { from: '2016', to: '2017' }) }),
        point(17, 48, { n: 'one-period' }, { chart: chart([100, 50, 60, 40], { from: '2016', to: '2016' }) }),
        point(17, 48, { n: 'from-zero' }, { chart: chart([0, 0, 5]) }),
        point(17, 48, { n: 'none' }),
      ]),
    );
    const json = await (await getData(`/api/data/${pid}/trend`)).json();
    const trend = Object.fromEntries(json.features.map((f: { properties: Record<string, unknown> }) => [f.properties.n, f.properties.__dm_trend]));
    expect(trend).toEqual({
      up: 'roste',
      down: 'klesá',
      flat: 'stagnuje',
      highlight: 'roste',
      'one-period': 'klesá',
      'from-zero': 'roste',
      none: undefined,
    });
  });

  test("a presentation's own threshold is used (10 %)", async () => {
    server.setBody('/trend10.json', collection([point(17, 48, { n: 'a' }, { chart: chart([100, 108]) }), point(17, 48, { n: 'b' }, { chart: chart([100, 111]) })]));
    const json = await (await getData(`/api/data/${pid}/trend10`)).json();
    expect(json.features.map((f: { properties: { __dm_trend: string } }) => f.properties.__dm_trend)).toEqual(['stagnuje', 'roste']);
  });
});

describe('loadDatasetCollection', () => {
  test('other services read the same cache', async () => {
    server.setBody('/points.json', collection([point(17.1, 48.1, { name: 'A' }, { title: 'T' })]));
    const served = await findServedDataset(pid, 'points');
    const first = await loadDatasetCollection(served!, {});
    expect(first.cache).toBe('miss');
    expect(first.collection.features[0].properties).toMatchObject({ __dm_title: 'T' });
    const res = await getData(`/api/data/${pid}/points`);
    expect(res.headers.get('x-dm-cache')).toBe('hit');
    const second = await loadDatasetCollection(served!, {});
    expect(second.cache).toBe('hit');
    expect(server.requests('/points.json')).toBe(1);
    const view = await findServedDataset(pid, 'view');
    await expect(loadDatasetCollection(view!, { zoom: 12 })).rejects.toMatchObject({ code: 'invalid_query' });
  });
});

describe('built-in providers', () => {
  test('the sample provider is answered in-process through the same cache, trends included', async () => {
    const { deleteCacheEntries } = await import('@/lib/data');
    await deleteCacheEntries({ datasetKey: 'priklady/pm10-trend' });
    const res = await getData('/api/data/priklady/pm10-trend');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-dm-cache')).toBe('miss');
    const json = await res.json();
    expect(json.dm.dataset).toBe('priklady/pm10-trend');
    expect(json.features.length).toBeGreaterThan(0);
    const trends = new Set(json.features.map((f: { properties: { __dm_trend?: string } }) => f.properties.__dm_trend).filter(Boolean));
    expect(trends.size).toBeGreaterThan(0);
    for (const t of trends) expect(['roste', 'stagnuje', 'klesá']).toContain(t);
    expect((await getData('/api/data/priklady/pm10-trend')).headers.get('x-dm-cache')).toBe('hit');
    await deleteCacheEntries({ datasetKey: 'priklady/pm10-trend' });
  });
});
