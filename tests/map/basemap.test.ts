import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { offlineBasemapStyle, basemapStyle } from '@/lib/basemap/style';
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
  });
  test('labels carry a kind', async () => {
    const doc = (await (await call('labels')).json()) as GeoJSON.FeatureCollection;
    expect(doc.features.find((f) => f.properties?.code === code)?.properties?.kind).toBe('region');
  });
  test('unknown layer is a 404 in the error shape', async () => {
    const res = await call('rivers');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });
});
