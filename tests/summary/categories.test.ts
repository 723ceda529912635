// Colour classes of a presentation (pure): categorical, step, interpolate and trend classes, and the
// interior point that stands for an area.
import { describe, expect, test } from 'vitest';
import { mixColors } from '@/lib/protocol/shared/colors';
import { classifierFor } from '@/lib/summary/categories';
import { interiorPoint, representativePoint } from '@/lib/summary/service';
import { pointInPolygon } from '@/lib/nearby/geo';
import type { ManifestDataset, Presentation } from '@/lib/protocol/types';

function dataset(presentation: Presentation, fields: ManifestDataset['fields'] = []): ManifestDataset {
  return { id: 'd', title: 'D', source: { type: 'geojson', url: 'https://x.sk/d.json' }, presentation, fields };
}

function classesOf(d: ManifestDataset, values: unknown[], field = 'v') {
  const c = classifierFor(d)!;
  const counts = new Array(c.classes.length).fill(0);
  for (const v of values) counts[c.classify(v === undefined ? {} : { [field]: v })]++;
  return c.classes.map((k, i) => [k.key, k.label, counts[i]]);
}

describe('classifierFor', () => {
  test('no classes for constant colours and no colour', () => {
    expect(classifierFor(dataset({ type: 'circle', color: '#123456' }))).toBeNull();
    expect(classifierFor(dataset({ type: 'raster' }))).toBeNull();
  });

  test('categorical: the listed values in order, labels from the field’s code list, then other', () => {
    const d = dataset({ type: 'circle', color: { type: 'categorical', field: 'v', values: { a: '#f00', b: '#0f0' }, default: '#999' } }, [{ key: 'v', label: 'Druh', values: { a: 'Áčko' } }]);
    expect(classesOf(d, ['a', 'b', 'b', 'c', undefined])).toEqual([
      ['a', 'Áčko', 1],
      ['b', 'b', 2],
      ['other', 'Ostatné', 2],
    ]);
  });

  test('step: below the first stop, one class per stop, no value', () => {
    const d = dataset({ type: 'circle', color: { type: 'step', field: 'v', default: '#eee', stops: [[10, '#a00'], [100, '#b00']] } }, [{ key: 'v', label: 'Počet', unit: 'ks' }]);
    expect(classesOf(d, [0, 9.99, 10, 50, 100, 1000, 'x', '20'])).toEqual([
      ['..10', '< 10 ks', 2],
      ['10..100', '10 – 100 ks', 3],
      ['100..', '≥ 100 ks', 2],
      ['none', 'Bez hodnoty', 1],
    ]);
  });

  test('interpolate: classes between stops; beyond the ends count in the end classes', () => {
    const d = dataset({ type: 'fill', color: { type: 'interpolate', field: 'v', stops: [[0, '#000000'], [50, '#ffffff'], [100, '#ff0000']] } });
    expect(classesOf(d, [-5, 0, 49, 50, 100, 150, null])).toEqual([
      ['0..50', '0 – 50', 3],
      ['50..100', '50 – 100', 3],
      ['none', 'Bez hodnoty', 1],
    ]);
    expect(classifierFor(d)!.classes[0].color).toBe(mixColors('#000000', '#ffffff', 0.5));
  });

  test('trend: the three trends and no chart', () => {
    const d = dataset({ type: 'circle', color: { type: 'trend' } });
    expect(classesOf(d, ['roste', 'klesá', 'klesá', undefined], '__dm_trend').map((x) => x[2])).toEqual([1, 0, 2, 1]);
  });
});

describe('representative points', () => {
  test('an interior point lies inside even a concave polygon with a hole', () => {
    // a U shape: the centroid of its box is in the notch
    const u = [[[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3], [0, 0]]];
    const p = interiorPoint(u)!;
    expect(pointInPolygon(p[0], p[1], u)).toBe(true);
    const holed = [[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [3, 1], [3, 3], [1, 3], [1, 1]]];
    const q = interiorPoint(holed)!;
    expect(pointInPolygon(q[0], q[1], holed)).toBe(true);
  });

  test('the largest part stands for a multipolygon; lines by their first vertex', () => {
    const r = representativePoint({ type: 'MultiPolygon', coordinates: [[[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]], [[[10, 10], [20, 10], [20, 20], [10, 20], [10, 10]]]] });
    expect(r.point![0]).toBeGreaterThan(10);
    expect(representativePoint({ type: 'LineString', coordinates: [[5, 6], [7, 8]] })).toEqual({ kind: 2, point: [5, 6] });
    expect(representativePoint(null).point).toBeNull();
  });
});
