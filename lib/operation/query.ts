// An operation's input from a query string: strings coerced to the input's own types, dataset
// parameters gathered as the binding says, unknown members refused. Pure zod (the contract layer),
// so a domain can read a query string the way the REST face does (lib/data/query.ts) and the
// OpenAPI document and MCP tools can read an input's members (objectShape, schemaKind).
import { z } from 'zod';
import { CACHE_BUSTER, refuseUnknownNames, type RestBinding } from './define';

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; items?: z.ZodType[]; shape?: Record<string, z.ZodType> };

const def = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional/default/nullable/pipe wrappers: what the value itself must be. */
function baseSchema(s: z.ZodType): z.ZodType {
  for (;;) {
    const d = def(s);
    if (d.innerType && ['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional'].includes(d.type)) s = d.innerType;
    else if (d.type === 'pipe' && d.in) s = d.in;
    else return s;
  }
}

export function schemaKind(s: z.ZodType): string {
  return def(baseSchema(s)).type;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function coerceScalar(schema: z.ZodType | undefined, raw: string): unknown {
  const kind = schema ? schemaKind(schema) : 'string';
  const s = raw.trim();
  if (kind === 'number' || kind === 'int') return NUMBER.test(s) ? Number(s) : raw;
  if (kind === 'boolean') return s === 'true' ? true : s === 'false' ? false : raw;
  return raw;
}

/**
 * One query-string member as the field's type: numbers parsed (strictly: `12abc` stays a string and
 * fails as one), arrays and tuples split on commas (OpenAPI `style: form, explode: false`).
 */
function coerceQueryValue(schema: z.ZodType, raw: string): unknown {
  const base = baseSchema(schema);
  const d = def(base);
  if (d.type === 'array' || d.type === 'tuple') {
    const parts = raw.split(',').map((p) => p.trim());
    const items = d.type === 'tuple' ? parts : parts.filter(Boolean);
    return items.map((p, i) => coerceScalar(d.type === 'tuple' ? d.items?.[i] : d.element, p));
  }
  return coerceScalar(base, raw);
}

/** The members of an object input (under refinements and transforms). */
export function objectShape(input: z.ZodType): Record<string, z.ZodType> {
  const shape = def(baseSchema(input)).shape;
  if (!shape) throw new Error('a query-string input must be an object schema');
  return shape;
}

/** `{provider}/{dataset}.{param}` as in map links. */
const DOTTED_PARAM = /^([^/.]+\/[^/.]+)\.(.+)$/;

/** The query members an operation names itself (its input fields, less `params` and a path `dataset`). */
function queryFieldNames(input: z.ZodType, binding: Pick<RestBinding, 'datasetPath' | 'params' | 'pathParams'>): string[] {
  return Object.keys(objectShape(input)).filter(
    (name) => name !== 'params' && !(binding.datasetPath && name === 'dataset') && !binding.pathParams?.includes(name),
  );
}

/**
 * The operation's input from a query string (plus path parameters), not yet validated. A member
 * that is neither a field nor a dataset parameter of the binding's form is refused (`invalid_query`
 * naming it and the nearest known one); `flat` dataset parameters are checked against the dataset
 * by its service (it alone knows the dataset's parameters).
 */
export function queryInput(input: z.ZodType, binding: Pick<RestBinding, 'datasetPath' | 'params' | 'pathParams'>, query: Record<string, string>, path: Record<string, string> = {}): Record<string, unknown> {
  const shape = objectShape(input);
  const fields = queryFieldNames(input, binding);
  // Null-prototype objects and own-property look-ups: a member named `constructor` or `__proto__`
  // is just an unknown member, never an inherited property.
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const params: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const unknown: string[] = [];
  for (const [name, raw] of Object.entries(query)) {
    if (name === CACHE_BUSTER) continue;
    if (fields.includes(name)) {
      // An empty member counts as absent (the field's default or its "missing" rule applies).
      if (raw.trim() !== '') out[name] = coerceQueryValue(shape[name], raw);
      continue;
    }
    if (binding.params === 'flat') params[name] = raw;
    else {
      const m = binding.params === 'dotted' ? DOTTED_PARAM.exec(name) : null;
      if (m) ((params[m[1]] ??= Object.create(null)) as Record<string, string>)[m[2]] = raw;
      else unknown.push(name);
    }
  }
  refuseUnknownNames(unknown, fields, 'query parameter', binding.params === 'dotted' ? 'Dataset parameters are written `{provider}/{dataset}.{param}`.' : '');
  if (binding.params && Object.keys(params).length) out.params = params;
  if (binding.datasetPath && shape.dataset) out.dataset = `${path.provider ?? ''}/${path.dataset ?? ''}`;
  for (const name of binding.pathParams ?? []) out[name] = path[name];
  return out;
}
