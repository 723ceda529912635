// The trend rule (lib/protocol/shared/trend.ts, lib/data/README.md), table-driven. Thresholds in percent.
import { describe, expect, test } from 'vitest';
import { computeTrend } from '@/lib/data';

const pts = (...values: number[]) => values.map((value, i) => ({ period: String(2000 + i), value }));

describe('computeTrend', () => {
  const cases = [
    { name: 'rising beyond the threshold', chart: { points: pts(100, 106) }, t: 5, want: 'roste' },
    { name: 'falling beyond the threshold', chart: { points: pts(100, 94) }, t: 5, want: 'klesá' },
    { name: 'within the threshold', chart: { points: pts(100, 104.9) }, t: 5, want: 'stagnuje' },
    { name: 'exactly at the threshold is flat', chart: { points: pts(100, 105) }, t: 5, want: 'stagnuje' },
    { name: 'first to last, ignoring the middle', chart: { points: pts(100, 300, 101) }, t: 5, want: 'stagnuje' },
    { name: 'negative start uses its magnitude', chart: { points: pts(-100, -50) }, t: 5, want: 'roste' },
    { name: 'from zero, up', chart: { points: pts(0, 1) }, t: 5, want: 'roste' },
    { name: 'from zero, down', chart: { points: pts(0, -1) }, t: 5, want: 'klesá' },
    { name: 'zero to zero', chart: { points: pts(0, 0) }, t: 5, want: 'stagnuje' },
    { name: 'highlight start to end', chart: { points: pts(10, 100, 50, 1), highlight: { from: '2001', to: '2002' } }, t: 5, want: 'klesá' },
    { name: 'single-period highlight: from the first point to it', chart: { points: pts(100, 200, 50, 10), highlight: { from: '2002', to: '2002' } }, t: 5, want: 'klesá' },
    { name: 'single-period highlight on the first point: no trend', chart: { points: pts(10, 100), highlight: { from: '2000', to: '2000' } }, t: 5, want: null },
    { name: 'a highlight covering one point counts as one period', chart: { points: pts(100, 200, 300), highlight: { from: '2001-03', to: '2001-09' } }, t: 5, want: 'roste' },
    { name: 'a coarser point containing the highlight start is its start', chart: { points: pts(100, 104, 300), highlight: { from: '2000-06', to: '2001-06' } }, t: 5, want: 'stagnuje' },
    { name: 'threshold in percent', chart: { points: pts(100, 103) }, t: 2, want: 'roste' },
    { name: 'highlight periods between points', chart: { points: pts(10, 20, 30), highlight: { from: '2000-06', to: '2002-06' } }, t: 5, want: 'roste' },
    { name: 'one point', chart: { points: pts(5) }, t: 5, want: null },
    { name: 'no points', chart: { points: [] }, t: 5, want: null },
    { name: 'non-numeric values skipped', chart: { points: [{ period: '2000', value: 'x' }, ...pts(1, 2)] }, t: 5, want: 'roste' },
    { name: 'no chart', chart: undefined, t: 5, want: null },
  ];
  for (const { name, chart, t, want } of cases) {
    test(name, () => {
      expect(computeTrend(chart as never, t)).toBe(want);
    });
  }
});
