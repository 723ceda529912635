// GET /api/nearby over GeoJSON datasets served by a real provider on 127.0.0.1: rules 1-4 and 6,
// every error code, distances against an independent haversine, bbox datasets and their reduced
// radius, whole datasets' nearest object, parameters, failing sources, place search and map links.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env } from '@/lib/env';
import { nearby } from '@/lib/nearby';
import { searchPlaces } from '@/lib/places';
import type { ManifestDataset } from '@/lib/protocol/types';
import { allowInsecureSources, startProviderServer, type ProviderServer, type RecordedRequest } from '../helpers/provider-server';
import { addProvider, nearbyRequest, referenceHaversine, removeProvider, seeded, uniqueId, type TestProvider } from './helpers';

const BA: [number, number] = [17.1077, 48.1486];
let server: ProviderServer;
let restore: () => void;
let provider: TestProvider;
let many: TestProvider;
const tag = uniqueId('xq').replace('-', '');

const rnd = seeded(11);
const points = Array.from({ length: 400 }, (_, i) => ({
  type: 'Feature',
  id: `b${i}`,
  geometry: { type: 'Point', coordinates: [+(BA[0] + (rnd() - 0.5) * 0.06).toFixed(6), +(BA[1] + (rnd() - 0.5) * 0.04).toFixed(6)] },
  properties: { name: `Bod ${i}`, vyska: 100 + i, druh: i % 2 ? 'a' : 'b', interne: 'x' },
  dm: { url: `https://example.org/bod/${i}` },
}));
const squares = [
  { name: 'Štvorec A', lon: 17.1, lat: 48.14 },
  { name: 'Štvorec B', lon: 17.13, lat: 48.14 },
].map((s, i) => ({
  type: 'Feature',
  id: i + 1,
  geometry: { type: 'Polygon', coordinates: [[[s.lon, s.lat], [s.lon + 0.02, s.lat], [s.lon + 0.02, s.lat + 0.02], [s.lon, s.lat + 0.02], [s.lon, s.lat]]] },
  properties: { nazov: s.name, kod: i ? 'B' : 'A' },
}));
const faraway = [{ type: 'Feature', id: 1, geometry: { type: 'Point', coordinates: [21.2611, 48.7164] }, properties: { name: 'Košice' } }];

function inBbox(bbox: string | undefined, f: { geometry: { coordinates: number[] } }): boolean {
  if (!bbox) return true;
  const [a, b, c, d] = bbox.split(',').map(Number);
  const [x, y] = f.geometry.coordinates;
  return x >= a && x <= c && y >= b && y <= d;
}

function ds(id: string, extra: Partial<ManifestDataset> = {}): ManifestDataset {
  return {
    id,
    title: `Dataset ${id}`,
    category: 'society',
    keywords: [tag],
    useCases: ['housing'],
    source: { type: 'geojson', url: `${server.url}/${id}.json` },
    presentation: { type: 'circle', color: '#336699' },
    ...extra,
  } as ManifestDataset;
}

beforeAll(async () => {
  server = await startProviderServer();
  restore = allowInsecureSources(server);
  server.setBody('/body.json', (req: RecordedRequest) => ({ type: 'FeatureCollection', features: points.filter((p) => !req.query.druh || p.properties.druh === req.query.druh) }));
  server.setBody('/plochy.json', { type: 'FeatureCollection', features: squares });
  server.setBody('/daleko.json', { type: 'FeatureCollection', features: faraway });
  server.setBody('/detail.json', (req: RecordedRequest) => ({ type: 'FeatureCollection', features: points.filter((p) => inBbox(req.query.bbox, p)) }));
  server.setBody('/prehlad.json', (req: RecordedRequest) => ({ type: 'FeatureCollection', features: points.filter((p) => inBbox(req.query.bbox, p)) }));
  server.setFault('/pokazeny.json', '500');
  provider = await addProvider({
    id: uniqueId('okolie'),
    baseUrl: server.url,
    datasets: [
      ds('body', {
        fields: [
          { key: 'name', label: 'Názov' },
          { key: 'vyska', label: 'Výška', unit: 'm', type: 'number' },
          { key: 'druh', label: 'Druh', values: { a: 'Prvý druh', b: 'Druhý druh' } },
        ],
        params: [{ key: 'druh', label: 'Druh', type: 'enum', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }], default: 'a' }],
      }),
      ds('plochy', { category: 'risks', presentation: { type: 'fill', color: '#aa0000' } }),
      ds('daleko'),
      ds('detail', { source: { type: 'geojson', url: `${server.url}/detail.json`, mode: 'bbox' }, coverage: { minZoom: 17, bbox: [16.8, 47.7, 22.6, 49.6] } }),
      ds('prehlad', { source: { type: 'geojson', url: `${server.url}/prehlad.json`, mode: 'bbox' }, coverage: { minZoom: 10 } }),
      ds('pokazeny'),
      ds('inde', { coverage: { bbox: [21.1, 48.6, 21.4, 48.8] }, source: { type: 'geojson', url: `${server.url}/daleko.json` } }),
    ],
  });
});

