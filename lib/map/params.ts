// Dataset parameters and fields as the map needs them. The protocol designs the exact entry
// shape (spec: "not shown"); both the list form (`[{ key, ... }]`) and the map form
// (`{ key: { ... } }`) are accepted so the map keeps working whichever way a manifest writes them.
// Value formats are the protocol's (lib/protocol/shared/params.ts), as the data proxy checks them.
import { canonicalMultiEnum, splitRange } from '@/lib/protocol/shared/params';

type ParamType = 'enum' | 'multi-enum' | 'range' | 'date-range' | 'number' | 'text';

interface ParamOption {
  value: string;
  label: string;
}

export interface ParamSpec {
  key: string;
  label: string;
  type: ParamType;
  /** The default in the protocol's wire format (`a,b` for multi-enum, `from,to` for ranges). */
  default: string;
  options: ParamOption[];
  min?: number | string;
  max?: number | string;
  step?: number;
  unit?: string;
  description?: string;
}

export interface FieldSpec {
  key: string;
  label: string;
  type?: string;
  unit?: string;
  decimals?: number;
  description?: string;
  /** Code -> label for properties holding codes. */
  values?: Record<string, string>;
}

type Loose = Record<string, unknown>;

function isObject(v: unknown): v is Loose {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function entries(input: unknown): Array<[string, Loose]> {
  if (Array.isArray(input)) {
    return input.filter(isObject).flatMap((e) => {
      const key = e.key ?? e.id ?? e.name;
      return typeof key === 'string' && key ? [[key, e] as [string, Loose]] : [];
    });
  }
  if (isObject(input)) {
    return Object.entries(input).flatMap(([k, v]) => (isObject(v) ? [[k, v] as [string, Loose]] : []));
  }
  return [];
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Turns a default of any JSON form into the wire format the data endpoint takes. */
function wireValue(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.map(wireValue).join(',');
  if (isObject(v)) {
    const from = v.from ?? v.min ?? v.start;
    const to = v.to ?? v.max ?? v.end;
    if (from !== undefined || to !== undefined) return `${wireValue(from)},${wireValue(to)}`;
    return '';
  }
  return String(v);
}

function options(v: unknown): ParamOption[] {
  if (Array.isArray(v)) {
    return v.flatMap((o) => {
      if (typeof o === 'string' || typeof o === 'number') return [{ value: String(o), label: String(o) }];
      if (isObject(o) && (typeof o.value === 'string' || typeof o.value === 'number')) {
        return [{ value: String(o.value), label: str(o.label) ?? str(o.title) ?? String(o.value) }];
      }
      return [];
    });
  }
  if (isObject(v)) {
    return Object.entries(v).map(([value, label]) => ({ value, label: typeof label === 'string' ? label : value }));
  }
  return [];
}

const KNOWN_TYPES: ParamType[] = ['enum', 'multi-enum', 'range', 'date-range', 'number', 'text'];

export function paramSpecs(params: unknown): ParamSpec[] {
  return entries(params).map(([key, e]) => {
    const type = (KNOWN_TYPES as string[]).includes(String(e.type)) ? (e.type as ParamType) : 'text';
    const min = typeof e.min === 'number' || typeof e.min === 'string' ? e.min : undefined;
    const max = typeof e.max === 'number' || typeof e.max === 'string' ? e.max : undefined;
    let def = wireValue(e.default);
    // A range without a default covers its whole span.
    if (!def && (type === 'range' || type === 'date-range') && min !== undefined && max !== undefined) {
      def = `${min},${max}`;
    }
    return {
      key,
      label: str(e.label) ?? str(e.title) ?? key,
      type,
      default: type === 'multi-enum' ? normalizeMulti(def) : def,
      options: options(e.options ?? e.values),
      min,
      max,
      step: typeof e.step === 'number' ? e.step : undefined,
      unit: str(e.unit),
      description: str(e.description),
    };
  });
}

export function fieldSpecs(fields: unknown): FieldSpec[] {
  return entries(fields).map(([key, e]) => ({
    key,
    label: str(e.label) ?? str(e.title) ?? key,
    type: str(e.type),
    unit: str(e.unit),
    decimals: typeof e.decimals === 'number' ? e.decimals : undefined,
    description: str(e.description),
    values: isObject(e.values) ? (Object.fromEntries(Object.entries(e.values).filter(([, v]) => typeof v === 'string')) as Record<string, string>) : undefined,
  }));
}

/** Multi-enum values are sets: written sorted so equal selections give equal URLs and cache keys. */
export const normalizeMulti = canonicalMultiEnum;

/** Parameter defaults of a dataset, in wire format. */
export function paramDefaults(params: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of paramSpecs(params)) out[p.key] = p.default;
  return out;
}

export { splitRange };
