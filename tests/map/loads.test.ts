import { describe, expect, test } from 'vitest';
import { loadedData, reconcileLoads, wantedLoads, type LoadState } from '@/lib/map/loads';
import { dataset } from './fixtures';

const full = dataset({ key: 'p/full' });
const bbox = dataset({ key: 'p/bbox', source: { type: 'geojson', mode: 'bbox' }, coverage: { minZoom: 10 } });
const raster = dataset({ key: 'p/raster', source: { type: 'raster', tiles: ['https://t.example/{z}/{x}/{y}.png'] }, links: { data: null, map: '/mapa/p/raster' } });
const noParams = () => ({ params: {}, defaults: {} });
const collection: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

describe('the load table', () => {
  test('what each dataset wants: a request, a zoom notice, or nothing (raster, bbox before the map rests)', () => {
    expect([...wantedLoads([full, bbox, raster], null, noParams).entries()]).toEqual([['p/full', { status: 'fetch', url: '/api/data/p/full' }]]);
    const low = wantedLoads([bbox], { bbox: [17, 48, 18, 49], zoom: 8 }, noParams);
    expect(low.get('p/bbox')).toEqual({ status: 'zoom', minZoom: 10 });
    const high = wantedLoads([bbox], { bbox: [17.1, 48.1, 17.2, 48.2], zoom: 12 }, noParams);
    expect(high.get('p/bbox')).toMatchObject({ status: 'fetch', url: expect.stringMatching(/^\/api\/data\/p\/bbox\?bbox=.*&zoom=12$/) });
  });

  test('an unchanged URL keeps its state (the same table back); a new URL loads with the previous data', () => {
    const wanted = wantedLoads([full], null, noParams);
    const ok: Record<string, LoadState> = { 'p/full': { status: 'ok', url: '/api/data/p/full', data: collection, dm: {}, cache: null } };
    expect(reconcileLoads(ok, wanted)).toBe(ok);
    const next = reconcileLoads(ok, wantedLoads([full], null, () => ({ params: { rok: '2020' }, defaults: { rok: '2021' } })));
    expect(next['p/full']).toEqual({ status: 'loading', url: '/api/data/p/full?rok=2020', data: collection, dm: {} });
    expect(loadedData(next['p/full']).data).toBe(collection);
  });

  test('a dataset turned off leaves the table; a zoom notice replaces the data', () => {
    const loading: Record<string, LoadState> = { 'p/full': { status: 'loading', url: '/api/data/p/full' } };
    expect(reconcileLoads(loading, new Map())).toEqual({});
    const zoom = reconcileLoads({ 'p/bbox': { status: 'ok', url: '/x', data: collection, dm: {}, cache: null } }, new Map([['p/bbox', { status: 'zoom', minZoom: 10 }]]));
    expect(zoom).toEqual({ 'p/bbox': { status: 'zoom', minZoom: 10 } });
    expect(loadedData(zoom['p/bbox'])).toEqual({ data: undefined, dm: undefined, url: undefined });
  });

  test('a dataset drawn from tiles is no request: its entry keeps the URL whose parameters the tiles repeat', () => {
    const areas = dataset({
      key: 'p/areas',
      presentation: { type: 'fill' },
      links: { data: '/api/data/p/areas', map: '/mapa/p/areas', ogc: '/ogc/collections/p.areas', tiles: '/ogc/collections/p.areas/tiles/WebMercatorQuad/{z}/{y}/{x}' },
    });
    const wanted = wantedLoads([areas], null, () => ({ params: { rok: '2020' }, defaults: { rok: '2021' } }));
    expect(wanted.get('p/areas')).toEqual({ status: 'tiles', url: '/api/data/p/areas?rok=2020' });
    const table = reconcileLoads({}, wanted);
    expect(table).toEqual({ 'p/areas': { status: 'tiles', url: '/api/data/p/areas?rok=2020' } });
    expect(reconcileLoads(table, wanted)).toBe(table);
    expect(loadedData(table['p/areas'])).toEqual({ data: undefined, dm: undefined, url: '/api/data/p/areas?rok=2020' });
  });
});
