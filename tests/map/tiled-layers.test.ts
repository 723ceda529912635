// Large whole datasets are drawn from the portal's vector tiles: the switch at TILED_VERTEX_THRESHOLD,
// the tile template with the data request's parameters, and the layers reading the tiles' layer —
// checked with MapLibre's own style validation.
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { StyleSpecification } from 'maplibre-gl';
import { describe, expect, test } from 'vitest';
import { countVertices, drawsFromTiles, layersForDataset, sourceForDataset, sourceId, TILED_VERTEX_THRESHOLD } from '@/lib/map/layers';
import type { MapDataset } from '@/lib/map/types';
import { dataset } from './fixtures';

function squares(n: number): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: Array.from({ length: n }, (_, i) => ({
      type: 'Feature',
      properties: { i },
      geometry: { type: 'Polygon', coordinates: [[[17 + i * 1e-4, 48], [17.1, 48], [17.1, 48.1], [17, 48.1], [17 + i * 1e-4, 48]]] },
    })),
  };
}

const offered = (over: Partial<MapDataset> = {}) =>
  dataset({
    key: 'p/obce',
    presentation: { type: 'fill', color: '#2e7d32', label: 'nazov' },
    links: { data: '/api/data/p/obce', map: '/mapa/p/obce', ogc: '/ogc/collections/p.obce', tiles: '/ogc/collections/p.obce/tiles/WebMercatorQuad/{z}/{y}/{x}' },
    ...over,
  });

const big = squares(Math.ceil(TILED_VERTEX_THRESHOLD / 5) + 1);
const small = squares(Math.floor(TILED_VERTEX_THRESHOLD / 5));

describe('drawing from vector tiles', () => {
  test('counts positions of every geometry', () => {
    expect(countVertices(small)).toBe(small.features.length * 5);
    expect(countVertices({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'MultiPoint', coordinates: [[1, 2], [3, 4]] } }, { type: 'Feature', properties: {}, geometry: null as never }] })).toBe(2);
  });

  test(`switches above ${TILED_VERTEX_THRESHOLD} vertices, only for whole datasets the portal offers as tiles`, () => {
    expect(drawsFromTiles(offered(), big)).toBe(true);
    expect(drawsFromTiles(offered(), small)).toBe(false);
    expect(drawsFromTiles(offered(), undefined)).toBe(false);
    expect(drawsFromTiles(offered({ source: { type: 'geojson', mode: 'bbox' } }), big)).toBe(false);
    expect(drawsFromTiles(dataset({ key: 'p/obce' }), big)).toBe(false);
  });

  test('the vector source repeats the data request’s parameters; layers read the collection’s tile layer', () => {
    const ds = offered();
    const source = sourceForDataset(ds, big, '/api/data/p/obce?rok=2020,2021&typ=a');
    expect(source).toEqual({
      type: 'vector',
      tiles: ['/ogc/collections/p.obce/tiles/WebMercatorQuad/{z}/{y}/{x}?param.rok=2020,2021&param.typ=a'],
      maxzoom: 18,
      attribution: '© Test',
    });
    expect(sourceForDataset(ds, big, '/api/data/p/obce')).toMatchObject({ tiles: ['/ogc/collections/p.obce/tiles/WebMercatorQuad/{z}/{y}/{x}'] });
    const layers = layersForDataset(ds, big);
    expect(layers.map((l) => l.id)).toEqual(layersForDataset(ds).map((l) => l.id));
    for (const l of layers) expect(l).toMatchObject({ 'source-layer': 'p.obce' });
    const style: StyleSpecification = { version: 8, glyphs: 'https://example.sk/{fontstack}/{range}.pbf', sources: { [sourceId(ds.key)]: { ...source, tiles: ['https://portal.example.sk/t/{z}/{x}/{y}'] } as never }, layers };
    expect(validateStyleMin(style)).toEqual([]);
  });

  test('small data stays GeoJSON, without a source layer', () => {
    const ds = offered();
    expect(sourceForDataset(ds, small, '/api/data/p/obce')).toMatchObject({ type: 'geojson', data: small });
    for (const l of layersForDataset(ds, small)) expect(l).not.toHaveProperty('source-layer');
  });
});
