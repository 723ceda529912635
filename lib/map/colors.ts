// Colour expressions and legends from a presentation's `color`, in every form the spec lists:
// constant, categorical, interpolate, step and trend (by the `__dm_trend` the portal computes).
// A feature's own `__dm_color` always wins (the spec: dm.color overrides the presentation colour).
import type { ExpressionSpecification } from 'maplibre-gl';
import { cleanStops, isHexColor, TREND_LABELS, TREND_ORDER, trendColors } from '@/lib/protocol/shared/colors';
import { TREND_DEFAULT_COLORS } from '@/lib/protocol/types';
import type { ColorSpec, HexColor, TrendValue } from './types';

/** The portal's own neutral colours: quiet so that the data's colours stand out. */
export const DEFAULT_COLOR = '#3b6ea8';
export const NO_DATA_COLOR = '#b8bec8';
/** The protocol's trend colours (rising drawn as bad news unless the presentation says otherwise). */
export const TREND_COLORS: Record<TrendValue, HexColor> = TREND_DEFAULT_COLORS;
export { cleanStops, isHexColor, TREND_LABELS };

function hex(v: unknown, fallback: HexColor): HexColor {
  return isHexColor(v) ? v : fallback;
}

function numberOf(field: string): ExpressionSpecification {
  return ['to-number', ['get', field]];
}

function missing(field: string): ExpressionSpecification {
  return ['==', ['get', field], null];
}

/** The presentation's colour without the per-feature override. */
export function baseColorExpression(spec: ColorSpec | undefined): ExpressionSpecification | HexColor {
  if (spec === undefined || typeof spec === 'string') return hex(spec, DEFAULT_COLOR);
  switch (spec.type) {
    case 'categorical': {
      const fallback = hex(spec.default, NO_DATA_COLOR);
      const pairs = Object.entries(spec.values ?? {}).filter(([, c]) => isHexColor(c));
      if (!pairs.length) return fallback;
      return [
        'match',
        ['to-string', ['get', spec.field]],
        ...pairs.flatMap(([value, color]) => [value, color]),
        fallback,
      ] as unknown as ExpressionSpecification;
    }
    case 'interpolate': {
      const stops = cleanStops(spec.stops);
      if (stops.length === 0) return DEFAULT_COLOR;
      if (stops.length === 1) return stops[0][1];
      return [
        'case',
        missing(spec.field),
        hex(spec.default, NO_DATA_COLOR),
        ['interpolate', ['linear'], numberOf(spec.field), ...stops.flat()],
      ] as unknown as ExpressionSpecification;
    }
    case 'step': {
      const stops = cleanStops(spec.stops);
      const below = hex(spec.default, NO_DATA_COLOR);
      if (!stops.length) return below;
      // The protocol: `default` is also the colour of objects without a numeric value.
      return [
        'case',
        missing(spec.field),
        below,
        ['step', numberOf(spec.field), below, ...stops.flat()],
      ] as unknown as ExpressionSpecification;
    }
    case 'trend': {
      const { colors: c, none } = trendColors(spec);
      return ['match', ['get', '__dm_trend'], 'roste', c.roste, 'stagnuje', c.stagnuje, 'klesá', c.klesá, none];
    }
    default:
      return DEFAULT_COLOR;
  }
}

/** The colour expression used by every data layer: `__dm_color` first, then the presentation. */
export function colorExpression(spec: ColorSpec | undefined): ExpressionSpecification {
  // The branches are parsed as colours (so interpolate/step keep colour outputs); the proxy has
  // already checked __dm_color against the data schema's hex format.
  return [
    'case',
    ['==', ['typeof', ['get', '__dm_color']], 'string'],
    ['to-color', ['get', '__dm_color']],
    baseColorExpression(spec),
  ] as ExpressionSpecification;
}

export type LegendEntry =
  | { kind: 'swatches'; title?: string; items: Array<{ color: HexColor; label: string }> }
  | { kind: 'gradient'; title?: string; stops: Array<[number, HexColor]> }
  | { kind: 'steps'; title?: string; below: HexColor; stops: Array<[number, HexColor]> };

/** A legend for a colour spec; `fieldLabel` names the property (from the dataset's fields). */
export function legendForColor(
  spec: ColorSpec | undefined,
  fieldLabel?: string,
  /** The field's code -> label table (fields[].values), for categorical legends. */
  valueLabels?: Record<string, string>,
): LegendEntry | null {
  if (spec === undefined || typeof spec === 'string') return null;
  switch (spec.type) {
    case 'categorical': {
      const items = Object.entries(spec.values ?? {})
        .filter(([, c]) => isHexColor(c))
        .map(([value, color]) => ({ color, label: valueLabels?.[value] ?? value }));
      if (spec.default && isHexColor(spec.default)) items.push({ color: spec.default, label: 'ostatné' });
      return { kind: 'swatches', title: fieldLabel, items };
    }
    case 'interpolate':
      return { kind: 'gradient', title: fieldLabel, stops: cleanStops(spec.stops) };
    case 'step':
      return { kind: 'steps', title: fieldLabel, below: hex(spec.default, NO_DATA_COLOR), stops: cleanStops(spec.stops) };
    case 'trend': {
      const { colors, none } = trendColors(spec);
      const items = TREND_ORDER.map((k) => ({ color: colors[k], label: TREND_LABELS[k] }));
      items.push({ color: none, label: 'bez údajov' });
      return { kind: 'swatches', title: 'Vývoj', items };
    }
    default:
      return null;
  }
}

/** The single colour to show next to a dataset's name (its constant colour or first stop). */
export function swatchColor(spec: ColorSpec | undefined): HexColor {
  if (spec === undefined) return DEFAULT_COLOR;
  if (typeof spec === 'string') return hex(spec, DEFAULT_COLOR);
  if (spec.type === 'categorical') return Object.values(spec.values ?? {}).find(isHexColor) ?? NO_DATA_COLOR;
  if (spec.type === 'interpolate' || spec.type === 'step') {
    const stops = cleanStops(spec.stops);
    return stops.length ? stops[stops.length - 1][1] : DEFAULT_COLOR;
  }
  if (spec.type === 'trend') return TREND_COLORS.roste;
  return DEFAULT_COLOR;
}
