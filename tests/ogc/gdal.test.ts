// Acceptance with a real client: GDAL's OAPIF driver lists the collections, copies them to GeoPackage
// and pages through them; GDAL's MVT driver decodes the vector tiles. Run on both database drivers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bboxPolygon } from '@turf/bbox-polygon';
import { booleanIntersects } from '@turf/boolean-intersects';
import type { Feature } from 'geojson';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env } from '@/lib/env';
import { tileBounds, tileOf } from '@/lib/ogc/grid';
import { gdalReference, SLOVAK_POINTS } from '../helpers/gdal';
import { checksum, gdal, readWithGdal } from './gdal';
import { BIG_COUNT, bigFeatures, serveOgcFixture, viewportUniverse } from './fixtures';

const srv = serveOgcFixture(['/ogc', '/api/data', '/api/catalog']);
let tmp: string;
let ogcUrl: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ogc-gdal-'));
  ogcUrl = `OAPIF:${env().publicBaseUrl}/ogc`;
});

afterAll(async () => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const keyOf = (collectionId: string) => collectionId.replace('.', '/');

async function apiData(collectionId: string, query = '') {
  const res = await fetch(`${srv.app.url}/api/data/${keyOf(collectionId)}${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { features: Array<{ properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown } }> };
}

describe('OAPIF driver', () => {
  test('ogrinfo -so lists every approved GeoJSON collection and nothing else', async () => {
    // The oracle is the catalog (approved datasets), read over HTTP: every entry with a data link.
    // Other test files register providers meanwhile, so it is read before and after the listing.
    const collectionsInCatalog = async () => {
      const catalog = (await (await fetch(`${srv.app.url}/api/catalog`)).json()) as { datasets: Array<{ key: string; links: { data: string | null } }> };
      return new Set(catalog.datasets.filter((d) => d.links.data).map((d) => d.key.replace('/', '.')));
    };
    const before = await collectionsInCatalog();
    const out = await gdal(srv.app, 'ogrinfo', ['-ro', '-so', ogcUrl]);
    const after = await collectionsInCatalog();
    const listed = new Set([...out.matchAll(/^\d+: (\S+)/gm)].map((m) => m[1]));
    expect([...before].filter((id) => after.has(id) && !listed.has(id))).toEqual([]);
    expect([...listed].filter((id) => !before.has(id) && !after.has(id))).toEqual([]);
    for (const id of [srv.fx.ids.big, srv.fx.ids.places, srv.fx.ids.areas, srv.fx.ids.viewport]) expect(listed).toContain(id);
    for (const id of [srv.fx.ids.hidden, srv.fx.ids.raster, srv.fx.ids.pending, srv.fx.ids.rejected]) expect(listed).not.toContain(id);
    expect(out).toMatch(new RegExp(`${srv.fx.ids.areas.replace('.', '\\.')} \\(title: Test plochy\\) \\(Polygon\\)`));
  });

  test('ogr2ogr -f GPKG with limit=100 pages copies exactly what /api/data serves, each feature once', async () => {
    const gpkg = path.join(tmp, 'body.gpkg');
    const before = srv.app.log.length;
    await gdal(srv.app, 'ogr2ogr', ['-f', 'GPKG', gpkg, ogcUrl, srv.fx.ids.big, '-oo', 'PAGE_SIZE=100']);
    const pages = srv.app.log.slice(before).filter((l) => l.includes(`/collections/${srv.fx.ids.big}/items`));
    // GDAL asks the first page once more to establish the layer's fields; then follows `next` links.
    const offsets = new Set(pages.map((l) => Number(new URL(l.split(' ')[1], 'http://x').searchParams.get('offset') ?? 0)));
    expect(pages.every((l) => l.includes('limit=100'))).toBe(true);
    expect(offsets.size).toBe(BIG_COUNT / 100);

    const copied = await readWithGdal(srv.app, gpkg);
    const served = await apiData(srv.fx.ids.big);
    expect(copied.features).toHaveLength(BIG_COUNT);
    expect(served.features).toHaveLength(BIG_COUNT);
    const ns = copied.features.map((f) => f.properties.n as number);
    expect(new Set(ns).size).toBe(BIG_COUNT);
    const keys = ['n', 'nazov', 'hodnota', 'kategoria'];
    expect(checksum(copied.features, keys)).toBe(checksum(served.features, keys));
  });

  test('ogr2ogr copies ids, values and polygons as /api/data serves them; the portal’s __dm_* extras stay out of the GeoPackage', async () => {
    for (const [id, keys] of [
      [srv.fx.ids.places, ['nazov', 'pocet']],
      [srv.fx.ids.areas, ['nazov', 'rok']],
    ] as const) {
      const gpkg = path.join(tmp, `${id}.gpkg`);
      await gdal(srv.app, 'ogr2ogr', ['-f', 'GPKG', gpkg, ogcUrl, id]);
      const copied = await readWithGdal(srv.app, gpkg);
      const served = await apiData(id);
      expect(copied.features.length).toBe(served.features.length);
      expect(copied.features.length).toBeGreaterThan(0);
      expect(checksum(copied.features, [...keys])).toBe(checksum(served.features, [...keys]));
      expect(Object.keys(copied.features[0].properties).filter((k) => k.startsWith('__dm_'))).toEqual([]);
    }
    // The extras are the features' documented `dm` member in the OGC GeoJSON (here the charts), exactly /api/data's __dm_*.
    const served = await apiData(srv.fx.ids.places);
    const ogcPage = (await (await fetch(`${srv.app.url}/ogc/collections/${srv.fx.ids.places}/items?limit=100`)).json()) as { features: Array<{ properties: Record<string, unknown>; dm?: { chart?: unknown } }> };
    expect(ogcPage.features.map((f) => f.dm?.chart ?? null)).toEqual(served.features.map((f) => f.properties.__dm_chart ?? null));
    expect(served.features.some((f) => f.properties.__dm_chart)).toBe(true);
  });

  test('a spatial filter reaches the server as bbox; a bbox-mode dataset is read tile by tile, each feature once', async () => {
    const area = [17.1, 48.15, 17.3, 48.25];
    const before = srv.app.log.length;
    const out = await readWithGdal(srv.app, ogcUrl, [srv.fx.ids.viewport, '-spat', ...area.map(String), '-oo', 'PAGE_SIZE=50']);
    const requests = srv.app.log.slice(before).filter((l) => l.includes('/items'));
    expect(requests.some((l) => l.includes('bbox=17.1'))).toBe(true);
    const got = out.features.map((f) => f.properties.k as number);
    expect(new Set(got).size).toBe(got.length);
    const expected = viewportUniverse()
      .filter((f) => booleanIntersects(bboxPolygon(area as [number, number, number, number]), f as Feature))
      .map((f) => f.properties.k);
    expect(got.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));

    const all = await readWithGdal(srv.app, ogcUrl, [srv.fx.ids.viewport, '-oo', 'PAGE_SIZE=100']);
    const ks = all.features.map((f) => f.properties.k as number);
    expect(ks).toHaveLength(viewportUniverse().length);
    expect(new Set(ks).size).toBe(ks.length);
  });
});

describe('MVT driver', () => {
  async function decodeTile(collectionId: string, z: number, x: number, y: number) {
    const res = await fetch(`${srv.app.url}/ogc/collections/${collectionId}/tiles/WebMercatorQuad/${z}/${y}/${x}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    const file = path.join(tmp, `${collectionId}-${z}-${x}-${y}.pbf`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    return readWithGdal(srv.app, file, ['-t_srs', 'EPSG:4326', '-oo', `X=${x}`, '-oo', `Y=${y}`, '-oo', `Z=${z}`]);
  }

  test('a tile of a whole dataset holds exactly the features inside it (plus the edge buffer)', async () => {
    const served = await apiData(srv.fx.ids.big);
    const z = 8;
    const { x, y } = tileOf(19.5, 48.5, z);
    const decoded = await decodeTile(srv.fx.ids.big, z, x, y);
    const [w, s, e, n] = tileBounds(z, x, y);
    const margin = ((e - w) * 64) / 4096;
    const inside = served.features.filter((f) => {
      const [lon, lat] = f.geometry.coordinates as number[];
      return lon >= w && lon < e && lat > s && lat <= n;
    });
    const near = new Set(
      served.features
        .filter((f) => {
          const [lon, lat] = f.geometry.coordinates as number[];
          return lon >= w - margin && lon <= e + margin && lat >= s - margin && lat <= n + margin;
        })
        .map((f) => f.properties.n),
    );
    const got = decoded.features.map((f) => f.properties.n);
    expect(inside.length).toBeGreaterThan(100);
    for (const f of inside) expect(got).toContain(f.properties.n);
    for (const k of got) expect(near.has(k)).toBe(true);
    // Positions survive to the tile's resolution (4096 units per tile side).
    const byN = new Map(served.features.map((f) => [f.properties.n, f.geometry.coordinates as number[]]));
    for (const f of decoded.features) {
      const [lon, lat] = f.geometry!.coordinates as number[];
      const [lon0, lat0] = byN.get(f.properties.n)!;
      expect(Math.abs(lon - lon0)).toBeLessThan((e - w) / 2048);
      expect(Math.abs(lat - lat0)).toBeLessThan((n - s) / 2048);
    }
    expect(decoded.features[0].properties).toMatchObject({ nazov: expect.any(String), kategoria: expect.any(String) });
  });

  test('a z12 tile of a bbox-mode dataset is read through the proxy for that tile', async () => {
    const z = 12;
    const { x, y } = tileOf(17.2, 48.2, z);
    const before = srv.fx.server.log('/vyrez.json').length;
    const decoded = await decodeTile(srv.fx.ids.viewport, z, x, y);
    const asked = srv.fx.server.log('/vyrez.json').slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0].query.zoom).toBe('12');
    const [w, s, e, n] = tileBounds(z, x, y);
    expect(asked[0].query.bbox.split(',').map(Number).map((v, i) => Math.abs(v - [w, s, e, n][i]) < 1e-6)).toEqual([true, true, true, true]);
    const expected = viewportUniverse().filter((f) => {
      if (f.geometry.type !== 'Point') return booleanIntersects(bboxPolygon([w, s, e, n]), f as Feature);
      const [lon, lat] = f.geometry.coordinates as number[];
      return lon >= w && lon < e && lat > s && lat <= n;
    });
    const got = new Set(decoded.features.map((f) => f.properties.k));
    expect(expected.length).toBeGreaterThan(0);
    for (const f of expected) expect(got.has(f.properties.k)).toBe(true);
  });
});

