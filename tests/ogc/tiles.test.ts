// OGC API – Tiles: the tilesets list, tileset metadata, tiles with ETag / 304 / 204 and
// Cache-Control, the tile grid checks, bbox datasets below their minimum zoom, dataset parameters.
// (The tiles' contents are decoded by GDAL's MVT driver in gdal.test.ts.)
import { describe, expect, test } from 'vitest';
import { tileBlock, tileBounds, tileOf } from '@/lib/ogc/grid';
import { bigFeatures, serveOgcFixture } from './fixtures';

const srv = serveOgcFixture();

const tile = (id: string, z: number, y: number, x: number, query = '', headers: Record<string, string> = {}) =>
  fetch(`${srv.app.url}/ogc/collections/${id}/tiles/WebMercatorQuad/${z}/${y}/${x}${query}`, { headers });

describe('tileset documents', () => {
  test('the tilesets list names the WebMercatorQuad tileset and links it', async () => {
    const body = (await (await fetch(`${srv.app.url}/ogc/collections/${srv.fx.ids.big}/tiles`)).json()) as {
      tilesets: Array<{ dataType: string; tileMatrixSetURI: string; crs: string; links: Array<{ rel: string; href: string }> }>;
      links: Array<{ rel: string; href: string }>;
    };
    expect(body.tilesets).toHaveLength(1);
    expect(body.tilesets[0]).toMatchObject({
      dataType: 'vector',
      crs: 'http://www.opengis.net/def/crs/EPSG/0/3857',
      tileMatrixSetURI: 'http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad',
    });
    expect(body.tilesets[0].links.find((l) => l.rel === 'self')?.href).toMatch(new RegExp(`/ogc/collections/${srv.fx.ids.big}/tiles/WebMercatorQuad$`));
    expect(body.links.find((l) => l.rel === 'http://www.opengis.net/def/rel/ogc/1.0/geodata')?.href).toMatch(new RegExp(`/ogc/collections/${srv.fx.ids.big}$`));
  });

  test('tileset metadata: zoom range from coverage.minZoom, limits from coverage.bbox, templated tile link', async () => {
    const body = (await (await fetch(`${srv.app.url}/ogc/collections/${srv.fx.ids.viewport}/tiles/WebMercatorQuad`)).json()) as {
      layers: Array<{ id: string; minTileMatrix: string; maxTileMatrix: string }>;
      tileMatrixSetLimits: Array<{ tileMatrix: string; minTileRow: number; maxTileRow: number; minTileCol: number; maxTileCol: number }>;
      links: Array<{ rel: string; href: string; templated?: boolean; type?: string }>;
      attribution: string;
    };
    expect(body.layers).toEqual([expect.objectContaining({ id: srv.fx.ids.viewport, minTileMatrix: '9', maxTileMatrix: '18' })]);
    const b = tileBlock([16.9, 48.0, 18.0, 48.5], 9);
    expect(body.tileMatrixSetLimits[0]).toEqual({ tileMatrix: '9', minTileRow: b.y0, maxTileRow: b.y1, minTileCol: b.x0, maxTileCol: b.x1 });
    expect(body.tileMatrixSetLimits).toHaveLength(10);
    expect(body.links.find((l) => l.rel === 'item')).toMatchObject({
      templated: true,
      type: 'application/vnd.mapbox-vector-tile',
      href: expect.stringMatching(/\/tiles\/WebMercatorQuad\/\{tileMatrix\}\/\{tileRow\}\/\{tileCol\}$/),
    });
    expect(body.attribution).toBe('© Test');
  });

  test('tile metadata is JSON only: f=html is a 400', async () => {
    const res = await fetch(`${srv.app.url}/ogc/collections/${srv.fx.ids.big}/tiles/WebMercatorQuad?f=html`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_query' });
  });
});

describe('tiles', () => {
  test('200 MVT with an ETag and Cache-Control; the same tag (weak or not) answers 304', async () => {
    const { x, y } = tileOf(19.5, 48.5, 8);
    const res = await tile(srv.fx.ids.big, 8, y, x);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=(\d+), stale-while-revalidate=60$/);
    expect(Number(/max-age=(\d+)/.exec(res.headers.get('cache-control')!)![1])).toBeGreaterThan(3000);
    expect(res.headers.get('x-dm-cache')).toMatch(/^(hit|miss)$/);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const again = await tile(srv.fx.ids.big, 8, y, x, '', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await tile(srv.fx.ids.big, 8, y, x, '', { 'if-none-match': `"other", ${etag.slice(2)}` })).status).toBe(304);
    const other = await tile(srv.fx.ids.big, 8, y, x + 1);
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  test('a tile within the limits without features is 204; outside the data extent 404', async () => {
    const z = 18;
    const { x, y } = tileOf(19.0005, 48.5005, z);
    const [w, s, e, n] = tileBounds(z, x, y);
    const m = ((e - w) * 64) / 4096;
    expect(bigFeatures().filter(({ geometry: { coordinates: [lon, lat] } }) => lon >= w - m && lon <= e + m && lat >= s - m && lat <= n + m)).toEqual([]);
    expect((await tile(srv.fx.ids.big, z, y, x)).status).toBe(204);
    // The tileset's limits are the data's extent (a whole dataset): the Atlantic is outside, 404 as OGC API – Tiles asks.
    const far = tileOf(-30, 40, 8);
    const res = await tile(srv.fx.ids.big, 8, far.y, far.x);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found', error: expect.stringContaining('limits') });
  });

  test('a bbox dataset below its coverage.minZoom: 404 without asking the source', async () => {
    const before = srv.fx.server.requests('/vyrez.json');
    const { x, y } = tileOf(17.2, 48.2, 8);
    const res = await tile(srv.fx.ids.viewport, 8, y, x);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found', error: expect.stringContaining('zoom 9') });
    expect(srv.fx.server.requests('/vyrez.json')).toBe(before);
  });

  test('dataset parameters select the data of the tile', async () => {
    const { x, y } = tileOf(17.2, 48.2, 12);
    const all = await tile(srv.fx.ids.viewport, 12, y, x);
    const before = srv.fx.server.log('/vyrez.json').length;
    const some = await tile(srv.fx.ids.viewport, 12, y, x, '?param.druh=x');
    expect(all.status).toBe(200);
    expect(some.status).toBe(200);
    expect(srv.fx.server.log('/vyrez.json').slice(before).map((r) => r.query.druh)).toEqual(['x']);
    expect(some.headers.get('etag')).not.toBe(all.headers.get('etag'));
    expect((await some.arrayBuffer()).byteLength).toBeLessThan((await all.arrayBuffer()).byteLength);
  });

  const bad: Array<{ name: string; path: string; status: number; code: string }> = [
    { name: 'zoom above 18', path: '19/0/0', status: 404, code: 'not_found' },
    { name: 'row outside the matrix', path: '8/256/10', status: 404, code: 'not_found' },
    { name: 'column outside the matrix', path: '2/1/4', status: 404, code: 'not_found' },
    { name: 'not a number', path: '8/a/1', status: 400, code: 'invalid_query' },
    { name: 'negative', path: '8/-1/1', status: 400, code: 'invalid_query' },
  ];
  for (const c of bad) {
    test(`${c.status} ${c.code}: ${c.name}`, async () => {
      const res = await fetch(`${srv.app.url}/ogc/collections/${srv.fx.ids.big}/tiles/WebMercatorQuad/${c.path}`);
      expect(res.status).toBe(c.status);
      expect(await res.json()).toMatchObject({ code: c.code });
    });
  }

  test('another tile matrix set is 404; an unknown query parameter 400', async () => {
    const res = await fetch(`${srv.app.url}/ogc/collections/${srv.fx.ids.big}/tiles/WorldCRS84Quad/1/0/0`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
    const q = await tile(srv.fx.ids.big, 1, 0, 1, '?bbox=1,2,3,4');
    expect(q.status).toBe(400);
  });
});
