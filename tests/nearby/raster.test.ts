// Raster point queries against real services on 127.0.0.1: Debian's MapServer (GetFeatureInfo in
// GeoJSON, GML and text, negotiated from its capabilities) and a local ArcGIS REST server
// (MapServer/identify, ImageServer/identify with its class table). Values reach the hits under the
// source's own attribute names; image-only tiles and points outside coverage are `unavailable`.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { resetEnvForTests } from '@/lib/env';
import { queryRasterPoint, clearRasterServiceCache } from '@/lib/nearby/raster/query';
import type { ManifestDataset } from '@/lib/protocol/types';
import { ARCGIS_CLASS_NAMES, ARCGIS_LEGEND_NAMES, arcgisPixelAt, startArcGisServer, type ArcGisServer } from '../helpers/arcgis-server';
import { MAPSERVER_RASTER, MAPSERVER_ZONES, startMapServer, type MapServer } from '../helpers/mapserver';
import { addProvider, nearbyRequest, removeProvider, uniqueId, type TestProvider } from './helpers';

let ms: MapServer;
let ags: ArcGisServer;
let previousInsecure: string | undefined;

beforeAll(async () => {
  [ms, ags] = await Promise.all([startMapServer(), startArcGisServer()]);
  previousInsecure = process.env.ALLOW_INSECURE_SOURCES;
  process.env.ALLOW_INSECURE_SOURCES = [ms.host, ags.hostPort].join(',');
  resetEnvForTests();
});

afterAll(async () => {
  if (previousInsecure === undefined) delete process.env.ALLOW_INSECURE_SOURCES;
  else process.env.ALLOW_INSECURE_SOURCES = previousInsecure;
  resetEnvForTests();
  await Promise.all([ms?.close(), ags?.close()]);
});

beforeEach(() => clearRasterServiceCache());

function raster(tiles: string[], extra: Partial<ManifestDataset> = {}): ManifestDataset {
  return {
    id: 'r',
    title: 'Povodňové ohrozenie',
    category: 'risks',
    source: { type: 'raster', tiles },
    presentation: { type: 'raster' },
    ...extra,
  };
}

const deadline = () => Date.now() + 10_000;
/** In zone A (west square), raster class 2 column. */
const A: [number, number] = [17.07, 48.15];
/** In zone B (east square), raster class 4 column. */
const B: [number, number] = [17.16, 48.13];

function valuesOf(hit: { values: Array<{ label: string; value: unknown }> }): Record<string, unknown> {
  return Object.fromEntries(hit.values.map((v) => [v.label, v.value]));
}

