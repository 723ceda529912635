// How an object of a GeoJSON dataset is told to a person or an assistant: its title and its values,
// labelled by the dataset's `fields` (label, unit, code lists), never its geometry. Shared by nearby
// hits and by the summary's rankings and `own` entries, so the same object reads the same everywhere.
import { fieldLabel } from '@/lib/protocol/shared/fields';
import type { FieldDef, ManifestDataset } from '@/lib/protocol/types';
import type { HitValue } from './schema';

export type Scalar = string | number | boolean | null;

export type { HitValue };

/** Property names that commonly hold an object's name, when the dataset does not say which. */
const NAME_KEYS = ['name', 'nazov', 'názov', 'title', 'nazev', 'název', 'label', 'meno', 'NAZOV', 'NAME', 'Name'];
const DM_PREFIX = '__dm_';

function toScalar(v: unknown): Scalar {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  return JSON.stringify(v);
}

export { fieldLabel };

function roundTo(v: number, decimals: number | undefined): number {
  if (decimals === undefined) return v;
  const k = 10 ** decimals;
  return Math.round(v * k) / k;
}

/** A field's value for people: codes through the field's code list, numbers to its decimals. */
function fieldValue(field: FieldDef, raw: unknown): Scalar {
  if (raw === null || raw === undefined) return null;
  const mapped = field.values?.[String(raw)];
  if (mapped !== undefined) return mapped;
  if (typeof raw === 'number') return roundTo(raw, field.decimals);
  return toScalar(raw);
}

/** What featureTitle reads of a dataset: a manifest's dataset, or the map's catalog entry with its fields normalised (fieldSpecs). */
export interface TitledDataset {
  title: string;
  presentation?: unknown;
  fields?: ReadonlyArray<{ key: string; type?: string }>;
}

/**
 * The name of an object: the provider's dm.title, the presentation's label field, a name-like
 * property, the first text field, or the dataset's title with the id (the map's object list passes
 * the position in the list). One function for nearby hits, summaries and the map's list.
 */
export function featureTitle(dataset: TitledDataset, props: Record<string, unknown>, id?: string | number): string {
  const dmTitle = props[`${DM_PREFIX}title`];
  if (typeof dmTitle === 'string' && dmTitle.trim()) return dmTitle;
  const labelKey = (dataset.presentation as { label?: unknown } | undefined)?.label;
  if (typeof labelKey === 'string' && props[labelKey] !== undefined && props[labelKey] !== null) return String(props[labelKey]);
  for (const k of NAME_KEYS) {
    const v = props[k];
    if ((typeof v === 'string' && v.trim()) || typeof v === 'number') return String(v);
  }
  const firstText = dataset.fields?.find((f) => (f.type ?? 'string') === 'string' && typeof props[f.key] === 'string' && props[f.key]);
  if (firstText) return String(props[firstText.key]);
  return id !== undefined && id !== null && id !== '' ? `${dataset.title} ${id}` : dataset.title;
}

/**
 * The labelled values of an object. With `fields`, those fields in their order (only the present
 * ones); without, every property under its own name. The provider's description comes last.
 */
export function featureValues(dataset: ManifestDataset, props: Record<string, unknown>): HitValue[] {
  const out: HitValue[] = [];
  if (dataset.fields?.length) {
    for (const f of dataset.fields) {
      const raw = props[f.key];
      if (raw === undefined || raw === null || raw === '') continue;
      out.push({ label: fieldLabel(f), value: fieldValue(f, raw) });
    }
  } else {
    for (const [k, v] of Object.entries(props)) {
      if (k.startsWith(DM_PREFIX) || v === undefined || v === null || v === '') continue;
      out.push({ label: k, value: toScalar(v) });
    }
  }
  const description = props[`${DM_PREFIX}description`];
  if (typeof description === 'string' && description.trim()) out.push({ label: 'Popis', value: description });
  const trend = props[`${DM_PREFIX}trend`];
  if (typeof trend === 'string') out.push({ label: 'Trend', value: trend });
  return out;
}

export function featureUrl(props: Record<string, unknown>): string | undefined {
  const url = props[`${DM_PREFIX}url`];
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : undefined;
}

/**
 * Properties with the provider's `dm` extras folded in as `__dm_*` (the proxy already does this;
 * doing it here too keeps the functions correct for collections from any path).
 */
export function featureProps(feature: { properties?: Record<string, unknown> | null; dm?: Record<string, unknown> }): Record<string, unknown> {
  const props = feature.properties ?? {};
  if (!feature.dm) return props;
  const out: Record<string, unknown> = { ...props };
  for (const [k, v] of Object.entries(feature.dm)) if (out[`${DM_PREFIX}${k}`] === undefined) out[`${DM_PREFIX}${k}`] = v;
  return out;
}
