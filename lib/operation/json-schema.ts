// JSON Schemas of the operations' zod input and result schemas (z.toJSONSchema, draft 2020-12), for
// /openapi.json (definitions as components) and MCP tools (self-contained, definitions in `$defs`).
// Named parts (`.meta({ id })`) become definitions; protocol parts (fields.ts protocolRef) point at
// the protocol's served JSON Schemas, embedded by lib/openapi/protocol-schemas.ts.
import { z } from 'zod';
import { protocolComponents } from '@/lib/openapi/protocol-schemas';
import { protocolRefs } from './fields';

export type JsonSchema = { [keyword: string]: unknown };

export interface Converted {
  /** The schema, `$ref`s as `#/$defs/<Name>`. */
  root: JsonSchema;
  /** Named definitions it uses (zod `id`s), not the protocol's. */
  defs: Record<string, JsonSchema>;
}

/** Result objects are open (an added member is not a breaking change); inputs ignore unknown members. */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'additionalProperties' && v === false) continue;
    // z.int()'s safe-integer bounds say nothing a reader needs.
    if ((k === 'maximum' && v === Number.MAX_SAFE_INTEGER) || (k === 'minimum' && v === Number.MIN_SAFE_INTEGER)) continue;
    // zod writes a record's key type; every JSON object key is a string anyway.
    if (k === 'propertyNames' && JSON.stringify(v) === '{"type":"string"}') continue;
    out[k] = openObjects(v);
  }
  return out;
}

/** `target` `openapi-3.0` serves documents that must stay OpenAPI 3.0 (the OGC API's /ogc/api). */
export function convert(schema: z.ZodType, io: 'input' | 'output', target: 'draft-2020-12' | 'openapi-3.0' = 'draft-2020-12'): Converted {
  const json = z.toJSONSchema(schema, {
    target,
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      const ref = protocolRefs.get(ctx.zodSchema as unknown as z.ZodType)?.ref;
      if (!ref) return;
      const description = ctx.jsonSchema.description;
      for (const k of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as JsonSchema)[k];
      Object.assign(ctx.jsonSchema, { $ref: `#/$defs/${ref}` }, description ? { description } : {});
    },
  }) as JsonSchema;
  const { $schema: _s, $defs, ...root } = openObjects(json) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  return { root, defs: $defs ?? {} };
}

function rewriteRefs(node: unknown, from: string, to: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, from, to));
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith(from) ? to + v.slice(from.length) : rewriteRefs(v, from, to);
  }
  return out;
}

/** For OpenAPI: `$ref`s point at `#/components/schemas/<Name>`. */
export function toComponentRefs<T>(node: T): T {
  return rewriteRefs(node, '#/$defs/', '#/components/schemas/') as T;
}

function refsIn(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) for (const n of node) refsIn(n, into);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) into.add(v.slice(8).split('/')[0]);
      else refsIn(v, into);
    }
  }
}

let protocolDefs: Record<string, JsonSchema> | undefined;

/**
 * Tuples in a form that draft-07 validators read the same way as draft 2020-12 ones: `prefixItems`
 * with `items: false` becomes `prefixItems` plus `items` listing the member schemas (a 2020-12
 * validator checks each position; a draft-07 one, such as the MCP SDK client's ajv, which knows no
 * `prefixItems` and would read `items: false` as "no items", checks every member against the list),
 * with `minItems`/`maxItems` fixing the length in both.
 */
function portableTuples(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(portableTuples);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = portableTuples(v);
  if (Array.isArray(out.prefixItems) && out.items === false) {
    const members = [...new Map((out.prefixItems as unknown[]).map((m) => [JSON.stringify(m), m])).values()];
    out.items = members.length === 1 ? members[0] : { anyOf: members };
    out.minItems ??= (out.prefixItems as unknown[]).length;
    out.maxItems ??= (out.prefixItems as unknown[]).length;
  }
  return out;
}

/**
 * A self-contained schema (MCP inputSchema / outputSchema): the root with the named definitions and
 * the protocol parts it refers to, transitively, under `$defs`.
 */
export function standalone(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { root, defs } = convert(schema, io);
  protocolDefs ??= rewriteRefs(protocolComponents(), '#/components/schemas/', '#/$defs/') as Record<string, JsonSchema>;
  const all: Record<string, JsonSchema> = { ...defs };
  const pending = new Set<string>();
  refsIn(root, pending);
  refsIn(defs, pending);
  while (pending.size) {
    const [name] = pending;
    pending.delete(name);
    if (all[name]) continue;
    const def = protocolDefs[name];
    if (!def) throw new Error(`unknown schema reference ${name}`);
    all[name] = def;
    refsIn(def, pending);
  }
  return portableTuples(Object.keys(all).length ? { ...root, $defs: all } : root) as JsonSchema;
}