describe('MapServer GetFeatureInfo', () => {
  test('one raster layer: GeoJSON is negotiated and the pixel value appears under value_0', async () => {
    const answer = await queryRasterPoint(raster([ms.template('full', ['hlbka'])]), A[0], A[1], 5, deadline());
    expect(answer.status).toBe('ok');
    expect(answer.hits).toHaveLength(1);
    expect(Number(valuesOf(answer.hits[0]).value_0)).toBe(MAPSERVER_RASTER.valueAt(...A));
    expect(answer.hits[0].distance).toBe(0);
    const gfi = ms.requests('full').filter((q) => /REQUEST=GetFeatureInfo/i.test(q));
    expect(gfi.length).toBe(1);
    expect(decodeURIComponent(gfi[0])).toContain('INFO_FORMAT=geojson');
  });

  test('raster and vector layers: MapServer cannot write both as GeoJSON, so GML answers with both', async () => {
    const d = raster([ms.template('full', ['hlbka', 'zony'])]);
    const before = ms.requests('full').length;
    for (const [p, zone] of [[A, MAPSERVER_ZONES[0]], [B, MAPSERVER_ZONES[1]]] as const) {
      const answer = await queryRasterPoint(d, p[0], p[1], 5, deadline());
      expect(answer.status).toBe('ok');
      const byTitle = Object.fromEntries(answer.hits.map((h) => [h.title, valuesOf(h)]));
      // Layer titles come from the capabilities.
      expect(Number(byTitle['Hĺbka vody pri povodni'].value_0)).toBe(MAPSERVER_RASTER.valueAt(p[0], p[1]));
      expect(byTitle['Zóny ohrozenia']).toMatchObject({ nazov: zone.nazov, stupen: String(zone.stupen), kod: zone.kod });
    }
    // The format that worked is remembered: the second point went straight to GML.
    const formats = ms
      .requests('full')
      .slice(before)
      .filter((q) => /REQUEST=GetFeatureInfo/i.test(q))
      .map((q) => new URLSearchParams(q).get('INFO_FORMAT'));
    expect(formats).toEqual(['geojson', 'application/vnd.ogc.gml', 'application/vnd.ogc.gml']);
  });

  test('a service offering only GML', async () => {
    const answer = await queryRasterPoint(raster([ms.template('gml', ['zony', 'hlbka'])]), B[0], B[1], 5, deadline());
    expect(answer.status).toBe('ok');
    const all = answer.hits.map(valuesOf);
    expect(all.some((v) => v.kod === 'B7')).toBe(true);
    expect(all.some((v) => Number(v.value_0) === MAPSERVER_RASTER.valueAt(...B))).toBe(true);
  });

  test('a service offering only text/plain, WMS 1.1.1', async () => {
    const answer = await queryRasterPoint(raster([ms.template('text', ['hlbka', 'zony'], '1.1.1')]), A[0], A[1], 5, deadline());
    expect(answer.status).toBe('ok');
    const all = answer.hits.map(valuesOf);
    expect(all.some((v) => v.nazov === 'Zóna A' && v.kod === 'A1')).toBe(true);
    expect(all.some((v) => Number(v.value_0) === MAPSERVER_RASTER.valueAt(...A))).toBe(true);
    const gfi = ms.requests('text').find((q) => /REQUEST=GetFeatureInfo/i.test(q))!;
    expect(new URLSearchParams(gfi).get('SRS')).toBe('EPSG:3857');
    expect(new URLSearchParams(gfi).get('X')).toBe('50');
  });

  // B lies 2 m north of a row border of the 1 km grid: MapServer's query box around the clicked
  // pixel touches both rows and it reports two cells of the same class, differing only in x/y.
  for (const { variant, format } of [
    { variant: 'full', format: 'geojson' },
    { variant: 'gml', format: 'application/vnd.ogc.gml' },
    { variant: 'text', format: 'text/plain' },
  ] as const) {
    test(`two cells of one class at a cell border are one hit (${format})`, async () => {
      const answer = await queryRasterPoint(raster([ms.template(variant, ['hlbka'])]), B[0], B[1], 5, deadline());
      expect(answer).toMatchObject({ status: 'ok', count: 1 });
      expect(answer.hits).toHaveLength(1);
      expect(Number(valuesOf(answer.hits[0]).value_0)).toBe(MAPSERVER_RASTER.valueAt(...B));
      // The source did report two cells: the merge is the portal's, not a lucky point.
      const gfi = ms.requests(variant).filter((q) => /REQUEST=GetFeatureInfo/i.test(q)).at(-1)!;
      const raw = await fetch(`${ms.url}/${variant}/wms?${gfi}`).then((r) => r.text());
      expect(raw.match(/[<"\s]value_0[>"\s]/g)).toHaveLength(2);
    });
  }

  test('cells of different classes at a class border both stay', async () => {
    // 1 m east of the border between column 14 (class 3) and column 15 (class 4).
    const lon = 17 + (15 * MAPSERVER_RASTER.cell + 1) / 6378137 * (180 / Math.PI);
    const answer = await queryRasterPoint(raster([ms.template('full', ['hlbka'])]), lon, A[1], 5, deadline());
    expect(answer.status).toBe('ok');
    expect(answer.hits.map((h) => Number(valuesOf(h).value_0)).sort()).toEqual([3, 4]);
  });

  test('no data in the raster: no hit for that layer', async () => {
    // The north-west corner cells hold no data.
    const p: [number, number] = [17.005, 48.19];
    expect(MAPSERVER_RASTER.valueAt(...p)).toBeNull();
    const answer = await queryRasterPoint(raster([ms.template('full', ['hlbka'])]), p[0], p[1], 5, deadline());
    expect(answer.status).toBe('ok');
    expect(answer.hits.filter((h) => h.values.some((v) => v.label === 'value_0' && v.value !== null && Number(v.value) > 0))).toHaveLength(0);
  });

  test('legend and fields read the codes, attribute names stay the source’s', async () => {
    const d = raster([ms.template('full', ['hlbka'])], {
      presentation: { type: 'raster', legend: [{ value: 2, label: 'Hĺbka 0,5 – 1 m', color: '#6baed6' }, { value: 4, label: 'Hĺbka nad 2 m' }] },
      fields: [{ key: 'value_0', label: 'Trieda hĺbky', description: 'Kód triedy hĺbky vody pri Q100' }],
    });
    const answer = await queryRasterPoint(d, A[0], A[1], 5, deadline());
    const v = answer.hits[0].values.find((x) => x.label === 'value_0')!;
    expect(v.legend).toBe('Hĺbka 0,5 – 1 m');
    expect(v.description).toBe('Kód triedy hĺbky vody pri Q100');
    expect(answer.legend).toEqual([
      { value: 2, label: 'Hĺbka 0,5 – 1 m' },
      { value: 4, label: 'Hĺbka nad 2 m' },
    ]);
  });

  test('capabilities are read once per service', async () => {
    const d = raster([ms.template('gml', ['zony'])]);
    const before = ms.requests('gml').length;
    await queryRasterPoint(d, A[0], A[1], 5, deadline());
    await queryRasterPoint(d, B[0], B[1], 5, deadline());
    const seen = ms.requests('gml').slice(before);
    expect(seen.filter((q) => /GetCapabilities/i.test(q))).toHaveLength(1);
    expect(seen.filter((q) => /GetFeatureInfo/i.test(q))).toHaveLength(2);
  });
});

