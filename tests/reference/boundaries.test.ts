// The 2019 boundaries (GKÚ) and the cadastral territories on the database the global setup prepared:
// the official areas, and points drawn at random inside the staged polygons land in the same
// municipality in the point lookup (lib/places), in nearby over sk-uzemie/obce and in the summary
// count, and in the same cadastral territory in the lookup and in nearby.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bbox as turfBbox } from '@turf/bbox';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { point as turfPoint } from '@turf/helpers';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getSql } from '@/lib/db';
import { env } from '@/lib/env';
import { getMunicipalityFacts } from '@/lib/basemap/territory';
import { cadastralTerritoryAt, cadastralTerritoriesOf, municipalityAt, resolveMunicipality } from '@/lib/places';
import type { ManifestDataset } from '@/lib/protocol/types';
import { getCatalog } from '@/lib/providers/catalog';
import { boundarySource } from '@/lib/reference/boundary-source';
import { REFERENCE_IMPORT_NAME } from '@/lib/reference/import';
import { handleReferenceProviderRequest } from '@/lib/reference/provider';
import { CADASTRAL_FILE, GKU_FILES } from '@/lib/reference/sources';
import { summarizeDataset } from '@/lib/summary';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { addProvider, nearbyRequest, removeProvider, seeded, uniqueId, type TestProvider } from '../nearby/helpers';

const dir = env().referenceDataDir!;
type Area = Feature<Polygon | MultiPolygon, Record<string, string | number>>;

function readLayer(file: string): Area[] {
  return (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { features: Area[] }).features;
}

/** A point drawn uniformly from the feature's box until it falls inside the feature (turf, on the file's own polygon). */
function pointInside(f: Area, rnd: () => number): [number, number] {
  const [x0, y0, x1, y1] = turfBbox(f);
  for (;;) {
    const p: [number, number] = [x0 + rnd() * (x1 - x0), y0 + rnd() * (y1 - y0)];
    if (booleanPointInPolygon(turfPoint(p), f)) return p;
  }
}

/** `count` features picked at random (seeded), each with a random point inside it. */
function samples(features: Area[], count: number, seed: number): Array<{ f: Area; p: [number, number] }> {
  const rnd = seeded(seed);
  return Array.from({ length: count }, () => {
    const f = features[Math.floor(rnd() * features.length)];
    return { f, p: pointInside(f, rnd) };
  });
}

/** The municipality name as the census (and the portal) spells it: military districts without the suffix. */
const municipalityName = (f: Area) => String(f.properties.NM4).replace(/ \(vojenský obvod\)$/, '');

function value(hit: { values: Array<{ label: string; value: unknown }> }, label: string): unknown {
  return hit.values.find((v) => v.label === label || v.label.startsWith(`${label} (`))?.value;
}

let obce: Area[] = [];
let codeOf = new Map<string, string>(); // 6-digit IDN4 -> 12-character code
let server: ProviderServer;
let restore: () => void;
let provider: TestProvider;
let points: Array<{ f: Area; p: [number, number]; code: string }> = [];

beforeAll(async () => {
  obce = readLayer(GKU_FILES.obce);
  const sql = await getSql();
  const rows = await sql<{ code: string; code6: string }[]>`select code, code6 from municipalities where kind = 'municipality'`;
  codeOf = new Map(rows.map((r) => [r.code6, r.code]));
  points = samples(obce, 200, 14).map(({ f, p }) => ({ f, p, code: codeOf.get(String(f.properties.IDN4))! }));

  // The same 200 points as a dataset of a provider on 127.0.0.1, for the summary count.
  server = await startProviderServer();
  restore = allowInsecureSources(server);
  server.setBody('/body.json', {
    type: 'FeatureCollection',
    features: points.map(({ p }, i) => ({ type: 'Feature', id: i + 1, geometry: { type: 'Point', coordinates: p }, properties: { n: i + 1 } })),
  });
  provider = await addProvider({
    id: uniqueId('hranice'),
    baseUrl: server.url,
    datasets: [
      {
        id: 'body',
        title: 'Náhodné body v obciach',
        category: 'other',
        source: { type: 'geojson', url: `${server.url}/body.json` },
      } as ManifestDataset,
    ],
  });
});

