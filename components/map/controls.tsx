'use client';
// Controls for dataset parameters (enum, multi-enum, range, date-range, number, text) and the
// time filter docked at the bottom of the map. Values travel in the protocol's wire format.
import { useId } from 'react';
import { timelineBars } from '@/lib/map/chart';
import { formatCount, formatNumber, formatPeriod } from '@/lib/map/format';
import { normalizeMulti, splitRange, type ParamSpec } from '@/lib/map/params';
import type { ChartData, TimelineItem } from '@/lib/map/types';
import { ChartSvg } from './chart-svg';
import { fieldLabel } from '@/lib/protocol/shared/fields';

function yearsOf(spec: ParamSpec, timeline?: TimelineItem[]): number[] {
  const lo = Number(spec.min);
  const hi = Number(spec.max);
  if (Number.isFinite(lo) && Number.isFinite(hi) && hi >= lo && hi - lo <= 500) {
    const step = spec.step && spec.step > 0 ? spec.step : 1;
    const out: number[] = [];
    for (let y = lo; y <= hi; y += step) out.push(y);
    return out;
  }
  const fromTimeline = (timeline ?? []).map((t) => Number(t.period.slice(0, 4))).filter(Number.isFinite);
  return [...new Set(fromTimeline)].sort((a, b) => a - b);
}

