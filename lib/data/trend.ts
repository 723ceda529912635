// The trend of one object's chart, shown as __dm_trend for datasets coloured by trend.
//
// Rule (documented in lib/data/README.md): the change runs from the START of the highlighted period
// (or the first point when the chart has no highlight) to the END of the highlighted period; when the
// highlight is a single period (from = to) or absent, to the last point. The relative change
// (end - start) / |start| above +threshold is `roste`, below -threshold `klesá`, otherwise
// `stagnuje`. The threshold is the presentation's own `color.threshold` (percent, as the protocol
// defines it in TrendColor) or the protocol's default of 5 %. A start value of 0 has no relative
// change: any rise is `roste`, any fall `klesá`. A chart with fewer than two usable points has no trend
// (the map draws such objects grey).
import { TREND_DEFAULT_THRESHOLD, type Trend } from '@/lib/protocol/types';

export type { Trend };

/** As a fraction. */
export const DEFAULT_TREND_THRESHOLD = TREND_DEFAULT_THRESHOLD / 100;

interface ChartLike {
  highlight?: { from?: unknown; to?: unknown } | null;
  points?: unknown;
}

interface Point {
  period: string;
  value: number;
}

function usablePoints(points: unknown): Point[] {
  if (!Array.isArray(points)) return [];
  const out: Point[] = [];
  for (const p of points) {
    if (p && typeof p === 'object') {
      const { period, value } = p as { period?: unknown; value?: unknown };
      if (typeof period === 'string' && typeof value === 'number' && Number.isFinite(value)) out.push({ period, value });
    }
  }
  return out;
}

/** The first point at or after `period` (periods are ISO strings of one granularity, so they sort as text). */
function pointFrom(points: Point[], period: string): Point | undefined {
  return points.find((p) => p.period >= period);
}

/** The last point at or before `period`. */
function pointUntil(points: Point[], period: string): Point | undefined {
  for (let i = points.length - 1; i >= 0; i--) if (points[i].period <= period) return points[i];
  return undefined;
}

/** A presentation's `color.threshold` (percent) as a fraction; the protocol default when absent. */
export function trendThreshold(percent: unknown): number {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0) return DEFAULT_TREND_THRESHOLD;
  return percent / 100;
}

/** Relative change over the chart by the rule above, or null when the chart cannot say. */
export function chartChange(chart: ChartLike | null | undefined): { start: number; end: number; relative: number } | null {
  if (!chart || typeof chart !== 'object') return null;
  const points = usablePoints(chart.points);
  if (points.length < 2) return null;
  const h = chart.highlight;
  const from = h && typeof h.from === 'string' ? h.from : undefined;
  const to = h && typeof h.to === 'string' ? h.to : undefined;
  const start = (from !== undefined ? pointFrom(points, from) : undefined) ?? points[0];
  const end = (to !== undefined && to !== from ? pointUntil(points, to) : undefined) ?? points[points.length - 1];
  if (start === end) return null;
  const relative =
    start.value === 0 ? (end.value === 0 ? 0 : Math.sign(end.value) * Infinity) : (end.value - start.value) / Math.abs(start.value);
  return { start: start.value, end: end.value, relative };
}

export function computeTrend(chart: ChartLike | null | undefined, threshold = DEFAULT_TREND_THRESHOLD): Trend | null {
  const change = chartChange(chart);
  if (!change) return null;
  if (change.relative > threshold) return 'roste';
  if (change.relative < -threshold) return 'klesá';
  return 'stagnuje';
}
