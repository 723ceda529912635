// The geometry and numbers of a dm.chart drawing: a line over the points, the highlighted
// period shaded, the value at its end, and the change and trend measured from its start.
// Pure, so the same model feeds the SVG on the map, on server pages and in tests.
import { chartChange, chartSpan } from '@/lib/protocol/shared/trend';
import { TREND_DEFAULT_THRESHOLD } from '@/lib/protocol/types';
import type { ChartData, ChartPoint, TimelineItem, TrendValue } from './types';

export interface ChartModel {
  width: number;
  height: number;
  /** SVG path of the line. */
  path: string;
  /** SVG path of the area under the line, for a light fill. */
  area: string;
  points: Array<ChartPoint & { x: number; y: number }>;
  /** Shaded band of the highlighted period(s). */
  band: { x0: number; x1: number } | null;
  min: number;
  max: number;
  /** Where the change is measured from; null when the chart has no change (see chartModel). */
  start: ChartPoint | null;
  /** The value shown: the highlight's end, or the last point. */
  end: ChartPoint & { x: number; y: number };
  change: number | null;
  /** Relative change in percent; null when the start value is 0 or there is no change. */
  changePct: number | null;
  trend: TrendValue | null;
}

/** Relative change (percent of the start) within which a development stagnates: the protocol's default. */
const STAGNATION_PCT = TREND_DEFAULT_THRESHOLD;

export function parseChart(input: unknown): ChartData | null {
  let v = input;
  // MapLibre hands nested feature properties back as JSON strings.
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (typeof v !== 'object' || v === null) return null;
  const c = v as Partial<ChartData>;
  if (!Array.isArray(c.points)) return null;
  const points = c.points.filter(
    (p): p is ChartPoint => !!p && typeof p.period === 'string' && typeof p.value === 'number' && Number.isFinite(p.value),
  );
  if (points.length < 2) return null;
  return {
    label: typeof c.label === 'string' ? c.label : '',
    unit: typeof c.unit === 'string' ? c.unit : undefined,
    decimals: typeof c.decimals === 'number' ? c.decimals : undefined,
    note: typeof c.note === 'string' ? c.note : undefined,
    highlight:
      c.highlight && typeof c.highlight.from === 'string' && typeof c.highlight.to === 'string'
        ? { from: c.highlight.from, to: c.highlight.to }
        : undefined,
    points,
  };
}

/**
 * Lays out a chart in a width × height box (with `pad` pixels of room). Value, change and trend
 * follow the protocol's rule (lib/protocol/shared/trend.ts), the same that gives the map's
 * `__dm_trend`: the end is the highlight's end (or the last point), the start its start, or the
 * series' first point for a one-period highlight; no change when start and end are one point.
 */
export function chartModel(chart: ChartData, width = 260, height = 90, pad = 6, threshold = STAGNATION_PCT): ChartModel {
  const pts = chart.points;
  const last = pts.length - 1;
  // parseChart keeps only usable points, so the span's indexes are indexes into chart.points.
  const span = chartSpan(chart);
  const measured = chartChange(chart, threshold);
  const iEnd = span ? span.endIndex : last;
  const values = pts.map((p) => p.value);
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const x = (i: number) => pad + (i * (width - 2 * pad)) / Math.max(1, last);
  const y = (v: number) => pad + ((max - v) * (height - 2 * pad)) / (max - min);
  const points = pts.map((p, i) => ({ ...p, x: round(x(i)), y: round(y(p.value)) }));
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${p.x} ${p.y}`).join(' ');
  const base = round(height - pad);
  const area = `${path} L${points[last].x} ${base} L${points[0].x} ${base} Z`;
  let band: ChartModel['band'] = null;
  if (chart.highlight) {
    const i0 = span?.highlightIndex ?? iEnd;
    const half = (width - 2 * pad) / Math.max(1, last) / 2;
    band = { x0: round(Math.max(0, x(Math.min(i0, iEnd)) - half)), x1: round(Math.min(width, x(iEnd) + half)) };
  }
  return {
    width,
    height,
    path,
    area,
    points,
    band,
    min,
    max,
    start: measured ? pts[measured.startIndex] : null,
    end: points[iEnd],
    change: measured ? measured.change : null,
    changePct: measured && Number.isFinite(measured.relativePct) ? measured.relativePct : null,
    trend: measured ? measured.trend : null,
  };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

export interface TimelineBars {
  bars: Array<{ period: string; count: number; x: number; y: number; w: number; h: number }>;
  max: number;
}

/** Bars of a dm.timeline (object counts per period) for the time filter. */
export function timelineBars(items: TimelineItem[], width = 600, height = 48): TimelineBars {
  const max = Math.max(1, ...items.map((i) => i.count));
  const w = items.length ? width / items.length : width;
  return {
    max,
    bars: items.map((it, i) => {
      const h = Math.round((it.count / max) * (height - 2) * 10) / 10;
      return { period: it.period, count: it.count, x: round(i * w), y: round(height - h), w: round(Math.max(1, w - 1)), h };
    }),
  };
}