afterAll(async () => {
  if (provider) await removeProvider(provider);
  if (many) await removeProvider(many);
  restore?.();
  await server?.close();
});

const key = (id: string) => `${provider.id}/${id}`;

describe('rules 1 and 2, limits: 4xx codes', () => {
  const cases: Array<{ name: string; query: () => string; status: number; code: string }> = [
    { name: 'no dataset selection', query: () => `point=${BA}`, status: 400, code: 'missing_dataset_selection' },
    { name: 'two selections', query: () => `point=${BA}&datasets=${key('body')}&search=body`, status: 400, code: 'missing_dataset_selection' },
    { name: 'empty selection values', query: () => `point=${BA}&datasets=&search=`, status: 400, code: 'missing_dataset_selection' },
    { name: 'no point and no place', query: () => `datasets=${key('body')}`, status: 400, code: 'missing_place' },
    { name: 'both point and place', query: () => `datasets=${key('body')}&point=${BA}&place=Trnava`, status: 400, code: 'invalid_query' },
    { name: 'unknown place', query: () => `datasets=${key('body')}&place=${encodeURIComponent('Qwxzyvk Plmntrs')}`, status: 404, code: 'unknown_place' },
    { name: 'point not a pair', query: () => `datasets=${key('body')}&point=17.1`, status: 400, code: 'invalid_query' },
    { name: 'point not numbers', query: () => `datasets=${key('body')}&point=a,b`, status: 400, code: 'invalid_query' },
    { name: 'point out of range', query: () => `datasets=${key('body')}&point=200,48`, status: 400, code: 'invalid_query' },
    { name: 'radius 0', query: () => `datasets=${key('body')}&point=${BA}&radius=0`, status: 400, code: 'invalid_query' },
    { name: 'radius over 20000', query: () => `datasets=${key('body')}&point=${BA}&radius=20001`, status: 400, code: 'invalid_query' },
    { name: 'radius not a number', query: () => `datasets=${key('body')}&point=${BA}&radius=far`, status: 400, code: 'invalid_query' },
    { name: 'max 0', query: () => `datasets=${key('body')}&point=${BA}&max=0`, status: 400, code: 'invalid_query' },
    { name: 'max 51', query: () => `datasets=${key('body')}&point=${BA}&max=51`, status: 400, code: 'invalid_query' },
    { name: 'max not an integer', query: () => `datasets=${key('body')}&point=${BA}&max=2.5`, status: 400, code: 'invalid_query' },
    { name: 'more than 12 datasets', query: () => `point=${BA}&datasets=${Array.from({ length: 13 }, (_, i) => `p/d${i}`).join(',')}`, status: 400, code: 'invalid_query' },
    { name: 'malformed dataset key', query: () => `point=${BA}&datasets=body`, status: 400, code: 'invalid_query' },
    { name: 'unknown purpose', query: () => `point=${BA}&purpose=fishing`, status: 400, code: 'invalid_query' },
    { name: 'invalid parameter value', query: () => `point=${BA}&datasets=${key('body')}&${key('body')}.druh=c`, status: 400, code: 'invalid_query' },
    { name: 'unknown parameter', query: () => `point=${BA}&datasets=${key('body')}&${key('body')}.farba=c`, status: 400, code: 'invalid_query' },
  ];
  for (const { name, query, status, code } of cases) {
    test(name, async () => {
      const res = await nearbyRequest(query());
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
      expect(typeof res.body.error).toBe('string');
    });
  }
});