afterAll(async () => {
  if (provider) await removeProvider(provider);
  restore?.();
  await server?.close();
});

describe('boundaries of 2019', () => {
  test('the import used the GKÚ files: 2,927 municipalities with the official areas, 3,559 cadastral territories', async () => {
    expect(boundarySource(dir)).toMatchObject({ vintage: 'gku-2019', cadastralTerritories: true });
    const sql = await getSql();
    const [row] = await sql<{ counts: string; k: number; munis: number; regions: number }[]>`
      select (select counts from reference_imports where name = ${REFERENCE_IMPORT_NAME}) as counts,
        (select count(*)::int from cadastral_territories) as k,
        (select round(sum(area_km2))::int from municipalities where kind = 'municipality') as munis,
        (select round(sum(area_km2))::int from regions) as regions`;
    expect(JSON.parse(row.counts)).toMatchObject({ boundaries: 'gku-2019', municipalities: 2927, cadastralTerritories: 3559 });
    expect(row.k).toBe(3559);
    // Slovakia has 49,035 km² officially; the 2010 TopoJSON summed to 48,878 km².
    expect(row.munis).toBe(49_034);
    expect(row.regions).toBe(49_034);
    const [v] = await sql<{ invalid: number; outside: number }[]>`
      select count(*) filter (where not ST_IsValid(geom))::int as invalid,
        count(*) filter (where not ST_Contains(geom, label_point))::int as outside
      from cadastral_territories`;
    expect(v).toEqual({ invalid: 0, outside: 0 });
  });

  test("Malacky's area is within 1 % of the official 27.2 km² (page facts, sk-uzemie/obce, nearby)", async () => {
    const malacky = await resolveMunicipality('Malacky');
    expect(malacky.code).toBe('SK0106508063');
    const facts = await getMunicipalityFacts(malacky.code);
    expect(Math.abs(facts!.areaKm2! - 27.2) / 27.2).toBeLessThan(0.01);
    expect(facts!.cadastralTerritories.map((k) => k.name)).toEqual(['Malacky']);

    const res = await handleReferenceProviderRequest(new URL('http://localhost/poskytovatelia/sk-uzemie/data/obce'));
    const body = (await res.json()) as { features: Array<{ id: string; properties: { rozloha: number } }> };
    const rozloha = body.features.find((f) => f.id === malacky.code)!.properties.rozloha;
    expect(Math.abs(rozloha - 27.2) / 27.2).toBeLessThan(0.01);

    const inside = points.find((x) => x.code === malacky.code)?.p ?? [17.0209, 48.4359];
    const { body: nb } = await nearbyRequest(`point=${inside[0]},${inside[1]}&datasets=sk-uzemie/obce&radius=10`);
    const hit = nb.results[0].hits[0];
    expect(hit).toMatchObject({ title: 'Malacky', distance: 0 });
    expect(Math.abs((value(hit, 'Rozloha') as number) - 27.2) / 27.2).toBeLessThan(0.01);
  });

  test('200 random points inside obce.geojson polygons: the same municipality in the lookup, in nearby and in the summary count', async () => {
    expect(points).toHaveLength(200);
    expect(points.every((x) => x.code)).toBe(true);
    for (const { p, code } of points) {
      expect((await municipalityAt(p))?.code, `lookup at ${p}`).toBe(code);
      const { status, body } = await nearbyRequest(`point=${p[0]},${p[1]}&datasets=sk-uzemie/obce&radius=1&max=5`);
      expect(status).toBe(200);
      const inside = body.results[0].hits.filter((h: { distance: number }) => h.distance === 0);
      expect(inside.map((h: never) => value(h, 'Kód obce')), `nearby at ${p}`).toEqual([code]);
    }
    const expected = new Map<string, number>();
    for (const { code } of points) expected.set(code, (expected.get(code) ?? 0) + 1);
    for (const [code, count] of expected) {
      const s = await summarizeDataset({ provider: provider.id, dataset: 'body', municipality: code });
      expect(s.count, `summary of ${code}`).toBe(count);
    }
    const all = await summarizeDataset({ provider: provider.id, dataset: 'body' });
    expect(all.count).toBe(200);
  });
});

