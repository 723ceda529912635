// "Vytvoriť manifest zo služby": a manifest drafted from each kind of service, every one a real local
// server — the portal's own OGC API (its route handlers over HTTP), a WFS 2.0 from MapServer and an
// ArcGIS FeatureServer — then checked by the validator and its sources read as GeoJSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/errors';
import { sourceRequestUrl, type Bbox } from '@/lib/protocol/request';
import type { GeoJsonSource, Manifest, ManifestDataset } from '@/lib/protocol/types';
import { fetchJson } from '@/lib/sources';
import { draftManifest, guessCategory, slugId } from '@/lib/validator/draft';
import { runLiveTest } from '@/lib/validator/live';
import { checkManifest } from '@/lib/validator/manifest';
import { draftOperation } from '@/lib/validator/operation';
import { serveApp, type AppServer } from '../helpers/app-server';
import { MAPSERVER_ZONES, startMapServer, type MapServer } from '../helpers/mapserver';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { startOgcFixture, type OgcFixture } from '../ogc/fixtures';

let ogc: OgcFixture;
let app: AppServer;
let ms: MapServer;
let ags: ProviderServer;
let restore: () => void;

const FS = '/arcgis/rest/services/Obec/FeatureServer';

beforeAll(async () => {
  ogc = await startOgcFixture();
  app = await serveApp(['/ogc']);
  ms = await startMapServer();
  ags = await startProviderServer();
  ags.setBody(FS, { currentVersion: 11.1, serviceDescription: 'Obec Zemplínska Teplica', layers: [{ id: 0, name: 'Zastávky autobusov' }, { id: 1, name: 'Verejné osvetlenie' }] });
  ags.setBody(`${FS}/0`, {
    id: 0,
    name: 'Zastávky autobusov',
    type: 'Feature Layer',
    description: 'Autobusové zastávky v obci',
    extent: { xmin: 21.55, ymin: 48.6, xmax: 21.6, ymax: 48.65, spatialReference: { wkid: 4326 } },
    fields: [
      { name: 'OBJECTID', type: 'esriFieldTypeOID', alias: 'OBJECTID' },
      { name: 'NAZOV', type: 'esriFieldTypeString', alias: 'Názov' },
      { name: 'PRISTRESOK', type: 'esriFieldTypeSmallInteger', alias: 'Prístrešok' },
      { name: 'VYSKA', type: 'esriFieldTypeDouble', alias: 'Výška' },
      { name: 'OPRAVA', type: 'esriFieldTypeDate', alias: 'Posledná oprava' },
      { name: 'Shape', type: 'esriFieldTypeGeometry', alias: 'Shape' },
    ],
  });
  ags.setBody(`${FS}/1`, {
    id: 1,
    name: 'Verejné osvetlenie',
    type: 'Feature Layer',
    extent: { xmin: 2399000, ymin: 6202000, xmax: 2405000, ymax: 6210000, spatialReference: { wkid: 102100, latestWkid: 3857 } },
    fields: [{ name: 'FID', type: 'esriFieldTypeOID' }, { name: 'PRIKON_W', type: 'esriFieldTypeInteger', alias: 'Príkon' }],
  });
  ags.setBody(`${FS}/0/query`, { type: 'FeatureCollection', features: [{ type: 'Feature', id: 1, geometry: { type: 'Point', coordinates: [21.57, 48.62] }, properties: { NAZOV: 'Obecný úrad', PRISTRESOK: 1, VYSKA: 2.5, OPRAVA: 1700000000000 } }] });
  ags.setBody('/not-a-service.json', { hello: 'world' });
  restore = allowInsecureSources(ogc.server, app.url.replace('http://', ''), ms.host, ags);
}, 120_000);

afterAll(async () => {
  restore?.();
  await ags?.close();
  await ms?.close();
  await app?.close();
  await ogc?.close();
});

function datasetsOf(m: Record<string, unknown>): Manifest['datasets'] {
  return (m as unknown as Manifest).datasets;
}

