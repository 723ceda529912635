import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { basemapAttribution } from '@/lib/basemap/attribution';
import { BASEMAP_ATTRIBUTION, LAZY_BASEMAP_SOURCES, offlineBasemapStyle, basemapStyle } from '@/lib/basemap/style';
import { GET } from '@/app/api/basemap/[layer]/route';
import { getSql } from '@/lib/db';

describe('offline basemap style', () => {
  test('is a valid MapLibre style without a glyph server', () => {
    const style = offlineBasemapStyle('http://localhost:3100/');
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.glyphs).toBeUndefined();
    expect((style.sources['basemap-regions'] as { data: string }).data).toBe('http://localhost:3100/api/basemap/regions');
    expect(style.layers.some((l) => l.type === 'symbol')).toBe(true);
  });
  test('credits the boundaries in use; the unsimplified municipality lines wait for zoom 11', () => {
    expect(basemapAttribution()).toBe(BASEMAP_ATTRIBUTION);
    expect(BASEMAP_ATTRIBUTION).toMatch(/ÚGKK SR \/ GKÚ Bratislava \(ZBGIS\), stav 30\. 4\. 2019/);
    const style = offlineBasemapStyle('http://x', 'Hranice: test');
    expect(style.sources['basemap-regions']).toMatchObject({ attribution: 'Hranice: test' });
    expect(LAZY_BASEMAP_SOURCES['basemap-municipalities-detail']).toEqual({ path: '/api/basemap/municipalities-detail', minZoom: 11 });
    const lines = style.layers.filter((l) => l.id.startsWith('basemap-municipality-lines'));
    expect(lines.map((l) => [l.id, l.minzoom, l.maxzoom])).toEqual([
      ['basemap-municipality-lines', 8.5, 11],
      ['basemap-municipality-lines-detail', 11, undefined],
    ]);
  });
  test('an online style URL replaces it', () => {
    expect(basemapStyle('https://tiles.example.sk/style.json', 'http://x')).toBe('https://tiles.example.sk/style.json');
    expect(typeof basemapStyle(undefined, 'http://x')).toBe('object');
  });
});

// The route reads the reference tables; this suite adds one region of its own (with a unique code)
// so it does not depend on whether the reference import has run, and removes it afterwards.
describe('GET /api/basemap/{layer}', () => {
  const code = `SKT${Date.now().toString(36).slice(-5).toUpperCase()}`;
  beforeAll(async () => {
    const sql = await getSql();
    await sql`insert into regions (code, name, slug, geom, label_point) values (
      ${code}, 'Testovací kraj', ${`test-kraj-${code.toLowerCase()}`},
      ST_Multi(ST_GeomFromText('POLYGON((19 48, 19.1 48, 19.1 48.1, 19 48.1, 19 48))', 4326)),
      ST_SetSRID(ST_Point(19.05, 48.05), 4326))`;
  });
  afterAll(async () => {
    await (await getSql())`delete from regions where code = ${code}`;
  });
  const call = (layer: string, headers: Record<string, string> = {}) =>
    GET(new Request(`http://localhost/api/basemap/${layer}`, { headers }), { params: Promise.resolve({ layer }) });

  test('regions as GeoJSON with an ETag, then 304', async () => {
    const res = await call('regions');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/geo+json');
    const doc = (await res.json()) as GeoJSON.FeatureCollection;
    const mine = doc.features.find((f) => f.properties?.code === code);
    expect(['Polygon', 'MultiPolygon']).toContain(mine?.geometry.type);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await call('regions', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    // As caches send it too: weakened (W/) or in a list of tags (RFC 9110's weak comparison).
    expect((await call('regions', { 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await call('regions', { 'if-none-match': `"other", ${etag}` })).status).toBe(304);
    expect((await call('regions', { 'if-none-match': '"other"' })).status).toBe(200);
  });
  test('labels carry a kind', async () => {
    const doc = (await (await call('labels')).json()) as GeoJSON.FeatureCollection;
    expect(doc.features.find((f) => f.properties?.code === code)?.properties?.kind).toBe('region');
  });
  test('places: street and part names at their points, loaded from zoom 12', async () => {
    const sql = await getSql();
    const [db] = await sql<{ n: number }[]>`select count(*)::int as n from place_names where type in ('ulica', 'časť obce') and point is not null`;
    const doc = (await (await call('places')).json()) as GeoJSON.FeatureCollection<GeoJSON.Point>;
    expect(doc.features).toHaveLength(db.n);
    for (const f of doc.features.slice(0, 50)) {
      expect(['street', 'part']).toContain(f.properties?.kind);
      expect(typeof f.properties?.name).toBe('string');
    }
    expect(LAZY_BASEMAP_SOURCES['basemap-places']).toEqual({ path: '/api/basemap/places', minZoom: 12 });
    const style = offlineBasemapStyle('http://x');
    expect(style.layers.filter((l) => 'source' in l && l.source === 'basemap-places').map((l) => l.id)).toEqual(['basemap-label-street', 'basemap-label-part']);
  });
  test('municipalities-detail: every municipality as imported, not simplified', async () => {
    const sql = await getSql();
    const [db] = await sql<{ n: number; points: number }[]>`
      select count(*)::int as n, coalesce(sum(ST_NPoints(geom)), 0)::int as points from municipalities
      where kind = 'municipality' and geom is not null`;
    type Areas = GeoJSON.FeatureCollection<GeoJSON.Polygon | GeoJSON.MultiPolygon>;
    const positions = (doc: Areas) =>
      doc.features.reduce((a, f) => a + (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates).flat(2).length, 0);
    const doc = (await (await call('municipalities-detail')).json()) as Areas;
    expect(doc.features).toHaveLength(db.n);
    expect(positions(doc)).toBe(db.points);
    const simplified = (await (await call('municipalities')).json()) as Areas;
    expect(positions(simplified)).toBeLessThan(db.points);
  });
  test('unknown layer is a 404 in the error shape', async () => {
    const res = await call('rivers');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });
});
