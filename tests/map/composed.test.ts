import { describe, expect, test } from 'vitest';
import { composedDefaults, listComposedMaps } from '@/lib/map/composed';
import { isNationwide, toMapDataset } from '@/lib/map/catalog';
import { viewForBbox } from '@/lib/map/view';
import type { CatalogEntry } from '@/lib/providers/types';
import { dataset } from './fixtures';

describe('composed maps in content/mapy', () => {
  const maps = listComposedMaps();
  test('every definition is valid and has a unique slug', () => {
    expect(maps.length).toBeGreaterThanOrEqual(3);
    expect(new Set(maps.map((m) => m.slug)).size).toBe(maps.length);
    for (const slug of ['stavebny-pozemok', 'byvanie', 'priroda']) expect(maps.map((m) => m.slug)).toContain(slug);
  });
  test('datasets missing from the catalog are left out; params follow the kept datasets', () => {
    const m = maps.find((x) => x.slug === 'byvanie')!;
    const d = composedDefaults(m, [dataset({ key: 'sk-uzemie/obce' })]);
    expect(d.datasets).toEqual(['sk-uzemie/obce']);
    expect(d.params).toEqual({ 'sk-uzemie/obce': { ukazovatel: 'podiel-deti' } });
    expect(d.missing.length).toBe(m.datasets.length - 1);
  });
});

describe('page rules', () => {
  test('nationwide means GeoJSON covering most of Slovakia', () => {
    expect(isNationwide(dataset({ key: 'a/b' }))).toBe(true);
    expect(isNationwide(dataset({ key: 'a/b', coverage: { bbox: [16.8, 47.7, 22.6, 49.6] } }))).toBe(true);
    expect(isNationwide(dataset({ key: 'a/b', coverage: { bbox: [17.0, 48.1, 17.2, 48.2] } }))).toBe(false);
    expect(isNationwide(dataset({ key: 'a/b', source: { type: 'raster', tiles: ['https://x/{z}/{x}/{y}'] } }))).toBe(false);
  });
  test('a catalog entry is the map\'s dataset as it is; pending is flagged', () => {
    const entry = {
      key: 'p/d', id: 'd', providerId: 'p', providerName: 'P', title: 'T', category: 'other', categoryLabel: 'Ostatné', keywords: [], useCases: [],
      source: { type: 'geojson', mode: 'full' }, presentation: { type: 'circle' }, attribution: 'A', links: { data: '/api/data/p/d', map: '/mapa/p/d' },
    } satisfies CatalogEntry;
    expect(toMapDataset(entry)).toEqual(entry);
    expect(toMapDataset(entry, { pending: true })).toEqual({ ...entry, pending: true });
  });
  test('viewForBbox centres and zooms to fit', () => {
    const v = viewForBbox([18.6, 49.1, 18.9, 49.3]);
    expect(v.lat).toBeCloseTo(49.2, 3);
    expect(v.lon).toBeCloseTo(18.75, 3);
    expect(v.zoom).toBeGreaterThan(9);
    expect(v.zoom).toBeLessThan(12);
  });
});
