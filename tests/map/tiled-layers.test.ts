// Whole datasets of areas and lines are drawn from the portal's vector tiles, decided from the catalog
// entry before any download (points stay GeoJSON, bounded below TILED_VERTEX_THRESHOLD),
// the tile template with the data request's parameters, and the layers reading the tiles' layer —
// checked with MapLibre's own style validation.
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { StyleSpecification } from 'maplibre-gl';
import { describe, expect, test } from 'vitest';
import { drawsFromTiles, layersForDataset, sourceForDataset, sourceId, TILED_VERTEX_THRESHOLD } from '@/lib/map/layers';
import type { MapDataset } from '@/lib/map/types';
import { dataset } from './fixtures';

const offered = (over: Partial<MapDataset> = {}) =>
  dataset({
    key: 'p/obce',
    source: { type: 'geojson', mode: 'full', maxFeatures: 3000 },
    presentation: { type: 'fill', color: '#2e7d32', label: 'nazov' },
    links: { data: '/api/data/p/obce', map: '/mapa/p/obce', ogc: '/ogc/collections/p.obce', tiles: '/ogc/collections/p.obce/tiles/WebMercatorQuad/{z}/{y}/{x}' },
    ...over,
  });

const points: GeoJSON.FeatureCollection = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [17.1, 48.1] } }],
};

describe('drawing from vector tiles', () => {
  test('decided from the catalog entry alone: whole areas and lines the portal offers as tiles', () => {
    expect(drawsFromTiles(offered())).toBe(true);
    expect(drawsFromTiles(offered({ presentation: { type: 'line' } }))).toBe(true);
    expect(drawsFromTiles(offered({ presentation: { type: 'auto' } }))).toBe(true);
    // A whole dataset without `maxFeatures` (the protocol's 5,000 at most).
    expect(drawsFromTiles(offered({ source: { type: 'geojson' } }))).toBe(true);
    // Viewport datasets and datasets the portal offers no tiles of stay GeoJSON.
    expect(drawsFromTiles(offered({ source: { type: 'geojson', mode: 'bbox', maxFeatures: 3000 } }))).toBe(false);
    expect(drawsFromTiles(dataset({ key: 'p/obce' }))).toBe(false);
  });

  test(`points stay GeoJSON: at most 5,000 objects of one vertex, below ${TILED_VERTEX_THRESHOLD}`, () => {
    for (const type of ['circle', 'heatmap', 'symbol']) {
      expect(drawsFromTiles(offered({ presentation: { type } }))).toBe(false);
      expect(drawsFromTiles(offered({ presentation: { type }, source: { type: 'geojson', maxFeatures: 5000 } }))).toBe(false);
    }
    expect(5000).toBeLessThan(TILED_VERTEX_THRESHOLD);
  });

  test('the vector source repeats the data request’s parameters; layers read the collection’s tile layer', () => {
    const ds = offered();
    const source = sourceForDataset(ds, undefined, '/api/data/p/obce?rok=2020,2021&typ=a');
    expect(source).toEqual({
      type: 'vector',
      tiles: ['/ogc/collections/p.obce/tiles/WebMercatorQuad/{z}/{y}/{x}?param.rok=2020,2021&param.typ=a'],
      maxzoom: 18,
      attribution: '© Test',
    });
    expect(sourceForDataset(ds, undefined, '/api/data/p/obce')).toMatchObject({ tiles: ['/ogc/collections/p.obce/tiles/WebMercatorQuad/{z}/{y}/{x}'] });
    const layers = layersForDataset(ds);
    for (const l of layers) expect(l).toMatchObject({ 'source-layer': 'p.obce' });
    const style: StyleSpecification = { version: 8, glyphs: 'https://example.sk/{fontstack}/{range}.pbf', sources: { [sourceId(ds.key)]: { ...source, tiles: ['https://portal.example.sk/t/{z}/{x}/{y}'] } as never }, layers };
    expect(validateStyleMin(style)).toEqual([]);
  });

  test('points stay GeoJSON, without a source layer', () => {
    const ds = offered({ presentation: { type: 'circle' } });
    expect(sourceForDataset(ds, points, '/api/data/p/obce')).toMatchObject({ type: 'geojson', data: points });
    for (const l of layersForDataset(ds)) expect(l).not.toHaveProperty('source-layer');
  });
});
