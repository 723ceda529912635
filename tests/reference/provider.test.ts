// The built-in provider sk-uzemie: a valid protocol-0.1 manifest and valid FeatureCollections,
// served through the Next routes (the same handler the in-process fetch uses).
import { afterAll, describe, expect, test } from 'vitest';
import { GET as getData } from '@/app/poskytovatelia/sk-uzemie/data/[dataset]/route';
import { GET as getManifest } from '@/app/poskytovatelia/sk-uzemie/manifest.json/route';
import { env } from '@/lib/env';
import type { DataCollection, Manifest } from '@/lib/protocol/types';
import { boundarySource } from '@/lib/reference/boundary-source';
import { handleReferenceProviderRequest, referenceProviderManifest } from '@/lib/reference/provider';
import { checkData } from '@/lib/validator/data';
import { checkManifest } from '@/lib/validator/manifest';
import { withoutGku2019 } from '../helpers/reference-dirs';

const BASE = 'http://localhost/poskytovatelia/sk-uzemie';

async function data(dataset: string, qs = ''): Promise<{ status: number; body: DataCollection & { code?: string }; bytes: number }> {
  const res = await getData(new Request(`${BASE}/data/${dataset}${qs}`));
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), bytes: text.length };
}

async function manifest(): Promise<Manifest> {
  const res = await getManifest(new Request(`${BASE}/manifest.json`));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  return (await res.json()) as Manifest;
}