describe('OAPIF driver: attribute filters on the server (OGC API – Features Part 3)', () => {
  const itemRequests = (from: number, id: string) => srv.app.log.slice(from).filter((l) => l.includes(`/collections/${id}/items`));

  test('-where goes to the server as a cql-text filter (GDAL 3.6 reads the queryables); the copy is exact in a few requests', async () => {
    const before = srv.app.log.length;
    const out = await readWithGdal(srv.app, ogcUrl, [srv.fx.ids.big, '-where', "kategoria = 'a' AND hodnota > 80", '-oo', 'PAGE_SIZE=1000']);
    const requests = itemRequests(before, srv.fx.ids.big);
    const filtered = requests.filter((l) => new URL(l.split(' ')[1], 'http://x').searchParams.get('filter-lang') === 'cql-text');
    expect(filtered.length).toBeGreaterThan(0);
    expect(new URL(filtered[0].split(' ')[1], 'http://x').searchParams.get('filter')).toMatch(/kategoria = 'a'.*hodnota > 80/);
    const expected = bigFeatures().filter((f) => f.properties.kategoria === 'a' && f.properties.hodnota > 80);
    expect(expected.length).toBeGreaterThan(100);
    expect(out.features.map((f) => f.properties.n).sort((a, b) => (a as number) - (b as number))).toEqual(expected.map((f) => f.properties.n));
    // Without the server-side filter GDAL pages through all 5,000 features; with it one page holds them.
    expect(requests.length).toBeLessThanOrEqual(4);
  });

  test('-where on a former dataset-parameter name filters by that property, never switching the data (sk-uzemie/obce’s ukazovatel)', async () => {
    const before = srv.fx.server.log('/obce.json').length;
    const none = await readWithGdal(srv.app, ogcUrl, [srv.fx.ids.towns, '-where', "ukazovatel = 'hustota'"]);
    expect(none.features).toEqual([]);
    const all = await readWithGdal(srv.app, ogcUrl, [srv.fx.ids.towns, '-where', "ukazovatel = 'Počet obyvateľov'"]);
    expect(all.features).toHaveLength(40);
    // The source was only ever asked for the default indicator.
    expect(srv.fx.server.log('/obce.json').slice(before).every((r) => r.query.ukazovatel === undefined || r.query.ukazovatel === 'obyvatelia')).toBe(true);
    // A name that is neither a property nor a parameter is GDAL's own clear error.
    await expect(readWithGdal(srv.app, ogcUrl, [srv.fx.ids.towns, '-where', "frobnicate = 'x'"])).rejects.toThrow(/frobnicate/);
  });

  test('the dataset parameter itself is param.<key>, in the connection URL as GDAL users give it', async () => {
    const out = await readWithGdal(srv.app, `OAPIF:${env().publicBaseUrl}/ogc?param.ukazovatel=hustota`, [srv.fx.ids.towns, '-where', "ukazovatel = 'Hustota obyvateľstva'"]);
    expect(out.features).toHaveLength(40);
    const first = out.features.find((f) => f.properties.nazov === 'Nová Ves 0')!;
    expect(first.properties.hodnota).toBe(Math.round((first.properties.obyvatelia as number) / (first.properties.rozloha as number) * 10) / 10);
  });

  test('field types come from the collection’s schema (describedby), not from the first page', async () => {
    const info = await gdal(srv.app, 'ogrinfo', ['-ro', '-so', ogcUrl, srv.fx.ids.towns]);
    expect(info).toMatch(/obyvatelia: Integer/);
    expect(info).toMatch(/rozloha: Real/);
    expect(info).toMatch(/nazov: String/);
    expect(info).not.toMatch(/__dm_/);
  });
});

