// Colour classes of a presentation's `color`, as the map draws them (lib/map/colors.ts: MapLibre
// expressions and legends) and the summary counts objects in them (lib/summary/categories.ts):
// valid hex colours, stops in drawing order, the trend classes with their colours and labels, how a
// property is read as a number or a category, and `colorOf`, the colour an object gets. The map's
// expressions are the same rules in MapLibre's language; tests/summary/colors-agree.test.ts checks
// that both give every object the same colour.
import { TREND_DEFAULT_COLORS, TREND_NO_CHART_COLOR, type ColorSpec, type HexColor, type Trend, type TrendColor } from '../types';

/** The portal's own neutral colours: quiet so that the data's colours stand out. */
export const DEFAULT_COLOR = '#3b6ea8';
/** Objects without a value (or outside a categorical list) when the presentation gives no `default`. */
export const NO_DATA_COLOR = '#b8bec8';

const HEX_RE = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** `#` and 3, 6 or 8 hex digits (the protocol's colour format). */
export function isHexColor(v: unknown): v is HexColor {
  return typeof v === 'string' && HEX_RE.test(v);
}

/** `v` when it is a valid colour, else `fallback`. */
export function hexOr(v: unknown, fallback: HexColor): HexColor {
  return isHexColor(v) ? v : fallback;
}

/**
 * The number a property holds for colouring and rankings: a JSON number, or a string JavaScript
 * reads as a finite number (`"12"`, `" 12 "`, `"1e3"`); null for blank strings, other text (`"1,5"`),
 * booleans, objects and missing values. MapLibre's `to-number` reads strings the same way, so the
 * map's step and interpolate colours (lib/map/colors.ts numericCase) apply the same rule.
 */
export function numericValue(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** The text a categorical colour matches a property by, as MapLibre's `to-string` makes it (null and missing: ''). */
export function categoryValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/**
 * The colours a categorical presentation lists (valid ones only: an invalid colour is drawn as the
 * fallback) and the fallback for every other value.
 */
export function categoricalColors(spec: { values?: Record<string, HexColor>; default?: HexColor }): { values: Array<[string, HexColor]>; fallback: HexColor } {
  return { values: Object.entries(spec.values ?? {}).filter(([, c]) => isHexColor(c)), fallback: hexOr(spec.default, NO_DATA_COLOR) };
}

function hexToRgb(hex: string): [number, number, number] | null {
  let h = hex.replace('#', '');
  if (h.length === 3 || h.length === 4) h = h.slice(0, 3).split('').map((c) => c + c).join('');
  if (h.length !== 6 && h.length !== 8) return null;
  const n = parseInt(h.slice(0, 6), 16);
  return Number.isNaN(n) ? null : [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Linear RGB mix (what a map's interpolate expression draws between two stops). */
export function mixColors(a: string, b: string, t: number): string {
  const ra = hexToRgb(a);
  const rb = hexToRgb(b);
  if (!ra || !rb) return a;
  const c = ra.map((v, i) => Math.round(v + (rb[i] - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
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

/** The colour of a number on interpolate stops (at least two): clamped at the ends, mixed between. */
function interpolateColor(stops: Array<[number, HexColor]>, n: number): HexColor {
  if (n <= stops[0][0]) return stops[0][1];
  for (let i = 1; i < stops.length; i++) {
    const [b, cb] = stops[i];
    if (n < b) {
      const [a, ca] = stops[i - 1];
      return mixColors(ca, cb, (n - a) / (b - a));
    }
  }
  return stops[stops.length - 1][1];
}

/**
 * The colour a presentation gives an object by its properties, before the object's own
 * `__dm_color`: what the map's colour expression (lib/map/colors.ts baseColorExpression) draws.
 */
export function colorOf(spec: ColorSpec | undefined, props: Record<string, unknown>): HexColor {
  if (spec === undefined || typeof spec === 'string') return hexOr(spec, DEFAULT_COLOR);
  switch (spec.type) {
    case 'categorical': {
      const { values, fallback } = categoricalColors(spec);
      const key = categoryValue(props[spec.field]);
      return values.find(([value]) => value === key)?.[1] ?? fallback;
    }
    case 'interpolate': {
      const stops = cleanStops(spec.stops);
      if (stops.length === 0) return DEFAULT_COLOR;
      if (stops.length === 1) return stops[0][1];
      const n = numericValue(props[spec.field]);
      return n === null ? hexOr(spec.default, NO_DATA_COLOR) : interpolateColor(stops, n);
    }
    case 'step': {
      const below = hexOr(spec.default, NO_DATA_COLOR);
      const n = numericValue(props[spec.field]);
      if (n === null) return below;
      let color = below;
      for (const [t, c] of cleanStops(spec.stops)) if (n >= t) color = c;
      return color;
    }
    case 'trend': {
      const { colors, none } = trendColors(spec);
      const t = props.__dm_trend;
      return TREND_ORDER.includes(t as Trend) ? colors[t as Trend] : none;
    }
    default:
      return DEFAULT_COLOR;
  }
}
