// OGC API – Features Part 2 against GDAL's own transformation (gdaltransform with EPSG:4836, the
// reference a Slovak surveyor would check with): coordinates of 20 known points in S-JTSK within
// 1 m, the other CRSs in their axis order, `Content-Crs`, and `bbox-crs` selecting what the same box
// selects when every feature is transformed by GDAL (features on the edge aside).
import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { gdalReference, SLOVAK_POINTS } from '../helpers/gdal';
import { bigFeatures, serveOgcFixture } from './fixtures';

const srv = serveOgcFixture();

const EPSG = (code: number) => `http://www.opengis.net/def/crs/EPSG/0/${code}`;
const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

interface Fc {
  features: Array<{ id: string | number; properties: Record<string, unknown>; geometry: { coordinates: number[] } }>;
  numberMatched?: number;
}

async function items(id: string, query: string) {
  const res = await fetch(`${srv.app.url}/ogc/collections/${id}/items?${query}`);
  return { res, body: (await res.json()) as Fc };
}

/** WGS84 `[lon, lat]` -> another projected CRS by gdaltransform (which reads and writes x/y order). */
function gdalTo(code: number, points: Array<[number, number]>): Array<[number, number]> {
  const out = execFileSync('gdaltransform', ['-s_srs', 'EPSG:4326', '-t_srs', `EPSG:${code}`], { input: points.map(([lon, lat]) => `${lon} ${lat}`).join('\n'), encoding: 'utf8' });
  return out.trim().split('\n').map((l) => l.trim().split(/\s+/).slice(0, 2).map(Number) as [number, number]);
}

