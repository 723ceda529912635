// Dataset pages open on the dataset's coverage (at least at its minZoom), not on all of Slovakia.
import { expect, test } from 'vitest';
import { coverageView } from '@/lib/map/view';

test('a town dataset opens on the town, a deep one at its minZoom, one without coverage on the default view', () => {
  const town = coverageView({ bbox: [21.5, 48.55, 21.65, 48.65] })!;
  expect(town.lon).toBeCloseTo(21.575, 3);
  expect(town.lat).toBeCloseTo(48.6, 3);
  expect(town.zoom).toBeGreaterThan(10);
  const slovakia = coverageView({ bbox: [16.8, 47.7, 22.6, 49.6] })!;
  expect(slovakia.zoom).toBeLessThan(town.zoom);
  expect(coverageView({ bbox: [16.8, 47.7, 22.6, 49.6], minZoom: 14 })!.zoom).toBe(14);
  expect(coverageView({ minZoom: 12 })).toBeUndefined();
  expect(coverageView(undefined)).toBeUndefined();
});