describe('cadastral territories', () => {
  let territories: Area[] = [];
  beforeAll(() => {
    territories = readLayer(CADASTRAL_FILE);
  });

  test('a point inside a cadastral territory returns its IDN5 code, its name and its municipality', async () => {
    const drawn = samples(territories, 100, 5);
    for (const { f, p } of drawn) {
      const k = await cadastralTerritoryAt(p);
      expect(k, `lookup at ${p}`).toMatchObject({
        code: String(f.properties.IDN5),
        name: f.properties.NM5,
        municipality: { code: codeOf.get(String(f.properties.IDN4)), name: municipalityName(f) },
      });
    }
    // Through nearby over the dataset: the territory itself at distance 0, first.
    for (const { f, p } of drawn.slice(0, 25)) {
      const { body } = await nearbyRequest(`point=${p[0]},${p[1]}&datasets=sk-uzemie/katastralne-uzemia&radius=1`);
      expect(body.results[0].status).toBe('ok');
      const hit = body.results[0].hits[0];
      expect(hit).toMatchObject({ title: f.properties.NM5, distance: 0 });
      expect(value(hit, 'Kód katastrálneho územia')).toBe(String(f.properties.IDN5));
      expect(value(hit, 'Obec')).toBe(municipalityName(f));
      expect(body.results[0].hits.filter((h: { distance: number }) => h.distance === 0)).toHaveLength(1);
    }
    expect(await cadastralTerritoryAt([15.5, 50.5])).toBeNull(); // Czechia
    expect(await cadastralTerritoryAt([Number.NaN, 48])).toBeNull();
    expect(await municipalityAt([16.5, 48.0])).toBeNull(); // Austria
  });

  test('Malacky: the lookup names its territory 835196 Malacky', async () => {
    expect(await cadastralTerritoryAt([17.0209, 48.4359])).toMatchObject({
      code: '835196',
      name: 'Malacky',
      municipality: { code: 'SK0106508063', name: 'Malacky' },
    });
  });

  test('the dataset: in the catalog, a valid FeatureCollection of 3,559 areas, summaries per municipality', async () => {
    const catalog = await getCatalog();
    const entry = catalog.datasets.find((d) => d.key === 'sk-uzemie/katastralne-uzemia');
    expect(entry).toMatchObject({ title: 'Katastrálne územia' });

    const res = await handleReferenceProviderRequest(new URL('http://localhost/poskytovatelia/sk-uzemie/data/katastralne-uzemia'));
    const body = (await res.json()) as { features: Array<{ id: string; geometry: { type: string }; properties: Record<string, unknown> }> };
    expect(body.features).toHaveLength(3559);
    const byCode = new Map(territories.map((f) => [String(f.properties.IDN5), f]));
    for (const f of body.features) {
      const src = byCode.get(f.id)!;
      expect(f.properties).toMatchObject({
        kod: f.id,
        nazov: src.properties.NM5,
        obec: municipalityName(src),
        kod_obce: codeOf.get(String(src.properties.IDN4)),
      });
      expect(['Polygon', 'MultiPolygon']).toContain(f.geometry.type);
    }

    // A summary per municipality counts exactly its own territories (Bratislava: those of its 17 districts).
    const perMunicipality = new Map<string, number>();
    for (const f of territories) {
      const code = codeOf.get(String(f.properties.IDN4))!;
      perMunicipality.set(code, (perMunicipality.get(code) ?? 0) + 1);
    }
    const many = [...perMunicipality].sort((a, b) => b[1] - a[1]).slice(0, 5);
    for (const [code, count] of [...many, ['SK0106508063', 1] as [string, number]]) {
      const s = await summarizeDataset({ provider: 'sk-uzemie', dataset: 'katastralne-uzemia', municipality: code });
      expect(s.count, code).toBe(count);
      expect((await cadastralTerritoriesOf(code)).length).toBe(count);
    }
    const bratislava = territories.filter((f) => /^SK010[1-5]/.test(codeOf.get(String(f.properties.IDN4)) ?? '')).length;
    expect((await summarizeDataset({ provider: 'sk-uzemie', dataset: 'katastralne-uzemia', municipality: '582000' })).count).toBe(bratislava);
    expect((await summarizeDataset({ provider: 'sk-uzemie', dataset: 'katastralne-uzemia' })).count).toBe(3559);
  });
});
