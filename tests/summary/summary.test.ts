// GET /api/summary and summarizeDataset against the reference municipalities: counts checked against
// a brute-force point-in-polygon count (turf over every municipality) for generated points, colour
// classes, rankings, cartograms' `own`, parameters, bbox datasets and every error code.
import { bbox as turfBbox } from '@turf/bbox';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { point as turfPoint } from '@turf/helpers';
import type { Feature, MultiPolygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getSql } from '@/lib/db';
import type { ManifestDataset } from '@/lib/protocol/types';
import { locateCollection, municipalityIndex, summarizeDataset } from '@/lib/summary';
import { datasetForPage, pageSummary } from '@/lib/pages/site-data';
import { expireEntries } from '../data/helpers';
import { allowInsecureSources, startProviderServer, type ProviderServer, type RecordedRequest } from '../helpers/provider-server';
import { addProvider, removeProvider, seeded, summaryRequest, uniqueId, type TestProvider } from '../nearby/helpers';

interface Muni {
  code: string;
  name: string;
  city: string | null;
  feature: Feature<MultiPolygon>;
}

let munis: Muni[] = [];
let server: ProviderServer;
let restore: () => void;
let provider: TestProvider;

const rnd = seeded(2024);
/** Points over Slovakia's box: most inside some municipality, some abroad. */
const points = Array.from({ length: 3000 }, (_, i) => ({
  type: 'Feature',
  id: i + 1,
  geometry: { type: 'Point', coordinates: [+(16.85 + rnd() * 5.7).toFixed(6), +(47.75 + rnd() * 1.85).toFixed(6)] },
  properties: { name: `Bod ${i + 1}`, hodnota: Math.round(rnd() * 1000) / 10, druh: ['a', 'b', 'c'][i % 3], rok: 2000 + (i % 20) },
}));

function bruteMunicipality(p: [number, number]): Muni | undefined {
  const pt = turfPoint(p);
  return munis.find((m) => booleanPointInPolygon(pt, m.feature));
}

let bruteAssignment: Array<Muni | undefined> = [];

function ds(id: string, extra: Partial<ManifestDataset> = {}): ManifestDataset {
  return {
    id,
    title: `Súhrn ${id}`,
    category: 'society',
    source: { type: 'geojson', url: `${server.url}/${id}.json` },
    ...extra,
  } as ManifestDataset;
}

let cartogram: Array<{ code: string; name: string; podiel: number; geometry: unknown }> = [];
let district: { code: string; name: string; geometry: unknown } | null = null;

