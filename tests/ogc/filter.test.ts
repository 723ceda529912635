// OGC API – Features Part 3 over HTTP: queryables and the feature schema of a collection, `filter`
// in CQL2 text and JSON, equality filters on properties, `properties` and `sortby`, FlatGeobuf and
// CSV answers with their media types and alternate links, the style of the vector tiles, the tile
// matrix sets, and JSON 404s under /ogc.
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, test } from 'vitest';
import { bigFeatures, municipalityFeatures, getFrom, serveOgcFixture, viewportUniverse } from './fixtures';

const srv = serveOgcFixture();

interface Fc {
  features: Array<{ id: string | number; properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown }; dm?: Record<string, unknown> }>;
  links: Array<{ rel: string; href: string; type?: string }>;
  numberMatched?: number;
  numberReturned: number;
}

const get = <T = Record<string, unknown>>(pathAndQuery: string, headers: Record<string, string> = {}) => getFrom<T>(srv.app, pathAndQuery, headers);

const items = (id: string, query: string) => get<Fc>(`/ogc/collections/${id}/items?${query}`);
const towns = () => municipalityFeatures({ query: {} } as never).features;

describe('queryables and the feature schema', () => {
  test('queryables: the manifest’s fields with their labels and types, then what the data show, the geometry; no __dm_*', async () => {
    const { res, body } = await get<{ $schema: string; properties: Record<string, Record<string, unknown>>; additionalProperties: boolean; queryables: Array<{ id: string }> }>(
      `/ogc/collections/${srv.fx.ids.towns}/queryables`,
    );
    expect(res.headers.get('content-type')).toBe('application/schema+json');
    expect(body.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.geometry).toMatchObject({ format: 'geometry-polygon', 'x-ogc-role': 'primary-geometry' });
    expect(body.properties.obyvatelia).toMatchObject({ type: 'integer', title: 'Počet obyvateľov (obyv.)' });
    expect(body.properties.rozloha).toMatchObject({ type: 'number' });
    expect(body.properties.nazov).toMatchObject({ type: 'string', title: 'Obec' });
    // Not in the manifest's fields: typed from the data.
    expect(body.properties.zalozena).toMatchObject({ type: 'string', format: 'date' });
    expect(Object.keys(body.properties).slice(0, 7)).toEqual(['geometry', 'nazov', 'kraj', 'obyvatelia', 'rozloha', 'ukazovatel', 'hodnota']);
    // The drafts' list GDAL 3.6 reads, and application/json to a client that asks for JSON only.
    expect(body.queryables.map((q) => q.id)).toContain('zalozena');
    const gdalLike = await get(`/ogc/collections/${srv.fx.ids.towns}/queryables`, { accept: 'application/geo+json, application/json' });
    expect(gdalLike.res.headers.get('content-type')).toBe('application/json');
    const { body: places } = await get<{ properties: Record<string, unknown> }>(`/ogc/collections/${srv.fx.ids.places}/queryables`);
    expect(Object.keys(places.properties).some((k) => k.startsWith('__dm_'))).toBe(false);
  });

  test('describedby: a JSON Schema of the GeoJSON features with typed properties and the documented dm member', async () => {
    const { body: collection } = await get<{ links: Array<{ rel: string; href: string; type?: string }> }>(`/ogc/collections/${srv.fx.ids.towns}`);
    const link = collection.links.find((l) => l.rel === 'describedby')!;
    expect(link.type).toBe('application/schema+json');
    const { body } = await get<{ properties: { properties: { properties: Record<string, { type: string }> }; dm: unknown } }>(new URL(link.href).pathname);
    expect(body.properties.properties.properties.obyvatelia.type).toBe('integer');
    expect(body.properties.properties.properties.hodnota.type).toBe('number');
    expect(body.properties.dm).toMatchObject({ type: 'object' });
  });
});

