// The trend rule, one for the server's `__dm_trend` (map colouring by trend) and the detail chart's
// value, change and trend figures, following the spec's dm.chart `highlight`: "the portal shades it,
// shows the value at its end and computes change and trend from its start".
//
// - Usable points: those with a string period and a finite number value, in the order sent
//   (the spec: ordered from the oldest period).
// - End: the last point at or before `highlight.to` (a point whose period lies inside `to`, e.g. a
//   day inside a month, counts as at it); without a highlight, or when no point is that early, the
//   last point. The value shown is the end's.
// - Start: the first point at or after `highlight.from` (a coarser point containing `from`, e.g. the
//   year of a month, counts as at it); without a highlight the first point.
// - One-period rule: when the highlight is a single period (`from` = `to`), or its start is not
//   before its end (it covers one point), the change runs from the series' first point to the end:
//   the development leading up to the selected period.
// - When start and end are the same point (a one-period highlight on the first point) there is no
//   change and no trend (the map draws the object grey; the chart shows its value only).
// - Relative change = (end − start) / |start| in percent; a start of 0 counts any rise as rising,
//   any fall as falling. Above +threshold `roste`, below −threshold `klesá`, otherwise `stagnuje`;
//   the threshold is the presentation's `color.threshold` (percent), default 5 %.
// Fewer than two usable points: no trend.
import { TREND_DEFAULT_THRESHOLD, type Trend } from '../types';

interface TrendPoint {
  period: string;
  value: number;
}

export interface ChartLike {
  highlight?: { from?: unknown; to?: unknown } | null;
  points?: unknown;
}

export interface ChartChange extends ChartSpan {
  start: TrendPoint;
  end: TrendPoint;
  change: number;
  /** Relative change in percent; ±Infinity when the start is 0 and the end is not. */
  relativePct: number;
  trend: Trend;
}

/** The points the rule reads (see above). */
function usablePoints(points: unknown): TrendPoint[] {
  if (!Array.isArray(points)) return [];
  const out: TrendPoint[] = [];
  for (const p of points) {
    if (p && typeof p === 'object') {
      const { period, value } = p as { period?: unknown; value?: unknown };
      if (typeof period === 'string' && typeof value === 'number' && Number.isFinite(value)) out.push({ period, value });
    }
  }
  return out;
}

/** A presentation's `color.threshold` (percent); the protocol default when absent or invalid. */
export function trendThreshold(percent: unknown): number {
  return typeof percent === 'number' && Number.isFinite(percent) && percent >= 0 ? percent : TREND_DEFAULT_THRESHOLD;
}

/** `roste` / `stagnuje` / `klesá` of a relative change in percent. */
export function trendOfPct(relativePct: number, thresholdPct = TREND_DEFAULT_THRESHOLD): Trend {
  if (relativePct > thresholdPct) return 'roste';
  if (relativePct < -thresholdPct) return 'klesá';
  return 'stagnuje';
}

/** Periods are ISO strings (year, month or day): at or after `from`, or containing it. */
const atOrAfter = (period: string, from: string) => period >= from || from.startsWith(period);
/** At or before `to`, or inside it. */
const atOrBefore = (period: string, to: string) => period <= to || period.startsWith(to);

export interface ChartSpan {
  points: TrendPoint[];
  /** Indexes into `points`; start = end when the chart has no change. */
  startIndex: number;
  endIndex: number;
  /** First point inside the highlight (what the chart shades from); null without highlight. */
  highlightIndex: number | null;
}

/** Where a chart's change is measured, by the rule above; null below two usable points. */
export function chartSpan(chart: ChartLike | null | undefined): ChartSpan | null {
  if (!chart || typeof chart !== 'object') return null;
  const points = usablePoints(chart.points);
  if (points.length < 2) return null;
  const last = points.length - 1;
  const h = chart.highlight;
  const from = h && typeof h.from === 'string' ? h.from : undefined;
  const to = h && typeof h.to === 'string' ? h.to : undefined;
  let endIndex = last;
  if (to !== undefined) {
    let i = last;
    while (i >= 0 && !atOrBefore(points[i].period, to)) i--;
    if (i >= 0) endIndex = i;
  }
  let highlightIndex: number | null = null;
  if (from !== undefined) {
    const i = points.findIndex((p) => atOrAfter(p.period, from));
    highlightIndex = i >= 0 ? Math.min(i, endIndex) : endIndex;
  }
  // Without a highlight, and by the one-period rule, the change runs from the first point.
  const startIndex = highlightIndex === null || from === to || highlightIndex >= endIndex ? 0 : highlightIndex;
  return { points, startIndex, endIndex, highlightIndex };
}

/** Value, change and trend of a chart by the rule above, or null when it has none. */
export function chartChange(chart: ChartLike | null | undefined, thresholdPct = TREND_DEFAULT_THRESHOLD): ChartChange | null {
  const span = chartSpan(chart);
  if (!span || span.startIndex >= span.endIndex) return null;
  const start = span.points[span.startIndex];
  const end = span.points[span.endIndex];
  const change = end.value - start.value;
  const relativePct = start.value !== 0 ? (change / Math.abs(start.value)) * 100 : change === 0 ? 0 : Math.sign(change) * Infinity;
  return { ...span, start, end, change, relativePct, trend: trendOfPct(relativePct, thresholdPct) };
}

/** The trend of a chart (`__dm_trend`), or null when it has none. */
export function computeTrend(chart: ChartLike | null | undefined, thresholdPct = TREND_DEFAULT_THRESHOLD): Trend | null {
  return chartChange(chart, thresholdPct)?.trend ?? null;
}