describe('GeoJSON datasets (rule 4)', () => {
  test('objects within the radius, nearest first, distances within 0.5 % of haversine, labelled values, no geometry', async () => {
    const { status, body } = await nearbyRequest(`point=${BA.join(',')}&datasets=${key('body')}&radius=800&max=10&${key('body')}.druh=b`);
    expect(status).toBe(200);
    expect(body.point).toEqual(BA);
    expect(body.radius).toBe(800);
    expect(Date.parse(body.generated)).toBeGreaterThan(0);
    const r = body.results[0];
    expect(r).toMatchObject({ dataset: key('body'), title: 'Dataset body', provider: `Poskytovateľ ${provider.id}`, attribution: `© ${provider.id}`, license: 'CC BY 4.0', status: 'ok', radius: 800 });
    const expected = points
      .filter((p) => p.properties.druh === 'b')
      .map((p) => ({ p, d: referenceHaversine(BA, p.geometry.coordinates as [number, number]) }))
      .filter((x) => x.d <= 800)
      .sort((a, b) => a.d - b.d);
    expect(expected.length).toBeGreaterThan(10);
    expect(r.count).toBe(expected.length);
    expect(r.hits).toHaveLength(10);
    r.hits.forEach((h: any, i: number) => {
      const e = expected[i];
      expect(h.title).toBe(e.p.properties.name);
      expect(Math.abs(h.distance - e.d) / e.d).toBeLessThan(0.005);
      expect(h.values).toEqual([
        { label: 'Názov', value: e.p.properties.name },
        { label: 'Výška (m)', value: e.p.properties.vyska },
        { label: 'Druh', value: 'Druhý druh' },
      ]);
      expect(h.url).toBe(e.p.dm.url);
      expect(h).not.toHaveProperty('geometry');
    });
    for (let i = 1; i < r.hits.length; i++) expect(r.hits[i].distance).toBeGreaterThanOrEqual(r.hits[i - 1].distance);
    // parameters that differ from the default are written into the map link
    // absolute, from PUBLIC_BASE_URL (the spec's `{base_url}/?d=…`)
    expect(body.map.startsWith(`${env().publicBaseUrl}/?`)).toBe(true);
    expect(body.map).toMatch(new RegExp(`/\\?d=${key('body')}&${key('body')}\\.druh=b#\\d+/48\\.14860/17\\.10770$`));
  });

  test('0 inside an area; without fields every property under its own name', async () => {
    const p: [number, number] = [17.11, 48.15];
    const { body } = await nearbyRequest(`point=${p}&datasets=${key('plochy')}&radius=1000`);
    const r = body.results[0];
    expect(r.hits[0]).toMatchObject({ title: 'Štvorec A', distance: 0, values: [{ label: 'nazov', value: 'Štvorec A' }, { label: 'kod', value: 'A' }] });
    // Štvorec B starts at 17.13: (17.13 - 17.11) degrees of longitude away
    expect(r.count).toBe(1);
    const { body: wider } = await nearbyRequest(`point=${p}&datasets=${key('plochy')}&radius=2000`);
    expect(wider.results[0].count).toBe(2);
    const d = wider.results[0].hits[1].distance;
    const ref = referenceHaversine(p, [17.13, 48.15]);
    expect(Math.abs(d - ref) / ref).toBeLessThan(0.005);
  });

  test('a whole dataset with nothing in range still returns its nearest object', async () => {
    const { body } = await nearbyRequest(`point=${BA}&datasets=${key('daleko')}&radius=100`);
    const r = body.results[0];
    expect(r).toMatchObject({ status: 'ok', count: 0 });
    expect(r.hits).toHaveLength(1);
    const ref = referenceHaversine(BA, [21.2611, 48.7164]);
    expect(Math.abs(r.hits[0].distance - ref) / ref).toBeLessThan(0.005);
  });

  test('a bbox dataset loading only at zoom 17 shrinks the radius, says so, and is asked only around the point', async () => {
    const before = server.log('/detail.json').length;
    const { body } = await nearbyRequest(`point=${BA}&datasets=${key('detail')}&radius=5000&max=50`);
    const r = body.results[0];
    expect(r.status).toBe('ok');
    expect(r.radius).toBeLessThan(5000);
    expect(r.radius).toBeGreaterThan(100);
    expect(r.notice).toMatch(/okruh bol zmenšený/);
    const expected = points.filter((p) => referenceHaversine(BA, p.geometry.coordinates as [number, number]) <= r.radius);
    expect(r.count).toBe(expected.length);
    const req = server.log('/detail.json').slice(before)[0];
    expect(Number(req.query.zoom)).toBeGreaterThanOrEqual(17);
    const [a, b, c, d] = req.query.bbox.split(',').map(Number);
    expect(a).toBeLessThan(BA[0]);
    expect(c).toBeGreaterThan(BA[0]);
    expect(referenceHaversine([a, b], [c, d])).toBeLessThan(20_000);
    // a bbox dataset does not fall back to the nearest object
    const { body: empty } = await nearbyRequest(`point=19.5,48.7&datasets=${key('detail')}&radius=50`);
    expect(empty.results[0]).toMatchObject({ status: 'ok', count: 0, hits: [] });
  });

  test('a bbox dataset loading from zoom 10 keeps the radius', async () => {
    const { body } = await nearbyRequest(`point=${BA}&datasets=${key('prehlad')}&radius=2000`);
    expect(body.results[0]).toMatchObject({ status: 'ok', radius: 2000 });
    expect(body.results[0].notice).toBeUndefined();
    expect(body.results[0].count).toBe(points.filter((p) => referenceHaversine(BA, p.geometry.coordinates as [number, number]) <= 2000).length);
  });

  test('a failing source fails only its entry; unknown datasets and points outside coverage are reported per entry', async () => {
    const { status, body } = await nearbyRequest(`point=${BA}&datasets=${key('pokazeny')},${key('body')},${provider.id}/neexistuje,${key('inde')}`);
    expect(status).toBe(200);
    expect(body.results.map((r: any) => r.status)).toEqual(['error', 'ok', 'error', 'unavailable']);
    expect(body.results[0]).toMatchObject({ code: 'http_error', hits: [] });
    expect(body.results[0].error).toBeTruthy();
    expect(body.results[2]).toMatchObject({ code: 'unknown_dataset' });
    expect(body.results[3].notice).toMatch(/mimo územia/);
  });
});