describe('filter', () => {
  test('CQL2 text and the same filter in CQL2 JSON select the same features; numberMatched counts them; next keeps the filter', async () => {
    const text = "kategoria = 'b' AND hodnota BETWEEN 20 AND 60 AND nazov LIKE 'Bod č. 1%'";
    const json = JSON.stringify({
      op: 'and',
      args: [
        { op: '=', args: [{ property: 'kategoria' }, 'b'] },
        { op: 'between', args: [{ property: 'hodnota' }, 20, 60] },
        { op: 'like', args: [{ property: 'nazov' }, 'Bod č. 1%'] },
      ],
    });
    const expected = bigFeatures()
      .filter((f) => f.properties.kategoria === 'b' && f.properties.hodnota >= 20 && f.properties.hodnota <= 60 && f.properties.nazov.startsWith('Bod č. 1'))
      .map((f) => f.properties.n);
    expect(expected.length).toBeGreaterThan(20);
    const a = await items(srv.fx.ids.big, `filter=${encodeURIComponent(text)}&limit=10`);
    const b = await items(srv.fx.ids.big, `filter=${encodeURIComponent(json)}&filter-lang=cql2-json&limit=10`);
    expect(a.status).toBe(200);
    expect(a.body.numberMatched).toBe(expected.length);
    expect(a.body.features.map((f) => f.properties.n)).toEqual(expected.slice(0, 10));
    expect(b.body.features.map((f) => f.properties.n)).toEqual(expected.slice(0, 10));
    const next = new URL(a.body.links.find((l) => l.rel === 'next')!.href);
    expect(next.searchParams.get('filter')).toBe(text);
    const second = await items(srv.fx.ids.big, next.search.slice(1));
    expect(second.body.features.map((f) => f.properties.n)).toEqual(expected.slice(10, 20));
  });

  test('S_INTERSECTS with a polygon, together with bbox, on a dataset read per viewport', async () => {
    const polygon = 'POLYGON((17.05 48.1, 17.25 48.1, 17.25 48.2, 17.05 48.2, 17.05 48.1))';
    const { status, body } = await items(srv.fx.ids.viewport, `bbox=17,48.05,17.5,48.3&filter=${encodeURIComponent(`S_INTERSECTS(geometry, ${polygon}) AND druh = 'x'`)}&limit=1000`);
    expect(status).toBe(200);
    const expected = viewportUniverse().filter((f) => {
      if (f.properties.druh !== 'x' || f.geometry.type !== 'Point') return false;
      const [x, y] = f.geometry.coordinates as number[];
      return x >= 17.05 && x <= 17.25 && y >= 48.1 && y <= 48.2;
    });
    expect(body.features.map((f) => f.properties.k).sort((p, q) => (p as number) - (q as number))).toEqual(expected.map((f) => f.properties.k));
    // Few tiles: all read, so the count is known.
    expect(body.numberMatched).toBe(expected.length);
  });

  test('equality filters on queryables (name=value), typed by the queryable; the dataset parameter is param.<key>', async () => {
    const { body } = await items(srv.fx.ids.towns, 'kraj=Nitriansky&obyvatelia=3458');
    const expected = towns().filter((f) => f.properties.kraj === 'Nitriansky' && f.properties.obyvatelia === 3458);
    expect(body.features.map((f) => f.id)).toEqual(expected.map((f) => f.id));
    const bad = await items(srv.fx.ids.towns, 'obyvatelia=vela');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_query', error: expect.stringContaining('obyvatelia') });
    const { body: density } = await items(srv.fx.ids.towns, 'param.ukazovatel=hustota&ukazovatel=Hustota obyvateľstva');
    expect(density.numberMatched).toBe(40);
    expect(density.features[0].properties.ukazovatel).toBe('Hustota obyvateľstva');
  });

  test('400 with the OGC exception shape of the portal for a bad filter, an unknown property or filter-lang', async () => {
    for (const [query, needle] of [
      ['filter=nazov%20%3D', 'syntax error'],
      ['filter=ulica%20%3D%201', 'ulica'],
      ['filter=n%3D1&filter-lang=ecql', 'filter-lang'],
      ['filter-lang=cql2-text', 'filter-lang'],
      ['sortby=ulica', 'ulica'],
      ['properties=n,ulica', 'ulica'],
    ] as const) {
      const { status, body, res } = await items(srv.fx.ids.big, query);
      expect(status, query).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(body, query).toMatchObject({ code: 'invalid_query', error: expect.stringContaining(needle) });
    }
  });
});

describe('properties and sortby', () => {
  test('sortby orders by properties (descending with -), Slovak collation for text; properties keeps only the named ones', async () => {
    const { body } = await items(srv.fx.ids.towns, 'sortby=-obyvatelia&properties=nazov,obyvatelia&limit=5');
    const expected = [...towns()].sort((a, b) => b.properties.obyvatelia - a.properties.obyvatelia).slice(0, 5);
    expect(body.features.map((f) => f.id)).toEqual(expected.map((f) => f.id));
    expect(Object.keys(body.features[0].properties)).toEqual(['nazov', 'obyvatelia']);
    expect(body.features[0].geometry.type).toBe('Polygon');
    const { body: byName } = await items(srv.fx.ids.towns, 'sortby=nazov&limit=40');
    const names = byName.features.map((f) => f.properties.nazov as string);
    expect(names).toEqual([...names].sort(new Intl.Collator('sk', { numeric: true }).compare));
    // Š sorts after S, Ž after Z in Slovak.
    expect(names.indexOf('Žilina 2')).toBeGreaterThan(names.indexOf('Trnava 4'));
  });

  test('sortby on a dataset read per viewport is a 400 that says why', async () => {
    const { status, body } = await items(srv.fx.ids.viewport, 'sortby=k&bbox=17,48,17.5,48.5');
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: expect.stringContaining('viewport') });
  });
});