beforeAll(async () => {
  const sql = await getSql();
  const rows = await sql<{ code: string; name: string; city: string | null; g: string }[]>`
    select code, name, city, ST_AsGeoJSON(geom) as g from municipalities where kind = 'municipality' and geom is not null`;
  munis = rows.map((r) => {
    const feature = { type: 'Feature', properties: {}, geometry: JSON.parse(r.g) } as Feature<MultiPolygon>;
    feature.bbox = turfBbox(feature);
    return { code: r.code, name: r.name, city: r.city, feature };
  });
  bruteAssignment = points.map((p) => bruteMunicipality(p.geometry.coordinates as [number, number]));
  // A cartogram of the municipalities of okres Trnava, and the district itself.
  const carto = await sql<{ code: string; name: string; g: string; pop: number | null }[]>`
    select code, name, ST_AsGeoJSON(geom) as g, population as pop from municipalities
    where district_code = (select district_code from municipalities where kind = 'municipality' and name = 'Trnava' limit 1) and geom is not null
    order by code`;
  cartogram = carto.map((r, i) => ({ code: r.code, name: r.name, podiel: (i * 37) % 100, geometry: JSON.parse(r.g) }));
  const [d] = await sql<{ code: string; name: string; g: string }[]>`
    select d.code, d.name, ST_AsGeoJSON(d.geom) as g from districts d
    where d.code = (select district_code from municipalities where kind = 'municipality' and name = 'Trnava' limit 1)`;
  district = d ? { code: d.code, name: d.name, geometry: JSON.parse(d.g) } : null;

  server = await startProviderServer();
  restore = allowInsecureSources(server);
  server.setBody('/body.json', (req: RecordedRequest) => ({
    type: 'FeatureCollection',
    features: points.filter((p) => {
      if (req.query.druh && !req.query.druh.split(',').includes(p.properties.druh)) return false;
      if (req.query.bbox) {
        const [a, b, c, e] = req.query.bbox.split(',').map(Number);
        const [x, y] = p.geometry.coordinates;
        return x >= a && x <= c && y >= b && y <= e;
      }
      return true;
    }),
  }));
  server.setBody('/kartogram.json', {
    type: 'FeatureCollection',
    features: cartogram.map((c) => ({ type: 'Feature', id: c.code, geometry: c.geometry, properties: { nazov: c.name, podiel: c.podiel } })),
  });
  server.setBody('/okres.json', { type: 'FeatureCollection', features: district ? [{ type: 'Feature', id: district.code, geometry: district.geometry, properties: { nazov: district.name, typ: 'okres' } }] : [] });
  server.setFault('/pokazeny.json', '503');
  server.setBody('/kopia.json', { type: 'FeatureCollection', features: points.slice(0, 200) });
  provider = await addProvider({
    id: uniqueId('suhrn'),
    baseUrl: server.url,
    datasets: [
      ds('body', {
        presentation: { type: 'circle', color: { type: 'step', field: 'hodnota', default: '#eeeeee', stops: [[25, '#fdae61'], [50, '#f46d43'], [75, '#d73027']] } },
        fields: [
          { key: 'name', label: 'Názov' },
          { key: 'hodnota', label: 'Hodnota', type: 'number', unit: '%' },
        ],
        params: [{ key: 'druh', label: 'Druh', type: 'multi-enum', options: ['a', 'b', 'c'].map((v) => ({ value: v, label: v })), default: 'a,b,c' }],
      }),
      ds('druhy', {
        source: { type: 'geojson', url: `${server.url}/body.json` },
        presentation: { type: 'circle', color: { type: 'categorical', field: 'druh', values: { a: '#f00', b: '#0f0' }, default: '#999' } },
      }),
      ds('detail', { source: { type: 'geojson', url: `${server.url}/body.json`, mode: 'bbox' }, coverage: { minZoom: 14 } }),
      ds('kartogram', {
        presentation: { type: 'fill', color: { type: 'interpolate', field: 'podiel', stops: [[0, '#ffffcc'], [50, '#41b6c4'], [100, '#253494']] } },
        fields: [
          { key: 'nazov', label: 'Obec' },
          { key: 'podiel', label: 'Podiel', type: 'number', unit: '%' },
        ],
      }),
      ds('okres', { presentation: { type: 'fill', color: '#cccccc' } }),
      ds('pokazeny'),
      ds('kopia'),
      ds('raster', { source: { type: 'raster', tiles: ['https://tile.example.org/{z}/{x}/{y}.png'] }, presentation: { type: 'raster' } }),
    ],
  });
});

afterAll(async () => {
  if (provider) await removeProvider(provider);
  restore?.();
  await server?.close();
});

describe('point-in-municipality assignment', () => {
  test('the grid index agrees with a brute-force turf count over all municipalities', async () => {
    const index = await municipalityIndex();
    expect(index.list.length).toBe(munis.length);
    const located = locateCollection(index, points as never);
    let inside = 0;
    points.forEach((_, i) => {
      const brute = bruteAssignment[i];
      const ours = located.rep[i] >= 0 ? index.list[located.rep[i]].code : undefined;
      if (brute) inside++;
      expect(ours).toBe(brute?.code);
    });
    expect(inside).toBeGreaterThan(1500);
    expect(inside).toBeLessThan(points.length);
  });
});