describe('ArcGIS REST identify', () => {
  test('MapServer/export becomes identify; show:0 limits the layers', async () => {
    const answer = await queryRasterPoint(raster([ags.mapTemplate('show:0')]), B[0], B[1], 5, deadline());
    expect(answer.status).toBe('ok');
    expect(answer.hits).toHaveLength(1);
    expect(answer.hits[0].title).toBe('Záplavové územia Q100');
    expect(valuesOf(answer.hits[0])).toEqual({ OBJECTID: 12, NAZOV: 'Malý Dunaj', HLBKA_TRIEDA: 4 });
    const q = ags.identifyRequests().at(-1)!.query;
    expect(q).toMatchObject({ layers: 'all:0', sr: '4326', geometryType: 'esriGeometryPoint', returnGeometry: 'false', f: 'json' });
  });

  test('hide: layers are dropped from identify results; tile templates of a MapServer are queryable too', async () => {
    const hidden = await queryRasterPoint(raster([ags.mapTemplate('hide:0')]), A[0], A[1], 5, deadline());
    expect(hidden.hits.map((h) => h.title)).toEqual(['Správne územie']);
    const tiles = await queryRasterPoint(raster([ags.mapTileTemplate()]), A[0], A[1], 5, deadline());
    expect(tiles.hits.map((h) => h.title).sort()).toEqual(['Správne územie', 'Záplavové územia Q100']);
  });

  test('ImageServer/exportImage becomes identify; the raster attribute table names the class', async () => {
    const answer = await queryRasterPoint(raster([ags.imageTemplate('hlbka')]), B[0], B[1], 5, deadline());
    const pixel = arcgisPixelAt(...B)!;
    expect(answer.status).toBe('ok');
    expect(answer.hits[0].values).toEqual([{ label: 'value', value: String(pixel), legend: ARCGIS_CLASS_NAMES[pixel] }]);
    expect(answer.legend).toContainEqual({ value: pixel, label: ARCGIS_CLASS_NAMES[pixel] });
  });

  test('an image service without an attribute table: the legend names the class', async () => {
    const answer = await queryRasterPoint(raster([ags.imageTemplate('triedy')]), A[0], A[1], 5, deadline());
    const pixel = arcgisPixelAt(...A)!;
    expect(answer.hits[0].values[0]).toMatchObject({ value: String(pixel), legend: ARCGIS_LEGEND_NAMES[pixel] });
  });

  test('NoData at the point: ok with no hits', async () => {
    const answer = await queryRasterPoint(raster([ags.imageTemplate('hlbka')]), 17.5, 48.5, 5, deadline());
    expect(answer).toMatchObject({ status: 'ok', count: 0, hits: [] });
  });
});

