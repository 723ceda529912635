// The live test's map preview: geometries rounded and capped, the extent of the whole answer, and
// whether the picture is complete (capped by the preview, limited by the source's limit).
import { describe, expect, test } from 'vitest';
import { buildPreview, datasetPreview, PREVIEW_MAX_FEATURES } from '@/lib/validator/preview';

const point = (lon: number, lat: number) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [lon, lat] } });

describe('buildPreview', () => {
  test('rounds positions to 5 decimals and gives the extent', () => {
    const p = buildPreview({ type: 'FeatureCollection', features: [point(21.1234567, 48.7654321), point(21.2, 48.8)] }, { mode: 'full', limit: 100 });
    expect(p.geometries).toEqual([
      { type: 'Point', coordinates: [21.12346, 48.76543] },
      { type: 'Point', coordinates: [21.2, 48.8] },
    ]);
    expect(p.bbox).toEqual([21.12346, 48.76543, 21.2, 48.8]);
    expect(p).toMatchObject({ capped: false, limited: false, mode: 'full' });
    expect(datasetPreview.safeParse(p).success).toBe(true);
  });

  test('skips malformed geometries (wrong values or nesting for the type) without touching the extent', () => {
    const p = buildPreview({ features: [point(17, 48), { geometry: { type: 'Point', coordinates: ['x', 1] } }, { geometry: { type: 'GeometryCollection', geometries: [] } }, { geometry: { type: 'Point', coordinates: [[19, 49]] } }, { geometry: { type: 'Polygon', coordinates: [[20, 49], [21, 49]] } }, null] }, { mode: 'bbox', limit: 100 });
    expect(p.geometries).toHaveLength(1);
    expect(p.bbox).toEqual([17, 48, 17, 48]);
  });

  test('drops the elevation', () => {
    const p = buildPreview({ features: [{ geometry: { type: 'LineString', coordinates: [[17.000001, 48, 120.5], [17.5, 48.5, 130]] } }] }, { mode: 'full', limit: 10 });
    expect(p.geometries).toEqual([{ type: 'LineString', coordinates: [[17, 48], [17.5, 48.5]] }]);
    expect(p.bbox).toEqual([17, 48, 17.5, 48.5]);
  });

  test('caps the drawn objects, keeps the extent of all of them', () => {
    const features = Array.from({ length: PREVIEW_MAX_FEATURES + 20 }, (_, i) => point(17 + i / 1000, 48));
    const p = buildPreview({ features }, { mode: 'full', limit: 5000 });
    expect(p.geometries).toHaveLength(PREVIEW_MAX_FEATURES);
    expect(p.capped).toBe(true);
    expect(p.bbox?.[2]).toBeCloseTo(17 + (PREVIEW_MAX_FEATURES + 19) / 1000, 5);
  });

  test('an answer at the limit, or saying dm.truncated, is limited', () => {
    expect(buildPreview({ features: [point(17, 48), point(18, 48)] }, { mode: 'full', limit: 2 }).limited).toBe(true);
    expect(buildPreview({ features: [point(17, 48)], dm: { truncated: true } }, { mode: 'full', limit: 10 }).limited).toBe(true);
  });

  test('no collection: nothing drawn, no extent', () => {
    expect(buildPreview({ error: 'x' }, { mode: 'full', limit: 10 })).toMatchObject({ geometries: [], bbox: null, capped: false });
  });
});
