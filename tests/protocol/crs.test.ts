// S-JTSK (EPSG:5514) as the portal computes it, against GDAL's own transformation with the
// EPSG:4836 operation (`gdaltransform -ct <pipeline>`, the pipeline PROJ lists for EPSG:4836 +
// Krovak East North): the reference a Slovak GIS user would check the portal with.
import { describe, expect, test } from 'vitest';
import {
  SJTSK_CADASTRE_RANGE,
  fromCadastreYX,
  fromSjtsk,
  isCadastreYXInSlovakia,
  toCadastreYX,
  toSjtsk,
} from '@/lib/protocol/shared/crs';
import { SLOVAKIA_BBOX, haversine } from '@/lib/protocol/shared/geo';
import { gdalReference, SLOVAK_POINTS as POINTS } from '../helpers/gdal';

describe('S-JTSK / Krovak East North with EPSG:4836', () => {
  const reference = gdalReference(POINTS.map(([, lon, lat]) => [lon, lat]));

  test.each(POINTS.map((p, i) => [p[0], p[1], p[2], i] as const))('%s: within 1 m of gdaltransform', (_name, lon, lat, i) => {
    const [e, n] = toSjtsk(lon, lat);
    const [re, rn] = reference[i];
    expect(Math.hypot(e - re, n - rn)).toBeLessThan(1);
    // Slovakia lies in the negative quadrant of EPSG:5514.
    expect(e).toBeLessThan(0);
    expect(n).toBeLessThan(0);
  });

  test('the cadastre writes positive Y, X: the negatives of E, N', () => {
    for (const [, lon, lat] of POINTS) {
      const [e, n] = toSjtsk(lon, lat);
      const [y, x] = toCadastreYX(lon, lat);
      expect(y).toBeCloseTo(-e, 6);
      expect(x).toBeCloseTo(-n, 6);
      expect(isCadastreYXInSlovakia(y, x)).toBe(true);
    }
  });

  test('inverse: back to WGS84 within 1 cm for every point', () => {
    for (const [, lon, lat] of POINTS) {
      const [e, n] = toSjtsk(lon, lat);
      const [lon2, lat2] = fromSjtsk(e, n);
      expect(haversine(lon, lat, lon2, lat2)).toBeLessThan(0.01);
      const [y, x] = toCadastreYX(lon, lat);
      const [lon3, lat3] = fromCadastreYX(y, x);
      expect(haversine(lon, lat, lon3, lat3)).toBeLessThan(0.01);
    }
  });

  test("Slovakia's box lies inside the cadastre range", () => {
    const [w, s, e, n] = SLOVAKIA_BBOX;
    for (const [lon, lat] of [[w, s], [w, n], [e, s], [e, n]] as const) {
      const [y, x] = toCadastreYX(lon, lat);
      expect(y).toBeGreaterThanOrEqual(SJTSK_CADASTRE_RANGE.y[0]);
      expect(y).toBeLessThanOrEqual(SJTSK_CADASTRE_RANGE.y[1]);
      expect(x).toBeGreaterThanOrEqual(SJTSK_CADASTRE_RANGE.x[0]);
      expect(x).toBeLessThanOrEqual(SJTSK_CADASTRE_RANGE.x[1]);
    }
  });
});