describe('GET /api/summary', () => {
  test('whole territory: count, step classes, rankings', async () => {
    const { status, body } = await summaryRequest(provider.id, 'body');
    expect(status).toBe(200);
    expect(body).toMatchObject({ dataset: `${provider.id}/body`, title: 'Súhrn body', municipality: null, count: points.length, truncated: false, params: { druh: 'a,b,c' }, own: null });
    const values = points.map((p) => p.properties.hodnota);
    expect(body.categories.type).toBe('step');
    expect(body.categories.field).toBe('hodnota');
    expect(body.categories.items.map((c: any) => [c.key, c.count])).toEqual([
      ['..25', values.filter((v) => v < 25).length],
      ['25..50', values.filter((v) => v >= 25 && v < 50).length],
      ['50..75', values.filter((v) => v >= 50 && v < 75).length],
      ['75..', values.filter((v) => v >= 75).length],
    ]);
    expect(body.categories.items[0]).toMatchObject({ label: '< 25 %', color: '#eeeeee', from: null, to: 25 });
    const sorted = [...points].sort((a, b) => b.properties.hodnota - a.properties.hodnota || a.id - b.id);
    expect(body.rankings).toMatchObject({ field: 'hodnota', label: 'Hodnota', unit: '%', count: points.length });
    expect(body.rankings.highest.map((r: any) => r.value)).toEqual(sorted.slice(0, 5).map((p) => p.properties.hodnota));
    expect(body.rankings.lowest.map((r: any) => r.value)).toEqual([...sorted].reverse().slice(0, 5).map((p) => p.properties.hodnota));
    const top = body.rankings.highest[0];
    const topPoint = points.find((p) => p.properties.name === top.title)!;
    expect(top.municipality?.code).toBe(bruteAssignment[points.indexOf(topPoint)]?.code);
  });

  test('one municipality in every accepted form: count equals the brute-force count', async () => {
    const trnava = munis.find((m) => m.name === 'Trnava')!;
    const expected = bruteAssignment.filter((m) => m?.code === trnava.code).length;
    const byName = await summaryRequest(provider.id, 'body', 'municipality=Trnava');
    expect(byName.status).toBe(200);
    expect(byName.body.municipality).toMatchObject({ code: trnava.code, name: 'Trnava' });
    expect(byName.body.count).toBe(expected);
    const byCode = await summaryRequest(provider.id, 'body', `municipality=${trnava.code}`);
    expect(byCode.body.count).toBe(expected);
    const byPath = await summaryRequest(provider.id, 'body', `municipality=${encodeURIComponent(byName.body.municipality.path)}`);
    expect(byPath.body.count).toBe(expected);
    const sum = byName.body.categories.items.reduce((a: number, c: any) => a + c.count, 0);
    expect(sum).toBe(expected);
  });

  test('counts of many municipalities equal the brute-force counts', async () => {
    const counts = new Map<string, number>();
    for (const m of bruteAssignment) if (m) counts.set(m.code, (counts.get(m.code) ?? 0) + 1);
    const busiest = [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
    for (const [code, n] of busiest) {
      const s = await summarizeDataset({ provider: provider.id, dataset: 'body', municipality: code });
      expect(s.count).toBe(n);
    }
    // a municipality without any generated point
    const empty = munis.find((m) => !counts.has(m.code))!;
    expect((await summarizeDataset({ provider: provider.id, dataset: 'body', municipality: empty.code })).count).toBe(0);
  });

  test('a whole city (Bratislava) counts the points of all its city districts', async () => {
    const expected = bruteAssignment.filter((m) => m?.city === 'Bratislava').length;
    const s = await summarizeDataset({ provider: provider.id, dataset: 'body', municipality: '582000' });
    expect(s.municipality?.name).toBe('Bratislava');
    expect(s.count).toBe(expected);
  });

  test('dataset parameters apply', async () => {
    const { body } = await summaryRequest(provider.id, 'body', 'druh=a');
    expect(body.params).toEqual({ druh: 'a' });
    expect(body.count).toBe(points.filter((p) => p.properties.druh === 'a').length);
    const bad = await summaryRequest(provider.id, 'body', 'druh=z');
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_query' } });
  });

  test('categorical classes with "other"', async () => {
    const { body } = await summaryRequest(provider.id, 'druhy');
    expect(body.categories.items.map((c: any) => [c.key, c.count])).toEqual([
      ['a', points.filter((p) => p.properties.druh === 'a').length],
      ['b', points.filter((p) => p.properties.druh === 'b').length],
      ['other', points.filter((p) => p.properties.druh === 'c').length],
    ]);
    expect(body.rankings).toBeNull();
  });

  test('a bbox dataset loading only when zoomed in: 400 without municipality, counted per municipality', async () => {
    const res = await summaryRequest(provider.id, 'detail');
    expect(res).toMatchObject({ status: 400, body: { code: 'summary_requires_place' } });
    const trnava = munis.find((m) => m.name === 'Trnava')!;
    const s = await summaryRequest(provider.id, 'detail', 'municipality=Trnava');
    expect(s.status).toBe(200);
    expect(s.body.count).toBe(bruteAssignment.filter((m) => m?.code === trnava.code).length);
  });

  test('cartogram: own gives the area the municipality equals, with its class and rank', async () => {
    const trnava = cartogram.find((c) => c.name === 'Trnava')!;
    const { body } = await summaryRequest(provider.id, 'kartogram', 'municipality=Trnava');
    expect(body.count).toBe(1);
    expect(body.own).toHaveLength(1);
    const sortedDesc = [...cartogram].sort((a, b) => b.podiel - a.podiel);
    expect(body.own[0]).toMatchObject({
      title: 'Trnava',
      value: trnava.podiel,
      rank: { position: 1 + cartogram.filter((c) => c.podiel > trnava.podiel).length, of: cartogram.length },
    });
    expect(body.own[0].values).toEqual([
      { label: 'Obec', value: 'Trnava' },
      { label: 'Podiel (%)', value: trnava.podiel },
    ]);
    expect(body.own[0].category.key).toBe(trnava.podiel < 50 ? '0..50' : '50..100');
    const whole = await summaryRequest(provider.id, 'kartogram');
    expect(whole.body.count).toBe(cartogram.length);
    expect(whole.body.own).toBeNull();
    expect(whole.body.rankings.highest[0]).toMatchObject({ title: sortedDesc[0].name, value: sortedDesc[0].podiel });
  });

  test('cartogram of a district: own is the district the municipality lies in', async () => {
    const { body } = await summaryRequest(provider.id, 'okres', 'municipality=Trnava');
    expect(body.own).toHaveLength(1);
    expect(body.own[0].title).toBe(district!.name);
    expect(body.categories).toBeNull();
  });

  test('one function for REST, MCP and pages: the same numbers', async () => {
    const direct = await summarizeDataset({ provider: provider.id, dataset: 'body', municipality: 'Trnava', params: {} });
    const { body } = await summaryRequest(provider.id, 'body', 'municipality=Trnava');
    expect({ ...body, generated: null }).toEqual({ ...JSON.parse(JSON.stringify(direct)), generated: null });
  });

  test("the source down, the portal's copy answers: the summary says stale, its numbers the copy's", async () => {
    const fresh = await summarizeDataset({ provider: provider.id, dataset: 'kopia', params: {} });
    expect(fresh.stale).toBeUndefined();
    await expireEntries(`${provider.id}/kopia`);
    server.setFault('/kopia.json', '503');
    const { status, body } = await summaryRequest(provider.id, 'kopia', '');
    expect(status).toBe(200);
    expect(body.stale).toBe(true);
    expect(body.count).toBe(fresh.count);
    expect(body.dataGenerated).toBe(fresh.dataGenerated);
    expect(body.notice).toMatch(/^Zdroj je nedostupný, zobrazujú sa posledné známe dáta z /);
  });

  test('a page says a failed summary is unknown now, and a summary absent by nature is no failure', async () => {
    const failing = await datasetForPage(provider.id, 'pokazeny');
    expect(await pageSummary(failing!)).toEqual({ summary: null, failed: true, note: expect.stringMatching(/^Súhrn teraz nie je k dispozícii\. Zdroj „.+“ teraz hlási chybu\. Údaje nevidíte – neznamená to, že tu nič nie je\.$/) });
    const detail = await datasetForPage(provider.id, 'detail');
    expect(await pageSummary(detail!)).toEqual({ summary: null, note: 'Dataset sa načítava len pri priblížení; súhrn je dostupný pre jednotlivé obce.' });
  });

  const errors: Array<{ name: string; dataset: string; query: string; status: number; code: string }> = [
    { name: 'unknown dataset', dataset: 'neexistuje', query: '', status: 404, code: 'unknown_dataset' },
    { name: 'raster dataset', dataset: 'raster', query: '', status: 400, code: 'raster_dataset' },
    { name: 'unknown municipality', dataset: 'body', query: `municipality=${encodeURIComponent('Qqxyzová Lehota')}`, status: 404, code: 'unknown_place' },
    { name: 'ambiguous municipality', dataset: 'body', query: `municipality=${encodeURIComponent('Lúčky')}`, status: 400, code: 'ambiguous_place' },
    { name: 'source error', dataset: 'pokazeny', query: '', status: 502, code: 'http_error' },
  ];
  for (const { name, dataset, query, status, code } of errors) {
    test(name, async () => {
      const res = await summaryRequest(provider.id, dataset, query);
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
      if (code === 'ambiguous_place') {
        expect(res.body.error).toMatch(/Lúčky/);
        expect(res.body.candidates.length).toBeGreaterThan(1);
      }
    });
  }
});
