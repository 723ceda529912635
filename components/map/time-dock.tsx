'use client';
// The time filter docked at the bottom of the map, shown only when an enabled dataset has one;
// with several, a select picks which one it filters (the last enabled by default).
import { useState } from 'react';
import { loadedData, type LoadState } from '@/lib/map/loads';
import { paramSpecs } from '@/lib/map/params';
import type { MapDataset } from '@/lib/map/types';
import { TimeFilter } from './controls';

export function TimeDock({
  enabled,
  loads,
  paramsOf,
  onParam,
}: {
  enabled: MapDataset[];
  loads: Record<string, LoadState>;
  paramsOf: (key: string) => Record<string, string>;
  onParam: (key: string, param: string, value: string) => void;
}) {
  const [timeKey, setTimeKey] = useState<string | null>(null);
  const temporal = enabled.filter((d) => d.temporal?.param && paramSpecs(d.params).some((p) => p.key === d.temporal?.param));
  const timeDataset = temporal.find((d) => d.key === timeKey) ?? temporal[temporal.length - 1];
  if (!timeDataset) return null;
  const spec = paramSpecs(timeDataset.params).find((p) => p.key === timeDataset.temporal?.param)!;
  const { dm } = loadedData(loads[timeDataset.key]);
  return (
    <div className="time-filter-wrap">
      {temporal.length > 1 && (
        <label className="small">
          Časový filter pre{' '}
          <select value={timeDataset.key} onChange={(e) => setTimeKey(e.target.value)}>
            {temporal.map((d) => (
              <option key={d.key} value={d.key}>
                {d.title}
              </option>
            ))}
          </select>
        </label>
      )}
      <TimeFilter
        title={timeDataset.title}
        spec={spec}
        value={paramsOf(timeDataset.key)[spec.key] ?? spec.default}
        onChange={(v) => onParam(timeDataset.key, spec.key, v)}
        timeline={dm?.timeline}
        chart={dm?.chart}
      />
    </div>
  );
}