describe('drafting a manifest from a service', () => {
  it('OGC API – Features: the portal’s own /ogc landing page, one dataset per collection with queryables and extent', async () => {
    const draft = await draftManifest(`${app.url}/ogc`);
    expect(draft.kind).toBe('ogcapi-features');
    const datasets = datasetsOf(draft.manifest);
    const towns = datasets.find((d) => d.id === slugId(ogc.ids.towns));
    expect(towns).toBeDefined();
    expect(towns!.title).toBe('Test obce');
    expect(towns!.source).toEqual({ type: 'geojson', url: `${app.url}/ogc/collections/${encodeURIComponent(ogc.ids.towns)}/items?f=json`, mode: 'bbox', maxFeatures: 1000 });
    const fields = Object.fromEntries((towns!.fields ?? []).map((f) => [f.key, f]));
    expect(fields.obyvatelia).toEqual({ key: 'obyvatelia', label: 'Počet obyvateľov (obyv.)', type: 'integer' });
    expect(fields.rozloha).toMatchObject({ type: 'number' });
    expect(fields.hodnota).toMatchObject({ label: 'Hodnota ukazovateľa', type: 'number' });
    expect(towns!.coverage?.bbox?.every(Number.isFinite)).toBe(true);
    // The static check finds no error but the licence placeholder's own wording.
    const report = checkManifest(draft.manifest);
    expect(report.errors).toEqual([]);
    // The drafted source answers GeoJSON, with bbox and limit as the portal sends them.
    const { json } = await fetchJson(`${towns!.source.type === 'geojson' ? towns!.source.url : ''}&bbox=16.8,47.7,22.6,49.7&limit=5`);
    expect((json as { type: string; features: unknown[] }).type).toBe('FeatureCollection');
    expect((json as { features: unknown[] }).features.length).toBeGreaterThan(0);
    expect((json as { features: unknown[] }).features.length).toBeLessThanOrEqual(5);
  }, 120_000);

  it('OGC API – Features: /collections gives the same datasets', async () => {
    const a = await draftManifest(`${app.url}/ogc/collections`);
    expect(datasetsOf(a.manifest).map((d) => d.id)).toContain(slugId(ogc.ids.places));
  }, 120_000);

  it('WFS 2.0 from MapServer: feature types, XSD field types, WGS84BoundingBox, a GetFeature GeoJSON source', async () => {
    const draft = await draftManifest(ms.wfsCapabilities);
    expect(draft.kind).toBe('wfs');
    const [zony] = datasetsOf(draft.manifest);
    expect(zony.id).toBe('zony');
    expect(zony.title).toBe('Zóny ohrozenia povodňou');
    expect(zony.category).toBe('risks');
    expect(zony.coverage?.bbox).toEqual([17, 48.1, 17.2, 48.2]);
    expect(zony.fields).toEqual(expect.arrayContaining([{ key: 'nazov', label: 'nazov' }, { key: 'stupen', label: 'stupen', type: 'integer' }]));
    expect(zony.source.type === 'geojson' && zony.source.mode).toBe('bbox');
    const url = zony.source.type === 'geojson' ? zony.source.url : '';
    expect(url).toContain('request=GetFeature');
    expect(url).toContain('outputFormat=application%2Fjson');
    expect(checkManifest(draft.manifest).errors).toEqual([]);
    const { json } = await fetchJson(url);
    const fc = json as { type: string; features: Array<{ properties: Record<string, unknown> }> };
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.map((f) => f.properties.nazov).sort()).toEqual(['Zóna A', 'Zóna B']);
  }, 60_000);

  it('ArcGIS FeatureServer: a dataset per layer, esriFieldType fields, extents in 4326 and 3857, a query?f=geojson source', async () => {
    const draft = await draftManifest(`${ags.url}${FS}`);
    expect(draft.kind).toBe('arcgis');
    const [stops, lamps] = datasetsOf(draft.manifest);
    expect(stops).toMatchObject({ id: 'zastavky-autobusov', title: 'Zastávky autobusov', description: 'Autobusové zastávky v obci', category: 'transport', coverage: { bbox: [21.55, 48.6, 21.6, 48.65] } });
    expect(stops.fields).toEqual([
      { key: 'NAZOV', label: 'Názov' },
      { key: 'PRISTRESOK', label: 'Prístrešok', type: 'integer' },
      { key: 'VYSKA', label: 'Výška', type: 'number' },
      // f=geojson answers esriFieldTypeDate as epoch milliseconds (1700000000000), not an ISO date.
      { key: 'OPRAVA', label: 'Posledná oprava', type: 'integer', unit: 'ms', description: 'Dátum a čas ako milisekundy od 1. 1. 1970 UTC (tak ich v GeoJSON posiela ArcGIS).' },
    ]);
    expect(stops.source).toEqual({ type: 'geojson', url: `${ags.url}${FS}/0/query?where=1%3D1&outFields=*&f=geojson`, mode: 'full', maxFeatures: 1000 });
    expect(lamps.category).toBe('infrastructure');
    const [w, s, e, n] = lamps.coverage!.bbox!;
    expect(w).toBeCloseTo(21.5503, 3);
    expect(s).toBeGreaterThan(48.5);
    expect(e).toBeGreaterThan(w);
    expect(n).toBeGreaterThan(s);
    expect(checkManifest(draft.manifest).errors).toEqual([]);
    const { json } = await fetchJson(stops.source.type === 'geojson' ? stops.source.url : '');
    expect((json as { features: unknown[] }).features).toHaveLength(1);
    // One layer of the service: only that dataset.
    const one = await draftManifest(`${ags.url}${FS}/1`);
    expect(datasetsOf(one.manifest).map((d) => d.id)).toEqual(['verejne-osvetlenie']);
  });

  it('refuses what is not a service (unrecognised_service, 422) and reports the source’s own failure', async () => {
    const notService = await draftManifest(`${ags.url}/not-a-service.json`).catch((e: unknown) => e);
    expect(isApiError(notService) && notService.code).toBe('unrecognised_service');
    expect(isApiError(notService) && notService.status).toBe(422);
    const down = await draftManifest('http://127.0.0.1:9/ogc').catch((e: unknown) => e);
    expect(isApiError(down) && down.code).toBe('https_required');
    const missing = await draftManifest(`${ags.url}/nothing/here`).catch((e: unknown) => e);
    expect(isApiError(missing) && missing.code).toBe('http_error');
  });

  it('is a declared operation: POST /api/validate/draft', () => {
    expect(draftOperation.rest).toEqual({ method: 'post', path: '/api/validate/draft', from: 'body' });
    expect(draftOperation.errors).toContain('unrecognised_service');
  });

  it('guesses categories and ids from names', () => {
    expect(guessCategory('Autobusové zastávky')).toBe('transport');
    expect(guessCategory('Záplavové územia')).toBe('risks');
    expect(guessCategory('Chránené územia prírody')).toBe('nature');
    expect(guessCategory('Xyz')).toBe('other');
    expect(slugId('Zóny ohrozenia – Q100')).toBe('zony-ohrozenia-q100');
  });
});