describe('raster datasets in GET /api/nearby', () => {
  let provider: TestProvider;
  const ids = { wms: 'povodne-wms', arcgis: 'povodne-arcgis', xyz: 'ortofoto', image: 'hlbka', broken: 'nefunkcna' };

  beforeAll(async () => {
    provider = await addProvider({
      id: uniqueId('rastre'),
      datasets: [
        raster([ms.template('full', ['hlbka', 'zony'])], { id: ids.wms, title: 'Povodne WMS', coverage: { bbox: [16.8, 47.7, 22.6, 49.6] } }),
        raster([ags.mapTemplate('show:0')], { id: ids.arcgis, title: 'Povodne ArcGIS' }),
        raster([`${ags.url}/tiles/{z}/{x}/{y}.png`], { id: ids.xyz, title: 'Ortofoto', category: 'territory' }),
        raster([ags.imageTemplate('hlbka')], { id: ids.image, title: 'Hĺbka', description: 'Hĺbka vody pri storočnej vode.' }),
        raster([`${ags.url}/arcgis/rest/services/Zly/MapServer/export?bbox={bbox-epsg-3857}&f=image`], { id: ids.broken, title: 'Nefunkčná služba' }),
      ],
    });
  });
  afterAll(async () => {
    if (provider) await removeProvider(provider);
  });

  test('values of every kind of service, image-only tiles unavailable, a failing source only fails its entry', async () => {
    ags.server.setFault('/arcgis/rest/services/Zly/MapServer/identify', '500');
    const keys = Object.values(ids).map((d) => `${provider.id}/${d}`);
    const { status, body } = await nearbyRequest(`point=${A[0]},${A[1]}&datasets=${keys.join(',')}`);
    expect(status).toBe(200);
    const by = Object.fromEntries(body.results.map((r: any) => [r.dataset.split('/')[1], r]));
    expect(body.results.map((r: any) => r.dataset)).toEqual(keys);

    expect(by[ids.wms].status).toBe('ok');
    const wmsValues = by[ids.wms].hits.map(valuesOf);
    expect(wmsValues.some((v: any) => Number(v.value_0) === MAPSERVER_RASTER.valueAt(...A))).toBe(true);
    expect(wmsValues.some((v: any) => v.nazov === 'Zóna A')).toBe(true);

    expect(by[ids.arcgis]).toMatchObject({ status: 'ok', count: 1, provider: `Poskytovateľ ${provider.id}`, attribution: `© ${provider.id}`, license: 'CC BY 4.0' });
    expect(valuesOf(by[ids.arcgis].hits[0])).toMatchObject({ NAZOV: 'Dunaj – ľavý breh' });

    expect(by[ids.xyz].status).toBe('unavailable');
    expect(by[ids.xyz].notice).toMatch(/obrázky/);

    expect(by[ids.image]).toMatchObject({ status: 'ok', description: 'Hĺbka vody pri storočnej vode.' });
    expect(by[ids.image].hits[0].values[0].legend).toBe(ARCGIS_CLASS_NAMES[arcgisPixelAt(...A)!]);

    expect(by[ids.broken]).toMatchObject({ status: 'error', code: 'http_error', hits: [] });
    expect(by[ids.broken].error).toBeTruthy();
    for (const r of body.results) for (const h of r.hits) expect(h).not.toHaveProperty('geometry');
  });

  test('a point outside the coverage is unavailable without asking the source', async () => {
    const before = ms.requests('full').length;
    const { body } = await nearbyRequest(`point=14.5,50.1&datasets=${provider.id}/${ids.wms}`);
    expect(body.results[0]).toMatchObject({ status: 'unavailable' });
    expect(body.results[0].notice).toMatch(/mimo územia/);
    expect(ms.requests('full').length).toBe(before);
  });

  test('automatic selection skips image-only rasters', async () => {
    const { body } = await nearbyRequest(`point=${A[0]},${A[1]}&search=${encodeURIComponent('ortofoto')}`);
    expect(body.results.map((r: any) => r.dataset)).not.toContain(`${provider.id}/${ids.xyz}`);
  });
});
