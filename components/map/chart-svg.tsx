// A dm.chart drawn as a small SVG: the line, the highlighted period shaded, the value at its end,
// and the change and trend from its start (lib/protocol/shared/trend.ts, the rule of `__dm_trend`;
// a chart without change, a one-period highlight on its first point, shows its value only).
// No hooks, so server pages render it too.
import { chartModel } from '@/lib/map/chart';
import { TREND_LABELS } from '@/lib/map/colors';
import { formatChange, formatNumber, formatPeriod } from '@/lib/map/format';
import type { ChartData, TrendValue } from '@/lib/map/types';

const TREND_ARROW: Record<TrendValue, string> = { roste: '↗', stagnuje: '→', klesá: '↘' };

export function ChartSvg({
  chart,
  trend,
  threshold,
  width = 280,
  height = 96,
}: {
  chart: ChartData;
  /** The portal's `__dm_trend` when the feature has one; otherwise computed from the chart. */
  trend?: TrendValue | null;
  threshold?: number;
  width?: number;
  height?: number;
}) {
  const m = chartModel(chart, width, height, 8, threshold);
  const unit = chart.unit ? ` ${chart.unit}` : '';
  const shownTrend = trend ?? m.trend;
  const first = chart.points[0];
  const last = chart.points[chart.points.length - 1];
  const description = `${chart.label}: ${formatPeriod(first.period)} až ${formatPeriod(last.period)}, hodnota ${formatNumber(m.end.value, chart.decimals)}${unit} (${formatPeriod(m.end.period)})`;
  return (
    <figure className="dm-chart" data-testid="dm-chart">
      <figcaption className="dm-chart-label">{chart.label}</figcaption>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={description}>
        {m.band && (
          <rect
            data-testid="dm-chart-highlight"
            x={m.band.x0}
            y={0}
            width={Math.max(2, m.band.x1 - m.band.x0)}
            height={height}
            fill="#f2d9a6"
            opacity={0.6}
          />
        )}
        <path d={m.area} fill="#3b6ea8" opacity={0.08} />
        <path d={m.path} fill="none" stroke="#3b6ea8" strokeWidth={2} strokeLinejoin="round" />
        <circle cx={m.end.x} cy={m.end.y} r={4} fill="#1d2330" />
      </svg>
      <div className="dm-chart-axis" aria-hidden="true">
        <span>{formatPeriod(first.period)}</span>
        <span>{formatPeriod(last.period)}</span>
      </div>
      <dl className="dm-chart-numbers">
        <div>
          <dt>{formatPeriod(m.end.period)}</dt>
          <dd data-testid="dm-chart-value">
            {formatNumber(m.end.value, chart.decimals)}
            {unit}
          </dd>
        </div>
        {m.start && m.change !== null && (
          <div>
            <dt>Zmena od {formatPeriod(m.start.period)}</dt>
            <dd data-testid="dm-chart-change">
              {formatChange(m.change, chart.decimals)}
              {unit}
              {m.changePct !== null && ` (${formatChange(m.changePct, 1, ' %')})`}
            </dd>
          </div>
        )}
        {shownTrend && (
          <div>
            <dt>Vývoj</dt>
            <dd data-testid="dm-chart-trend" className={`trend trend-${shownTrend === 'klesá' ? 'klesa' : shownTrend}`}>
              {TREND_ARROW[shownTrend]} {TREND_LABELS[shownTrend]}
            </dd>
          </div>
        )}
      </dl>
      {chart.note && <p className="dm-chart-note">{chart.note}</p>}
    </figure>
  );
}
