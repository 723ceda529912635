// Slovak number and date formatting (`12 345,6`), shared by the map and the server pages.
import { pluralForm } from '@/lib/protocol/shared/text';

const cache = new Map<string, Intl.NumberFormat>();

function formatter(decimals: number | undefined): Intl.NumberFormat {
  const key = String(decimals ?? 'auto');
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat('sk-SK', decimals === undefined
      ? { maximumFractionDigits: 2 }
      : { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    cache.set(key, f);
  }
  return f;
}

export { pluralForm };

/** Slovak plural of a count: `1 objekt`, `3 objekty`, `5 objektov` (0 and 5+ take the genitive plural). */
export function formatCount(n: number, one: string, few: string, many: string): string {
  return `${formatNumber(n)} ${pluralForm(n, one, few, many)}`;
}

export function formatNumber(value: number | null | undefined, decimals?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return formatter(decimals).format(value);
}

/** A signed change, e.g. `+1 234` or `−12,5 %`. */
export function formatChange(value: number, decimals?: number, suffix = ''): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  return `${sign}${formatNumber(Math.abs(value), decimals)}${suffix}`;
}

export function formatValue(value: unknown, unit?: string, decimals?: number): string {
  if (typeof value === 'number') return `${formatNumber(value, decimals)}${unit ? ` ${unit}` : ''}`;
  if (typeof value === 'boolean') return value ? 'áno' : 'nie';
  if (value === null || value === undefined || value === '') return '–';
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  return unit ? `${s} ${unit}` : s;
}

/** A period string (YYYY, YYYY-MM, YYYY-MM-DD) the Slovak way: 2024, 3/2024, 5. 3. 2024. */
export function formatPeriod(period: string): string {
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(period);
  if (!m) return period;
  const [, y, mo, d] = m;
  if (d) return `${Number(d)}. ${Number(mo)}. ${y}`;
  if (mo) return `${Number(mo)}/${y}`;
  return y;
}

/**
 * A distance from a queried point the Slovak way: 0 = "v oblasti" (the point lies inside),
 * under 1 km in whole metres ("120 m"), from 1 km in kilometres with one decimal under 10 km
 * ("2,4 km") and whole kilometres beyond ("12 km").
 */
export function formatDistance(metres: number): string {
  if (!Number.isFinite(metres) || metres < 0) return '–';
  if (metres === 0) return 'v oblasti';
  if (metres < 999.5) return `${formatNumber(Math.max(1, Math.round(metres)), 0)} m`;
  const km = metres / 1000;
  return km < 9.95 ? `${formatNumber(km, 1)} km` : `${formatNumber(Math.round(km), 0)} km`;
}