export function ParamControl({
  spec,
  value,
  onChange,
  testId,
}: {
  spec: ParamSpec;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  const label = fieldLabel(spec);
  switch (spec.type) {
    case 'enum':
      return (
        <div className="param">
          <label htmlFor={id}>{label}</label>
          <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
            {spec.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      );
    case 'multi-enum': {
      const set = new Set(value.split(',').filter(Boolean));
      return (
        <fieldset className="param" data-testid={testId}>
          <legend>{label}</legend>
          {spec.options.map((o) => (
            <label key={o.value} className="check">
              <input
                type="checkbox"
                checked={set.has(o.value)}
                onChange={(e) => {
                  const next = new Set(set);
                  if (e.target.checked) next.add(o.value);
                  else next.delete(o.value);
                  onChange(normalizeMulti([...next].join(',')));
                }}
              />
              {o.label}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'range': {
      const [from, to] = splitRange(value);
      return (
        <fieldset className="param param-range" data-testid={testId}>
          <legend>{label}</legend>
          <label>
            od{' '}
            <input type="number" value={from} min={spec.min} max={spec.max} step={spec.step ?? 1} onChange={(e) => onChange(`${e.target.value},${to}`)} />
          </label>
          <label>
            do{' '}
            <input type="number" value={to} min={spec.min} max={spec.max} step={spec.step ?? 1} onChange={(e) => onChange(`${from},${e.target.value}`)} />
          </label>
        </fieldset>
      );
    }
    case 'date-range': {
      const [from, to] = splitRange(value);
      return (
        <fieldset className="param param-range" data-testid={testId}>
          <legend>{label}</legend>
          <label>
            od <input type="date" value={from} min={String(spec.min ?? '')} max={String(spec.max ?? '')} onChange={(e) => onChange(`${e.target.value},${to}`)} />
          </label>
          <label>
            do <input type="date" value={to} min={String(spec.min ?? '')} max={String(spec.max ?? '')} onChange={(e) => onChange(`${from},${e.target.value}`)} />
          </label>
        </fieldset>
      );
    }
    default:
      return (
        <div className="param">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            type={spec.type === 'number' ? 'number' : 'text'}
            defaultValue={value}
            min={spec.min}
            max={spec.max}
            onBlur={(e) => e.target.value !== value && onChange(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onChange((e.target as HTMLInputElement).value);
            }}
            data-testid={testId}
          />
        </div>
      );
  }
}

/**
 * The time filter: the dataset's dm.timeline as bars (a click on a bar selects that period) or its
 * dm.chart, and the period chosen with two selects (years) or two date fields.
 */
export function TimeFilter({
  title,
  spec,
  value,
  onChange,
  timeline,
  chart,
}: {
  title: string;
  spec: ParamSpec;
  value: string;
  onChange: (value: string) => void;
  timeline?: TimelineItem[];
  chart?: ChartData;
}) {
  const [from, to] = splitRange(value);
  const years = spec.type === 'range' ? yearsOf(spec, timeline) : [];
  const width = 560;
  const bars = timeline && timeline.length ? timelineBars(timeline, width, 44) : null;
  const inRange = (period: string) => {
    if (!from && !to) return true;
    const p = spec.type === 'range' ? period.slice(0, 4) : period;
    return (!from || p >= from.slice(0, p.length)) && (!to || p <= to.slice(0, p.length));
  };
  const pick = (period: string) => {
    if (spec.type === 'range') {
      const y = period.slice(0, 4);
      onChange(`${y},${y}`);
    } else {
      const start = period.length === 4 ? `${period}-01-01` : period.length === 7 ? `${period}-01` : period;
      const end = period.length === 4 ? `${period}-12-31` : period.length === 7 ? lastDayOfMonth(period) : period;
      onChange(`${start},${end}`);
    }
  };
  return (
    <section className="time-filter" data-testid="time-filter" aria-label={`Časový filter: ${title}`}>
      <div className="time-filter-head">
        <strong>{spec.label}</strong> <span className="muted">{title}</span>
      </div>
      {bars ? (
        <div className="timeline" data-testid="timeline">
          <svg width="100%" height={44} viewBox={`0 0 ${width} 44`} preserveAspectRatio="none" aria-hidden="true">
            {bars.bars.map((b) => (
              <rect key={b.period} x={b.x} y={b.y} width={b.w} height={Math.max(1, b.h)} fill={inRange(b.period) ? '#3b6ea8' : '#c6ccd5'} />
            ))}
          </svg>
          <div className="timeline-buttons">
            {bars.bars.map((b) => (
              <button
                key={b.period}
                type="button"
                className="timeline-hit"
                style={{ left: `${(b.x / width) * 100}%`, width: `${(Math.max(b.w, 1) / width) * 100}%` }}
                onClick={() => pick(b.period)}
                aria-label={`${formatPeriod(b.period)}: ${formatCount(b.count, 'objekt', 'objekty', 'objektov')}`}
                title={`${formatPeriod(b.period)}: ${formatNumber(b.count)}`}
                data-testid={`timeline-bar-${b.period}`}
              />
            ))}
          </div>
        </div>
      ) : chart ? (
        <ChartSvg chart={chart} width={320} height={70} />
      ) : null}
      <div className="time-filter-inputs">
        {spec.type === 'range' && years.length ? (
          <>
            <label>
              od{' '}
              <select value={from} onChange={(e) => onChange(`${e.target.value},${to < e.target.value ? e.target.value : to}`)} data-testid="time-from">
                {years.map((y) => (
                  <option key={y} value={String(y)}>
                    {y}
                  </option>
                ))}
              </select>
            </label>
            <label>
              do{' '}
              <select value={to} onChange={(e) => onChange(`${from > e.target.value ? e.target.value : from},${e.target.value}`)} data-testid="time-to">
                {years.map((y) => (
                  <option key={y} value={String(y)}>
                    {y}
                  </option>
                ))}
              </select>
            </label>
          </>
        ) : (
          <>
            <label>
              od <input type={spec.type === 'date-range' ? 'date' : 'number'} value={from} onChange={(e) => onChange(`${e.target.value},${to}`)} data-testid="time-from" />
            </label>
            <label>
              do <input type={spec.type === 'date-range' ? 'date' : 'number'} value={to} onChange={(e) => onChange(`${from},${e.target.value}`)} data-testid="time-to" />
            </label>
          </>
        )}
        {value !== spec.default && (
          <button type="button" className="link-button" onClick={() => onChange(spec.default)}>
            predvolené obdobie
          </button>
        )}
      </div>
    </section>
  );
}

function lastDayOfMonth(period: string): string {
  const [y, m] = period.split('-').map(Number);
  const d = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${period}-${String(d).padStart(2, '0')}`;
}