describe('FlatGeobuf and CSV read back by GDAL', () => {
  async function save(query: string, file: string): Promise<string> {
    const res = await fetch(`${srv.app.url}/ogc/collections/${query}`);
    expect(res.status).toBe(200);
    const out = path.join(tmp, file);
    writeFileSync(out, Buffer.from(await res.arrayBuffer()));
    return out;
  }

  test('f=fgb in S-JTSK: GDAL reads EPSG:5514, typed fields and every point within 1 m of gdaltransform with EPSG:4836', async () => {
    const file = await save(`${srv.fx.ids.points}/items?f=fgb&crs=${encodeURIComponent('http://www.opengis.net/def/crs/EPSG/0/5514')}`, 'mesta-5514.fgb');
    const info = await gdal(srv.app, 'ogrinfo', ['-ro', '-so', file, '-al']);
    expect(info).toMatch(/Feature Count: 20/);
    expect(info).toMatch(/ID\["EPSG",5514\]/);
    expect(info).toMatch(/nazov: String/);
    const read = await readWithGdal(srv.app, file);
    const reference = gdalReference(SLOVAK_POINTS.map(([, lon, lat]) => [lon, lat]));
    for (const f of read.features) {
      const i = SLOVAK_POINTS.findIndex(([name]) => name === f.properties.nazov);
      const [e, n] = f.geometry!.coordinates as number[];
      expect(Math.hypot(e - reference[i][0], n - reference[i][1]), String(f.properties.nazov)).toBeLessThan(1);
    }
  });

  test('f=fgb of polygons with integer, real and text columns as the schema types them; EPSG:4326 keeps x = longitude', async () => {
    const file = await save(`${srv.fx.ids.towns}/items?f=fgb&limit=100&crs=${encodeURIComponent('http://www.opengis.net/def/crs/EPSG/0/4326')}`, 'obce.fgb');
    const info = await gdal(srv.app, 'ogrinfo', ['-ro', '-so', file, '-al']);
    expect(info).toMatch(/Geometry: Polygon/);
    expect(info).toMatch(/obyvatelia: Integer64/);
    expect(info).toMatch(/rozloha: Real/);
    const read = await readWithGdal(srv.app, file);
    expect(read.features).toHaveLength(40);
    const first = read.features.find((f) => f.properties.nazov === 'Nová Ves 0')!;
    expect((first.geometry!.coordinates as number[][][])[0][0]).toEqual([17.2, 48]);
    expect(first.properties.obyvatelia).toBe(200);
  });

  test('f=csv: GDAL takes the WKT column as the geometry', async () => {
    const file = await save(`${srv.fx.ids.towns}/items?f=csv&limit=100`, 'obce.csv');
    const read = await readWithGdal(srv.app, file);
    expect(read.features).toHaveLength(40);
    expect(read.features[0].geometry?.type).toBe('Polygon');
    expect(read.features[0].properties.nazov).toBe('Nová Ves 0');
  });
});