describe('crs: the answer in the asked CRS, said in Content-Crs', () => {
  const wgs = SLOVAK_POINTS.map(([, lon, lat]) => [lon, lat] as [number, number]);

  test('S-JTSK (EPSG:5514): all 20 points within 1 m of gdaltransform with EPSG:4836', async () => {
    const { res, body } = await items(srv.fx.ids.points, `crs=${encodeURIComponent(EPSG(5514))}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-crs')).toBe(`<${EPSG(5514)}>`);
    const reference = gdalReference(wgs);
    expect(body.features).toHaveLength(20);
    const distances = body.features.map((f) => {
      const [re, rn] = reference[(f.id as number) - 1];
      const [e, n] = f.geometry.coordinates;
      return Math.hypot(e - re, n - rn);
    });
    expect(Math.max(...distances)).toBeLessThan(1);
    // East, North: both negative in Slovakia, metres to the millimetre.
    for (const f of body.features) {
      expect(f.geometry.coordinates[0]).toBeLessThan(0);
      expect(f.geometry.coordinates[1]).toBeLessThan(0);
      expect(Number.isInteger(Math.round(f.geometry.coordinates[0] * 1000))).toBe(true);
    }
  });

  test('EPSG:4326 and EPSG:4258 latitude first, CRS84 longitude first (the default), EPSG:3857 as gdaltransform', async () => {
    const byId = (fc: Fc) => new Map(fc.features.map((f) => [f.id as number, f.geometry.coordinates]));
    const plain = await items(srv.fx.ids.points, '');
    expect(plain.res.headers.get('content-crs')).toBe(`<${CRS84}>`);
    for (const code of [4326, 4258]) {
      const { res, body } = await items(srv.fx.ids.points, `crs=${encodeURIComponent(EPSG(code))}`);
      expect(res.headers.get('content-crs')).toBe(`<${EPSG(code)}>`);
      for (const [id, [lat, lon]] of byId(body)) expect([lon, lat]).toEqual(byId(plain.body).get(id));
    }
    const mercator = await items(srv.fx.ids.points, `crs=${encodeURIComponent(EPSG(3857))}`);
    const reference = gdalTo(3857, wgs);
    for (const [id, [x, y]] of byId(mercator.body)) expect(Math.hypot(x - reference[id - 1][0], y - reference[id - 1][1])).toBeLessThan(0.01);
    // The short form is understood too.
    expect((await items(srv.fx.ids.points, 'crs=EPSG:5514')).res.headers.get('content-crs')).toBe(`<${EPSG(5514)}>`);
  });

  test('a single feature in S-JTSK; an unknown CRS or bbox-crs without bbox is 400', async () => {
    const res = await fetch(`${srv.app.url}/ogc/collections/${srv.fx.ids.points}/items/1?crs=${encodeURIComponent(EPSG(5514))}`);
    expect(res.headers.get('content-crs')).toBe(`<${EPSG(5514)}>`);
    const one = (await res.json()) as Fc['features'][0];
    const [re, rn] = gdalReference([wgs[0]])[0];
    expect(Math.hypot(one.geometry.coordinates[0] - re, one.geometry.coordinates[1] - rn)).toBeLessThan(1);
    for (const q of [`crs=${encodeURIComponent(EPSG(2065))}`, `bbox-crs=${encodeURIComponent(EPSG(5514))}`, 'crs=EPSG:9999&bbox=17,48,18,49']) {
      const r = await items(srv.fx.ids.points, q);
      expect(r.res.status, q).toBe(400);
      expect(r.body).toMatchObject({ code: 'invalid_query', error: expect.stringMatching(/crs/) });
    }
  });
});

describe('bbox-crs: a box in S-JTSK selects what the same box selects on the features transformed by GDAL', () => {
  test('5,000 points: the same set, features within a metre of the edges aside', async () => {
    const features = bigFeatures();
    const reference = gdalReference(features.map((f) => f.geometry.coordinates as [number, number]));
    // A box of about 80 x 60 km around Banská Bystrica in S-JTSK metres (East, North).
    const box = [-470_000, -1_260_000, -390_000, -1_200_000];
    const inside = (e: number, n: number, m = 0) => e >= box[0] - m && e <= box[2] + m && n >= box[1] - m && n <= box[3] + m;
    const expected = new Set(features.filter((_, i) => inside(...reference[i])).map((f) => f.properties.n));
    const edge = new Set(features.filter((_, i) => inside(...reference[i], 1) && !inside(...reference[i], -1)).map((f) => f.properties.n));
    expect(expected.size).toBeGreaterThan(100);
    const { res, body } = await items(srv.fx.ids.big, `bbox=${box.join(',')}&bbox-crs=${encodeURIComponent(EPSG(5514))}&limit=5000`);
    expect(res.status).toBe(200);
    const got = new Set(body.features.map((f) => f.properties.n as number));
    expect(body.numberMatched).toBe(got.size);
    const differ = [...expected].filter((n) => !got.has(n)).concat([...got].filter((n) => !expected.has(n)));
    expect(differ.filter((n) => !edge.has(n))).toEqual([]);
  });

  test('a box in EPSG:4326 (latitude first) is the CRS84 box with its axes swapped; in EPSG:3857 the same rectangle', async () => {
    const crs84 = await items(srv.fx.ids.big, 'bbox=18,48.2,19,48.8&limit=5000');
    const latFirst = await items(srv.fx.ids.big, `bbox=48.2,18,48.8,19&bbox-crs=${encodeURIComponent(EPSG(4326))}&limit=5000`);
    const [[x0, y0], [x1, y1]] = gdalTo(3857, [[18, 48.2], [19, 48.8]]);
    const mercator = await items(srv.fx.ids.big, `bbox=${[x0, y0, x1, y1].join(',')}&bbox-crs=${encodeURIComponent(EPSG(3857))}&limit=5000`);
    const ns = (fc: Fc) => fc.features.map((f) => f.properties.n);
    expect(crs84.body.numberMatched).toBeGreaterThan(100);
    expect(ns(latFirst.body)).toEqual(ns(crs84.body));
    expect(ns(mercator.body)).toEqual(ns(crs84.body));
  });
});
