// Distance math and the proximity search, checked against an independent haversine and turf.
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { lineString, point as turfPoint, polygon as turfPolygon } from '@turf/helpers';
import { pointToLineDistance } from '@turf/point-to-line-distance';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bboxLowerBound, distanceToGeometry, geometryBbox, haversine, pointInPolygon } from '@/lib/nearby/geo';
import { findNearby } from '@/lib/nearby/proximity';
import type { DataCollection, Geometry } from '@/lib/protocol/types';
import { referenceHaversine, seeded } from './helpers';

const BA: [number, number] = [17.1077, 48.1486];

describe('haversine', () => {
  test('agrees with an independent implementation within 0.5 % (in fact 1e-9)', () => {
    fc.assert(
      fc.property(fc.double({ min: 16, max: 23, noNaN: true }), fc.double({ min: 47, max: 50, noNaN: true }), fc.double({ min: 16, max: 23, noNaN: true }), fc.double({ min: 47, max: 50, noNaN: true }), (a, b, c, d) => {
        const ours = haversine(a, b, c, d);
        const ref = referenceHaversine([a, b], [c, d]);
        expect(Math.abs(ours - ref)).toBeLessThanOrEqual(Math.max(1e-6, ref * 1e-9));
      }),
    );
  });

  test('known distance: Bratislava - Košice about 313 km', () => {
    expect(haversine(17.1077, 48.1486, 21.2611, 48.7164) / 1000).toBeCloseTo(312.6, 0);
  });
});

describe('distanceToGeometry', () => {
  const square: Geometry = { type: 'Polygon', coordinates: [[[17.1, 48.1], [17.2, 48.1], [17.2, 48.2], [17.1, 48.2], [17.1, 48.1]]] };
  const holed: Geometry = {
    type: 'Polygon',
    coordinates: [
      [[17.1, 48.1], [17.2, 48.1], [17.2, 48.2], [17.1, 48.2], [17.1, 48.1]],
      [[17.14, 48.14], [17.16, 48.14], [17.16, 48.16], [17.14, 48.16], [17.14, 48.14]],
    ],
  };

  test('0 inside a polygon and a multipolygon, positive inside a hole', () => {
    expect(distanceToGeometry(17.15, 48.12, square)).toBe(0);
    expect(distanceToGeometry(17.15, 48.12, { type: 'MultiPolygon', coordinates: [holed.coordinates as never] })).toBe(0);
    const inHole = distanceToGeometry(17.15, 48.15, holed)!;
    expect(inHole).toBeGreaterThan(0);
    // the hole's east and west edges are nearer than its north and south ones
    expect(inHole / referenceHaversine([17.15, 48.15], [17.16, 48.15])).toBeCloseTo(1, 3);
  });

  test('outside a polygon: distance to the nearest edge agrees with turf within 0.5 %', () => {
    const rnd = seeded(7);
    const ring = (square as { coordinates: number[][][] }).coordinates[0];
    for (let i = 0; i < 300; i++) {
      const p: [number, number] = [16.9 + rnd() * 0.5, 47.9 + rnd() * 0.5];
      const ours = distanceToGeometry(p[0], p[1], square)!;
      if (booleanPointInPolygon(turfPoint(p), turfPolygon([ring]))) {
        expect(ours).toBe(0);
        continue;
      }
      const ref = pointToLineDistance(turfPoint(p), lineString(ring), { units: 'meters', method: 'geodesic' });
      expect(Math.abs(ours - ref) / ref).toBeLessThan(0.005);
    }
  });

  test('a line: nearest point of a segment, vertices and single-point lines', () => {
    const line: Geometry = { type: 'LineString', coordinates: [[17.0, 48.0], [17.2, 48.0]] };
    // Perpendicular foot lies on the segment: distance is (almost exactly) the meridian arc.
    expect(distanceToGeometry(17.1, 48.01, line)! / referenceHaversine([17.1, 48.01], [17.1, 48.0])).toBeCloseTo(1, 3);
    // Beyond the end: distance to the end vertex.
    expect(distanceToGeometry(17.3, 48.0, line)! / referenceHaversine([17.3, 48.0], [17.2, 48.0])).toBeCloseTo(1, 6);
    expect(distanceToGeometry(17.3, 48.0, { type: 'MultiPoint', coordinates: [[17.2, 48.0], [18, 48]] })).toBeCloseTo(referenceHaversine([17.3, 48], [17.2, 48]), 3);
  });

  test('the box lower bound never exceeds the true distance', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 16, max: 23, noNaN: true }),
        fc.double({ min: 47, max: 50, noNaN: true }),
        fc.array(fc.tuple(fc.double({ min: 16, max: 23, noNaN: true }), fc.double({ min: 47, max: 50, noNaN: true })), { minLength: 2, maxLength: 6 }),
        (lon, lat, coords) => {
          const g: Geometry = { type: 'LineString', coordinates: coords };
          expect(bboxLowerBound(lon, lat, geometryBbox(g)!)).toBeLessThanOrEqual(distanceToGeometry(lon, lat, g)! + 1e-6);
        },
      ),
    );
  });

  test('pointInPolygon honours holes', () => {
    expect(pointInPolygon(17.15, 48.15, (holed as { coordinates: number[][][] }).coordinates as never)).toBe(false);
    expect(pointInPolygon(17.11, 48.11, (holed as { coordinates: number[][][] }).coordinates as never)).toBe(true);
  });
});

describe('findNearby', () => {
  const rnd = seeded(42);
  const features = Array.from({ length: 2000 }, (_, i) => ({
    type: 'Feature' as const,
    id: i,
    geometry: { type: 'Point' as const, coordinates: [BA[0] + (rnd() - 0.5) * 0.2, BA[1] + (rnd() - 0.5) * 0.1] as [number, number] },
    properties: { name: `Bod ${i}` },
  }));
  const collection: DataCollection = { type: 'FeatureCollection', features };

  test('objects within the radius, nearest first, count of all, max kept; distances agree with haversine', () => {
    const r = findNearby(collection, BA[0], BA[1], 1500, 7, true);
    const brute = features
      .map((f) => ({ f, d: referenceHaversine(BA, f.geometry.coordinates) }))
      .filter((x) => x.d <= 1500)
      .sort((a, b) => a.d - b.d);
    expect(r.count).toBe(brute.length);
    expect(r.hits).toHaveLength(7);
    r.hits.forEach((h, i) => {
      expect(h.feature.id).toBe(brute[i].f.id);
      expect(Math.abs(h.distance - brute[i].d) / brute[i].d).toBeLessThan(0.005);
    });
  });

  test('nothing in range: the nearest object anywhere (whole datasets), nothing otherwise', () => {
    const far: [number, number] = [19.5, 48.7];
    const nearest = features.map((f) => ({ f, d: referenceHaversine(far, f.geometry.coordinates) })).sort((a, b) => a.d - b.d)[0];
    const r = findNearby(collection, far[0], far[1], 100, 5, true);
    expect(r.count).toBe(0);
    expect(r.hits).toHaveLength(1);
    expect(r.hits[0].feature.id).toBe(nearest.f.id);
    expect(Math.abs(r.hits[0].distance - nearest.d) / nearest.d).toBeLessThan(0.005);
    expect(findNearby(collection, far[0], far[1], 100, 5, false)).toEqual({ count: 0, hits: [] });
  });

  test('features without geometry are ignored', () => {
    const c: DataCollection = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: null, properties: {} }, features[0]] };
    expect(findNearby(c, BA[0], BA[1], 20_000, 5, true).count).toBe(1);
  });
});