describe('formats', () => {
  test('items link their FlatGeobuf and CSV alternates; each answers with its media type', async () => {
    const { body } = await items(srv.fx.ids.towns, 'limit=3');
    const fgb = body.links.find((l) => l.type === 'application/flatgeobuf')!;
    const csv = body.links.find((l) => l.type === 'text/csv; charset=utf-8')!;
    expect(fgb.rel).toBe('alternate');
    expect(csv.rel).toBe('alternate');
    const f = await fetch(`${srv.app.url}${new URL(fgb.href).pathname}${new URL(fgb.href).search}`);
    expect(f.headers.get('content-type')).toBe('application/flatgeobuf');
    expect([...new Uint8Array(await f.arrayBuffer()).slice(0, 3)]).toEqual([0x66, 0x67, 0x62]);
    const c = await fetch(`${srv.app.url}${new URL(csv.href).pathname}${new URL(csv.href).search}`);
    expect(c.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await c.text()).trim().split('\r\n');
    expect(lines[0]).toBe('id,WKT,nazov,kraj,obyvatelia,rozloha,ukazovatel,hodnota,zalozena');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^obec-0,"POLYGON \(\(17\.2 48,17\.599+8 48,/);
    // Accept picks the format when f does not.
    const byAccept = await fetch(`${srv.app.url}/ogc/collections/${srv.fx.ids.towns}/items?limit=1`, { headers: { accept: 'text/csv' } });
    expect(byAccept.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  });

  test('GeoJSON carries the portal’s extras as the dm member, never as __dm_* properties', async () => {
    const { body } = await items(srv.fx.ids.big, 'limit=2');
    expect(body.features[0].dm).toEqual({ title: 'Bod 0' });
    expect(Object.keys(body.features[0].properties).some((k) => k.startsWith('__dm_'))).toBe(false);
  });
});

describe('tiles: style and tile matrix sets', () => {
  test('the collection’s MapLibre style is valid, reads the collection’s vector tiles and colours as the manifest says', async () => {
    const { body: list } = await get<{ styles: Array<{ id: string; links: Array<{ href: string; type: string }> }> }>(`/ogc/collections/${srv.fx.ids.towns}/styles`);
    expect(list.styles.map((s) => s.id)).toEqual(['default']);
    const href = new URL(list.styles[0].links[0].href);
    const { res, body } = await get<{ version: number; sources: Record<string, { tiles: string[] }>; layers: Array<{ type: string; paint?: Record<string, unknown>; 'source-layer'?: string }> }>(`${href.pathname}${href.search}`);
    expect(res.headers.get('content-type')).toBe('application/vnd.mapbox.style+json');
    expect(validateStyleMin(body as never)).toEqual([]);
    const tiles = Object.values(body.sources)[0].tiles[0];
    expect(tiles).toMatch(new RegExp(`/ogc/collections/${srv.fx.ids.towns.replace('.', '\\.')}/tiles/WebMercatorQuad/\\{z\\}/\\{y\\}/\\{x\\}$`));
    const fill = body.layers.find((l) => l.type === 'fill')!;
    expect(fill['source-layer']).toBe(srv.fx.ids.towns);
    expect(JSON.stringify(fill.paint?.['fill-color'])).toContain('#7f2704');
  });

  test('/tileMatrixSets serves WebMercatorQuad itself; tilesets link it there', async () => {
    const { body: list } = await get<{ tileMatrixSets: Array<{ id: string }> }>('/ogc/tileMatrixSets');
    expect(list.tileMatrixSets.map((t) => t.id)).toEqual(['WebMercatorQuad']);
    const { body } = await get<{ crs: string; tileMatrices: Array<{ id: string; matrixWidth: number; cellSize: number; pointOfOrigin: number[] }> }>('/ogc/tileMatrixSets/WebMercatorQuad');
    expect(body.crs).toBe('http://www.opengis.net/def/crs/EPSG/0/3857');
    expect(body.tileMatrices[0]).toMatchObject({ id: '0', matrixWidth: 1, pointOfOrigin: [-20037508.3427892, 20037508.3427892] });
    expect(body.tileMatrices[18].cellSize).toBeCloseTo(0.5971642834779395, 9);
    const { body: tileset } = await get<{ links: Array<{ rel: string; href: string }> }>(`/ogc/collections/${srv.fx.ids.big}/tiles/WebMercatorQuad`);
    expect(new URL(tileset.links.find((l) => l.rel === 'http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme')!.href).pathname).toBe('/ogc/tileMatrixSets/WebMercatorQuad');
    expect((await get('/ogc/tileMatrixSets/WorldCRS84Quad')).status).toBe(404);
  });
});

describe('unknown paths under /ogc', () => {
  test('JSON 404 for JSON clients; a browser goes to the HTML pages (the site’s 404 page)', async () => {
    for (const p of ['/ogc/nic', '/ogc/collections/x.y/nic/viac', '/ogc/processes']) {
      const { status, body, res } = await get(p, { accept: 'application/json' });
      expect(status, p).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(body).toMatchObject({ code: 'not_found' });
    }
    const browser = await get('/ogc/nic', { accept: 'text/html,application/xhtml+xml' });
    expect(browser.status).toBe(303);
    expect(browser.res.headers.get('location')).toBe('/ogc-html/nic');
  });
});
