// fast-check arbitraries for the fuzzer: hostile strings and numbers, and values generated from a
// JSON Schema (the served /openapi.json components and the MCP tools' input schemas), mostly valid
// with junk mixed in at every level, so requests get past the first check and break deeper ones.
import fc from 'fast-check';

type Schema = Record<string, unknown> | boolean;

/** Strings people and scripts actually send, and the ones that break parsers. */
const NASTY = [
  '',
  ' ',
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  '-0',
  '0x1F',
  '1e309',
  '-1e309',
  '1e-400',
  '9007199254740993',
  '1_000',
  '٣',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '[object Object]',
  '__proto__',
  'constructor',
  '\u0000',
  '\u0000\u0001\u0002\u001f\u007f',
  '\r\n\r\n',
  '\t',
  '\uFEFF',
  '\u202E',
  '\uD800',
  '\uDFFF',
  '\u{1F5FA}\uFE0F',
  'e\u0301',
  'Žilina',
  'Košice',
  'Banská Bystrica',
  'Nové Zámky',
  'ľščťžýáíéäôúňď',
  'ĽŠČŤŽÝÁÍÉÄÔÚŇĎ',
  '北京市',
  'Ærøskøbing',
  "' OR 1=1 --",
  "'; drop table providers; --",
  '$(reboot)',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '%',
  '%%',
  '%zz',
  '%00',
  '%C3%28',
  '%ED%A0%80',
  '%FF%FE',
  ',,,',
  ',',
  '1,2',
  '1,2,3',
  '1,2,3,4,5',
  '-180,-90,180,90',
  '180,90,-180,-90',
  '17.1,48.1,17.1,48.1',
  'a,b,c,d',
  '1e308,1e308,1e308,1e308',
  'NaN,NaN',
  '17.1077,48.1486',
  '48.1486,17.1077',
  '200,100',
  'x'.repeat(2050),
  'á'.repeat(1200),
  '9'.repeat(400),
];

/** Hostile strings: unicode (full range incl. lone surrogates), control characters, nasty constants. */
export const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\u0007', '\n', '\r', '\t', '\u001b', 'a', 'ž', ',', '%'), maxLength: 20 }) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** Numbers that break naive arithmetic. */
const junkNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 5e-324, 2 ** 31, -(2 ** 31) - 1, 0.1 + 0.2),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON-able junk, nested a little. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: junkString },
  { weight: 2, arbitrary: junkNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(junkString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(junkString, fc.oneof(junkString, junkNumber), { maxKeys: 4 }) },
);

export interface SchemaContext {
  /** The document `$ref`s point into (`#/components/...`, `#/$defs/...`). */
  root: unknown;
  /** Probability of junk instead of a schema value at each node. */
  junk: number;
  /** Realistic values by property name (dataset keys, municipality names, points). */
  hints?: (name: string) => fc.Arbitrary<unknown> | undefined;
  maxDepth?: number;
}

function resolvePointer(root: unknown, ref: string): Schema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node as Schema | undefined;
}

function stringArb(s: Record<string, unknown>): fc.Arbitrary<string> {
  const format = s.format as string | undefined;
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  const maxLength = typeof s.maxLength === 'number' ? Math.min(s.maxLength, 80) : 40;
  if (format === 'uri' || format === 'url' || format === 'uri-reference') {
    return fc.oneof(fc.webUrl({ withQueryParameters: true }), fc.constantFrom('https://example.invalid/manifest.json', 'http://127.0.0.1:1/x', 'file:///etc/passwd', 'javascript:alert(1)', 'https://[::1]/', 'https://169.254.169.254/latest/meta-data/', '/relative/path.json', 'data.json'));
  }
  if (format === 'email') return fc.emailAddress();
  if (format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (typeof s.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).map((v) => v.slice(0, Math.max(maxLength, minLength, 1)));
    } catch {
      // Patterns fast-check cannot invert fall back to plain strings.
    }
  }
  return fc.string({ unit: 'grapheme', minLength: Math.min(minLength, maxLength), maxLength: Math.max(minLength, maxLength) });
}

function numberArb(s: Record<string, unknown>, integer: boolean): fc.Arbitrary<number> {
  const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined;
  const max = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : undefined;
  if (integer) {
    return fc.integer({ min: Math.max(min ?? -1_000_000, Number.MIN_SAFE_INTEGER), max: Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER) });
  }
  return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
}

/** Values for `schema`: valid most of the time, junk with probability ctx.junk at every node. */
export function schemaArb(schema: Schema | undefined, ctx: SchemaContext, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const hint = name ? ctx.hints?.(name) : undefined;
  const proper = properArb(schema, ctx, depth, name);
  const withHint = hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: proper }) : proper;
  if (ctx.junk <= 0) return withHint;
  const w = Math.max(1, Math.round(ctx.junk * 100));
  return fc.oneof({ weight: 100 - w, arbitrary: withHint }, { weight: w, arbitrary: junkValue });
}