/** The drafted manifest with only `keep` datasets, published on the provider server for the live test. */
function publish(path: string, manifest: Record<string, unknown>, keep?: (d: ManifestDataset) => boolean): string {
  const m = manifest as unknown as Manifest;
  ags.setBody(path, { ...m, datasets: keep ? m.datasets.filter(keep) : m.datasets });
  return `${ags.url}${path}`;
}

function geojsonSource(d: ManifestDataset): GeoJsonSource {
  if (d.source.type !== 'geojson') throw new Error(`${d.id}: not a GeoJSON source`);
  return d.source;
}

type Fc = { type: string; features: Array<{ properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown } }> };

/** Every position of a geometry's coordinates. */
function positions(c: unknown): number[][] {
  return Array.isArray(c) && typeof c[0] === 'number' ? [c as number[]] : Array.isArray(c) ? c.flatMap(positions) : [];
}

function envelope(c: unknown): Bbox {
  const p = positions(c);
  return [Math.min(...p.map((x) => x[0])), Math.min(...p.map((x) => x[1])), Math.max(...p.map((x) => x[0])), Math.max(...p.map((x) => x[1]))];
}

const intersects = (a: Bbox, b: Bbox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

describe('a drafted manifest passes the live test as drafted (bbox windows included)', () => {
  it('OGC API – Features: the portal’s own /ogc answers the protocol’s bbox, zoom and limit; both windows of the bbox check pass', async () => {
    const draft = await draftManifest(`${app.url}/ogc`);
    const wanted = new Set([ogc.ids.big, ogc.ids.towns, ogc.ids.viewport].map((id) => slugId(id)));
    const url = publish('/drafts/ogc/manifest.json', draft.manifest, (d) => wanted.has(d.id));
    const { report, datasets } = await liveOf(url);
    expect(report.errors, JSON.stringify(report.errors)).toEqual([]);
    expect(report.valid).toBe(true);
    expect(datasets.map((d) => d.id).sort()).toEqual([...wanted].sort());
    for (const d of datasets) {
      // Asked as the map asks a bbox source: bbox, zoom and limit (the strict /ogc refused zoom with 400 before).
      const q = new URL(d.request).searchParams;
      expect(q.get('zoom')).toBe('12');
      expect(q.get('limit')).toBe('1000');
      expect(q.get('bbox')?.split(',')).toHaveLength(4);
    }
    // 5,000 points over Slovakia: the window at the coverage's centre holds some, and only those near it.
    const big = datasets.find((d) => d.id === slugId(ogc.ids.big))!;
    expect(big.featureCount).toBeGreaterThan(0);
    expect(big.featureCount).toBeLessThan(5000);
    const window = new URL(big.request).searchParams.get('bbox')!.split(',').map(Number) as Bbox;
    const { json } = await fetchJson(big.request);
    for (const f of (json as Fc).features) expect(intersects(envelope(f.geometry.coordinates), window)).toBe(true);
  }, 180_000);

  it('/ogc still refuses a parameter that is not its own (OGC core), and a zoom outside 0–24', async () => {
    for (const q of ['foo=1', 'zoom=25', 'zoom=x']) {
      const res = await fetch(`${app.url}/ogc/collections/${encodeURIComponent(ogc.ids.big)}/items?f=json&${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_query');
    }
  }, 60_000);

  it('WFS from MapServer (EPSG:4326): a WFS 1.0.0 GetFeature in mode bbox, each window gets its own zone in lon,lat; as WFS 2.0 MapServer reads the same bbox latitude first', async () => {
    const draft = await draftManifest(ms.wfsCapabilities);
    const [zony] = datasetsOf(draft.manifest);
    const source = geojsonSource(zony);
    expect(source).toMatchObject({ mode: 'bbox', maxFeatures: 1000 });
    const fixed = new URL(source.url).searchParams;
    expect([fixed.get('version'), fixed.get('typeName'), fixed.get('outputFormat'), fixed.get('maxFeatures')]).toEqual(['1.0.0', 'ms:zony', 'application/json', '1000']);
    for (const zone of MAPSERVER_ZONES) {
      // A window inside one zone only, asked exactly as the portal asks (aligned to the tile grid at zoom 14).
      const [a, b, c, d] = zone.bbox;
      const inner: Bbox = [a + 0.03, b + 0.03, c - 0.03, d - 0.03];
      const request = sourceRequestUrl(zony, source.url, { bbox: inner, zoom: 14, params: {} });
      const asked = new URL(request).searchParams.get('bbox')!.split(',').map(Number) as Bbox;
      const fc = (await fetchJson(request)).json as Fc;
      expect(fc.features.map((f) => f.properties.kod)).toEqual([zone.kod]);
      for (const f of fc.features) {
        // Longitude first (17.x), latitude second (48.x), and the feature meets the asked window.
        for (const [lon, lat] of positions(f.geometry.coordinates)) {
          expect(lon).toBeGreaterThanOrEqual(16.9);
          expect(lon).toBeLessThanOrEqual(17.3);
          expect(lat).toBeGreaterThanOrEqual(48);
          expect(lat).toBeLessThanOrEqual(48.3);
        }
        expect(intersects(envelope(f.geometry.coordinates), asked)).toBe(true);
      }
      // The same window on the WFS 2.0 GetFeature the draft wrote before: MapServer reads it as lat,lon and finds nothing.
      const v2 = new URL(source.url);
      for (const [k, v] of Object.entries({ version: '2.0.0', typeNames: 'ms:zony', srsName: 'EPSG:4326', count: '1000' })) v2.searchParams.set(k, v);
      v2.searchParams.delete('typeName');
      v2.searchParams.delete('maxFeatures');
      const bare = sourceRequestUrl({ ...zony, source: { ...source, url: v2.href } }, v2.href, { bbox: inner, zoom: 14, params: {} });
      expect(((await fetchJson(bare)).json as Fc).features).toEqual([]);
    }
    // The live test: two windows (the second one window's width beside the first), both answered in them.
    const before = ms.requests().length;
    const { report, datasets } = await liveOf(publish('/drafts/wfs/manifest.json', draft.manifest));
    expect(report.errors, JSON.stringify(report.errors)).toEqual([]);
    expect(datasets[0].featureCount).toBe(2);
    const asked = ms.requests().slice(before).filter((q) => /request=GetFeature/i.test(q));
    expect(asked).toHaveLength(2);
    for (const q of asked) expect(new URLSearchParams(q).get('bbox')?.split(',')).toHaveLength(4);
  }, 120_000);

  it('WFS from MapServer whose types default to EPSG:3857: mode full with count, the feature count checked against maxFeatures; passes the live test', async () => {
    const draft = await draftManifest(ms.wfs3857Capabilities);
    const [zony] = datasetsOf(draft.manifest);
    const source = geojsonSource(zony);
    expect(source).toMatchObject({ mode: 'full', maxFeatures: 1000 });
    const fixed = new URL(source.url).searchParams;
    expect([fixed.get('version'), fixed.get('typeNames'), fixed.get('srsName'), fixed.get('count')]).toEqual(['2.0.0', 'ms:zony', 'EPSG:4326', '1000']);
    expect(draft.notes.find((n) => n.startsWith('Typ ms:zony je v režime full'))).toMatch(/EPSG::?3857.*Má 2 objekty, zmestí sa do maxFeatures 1000/);
    const { report, datasets } = await liveOf(publish('/drafts/wfs3857/manifest.json', draft.manifest));
    expect(report.errors, JSON.stringify(report.errors)).toEqual([]);
    expect(datasets[0].featureCount).toBe(2);
    expect(new URL(datasets[0].request).searchParams.has('bbox')).toBe(false);
    // Reprojected by MapServer from EPSG:3857 back to lon,lat.
    const fc = (await fetchJson(datasets[0].request)).json as Fc;
    for (const f of fc.features) for (const [lon, lat] of positions(f.geometry.coordinates)) expect([Math.round(lon), Math.round(lat)]).toEqual([17, 48]);
  }, 120_000);

  it('ArcGIS FeatureServer: the drafted query?f=geojson sources in mode full pass the live test', async () => {
    ags.setBody(`${FS}/1/query`, {
      type: 'FeatureCollection',
      features: [0, 1, 2].map((i) => ({ type: 'Feature', id: i + 1, geometry: { type: 'Point', coordinates: [21.56 + i * 0.01, 48.62] }, properties: { PRIKON_W: 40 + i } })),
    });
    const draft = await draftManifest(`${ags.url}${FS}`);
    const { report, datasets } = await liveOf(publish('/drafts/arcgis/manifest.json', draft.manifest));
    expect(report.errors, JSON.stringify(report.errors)).toEqual([]);
    expect(datasets.map((d) => [d.id, d.featureCount])).toEqual([
      ['zastavky-autobusov', 1],
      ['verejne-osvetlenie', 3],
    ]);
    // Mode full: no window is asked, only the limit.
    for (const d of datasets) expect(new URL(d.request).searchParams.has('bbox')).toBe(false);
  }, 60_000);
});

async function liveOf(url: string) {
  const { report } = await runLiveTest(url);
  return { report, datasets: report.datasets };
}
