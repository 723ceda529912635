// JSON Schema validation against the very documents served under /schema/0.1/, compiled once, and
// the translation of ajv's errors into findings with the portal's codes and readable messages.
import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { dataJsonSchema, manifestJsonSchema } from '@/lib/protocol/schemas';
import type { Finding } from './report';
import { editDistance } from './suggest';

/** At most this many schema findings are reported (a broken 5000-feature response would give 50 000). */
const MAX_SCHEMA_FINDINGS = 100;

interface Compiled {
  manifest: object;
  manifestValidator: ValidateFunction;
  datasetValidator: ValidateFunction;
  dataValidator: ValidateFunction;
}

let compiled: Compiled | undefined;

function createAjv(): Ajv2020 {
  // strict: the served schemas must be clean 2020-12 (no unknown keywords); allErrors: a report
  // lists every problem, not the first one; verbose: messages can quote the schema's values.
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, verbose: true });
  addFormats(ajv);
  return ajv;
}

function validators(): Compiled {
  const manifest = manifestJsonSchema();
  // The documents are rebuilt only when the public origin changes (tests); so is the compilation.
  if (compiled?.manifest === manifest) return compiled;
  const data = dataJsonSchema() as { $id: string };
  const ajv = createAjv();
  ajv.addSchema(manifest);
  ajv.addSchema(data);
  const id = (manifest as { $id: string }).$id;
  compiled = {
    manifest,
    manifestValidator: ajv.getSchema(id)!,
    datasetValidator: ajv.getSchema(`${id}#/$defs/dataset`)!,
    dataValidator: ajv.getSchema(data.$id)!,
  };
  return compiled;
}

export function validateManifestSchema(input: unknown): Finding[] {
  const v = validators().manifestValidator;
  return v(input) ? [] : mapErrors(v.errors ?? [], input);
}

/** A single dataset object (the `dataset` of a `{ data, dataset }` check). */
export function validateDatasetSchema(input: unknown, pathPrefix = ''): Finding[] {
  const v = validators().datasetValidator;
  return v(input) ? [] : mapErrors(v.errors ?? [], input, pathPrefix);
}

/** Schema findings of a data response (errors only); the proxy runs it on every upstream answer. */
export function validateDataSchema(data: unknown): Finding[] {
  const v = validators().dataValidator;
  return v(data) ? [] : mapErrors(v.errors ?? [], data);
}

// ---------------------------------------------------------------------------------------------
// Error mapping

/** Named sub-schemas whose failures have their own finding codes in the spec. */
const NAMED_RULES: Array<{ def: string; code: string }> = [
  { def: '/$defs/tilePlaceholders/', code: 'raster_without_template' },
  { def: '/$defs/geojsonNotRaster/', code: 'geojson_with_raster_presentation' },
  { def: '/$defs/paramOptionsRequired/', code: 'param_without_options' },
];

const KEYWORD_CODES: Record<string, string> = {
  type: 'schema_invalid_type',
  required: 'schema_required',
  dependentRequired: 'schema_required',
  additionalProperties: 'schema_unknown_property',
  unevaluatedProperties: 'schema_unknown_property',
  minLength: 'schema_too_small',
  minItems: 'schema_too_small',
  minimum: 'schema_too_small',
  exclusiveMinimum: 'schema_too_small',
  minProperties: 'schema_too_small',
  maxLength: 'schema_too_big',
  maxItems: 'schema_too_big',
  maximum: 'schema_too_big',
  exclusiveMaximum: 'schema_too_big',
  maxProperties: 'schema_too_big',
  items: 'schema_too_big',
  format: 'schema_invalid_format',
  pattern: 'schema_invalid_format',
  enum: 'schema_invalid_value',
  const: 'schema_invalid_value',
  not: 'schema_invalid_value',
  uniqueItems: 'schema_invalid_value',
  multipleOf: 'schema_invalid_value',
};

/** Turns a JSON Pointer (`/datasets/0/id`) into the report's path form (`datasets/0/id`). */
function pointerToPath(pointer: string): string {
  return pointer.startsWith('/') ? pointer.slice(1) : pointer;
}

