// /ogc/collections and items: which datasets are collections, the collection documents, the items
// query (table-driven errors, limit, paging links, bbox, datetime through the time parameter,
// dataset parameters), single features, content negotiation, and source failures with and without
// a cached copy — all through the data proxy's cache.
import { beforeEach, describe, expect, test } from 'vitest';
import { MAX_LIMIT } from '@/lib/ogc/limits';
import { getCatalog } from '@/lib/providers';
import { expireEntries, forgetEntries } from '../data/helpers';
import { BIG_COUNT, bigFeatures, getFrom, serveOgcFixture } from './fixtures';

const srv = serveOgcFixture();

beforeEach(() => {
  for (const path of ['/body.json', '/miesta.json', '/plochy.json', '/vyrez.json']) srv.fx.server.setFault(path, null);
});

interface Fc {
  type: string;
  features: Array<{ id: string | number; properties: Record<string, unknown>; geometry: { type: string; coordinates: number[] } }>;
  links: Array<{ rel: string; href: string; type?: string }>;
  numberMatched?: number;
  numberReturned: number;
}

const get = <T = Record<string, unknown>>(pathAndQuery: string, headers: Record<string, string> = {}) => getFrom<T>(srv.app, pathAndQuery, headers);

const items = (id: string, query = '') => get<Fc>(`/ogc/collections/${id}/items${query}`);
const link = (fc: Fc, rel: string) => fc.links.find((l) => l.rel === rel && (l.type === 'application/geo+json' || !l.type));

