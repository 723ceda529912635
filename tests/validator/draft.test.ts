// "Vytvoriť manifest zo služby": a manifest drafted from each kind of service, every one a real local
// server — the portal's own OGC API (its route handlers over HTTP), a WFS 2.0 from MapServer and an
// ArcGIS FeatureServer — then checked by the validator and its sources read as GeoJSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/errors';
import type { Manifest } from '@/lib/protocol/types';
import { fetchJson } from '@/lib/sources';
import { draftManifest, guessCategory, slugId } from '@/lib/validator/draft';
import { checkManifest } from '@/lib/validator/manifest';
import { draftOperation } from '@/lib/validator/operation';
import { serveApp, type AppServer } from '../helpers/app-server';
import { startMapServer, type MapServer } from '../helpers/mapserver';
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
      { key: 'OPRAVA', label: 'Posledná oprava', type: 'date' },
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