/** Appends a property name to a path, escaping it as JSON Pointer does. */
export function joinPath(path: string, key: string | number): string {
  const k = String(key).replace(/~/g, '~0').replace(/\//g, '~1');
  return path ? `${path}/${k}` : k;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'pole';
  switch (typeof v) {
    case 'string':
      return 'reťazec';
    case 'number':
      return Number.isInteger(v) ? 'celé číslo' : 'číslo';
    case 'boolean':
      return 'logická hodnota';
    case 'object':
      return 'objekt';
    default:
      return typeof v;
  }
}

const TYPE_NAMES: Record<string, string> = {
  string: 'reťazec',
  number: 'číslo',
  integer: 'celé číslo',
  boolean: 'logická hodnota (true/false)',
  object: 'objekt',
  array: 'pole',
  null: 'null',
};

const FORMAT_NAMES: Record<string, string> = {
  uri: 'absolútna adresa URI',
  'uri-reference': 'adresa URI (môže byť relatívna)',
  email: 'e-mailová adresa',
  date: 'dátum RRRR-MM-DD',
  'date-time': 'dátum a čas podľa ISO 8601',
};

/** Human descriptions of the schema's patterns, so messages do not quote regular expressions. */
function patternMessage(pattern: string, path: string): string {
  if (pattern.includes('0-9a-fA-F')) return 'Farba musí byť v tvare # a 3, 6 alebo 8 šestnástkových číslic (napr. #1f78b4).';
  if (pattern.startsWith('^[a-z0-9]([a-z0-9-]*[a-z0-9])?$')) {
    return 'Identifikátor smie obsahovať len malé písmená bez diakritiky, číslice a spojovník a musí začínať aj končiť písmenom alebo číslicou.';
  }
  if (pattern.startsWith('^[a-z0-9]([a-z0-9-]*[a-z0-9])?/')) return 'Očakáva sa tvar <poskytovateľ>/<dataset>.';
  if (pattern === '^[0-9]+\\.[0-9]+$') return 'Verzia protokolu musí mať tvar <číslo>.<číslo> (napr. 0.1).';
  if (pattern.startsWith('^[0-9]{4}(-(0[1-9]')) return 'Obdobie musí mať tvar RRRR, RRRR-MM alebo RRRR-MM-DD.';
  if (pattern.startsWith('^[0-9]{4}-(0[1-9]')) return 'Očakáva sa dátum podľa ISO 8601 (RRRR-MM-DD, prípadne s časom).';
  if (pattern === '^https?://') return 'Adresa musí začínať http:// alebo https://.';
  if (pattern === '^https://[^\\s]+$') return 'Šablóna dlaždíc musí byť adresa https bez medzier.';
  if (pattern === '^[a-z0-9][a-z0-9_-]*$') return 'Kľúč parametra smie obsahovať len malé písmená, číslice, - a _.';
  if (pattern === '^[a-z0-9-]+$') return 'Názov ikony smie obsahovať len malé písmená, číslice a spojovník.';
  if (pattern === '^[^,]+$') return 'Hodnota voľby nesmie obsahovať čiarku (čiarka oddeľuje viac hodnôt).';
  return `Hodnota v ${path || 'koreni'} nemá požadovaný tvar.`;
}

function listValues(values: unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

function errorToFinding(e: ErrorObject, prefix: string): Finding | null {
  const base = pointerToPath(e.instancePath);
  const at = (p: string) => (prefix ? (p ? `${prefix}/${p}` : prefix) : p);
  if (e.keyword === 'if') return null;
  const named = NAMED_RULES.find((r) => e.schemaPath.includes(r.def));
  if (named) {
    switch (named.code) {
      case 'raster_without_template':
        return {
          path: at(base),
          code: named.code,
          message: 'Šablóna dlaždíc neobsahuje {z}/{x}/{y} ani {bbox-epsg-3857}.',
          hint: 'Napr. https://server/tiles/{z}/{x}/{y}.png alebo WMS GetMap s BBOX={bbox-epsg-3857}.',
        };
      case 'geojson_with_raster_presentation':
        return {
          path: at(base),
          code: named.code,
          message: 'Zdroj GeoJSON nemožno zobraziť ako raster (presentation.type "raster").',
          hint: 'Použite circle, fill, line, symbol, heatmap alebo auto.',
        };
      default:
        return {
          path: at(joinPath(base, 'options')),
          code: named.code,
          message: 'Parameter typu enum alebo multi-enum musí mať zoznam volieb options.',
        };
    }
  }
  const code = KEYWORD_CODES[e.keyword];
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'if':
    case 'propertyNames':
    case 'false schema':
      // `if` only says "then failed" and `propertyNames` wraps the real error; both are reported
      // by the inner error. A `false` schema appears only as `items: false`, covered by maxItems.
      return null;
    case 'required':
    case 'dependentRequired':
      return {
        path: at(joinPath(base, String(p.missingProperty))),
        code: code!,
        message: `Chýba povinná vlastnosť "${String(p.missingProperty)}".`,
      };
    case 'additionalProperties':
      return {
        path: at(joinPath(base, String(p.additionalProperty))),
        code: code!,
        message: `Neznáma vlastnosť "${String(p.additionalProperty)}".`,
        hint: suggestion(String(p.additionalProperty), e.parentSchema),
      };
    case 'type': {
      const expected = String(p.type)
        .split(',')
        .map((t) => TYPE_NAMES[t] ?? t)
        .join(' alebo ');
      return { path: at(base), code: code!, message: `Očakáva sa ${expected}, nie ${describe(e.data)}.` };
    }
    case 'minLength':
      return {
        path: at(base),
        code: code!,
        message: p.limit === 1 ? 'Text nesmie byť prázdny.' : `Text musí mať aspoň ${String(p.limit)} znakov.`,
      };
    case 'maxLength':
      return { path: at(base), code: code!, message: `Text smie mať najviac ${String(p.limit)} znakov (má ${String((e.data as string).length)}).` };
    case 'minItems':
      return { path: at(base), code: code!, message: `Pole musí mať aspoň ${String(p.limit)} položiek (má ${String((e.data as unknown[]).length)}).` };
    case 'maxItems':
    case 'items':
      return {
        path: at(base),
        code: code!,
        message: `Pole smie mať najviac ${String(p.limit)} položiek (má ${String(Array.isArray(e.data) ? e.data.length : '?')}).`,
      };
    case 'minProperties':
      return { path: at(base), code: code!, message: `Objekt musí mať aspoň ${String(p.limit)} vlastností.` };
    case 'maxProperties':
      return { path: at(base), code: code!, message: `Objekt smie mať najviac ${String(p.limit)} vlastností.` };
    case 'minimum':
      return { path: at(base), code: code!, message: `Hodnota ${String(e.data)} je menšia ako minimum ${String(p.limit)}.` };
    case 'exclusiveMinimum':
      return { path: at(base), code: code!, message: `Hodnota musí byť väčšia ako ${String(p.limit)}.` };
    case 'maximum':
      return { path: at(base), code: code!, message: `Hodnota ${String(e.data)} je väčšia ako maximum ${String(p.limit)}.` };
    case 'exclusiveMaximum':
      return { path: at(base), code: code!, message: `Hodnota musí byť menšia ako ${String(p.limit)}.` };
    case 'format': {
      const f = String(p.format);
      return { path: at(base), code: code!, message: `Očakáva sa ${FORMAT_NAMES[f] ?? `formát ${f}`}.` };
    }
    case 'pattern':
      return { path: at(base), code: code!, message: patternMessage(String(p.pattern), base) };
    case 'enum':
      return { path: at(base), code: code!, message: `Hodnota musí byť jedna z: ${listValues(p.allowedValues as unknown[])}.` };
    case 'const':
      return { path: at(base), code: code!, message: `Hodnota musí byť ${JSON.stringify(p.allowedValue)}.` };
    case 'not': {
      const forbidden = (e.schema as { enum?: unknown[] } | undefined)?.enum;
      return {
        path: at(base),
        code: code!,
        message: forbidden ? `Hodnota ${JSON.stringify(e.data)} je vyhradená (${listValues(forbidden)}).` : 'Hodnota nie je povolená.',
      };
    }
    default:
      return { path: at(base), code: code ?? 'schema_invalid_value', message: e.message ?? 'Hodnota nevyhovuje schéme.' };
  }
}

/** Nearest known property name (a typo's likely intent), as a hint. */
function suggestion(unknown: string, parentSchema: unknown): string | undefined {
  const props = (parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  if (!props) return undefined;
  let best: string | undefined;
  let bestDist = Infinity;
  for (const k of Object.keys(props)) {
    const d = editDistance(unknown.toLowerCase(), k.toLowerCase());
    if (d < bestDist) [best, bestDist] = [k, d];
  }
  if (best && bestDist <= Math.max(2, Math.floor(best.length / 3))) return `Nemysleli ste "${best}"?`;
  return `Povolené vlastnosti: ${Object.keys(props).join(', ')} (a rozšírenia x-…).`;
}

function mapErrors(errors: ErrorObject[], _input: unknown, prefix = ''): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const f = errorToFinding(e, prefix);
    if (!f) continue;
    const key = `${f.path}\u0000${f.code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!f.hint) delete f.hint;
    out.push(f);
    if (out.length >= MAX_SCHEMA_FINDINGS) break;
  }
  return out;
}