function properArb(schema: Schema | undefined, ctx: SchemaContext, depth: number, name: string): fc.Arbitrary<unknown> {
  if (depth > (ctx.maxDepth ?? 7)) return fc.oneof(junkString, junkNumber, fc.constant(null));
  if (schema === undefined || schema === true || (typeof schema === 'object' && Object.keys(schema).length === 0)) {
    return junkValue;
  }
  if (schema === false) return junkValue;
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string') {
    const target = resolvePointer(ctx.root, s.$ref);
    return target === undefined ? junkValue : properArb(target, ctx, depth + 1, name);
  }
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const alts = s[key];
    if (Array.isArray(alts) && alts.length) {
      return fc.oneof(...alts.map((a) => schemaArb({ ...stripComposite(s), ...(a as object) } as Schema, ctx, depth + 1, name)));
    }
  }
  if (Array.isArray(s.allOf) && s.allOf.length) {
    return properArb(mergeAll(s, ctx.root), ctx, depth + 1, name);
  }
  const type = s.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => properArb({ ...s, type: t }, ctx, depth, name)));
  if (type === 'object' || (type === undefined && (s.properties || s.additionalProperties))) return objectArb(s, ctx, depth);
  if (type === 'array' || (type === undefined && s.items)) {
    const minLength = Math.min(typeof s.minItems === 'number' ? s.minItems : 0, 3);
    const maxLength = Math.max(minLength, Math.min(typeof s.maxItems === 'number' ? s.maxItems : 4, 5));
    if (Array.isArray(s.prefixItems)) {
      return fc.tuple(...(s.prefixItems as Schema[]).map((p) => schemaArb(p, ctx, depth + 1)));
    }
    return fc.array(schemaArb(s.items as Schema, ctx, depth + 1), { minLength, maxLength });
  }
  if (type === 'string') return stringArb(s);
  if (type === 'integer') return numberArb(s, true);
  if (type === 'number') return numberArb(s, false);
  if (type === 'boolean') return fc.boolean();
  if (type === 'null') return fc.constant(null);
  return junkValue;
}

function stripComposite(s: Record<string, unknown>): Record<string, unknown> {
  const { oneOf: _o, anyOf: _a, ...rest } = s;
  return rest;
}

function mergeAll(s: Record<string, unknown>, root: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { ...s };
  delete out.allOf;
  const props: Record<string, unknown> = { ...((s.properties as object) ?? {}) };
  const required = new Set<string>((s.required as string[]) ?? []);
  for (const part of s.allOf as Schema[]) {
    let p = part as Record<string, unknown>;
    if (typeof p.$ref === 'string') p = (resolvePointer(root, p.$ref) as Record<string, unknown>) ?? {};
    Object.assign(props, (p.properties as object) ?? {});
    for (const r of (p.required as string[]) ?? []) required.add(r);
    if (p.type && !out.type) out.type = p.type;
  }
  out.properties = props;
  out.required = [...required];
  return out;
}

function objectArb(s: Record<string, unknown>, ctx: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set<string>((s.required as string[]) ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) model[k] = schemaArb(v, ctx, depth + 1, k);
  const record = fc.record(model, { requiredKeys: Object.keys(model).filter((k) => required.has(k)) });
  const extra =
    s.additionalProperties && typeof s.additionalProperties === 'object'
      ? fc.dictionary(fc.string({ maxLength: 12 }), schemaArb(s.additionalProperties as Schema, ctx, depth + 1), { maxKeys: 3 })
      : fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(junkString, junkValue, { maxKeys: 2 }) });
  return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
}

/** Query values: strings only (what a URL can carry), valid-looking or hostile. */
export function queryValueArb(schema: Schema | undefined, ctx: SchemaContext, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: schemaArb(schema, { ...ctx, junk: 0 }, 0, name).map(toQueryString) },
    { weight: 3, arbitrary: junkString },
    { weight: 1, arbitrary: junkNumber.map(String) },
  );
}

function toQueryString(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(',');
  if (typeof v === 'object' && v !== null) return JSON.stringify(v);
  return String(v);
}

/** Percent-encodes like a browser, or (mode "raw") leaves broken escapes and reserved characters in. */
export function encodeComponent(value: string, mode: 'proper' | 'raw'): string {
  if (mode === 'proper') return encodeURIComponent(toWellFormed(value));
  // Only bytes an HTTP client can put on the wire unescaped stay raw; the rest is escaped so the
  // request line is legal, but '%', '&', '=', '+', '#', '/' and '?' go through as they are.
  return Array.from(value)
    .map((ch) => (/^[\x21-\x7e]$/.test(ch) ? ch : encodeURIComponent(toWellFormed(ch))))
    .join('')
    .replace(/#/g, '%23');
}

/** Lone surrogates cannot be percent-encoded; encodeURIComponent throws on them. */
function toWellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