describe('place, automatic selection, the service function', () => {
  test('place: the first hit of the place search is the point', async () => {
    const first = (await searchPlaces('Trnava', 1)).places[0];
    const { status, body } = await nearbyRequest(`place=Trnava&datasets=${key('daleko')}`);
    expect(status).toBe(200);
    expect(body.place).toEqual({ name: first.name, type: first.type, point: first.point });
    expect(body.point).toEqual(first.point);
  });

  test('purpose: only covering datasets that answer at a point, risks first', async () => {
    const { body } = await nearbyRequest(`point=${BA}&purpose=housing&max=1`);
    const ours = body.results.map((r: any) => r.dataset).filter((k: string) => k.startsWith(`${provider.id}/`));
    expect(ours).not.toContain(key('inde'));
    const all = body.results.map((r: any) => r.dataset);
    if (ours.includes(key('plochy')) && ours.includes(key('body'))) expect(all.indexOf(key('plochy'))).toBeLessThan(all.indexOf(key('body')));
    expect(body.results.length + body.skipped.length).toBeGreaterThanOrEqual(ours.length);
    expect(body.results.length).toBeLessThanOrEqual(12);
  });

  test('search: more than 12 matches -> the rest are skipped', async () => {
    // A word of its own: a longer word sharing the tag's prefix would match the tag by its stem.
    const word = uniqueId('zz').replace('-', '');
    many = await addProvider({
      id: uniqueId('mnoho'),
      baseUrl: server.url,
      datasets: Array.from({ length: 14 }, (_, i) => ({ ...ds(`m${i}`, { keywords: [word] }), source: { type: 'geojson' as const, url: `${server.url}/daleko.json` } })),
    });
    const { body } = await nearbyRequest(`point=${BA}&search=${word}`);
    expect(body.results).toHaveLength(12);
    expect(body.skipped).toHaveLength(2);
    expect(body.skipped[0]).toEqual({ dataset: expect.stringMatching(new RegExp(`^${many.id}/m\\d+$`)), title: expect.any(String) });
    const link = new URL(body.map, 'http://portal');
    expect(link.searchParams.getAll('d')).toEqual(body.results.map((r: any) => r.dataset));
  });

  test('display-only datasets give no values; datasets awaiting approval answer by name only', async () => {
    const shown = await addProvider({ id: uniqueId('portal'), managedBy: 'portal', baseUrl: server.url, datasets: [ds('iba-zobrazene', { displayOnly: true, keywords: [`${tag}only`] })] });
    const pending = await addProvider({ id: uniqueId('caka'), approval: 'pending_review', baseUrl: server.url, datasets: [ds('caka', { keywords: [`${tag}pending`], source: { type: 'geojson', url: `${server.url}/daleko.json` } })] });
    try {
      const { body } = await nearbyRequest(`point=${BA}&datasets=${shown.id}/iba-zobrazene,${pending.id}/caka`);
      expect(body.results[0]).toMatchObject({ status: 'unavailable', hits: [] });
      expect(body.results[0].notice).toMatch(/iba zobrazuje/);
      expect(body.results[1]).toMatchObject({ status: 'ok', count: 0 });
      expect(body.results[1].hits).toHaveLength(1);
      const auto = await nearbyRequest(`point=${BA}&search=${tag}pending`);
      expect(auto.body.results).toEqual([]);
      const autoShown = await nearbyRequest(`point=${BA}&search=${tag}only`);
      expect(autoShown.body.results).toEqual([]);
    } finally {
      await removeProvider(shown);
      await removeProvider(pending);
    }
  });

  test('the MCP path: typed input, params per dataset', async () => {
    const result = await nearby({ point: BA, datasets: [key('body')], radius: 300, max: 2, params: { [key('body')]: { druh: 'a' } } });
    expect(result.results[0].hits.length).toBeLessThanOrEqual(2);
    for (const h of result.results[0].hits) expect(h.values.find((v) => v.label === 'Druh')?.value).toBe('Prvý druh');
    await expect(nearby({ point: BA, radius: 300 })).rejects.toMatchObject({ code: 'missing_dataset_selection' });
  });
});