describe('collections', () => {
  test('one per approved GeoJSON dataset; display-only, raster, pending and rejected ones are absent', async () => {
    const { body } = await get<{ collections: Array<{ id: string }> }>('/ogc/collections');
    const ids = body.collections.map((c) => c.id);
    for (const id of [srv.fx.ids.big, srv.fx.ids.places, srv.fx.ids.areas, srv.fx.ids.viewport]) expect(ids).toContain(id);
    for (const id of [srv.fx.ids.hidden, srv.fx.ids.raster, srv.fx.ids.pending, srv.fx.ids.rejected]) expect(ids).not.toContain(id);
  });

  test('catalog entries link their collection and tile template; display-only and raster ones do not', async () => {
    const { datasets } = await getCatalog();
    const entry = (id: string) => datasets.find((d) => d.key === id.replace('.', '/'));
    expect(entry(srv.fx.ids.places)?.links).toMatchObject({
      ogc: `/ogc/collections/${srv.fx.ids.places}`,
      tiles: `/ogc/collections/${srv.fx.ids.places}/tiles/WebMercatorQuad/{z}/{y}/{x}`,
    });
    for (const id of [srv.fx.ids.hidden, srv.fx.ids.raster]) {
      expect(entry(id)?.links).toBeDefined();
      expect(entry(id)?.links).not.toHaveProperty('ogc');
    }
    const { body } = await get(`/ogc/collections/${srv.fx.ids.places}`);
    expect(body.id).toBe(entry(srv.fx.ids.places)!.links.ogc!.split('/').pop());
  });

  for (const role of ['hidden', 'raster', 'pending', 'rejected'] as const) {
    test(`${role}: 404 unknown_dataset on every resource`, async () => {
      for (const suffix of ['', '/items', '/items/1', '/tiles', '/tiles/WebMercatorQuad', '/tiles/WebMercatorQuad/8/89/141']) {
        const { status, body } = await get(`/ogc/collections/${srv.fx.ids[role]}${suffix}`);
        expect(status, suffix).toBe(404);
        expect(body).toMatchObject({ code: 'unknown_dataset', error: expect.any(String) });
      }
    });
  }

  test('a collection carries title, description, keywords, extents (the data’s own), CRSs, licence and attribution', async () => {
    const { body } = await get<Record<string, unknown>>(`/ogc/collections/${srv.fx.ids.areas}`);
    // The polygons of `plochy` (17 + i·0.2, 48.2 + (i mod 5)·0.2, 0.15 wide), not the manifest's national coverage.
    expect(body).toMatchObject({
      id: srv.fx.ids.areas,
      title: 'Test plochy',
      description: expect.stringContaining('plochy'),
      keywords: expect.arrayContaining(['skúška']),
      itemType: 'feature',
      storageCrs: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
      crs: [
        'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
        'http://www.opengis.net/def/crs/EPSG/0/4326',
        'http://www.opengis.net/def/crs/EPSG/0/4258',
        'http://www.opengis.net/def/crs/EPSG/0/3857',
        'http://www.opengis.net/def/crs/EPSG/0/5514',
      ],
      extent: {
        spatial: { bbox: [[17, 48.2, 21.95, 49.15]], crs: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84' },
        temporal: { interval: [['2000-01-01T00:00:00Z', '2024-12-31T23:59:59Z']] },
      },
      attribution: '© Test',
      license: { name: 'CC BY 4.0' },
    });
    const { body: places } = await get<{ links: Array<{ rel: string; href: string; title?: string }>; attribution: string }>(`/ogc/collections/${srv.fx.ids.places}`);
    expect(places.attribution).toBe('© Miesta test');
    expect(places.links.find((l) => l.rel === 'license')).toMatchObject({ href: 'https://creativecommons.org/licenses/by/4.0/', title: 'CC BY 4.0 – © Miesta test' });
    expect(places.links.find((l) => l.rel === 'items')?.href).toMatch(new RegExp(`/ogc/collections/${srv.fx.ids.places}/items\\?f=json$`));
    expect(places.links.some((l) => l.rel === 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector')).toBe(true);
  });
});

describe('items query', () => {
  const bad: Array<{ name: string; id: () => string; query: string; field: string }> = [
    { name: 'limit 0', id: () => srv.fx.ids.big, query: 'limit=0', field: 'limit' },
    { name: 'limit not a number', id: () => srv.fx.ids.big, query: 'limit=many', field: 'limit' },
    { name: 'limit fractional', id: () => srv.fx.ids.big, query: 'limit=1.5', field: 'limit' },
    { name: 'negative offset', id: () => srv.fx.ids.big, query: 'offset=-1', field: 'offset' },
    { name: 'bbox with 3 numbers', id: () => srv.fx.ids.big, query: 'bbox=17,48,18', field: 'bbox' },
    { name: 'bbox min above max', id: () => srv.fx.ids.big, query: 'bbox=19,49,18,48', field: 'bbox' },
    { name: 'bbox outside the world', id: () => srv.fx.ids.big, query: 'bbox=170,0,190,1', field: 'bbox' },
    { name: 'bbox not numbers', id: () => srv.fx.ids.big, query: 'bbox=a,b,c,d', field: 'bbox' },
    { name: 'datetime garbage', id: () => srv.fx.ids.areas, query: 'datetime=včera', field: 'datetime' },
    { name: 'datetime impossible date', id: () => srv.fx.ids.areas, query: 'datetime=2020-02-30', field: 'datetime' },
    { name: 'datetime reversed', id: () => srv.fx.ids.areas, query: 'datetime=2020-01-01/2019-01-01', field: 'datetime' },
    { name: 'datetime on a collection without time', id: () => srv.fx.ids.big, query: 'datetime=2020-01-01', field: 'datetime' },
    { name: 'datetime together with the time parameter', id: () => srv.fx.ids.areas, query: 'datetime=2020-01-01&param.rok=2020', field: 'datetime' },
    { name: 'unknown parameter', id: () => srv.fx.ids.big, query: 'frobnicate=x', field: 'frobnicate' },
    { name: 'another dataset’s parameter', id: () => srv.fx.ids.big, query: 'param.rok=2020', field: 'param.rok' },
    { name: 'unknown format', id: () => srv.fx.ids.big, query: 'f=xml', field: 'f' },
    { name: 'foreign cursor', id: () => srv.fx.ids.big, query: 'cursor=abc', field: 'cursor' },
    { name: 'dataset parameter out of range', id: () => srv.fx.ids.areas, query: 'param.rok=1990,2000', field: 'rok' },
    { name: 'dataset parameter not an option', id: () => srv.fx.ids.viewport, query: 'param.druh=z', field: 'druh' },
    { name: 'a dataset parameter without its prefix (not a property)', id: () => srv.fx.ids.big, query: 'druh=x', field: 'druh' },
  ];
  for (const c of bad) {
    test(`400 invalid_query: ${c.name}`, async () => {
      const { status, body, res } = await items(c.id(), `?${c.query}`);
      expect(status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(body).toMatchObject({ code: 'invalid_query' });
      expect((body as unknown as { error: string }).error).toContain(c.field);
    });
  }

  test('default limit 100, numberMatched and numberReturned, next and prev links', async () => {
    const first = await items(srv.fx.ids.big);
    expect(first.status).toBe(200);
    expect(first.res.headers.get('content-type')).toBe('application/geo+json');
    expect(first.body).toMatchObject({ type: 'FeatureCollection', numberMatched: BIG_COUNT, numberReturned: 100 });
    expect(link(first.body, 'prev')).toBeUndefined();
    const next = new URL(link(first.body, 'next')!.href);
    expect(next.searchParams.get('offset')).toBe('100');
    expect(next.searchParams.get('limit')).toBe('100');
    const second = await items(srv.fx.ids.big, next.search);
    expect(second.body.features[0].properties.n).toBe(100);
    expect(new URL(link(second.body, 'prev')!.href).searchParams.get('offset')).toBeNull();
    const last = await items(srv.fx.ids.big, `?offset=${BIG_COUNT - 30}&limit=100`);
    expect(last.body.numberReturned).toBe(30);
    expect(link(last.body, 'next')).toBeUndefined();
    const beyond = await items(srv.fx.ids.big, `?offset=${BIG_COUNT + 10}`);
    expect(beyond.body).toMatchObject({ numberReturned: 0, numberMatched: BIG_COUNT });
  });

  test(`a limit above ${MAX_LIMIT} is served as ${MAX_LIMIT}`, async () => {
    const { status, body } = await items(srv.fx.ids.big, '?limit=9999');
    expect(status).toBe(200);
    expect(body.numberReturned).toBe(MAX_LIMIT);
    expect(new URL(link(body, 'self')!.href).searchParams.get('limit')).toBe(String(MAX_LIMIT));
  });

  test('bbox keeps the features whose geometry meets it; numberMatched counts them; next keeps the bbox', async () => {
    const area = [18, 48.2, 19, 48.8];
    const expected = bigFeatures().filter((f) => {
      const [x, y] = f.geometry.coordinates;
      return x >= area[0] && x <= area[2] && y >= area[1] && y <= area[3];
    });
    const { body } = await items(srv.fx.ids.big, `?bbox=${area.join(',')}&limit=50`);
    expect(body.numberMatched).toBe(expected.length);
    expect(body.features.map((f) => f.properties.n)).toEqual(expected.slice(0, 50).map((f) => f.properties.n));
    expect(new URL(link(body, 'next')!.href).searchParams.get('bbox')).toBe(area.join(','));
    // The 6-number form (with heights) is the same box.
    const { body: b6 } = await items(srv.fx.ids.big, `?bbox=18,48.2,0,19,48.8,100&limit=1`);
    expect(b6.numberMatched).toBe(expected.length);
  });

  test('datetime selects through the time parameter, clamped to its range; outside it nothing matches', async () => {
    const cases: Array<{ datetime: string; sent?: string; years: number[] }> = [
      { datetime: '2010-01-01/2012-06-30', sent: '2010,2012', years: [2010, 2011, 2012] },
      { datetime: '2015-05-05T10:00:00Z', sent: '2015,2015', years: [2015] },
      { datetime: '../2001-05-01', sent: '2000,2001', years: [2000, 2001] },
      { datetime: '2023-01-01/..', sent: '2023,2024', years: [2023, 2024] },
      { datetime: '1990-01-01/2100-01-01', sent: '2000,2024', years: Array.from({ length: 25 }, (_, i) => 2000 + i) },
      { datetime: '2030-01-01/..', years: [] },
    ];
    for (const c of cases) {
      const before = srv.fx.server.log('/plochy.json').length;
      const { status, body } = await items(srv.fx.ids.areas, `?datetime=${encodeURIComponent(c.datetime)}`);
      expect(status, c.datetime).toBe(200);
      expect(body.features.map((f) => f.properties.rok).sort(), c.datetime).toEqual(c.years);
      expect(body.numberMatched).toBe(c.years.length);
      const asked = srv.fx.server.log('/plochy.json').slice(before);
      if (c.sent) expect(asked.length ? asked[0].query.rok : 'cached', c.datetime).toMatch(new RegExp(`^(${c.sent}|cached)$`));
      else expect(asked).toHaveLength(0);
    }
  });

  test('dataset parameters pass to the source as on /api/data, named param.<key> (the bare name filters by the property)', async () => {
    const { body } = await items(srv.fx.ids.areas, '?param.rok=2020,2021');
    expect(body.features.map((f) => f.properties.rok).sort()).toEqual([2020, 2021]);
    expect(new URL(link(body, 'self')!.href).searchParams.get('param.rok')).toBe('2020,2021');
    // `rok` is also a property: `?rok=2020` is an equality filter on it, over the default selection.
    const { body: byProperty } = await items(srv.fx.ids.areas, '?rok=2020');
    expect(byProperty.features.map((f) => f.properties.rok)).toEqual([2020]);
    expect(byProperty.numberMatched).toBe(1);
  });

  test('f=json and JSON Accept headers give GeoJSON; f=html reaching the route is sent to the HTML page', async () => {
    for (const h of [{}, { accept: 'application/json' }, { accept: 'application/geo+json' }, { accept: '*/*' }]) {
      const r = await items(srv.fx.ids.places, '?limit=1');
      expect(r.res.headers.get('content-type'), JSON.stringify(h)).toBe('application/geo+json');
    }
    const html = await fetch(`${srv.app.url}/ogc/collections/${srv.fx.ids.places}/items?f=html&limit=3`, { redirect: 'manual' });
    expect(html.status).toBe(303);
    expect(html.headers.get('location')).toBe(`/ogc-html/collections/${srv.fx.ids.places}/items?f=html&limit=3`);
  });
});

describe('single features', () => {
  test('by the source id, by a content digest, and in a bbox dataset by the tile id; unknown ids 404', async () => {
    const { body: one } = await get<Fc['features'][0] & { links: Fc['links'] }>(`/ogc/collections/${srv.fx.ids.places}/items/5`);
    expect(one).toMatchObject({ type: 'Feature', id: 5, properties: { nazov: 'Miesto 5' } });
    expect(one.links.find((l) => l.rel === 'self')?.href).toMatch(/\/items\/5\?f=json$/);

    const { body: page } = await items(srv.fx.ids.big, '?limit=3&offset=7');
    const digestId = page.features[1].id as string;
    expect(digestId).toMatch(/^h[A-Za-z0-9_-]{16}$/);
    const { body: byDigest } = await get<{ properties: Record<string, unknown> }>(`/ogc/collections/${srv.fx.ids.big}/items/${digestId}`);
    expect(byDigest.properties.n).toBe(8);

    const { body: tiled } = await items(srv.fx.ids.viewport, '?bbox=17.1,48.15,17.2,48.2&limit=5');
    const tiledId = tiled.features[2].id as string;
    expect(tiledId).toMatch(/^9-\d+-\d+-b\d+$/);
    const { status, body: fromTile } = await get<{ id: string; properties: Record<string, unknown> }>(`/ogc/collections/${srv.fx.ids.viewport}/items/${tiledId}`);
    expect(status).toBe(200);
    expect(fromTile).toMatchObject({ id: tiledId, properties: tiled.features[2].properties });

    for (const [id, featureId] of [
      [srv.fx.ids.places, '999'],
      [srv.fx.ids.big, 'hAAAAAAAAAAAAAAAA'],
      [srv.fx.ids.viewport, 'b5'],
      [srv.fx.ids.viewport, '9-0-0-b5'],
    ]) {
      const r = await get(`/ogc/collections/${id}/items/${featureId}`);
      expect(r.status, `${id} ${featureId}`).toBe(404);
      expect(r.body).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('a failing source', () => {
  test('without a cached copy: 502 with the source’s code', async () => {
    await forgetEntries(srv.fx.portal);
    srv.fx.server.setFault('/miesta.json', '503');
    const r = await items(srv.fx.ids.places);
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ code: 'http_error', error: expect.any(String) });
    srv.fx.server.setFault('/miesta.json', 'invalid-json');
    const t = await get(`/ogc/collections/${srv.fx.ids.places}/tiles/WebMercatorQuad/10/355/560`);
    expect(t.status).toBe(502);
    expect(t.body).toMatchObject({ code: 'invalid_json' });
  });

  test('with an expired copy: the copy is served as the proxy does (X-DM-Cache: stale)', async () => {
    await forgetEntries(srv.fx.portal);
    const fresh = await items(srv.fx.ids.places, '?limit=30');
    expect(fresh.status).toBe(200);
    expect(fresh.res.headers.get('x-dm-cache')).toBe('miss');
    await expireEntries(srv.fx.portal.id + '/miesta');
    srv.fx.server.setFault('/miesta.json', '500');
    const stale = await items(srv.fx.ids.places, '?limit=30');
    expect(stale.status).toBe(200);
    expect(stale.res.headers.get('x-dm-cache')).toBe('stale');
    expect(stale.res.headers.get('cache-control')).toMatch(/max-age=0/);
    expect(stale.body.features).toEqual(fresh.body.features);
    expect((stale.body as unknown as { dm: { notice: string } }).dm.notice).toMatch(/^Zdroj je nedostupný/);
    expect(fresh.body).not.toHaveProperty('dm');
  });
});