describe('sk-uzemie provider', () => {
  test('the manifest is valid protocol 0.1, managed by the portal, with absolute source URLs', async () => {
    const m = await manifest();
    const report = checkManifest(m);
    expect(report.errors).toEqual([]);
    expect(report.valid).toBe(true);
    expect(report.warnings).toEqual([]);
    expect(m.protocol).toBe('0.1');
    expect(m.provider).toMatchObject({ id: 'sk-uzemie', managedBy: 'portal' });
    expect(m.datasets.map((d) => d.id)).toEqual(['obce', 'okresy', 'kraje', 'mesta', 'katastralne-uzemia']);
    for (const d of m.datasets) {
      expect(d.source).toMatchObject({ type: 'geojson', mode: 'full', url: `${env().publicBaseUrl}/poskytovatelia/sk-uzemie/data/${d.id}` });
      expect(d.keywords?.length).toBeGreaterThan(3);
      expect(d.useCases?.length).toBeGreaterThan(0);
      expect(d.fields?.length).toBeGreaterThan(3);
    }
    expect(m).toEqual(referenceProviderManifest(env().publicBaseUrl));
    expect(m.license?.attribution).toMatch(/Štatistický úrad SR/);
    expect(m.license?.attribution).toMatch(/ÚGKK SR \/ GKÚ Bratislava \(ZBGIS\), stav 30\. 4\. 2019/);
    expect(m.license?.attribution).not.toMatch(/TopoJSON/);
    const k = m.datasets.find((d) => d.id === 'katastralne-uzemia')!;
    expect(k.coverage?.minZoom).toBe(10);
    expect(k.license?.attribution).toMatch(/ÚGKK SR/);
  });

  const older = withoutGku2019(env().referenceDataDir!);
  afterAll(() => older.remove());

  test('with an older data directory (2010 TopoJSON): no cadastral territories, the TopoJSON credited', () => {
    const m = referenceProviderManifest(env().publicBaseUrl, boundarySource(older.dir));
    expect(checkManifest(m).valid).toBe(true);
    expect(m.datasets.map((d) => d.id)).toEqual(['obce', 'okresy', 'kraje', 'mesta']);
    expect(m.license?.attribution).toMatch(/Slovakia TopoJSON \(Milan Lajtoš/);
    expect(m.license?.attribution).not.toMatch(/GKÚ/);
  });

  const expected: Array<[string, number, string]> = [
    ['obce', 2927, 'MultiPolygon'],
    ['okresy', 79, 'MultiPolygon'],
    ['kraje', 8, 'MultiPolygon'],
    ['mesta', 69, 'Point'],
  ];
  for (const [id, count, geometry] of expected) {
    test(`${id}: a valid FeatureCollection of ${count} ${geometry} features`, async () => {
      const m = await manifest();
      const { status, body, bytes } = await data(id);
      expect(status).toBe(200);
      expect(body.type).toBe('FeatureCollection');
      expect(body.features).toHaveLength(count);
      expect(body.dm).toMatchObject({ protocol: '0.1', total: count, truncated: false });
      const report = checkData(body, m.datasets.find((d) => d.id === id));
      expect(report.errors).toEqual([]);
      expect(report.valid).toBe(true);
      expect(new Set(body.features.map((f) => f.geometry?.type))).toEqual(new Set([geometry]));
      for (const f of body.features) expect(typeof f.properties?.obyvatelia).toBe('number');
      expect(bytes).toBeLessThan(5_000_000);
    });
  }

  test('katastralne-uzemia: a valid FeatureCollection of 3,559 areas with code, name and municipality', async () => {
    const m = await manifest();
    const { status, body, bytes } = await data('katastralne-uzemia');
    expect(status).toBe(200);
    expect(body.features).toHaveLength(3559);
    expect(body.dm).toMatchObject({ total: 3559, truncated: false });
    const report = checkData(body, m.datasets.find((d) => d.id === 'katastralne-uzemia'));
    expect(report.errors).toEqual([]);
    expect(report.valid).toBe(true);
    for (const f of body.features) {
      expect(f.id).toMatch(/^\d{6}$/);
      expect(f.properties).toMatchObject({ kod: f.id, nazov: expect.any(String), obec: expect.any(String), kod_obce: expect.stringMatching(/^SK0/) });
    }
    expect(body.features.find((f) => f.id === '835196')?.properties).toMatchObject({ nazov: 'Malacky', obec: 'Malacky', okres: 'Malacky', kraj: 'Bratislavský kraj' });
    expect(bytes).toBeLessThan(6_000_000);
  });

  test('polygons are served as imported (not simplified), with 6 decimals', async () => {
    const { body } = await data('obce');
    const vertices = body.features.reduce((a, f) => a + JSON.stringify(f.geometry).split('],[').length, 0);
    expect(vertices).toBeGreaterThan(150_000);
  });

  test('obce: census figures and the ukazovatel parameter', async () => {
    const { body } = await data('obce', '?ukazovatel=hustota');
    const zilina = body.features.find((f) => f.id === 'SK031B517402')!;
    expect(zilina.properties).toMatchObject({ nazov: 'Žilina', okres: 'Žilina', kraj: 'Žilinský kraj', ukazovatel: 'Hustota obyvateľstva' });
    const p = zilina.properties as Record<string, number>;
    expect(p.hodnota).toBe(p.hustota);
    expect(p.hustota).toBeCloseTo(p.obyvatelia / p.rozloha, -1);
    const sum = body.features.reduce((a, f) => a + ((f.properties as { obyvatelia: number }).obyvatelia ?? 0), 0);
    expect(sum).toBe(5_449_270);
    const percentiles = body.features.map((f) => (f.properties as { percentil: number }).percentil);
    expect(Math.min(...percentiles)).toBe(0);
    expect(Math.max(...percentiles)).toBe(100);
    const old = await data('obce', '?ukazovatel=podiel-65');
    const z65 = old.body.features.find((f) => f.id === 'SK031B517402')!.properties as Record<string, number>;
    expect(z65.hodnota).toBe(z65.podiel_65);
    expect(z65.podiel_65).toBeGreaterThan(10);
    expect(z65.podiel_65).toBeLessThan(30);
  });

  test('limit truncates and says so', async () => {
    const { body } = await data('obce', '?limit=10');
    expect(body.features).toHaveLength(10);
    expect(body.dm).toMatchObject({ total: 2927, truncated: true });
  });

  test('cursor pages on, as the samples do (one reading of the request, lib/protocol/serve.ts)', async () => {
    const first = await data('okresy', '?limit=50');
    expect(first.body.dm).toMatchObject({ total: 79, truncated: true, next: '50' });
    const rest = await data('okresy', `?limit=50&cursor=${first.body.dm!.next}`);
    expect(rest.body.features).toHaveLength(29);
    expect(rest.body.dm).toMatchObject({ total: 79, truncated: false });
    expect(new Set([...first.body.features, ...rest.body.features].map((f) => f.id)).size).toBe(79);
  });

  test('mesta: Bratislava and Košice as whole cities, the smallest town above 10,000', async () => {
    const { body } = await data('mesta');
    const names = body.features.map((f) => (f.properties as { nazov: string }).nazov);
    expect(names.slice(0, 2)).toEqual(['Bratislava', 'Košice']);
    const smallest = Math.min(...body.features.map((f) => (f.properties as { obyvatelia: number }).obyvatelia));
    expect(smallest).toBeGreaterThan(10_000);
  });

  const errors: Array<[string, string, number, string]> = [
    ['unknown dataset', '/data/rieky', 404, 'unknown_dataset'],
    ['bad parameter value of the territories', '/data/katastralne-uzemia?limit=0', 400, 'invalid_query'],
    ['bad parameter value', '/data/obce?ukazovatel=vek', 400, 'invalid_query'],
    ['bad limit', '/data/obce?limit=-1', 400, 'invalid_query'],
    ['unknown path', '/nic', 404, 'not_found'],
  ];
  for (const [name, path, status, code] of errors) {
    test(`${name}: ${status} ${code}`, async () => {
      const res = await handleReferenceProviderRequest(new URL(`${BASE}${path}`));
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ code });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    });
  }
});
