// The colour categories of a dataset's presentation, as classes objects can be counted in: the
// categorical values, the step classes, the interpolate classes (between consecutive stops) and the
// trend labels. Pure functions over the manifest; the summary counts objects per class. The rules
// (which number or category an object holds, which colour it gets) are lib/protocol/shared/colors.ts,
// the map's too: an object is counted in the class of the colour the map draws it in.
import { formatNumber } from '@/lib/map/format';
import type { ColorSpec, FieldDef, ManifestDataset, Trend } from '@/lib/protocol/types';
import { categoricalColors, categoryValue, cleanStops, hexOr, mixColors, NO_DATA_COLOR, numericValue, TREND_LABELS, TREND_ORDER, trendColors } from '@/lib/protocol/shared/colors';
import type { CategoryItem, CategoryKind } from './schema';

/**
 * A class of the summary's `categories` before its objects are counted. `key`: the value (categorical,
 * trend), `from..to` (step, interpolate), or `other` / `none`; `from` inclusive and `to` exclusive (the
 * last interpolate class includes it), null = open; `value`: the categorical property value.
 */
type CategoryClass = Omit<CategoryItem, 'count'>;

export interface Classifier {
  kind: CategoryKind;
  /** The property coloured by (null for trend, which reads `__dm_trend`). */
  field: string | null;
  classes: CategoryClass[];
  /** Class index of an object's properties. */
  classify(props: Record<string, unknown>): number;
  /** Whether the field is numeric (step/interpolate): rankings use it. */
  numeric: boolean;
}

const OTHER_KEY = 'other';
const NONE_KEY = 'none';

function unitSuffix(field: FieldDef | undefined): string {
  return field?.unit ? ` ${field.unit}` : '';
}

/** The colour spec of a presentation, when it has one. */
export function presentationColor(dataset: ManifestDataset): ColorSpec | undefined {
  const p = dataset.presentation as { color?: ColorSpec } | undefined;
  return p?.color;
}

/** A classifier for the dataset's colouring, or null for a constant colour / no colouring. */
export function classifierFor(dataset: ManifestDataset): Classifier | null {
  const color = presentationColor(dataset);
  if (!color || typeof color === 'string') return null;
  const field = 'field' in color ? dataset.fields?.find((f) => f.key === color.field) : undefined;
  const unit = unitSuffix(field);
  switch (color.type) {
    case 'categorical': {
      const { values, fallback } = categoricalColors(color);
      const classes: CategoryClass[] = values.map(([value, c]) => ({ key: value, value, label: field?.values?.[value] ?? value, color: c }));
      const position = new Map(values.map(([v], i) => [v, i]));
      classes.push({ key: OTHER_KEY, label: 'Ostatné', color: fallback });
      const otherIdx = classes.length - 1;
      return {
        kind: 'categorical',
        field: color.field,
        classes,
        numeric: false,
        classify: (props) => position.get(categoryValue(props[color.field])) ?? otherIdx,
      };
    }
    case 'step': {
      const stops = cleanStops(color.stops);
      if (!stops.length) return null;
      const below = hexOr(color.default, NO_DATA_COLOR);
      const classes: CategoryClass[] = [
        { key: `..${stops[0][0]}`, label: `< ${formatNumber(stops[0][0])}${unit}`, color: below, from: null, to: stops[0][0] },
      ];
      stops.forEach(([t, c], i) => {
        const next = stops[i + 1]?.[0];
        classes.push({
          key: `${t}..${next ?? ''}`,
          label: next === undefined ? `≥ ${formatNumber(t)}${unit}` : `${formatNumber(t)} – ${formatNumber(next)}${unit}`,
          color: c,
          from: t,
          to: next ?? null,
        });
      });
      classes.push({ key: NONE_KEY, label: 'Bez hodnoty', color: below });
      const noneIdx = classes.length - 1;
      return {
        kind: 'step',
        field: color.field,
        classes,
        numeric: true,
        classify: (props) => {
          const v = numericValue(props[color.field]);
          if (v === null) return noneIdx;
          let idx = 0;
          for (let i = 0; i < stops.length; i++) if (v >= stops[i][0]) idx = i + 1;
          return idx;
        },
      };
    }
    case 'interpolate': {
      const stops = cleanStops(color.stops);
      if (stops.length < 2) return null;
      const classes: CategoryClass[] = [];
      for (let i = 0; i < stops.length - 1; i++) {
        const [a, ca] = stops[i];
        const [b, cb] = stops[i + 1];
        classes.push({ key: `${a}..${b}`, label: `${formatNumber(a)} – ${formatNumber(b)}${unit}`, color: mixColors(ca, cb, 0.5), from: a, to: b });
      }
      classes.push({ key: NONE_KEY, label: 'Bez hodnoty', color: hexOr(color.default, NO_DATA_COLOR) });
      const noneIdx = classes.length - 1;
      const last = stops.length - 2;
      return {
        kind: 'interpolate',
        field: color.field,
        classes,
        numeric: true,
        classify: (props) => {
          const v = numericValue(props[color.field]);
          if (v === null) return noneIdx;
          // Below the first stop the map draws the first colour, above the last the last colour.
          for (let i = 0; i < last; i++) if (v < stops[i + 1][0]) return i;
          return last;
        },
      };
    }
    case 'trend': {
      const { colors, none } = trendColors(color);
      const order = TREND_ORDER;
      const classes: CategoryClass[] = order.map((t) => ({ key: t, value: t, label: TREND_LABELS[t], color: colors[t] }));
      classes.push({ key: NONE_KEY, label: 'Bez časového radu', color: none });
      return {
        kind: 'trend',
        field: null,
        classes,
        numeric: false,
        classify: (props) => {
          const i = order.indexOf(props.__dm_trend as Trend);
          return i < 0 ? order.length : i;
        },
      };
    }
    default:
      return null;
  }
}
