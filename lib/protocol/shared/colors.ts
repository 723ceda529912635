// Colour classes of a presentation's `color`, as the map draws them (lib/map/colors.ts: MapLibre
// expressions and legends) and the summary counts objects in them (lib/summary/categories.ts):
// valid hex colours, stops in drawing order, the trend classes with their colours and labels.
import { TREND_DEFAULT_COLORS, TREND_NO_CHART_COLOR, type HexColor, type Trend, type TrendColor } from '../types';

const HEX_RE = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** `#` and 3, 6 or 8 hex digits (the protocol's colour format). */
export function isHexColor(v: unknown): v is HexColor {
  return typeof v === 'string' && HEX_RE.test(v);
}

/**
 * Stops as the map draws them: valid `[number, colour]` pairs sorted by value, duplicates of a value
 * dropped (MapLibre needs strictly ascending inputs; the first pair of a value wins).
 */
export function cleanStops(stops: unknown): Array<[number, HexColor]> {
  if (!Array.isArray(stops)) return [];
  const out: Array<[number, HexColor]> = [];
  for (const s of stops) {
    if (Array.isArray(s) && typeof s[0] === 'number' && Number.isFinite(s[0]) && isHexColor(s[1])) out.push([s[0], s[1]]);
  }
  out.sort((a, b) => a[0] - b[0]);
  return out.filter((s, i) => i === 0 || s[0] !== out[i - 1][0]);
}

/** The trend classes in legend order. */
export const TREND_ORDER: readonly Trend[] = ['roste', 'stagnuje', 'klesá'];

/** Slovak labels of the trend values. */
export const TREND_LABELS: Record<Trend, string> = { roste: 'rastie', stagnuje: 'stagnuje', klesá: 'klesá' };

/** A trend presentation's colours: its own where valid, the protocol's defaults otherwise. */
export function trendColors(spec: Pick<TrendColor, 'colors' | 'default'> | undefined): { colors: Record<Trend, HexColor>; none: HexColor } {
  const colors = { ...TREND_DEFAULT_COLORS };
  for (const t of TREND_ORDER) if (isHexColor(spec?.colors?.[t])) colors[t] = spec!.colors![t]!;
  return { colors, none: isHexColor(spec?.default) ? spec!.default! : TREND_NO_CHART_COLOR };
}
