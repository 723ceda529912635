// Colour expressions and legends from a presentation's `color`, in every form the spec lists:
// constant, categorical, interpolate, step and trend (by the `__dm_trend` the portal computes).
// A feature's own `__dm_color` always wins (the spec: dm.color overrides the presentation colour).
// These are the rules of lib/protocol/shared/colors.ts (colorOf, numericValue, categoryValue) in
// MapLibre's expression language; tests/summary/colors-agree.test.ts checks that they agree.
import type { ExpressionSpecification } from 'maplibre-gl';
import { categoricalColors, cleanStops, DEFAULT_COLOR, hexOr, isHexColor, NO_DATA_COLOR, TREND_LABELS, TREND_ORDER, trendColors } from '@/lib/protocol/shared/colors';
import { TREND_DEFAULT_COLORS } from '@/lib/protocol/types';
import { fieldLabel } from '@/lib/protocol/shared/fields';
import { presentationView } from './catalog';
import { fieldSpecs } from './params';
import type { ColorSpec, HexColor, MapDataset, TrendValue } from './types';

/** The protocol's trend colours (rising drawn as bad news unless the presentation says otherwise). */
export const TREND_COLORS: Record<TrendValue, HexColor> = TREND_DEFAULT_COLORS;
export { isHexColor, NO_DATA_COLOR, TREND_LABELS };

/**
 * `then` with the property's number (numericValue's rule), or `otherwise` when it holds none: a JSON
 * number, or a string `to-number` reads (two fallbacks that differ only when it cannot) that is not
 * blank (a blank string reads as 0, a string reading as 0 otherwise has a `0` in it) and is finite.
 */
function numericCase(field: string, then: (n: ExpressionSpecification) => unknown, otherwise: HexColor): ExpressionSpecification {
  const v: ExpressionSpecification = ['get', field];
  const n: ExpressionSpecification = ['to-number', v, 0];
  const isNumeric = [
    'any',
    ['==', ['typeof', v], 'number'],
    [
      'all',
      ['==', ['typeof', v], 'string'],
      ['==', n, ['to-number', v, 1]],
      ['any', ['!=', n, 0], ['!=', ['index-of', '0', ['to-string', v]], -1]],
      ['<=', ['abs', n], Number.MAX_VALUE],
    ],
  ];
  return ['case', isNumeric, then(n), otherwise] as unknown as ExpressionSpecification;
}

/** The presentation's colour without the per-feature override. */
export function baseColorExpression(spec: ColorSpec | undefined): ExpressionSpecification | HexColor {
  if (spec === undefined || typeof spec === 'string') return hexOr(spec, DEFAULT_COLOR);
  switch (spec.type) {
    case 'categorical': {
      const { values, fallback } = categoricalColors(spec);
      if (!values.length) return fallback;
      return [
        'match',
        ['to-string', ['get', spec.field]],
        ...values.flat(),
        fallback,
      ] as unknown as ExpressionSpecification;
    }
    case 'interpolate': {
      const stops = cleanStops(spec.stops);
      if (stops.length === 0) return DEFAULT_COLOR;
      if (stops.length === 1) return stops[0][1];
      return numericCase(spec.field, (n) => ['interpolate', ['linear'], n, ...stops.flat()], hexOr(spec.default, NO_DATA_COLOR));
    }
    case 'step': {
      const stops = cleanStops(spec.stops);
      const below = hexOr(spec.default, NO_DATA_COLOR);
      if (!stops.length) return below;
      // The protocol: `default` is also the colour of objects without a numeric value.
      return numericCase(spec.field, (n) => ['step', n, below, ...stops.flat()], below);
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
      return { kind: 'steps', title: fieldLabel, below: hexOr(spec.default, NO_DATA_COLOR), stops: cleanStops(spec.stops) };
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

/** A vector dataset's legend: its colour spec, titled by the coloured field's label (with unit). */
export function legendForDataset(dataset: Pick<MapDataset, 'presentation' | 'fields'>): LegendEntry | null {
  const color = presentationView(dataset.presentation).color;
  const field = typeof color === 'object' && color && 'field' in color ? (color.field as string) : undefined;
  const def = field ? fieldSpecs(dataset.fields).find((f) => f.key === field) : undefined;
  return legendForColor(color, def ? fieldLabel(def) : undefined, def?.values);
}

/** The single colour to show next to a dataset's name (its constant colour or first stop). */
export function swatchColor(spec: ColorSpec | undefined): HexColor {
  if (spec === undefined) return DEFAULT_COLOR;
  if (typeof spec === 'string') return hexOr(spec, DEFAULT_COLOR);
  if (spec.type === 'categorical') return Object.values(spec.values ?? {}).find(isHexColor) ?? NO_DATA_COLOR;
  if (spec.type === 'interpolate' || spec.type === 'step') {
    const stops = cleanStops(spec.stops);
    return stops.length ? stops[stops.length - 1][1] : DEFAULT_COLOR;
  }
  if (spec.type === 'trend') return TREND_COLORS.roste;
  return DEFAULT_COLOR;
}
