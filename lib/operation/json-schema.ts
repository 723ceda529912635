// JSON Schemas of the operations' zod input and result schemas (z.toJSONSchema, draft 2020-12), for
// /openapi.json (definitions as components) and MCP tools (self-contained, definitions in `$defs`).
// Named parts (`.meta({ id })`) become definitions; protocol parts (fields.ts protocolRef) point at
// the protocol's served JSON Schemas, embedded by lib/protocol/components.ts.
import { z } from 'zod';
import { protocolComponents } from '@/lib/protocol/components';
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

// --- Brief schemas for MCP tools/list -----------------------------------------------------------
// tools/list is read by an assistant on every connection, so its schemas are brief (all tools
// together stay under 25,000 characters): a definition used once is inlined and one used more often
// is kept once in `$defs` (never a block of every definition in every tool), protocol parts are named
// rather than repeated (their schemas are served under /schema/0.1/), tuples are plain arrays of
// numbers with their length, and an answer's schema keeps its members (with the first sentence of
// their descriptions; what lies deeper is described in words there). The whole schemas, with every constraint, are
// served too (GET /mcp/schemas.json, an MCP resource) and name the same definitions.

type Node = JsonSchema;

interface BriefContext {
  defs: Record<string, Node>;
  io: 'input' | 'output';
  maxLevel: number;
  /** Brief forms of the named definitions met, by name. */
  briefDefs: Map<string, Node>;
}

const OUTPUT_KEYS = ['type', 'enum', 'const', 'description'];
// Patterns (dataset keys) are left out: the descriptions say the form and the operation checks it.
const INPUT_KEYS = [...OUTPUT_KEYS, 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'minItems', 'maxItems', 'minLength', 'maxLength', 'default'];

/** The first sentence of a description (an answer's schema in tools/list). */
function firstSentence(text: string): string {
  const m = SENTENCE.exec(text);
  return m ? m[1] : text;
}

/** A sentence end: not the dot of "e.g.", "i.e.", "k. ú." or "etc.". */
const SENTENCE = /^(.+?(?<!\b(?:e\.g|i\.e|etc|k|ú))[.!?])(\s|$)/s;

/** Longest input description in tools/list; a longer one keeps its whole first sentences up to it. */
const INPUT_DESCRIPTION_MAX = 220;

/** Whole sentences of an input description up to INPUT_DESCRIPTION_MAX characters (at least the first). */
function briefInputDescription(text: string): string {
  if (text.length <= INPUT_DESCRIPTION_MAX) return text;
  let out = '';
  let rest = text;
  for (;;) {
    const m = SENTENCE.exec(rest);
    if (!m) break;
    const next = out ? `${out} ${m[1]}` : m[1];
    if (out && next.length > INPUT_DESCRIPTION_MAX) break;
    out = next;
    rest = rest.slice(m[0].length).trimStart();
    if (!rest) break;
  }
  return out && out.length < text.length ? `${out} (More: /mcp/schemas.json.)` : text;
}

function refName(node: Node): string | null {
  return typeof node.$ref === 'string' && node.$ref.startsWith('#/$defs/') ? node.$ref.slice(8) : null;
}

/** allOf of objects (a zod intersection) as one object. */
function mergeAllOf(node: Node, ctx: BriefContext): Node {
  if (!Array.isArray(node.allOf)) return node;
  const { allOf, ...rest } = node;
  const out: Node = { ...rest, type: 'object', properties: {}, required: [] };
  for (const raw of allOf as Node[]) {
    const name = refName(raw);
    const part = mergeAllOf(name ? { ...ctx.defs[name], ...(raw.description ? { description: raw.description } : {}) } : raw, ctx);
    Object.assign(out.properties as Node, part.properties ?? {});
    (out.required as string[]).push(...((part.required as string[] | undefined) ?? []));
    if (!out.description && part.description) out.description = part.description;
  }
  if ((out.required as string[]).length) out.required = [...new Set(out.required as string[])];
  else delete out.required;
  return out;
}

function briefNode(node: Node, ctx: BriefContext, level: number): Node {
  const name = refName(node);
  if (name) {
    const description = node.description as string | undefined;
    protocolDefs ??= rewriteRefs(protocolComponents(), '#/components/schemas/', '#/$defs/') as Record<string, JsonSchema>;
    if (!ctx.defs[name] || (ctx.io === 'output' && protocolDefs[name])) {
      // A protocol part: named, its schema is served (/schema/0.1/).
      const text = `${description ? `${ctx.io === 'output' ? firstSentence(description) : description} ` : ''}(protocol: ${name})`;
      return { description: text };
    }
    if (!ctx.briefDefs.has(name)) {
      ctx.briefDefs.set(name, {}); // a recursive reference meets the placeholder
      ctx.briefDefs.set(name, briefNode(ctx.defs[name], ctx, level));
    }
    return { $ref: `#/$defs/${name}`, ...(description ? { description: ctx.io === 'output' ? firstSentence(description) : description } : {}) };
  }
  const n = mergeAllOf(node, ctx);
  const out: Node = {};
  for (const k of ctx.io === 'input' ? INPUT_KEYS : OUTPUT_KEYS) if (n[k] !== undefined) out[k] = n[k];
  if (typeof out.description === 'string') out.description = ctx.io === 'output' ? firstSentence(out.description) : briefInputDescription(out.description);
  if (Array.isArray(n.prefixItems)) {
    // A tuple: its length and member type (the operation's zod input checks each position's range).
    return { ...out, type: 'array', items: { type: 'number' }, minItems: (n.prefixItems as unknown[]).length, maxItems: (n.prefixItems as unknown[]).length };
  }
  if (Array.isArray(n.anyOf)) {
    const parts = n.anyOf as Node[];
    const nonNull = parts.filter((p) => p.type !== 'null');
    if (parts.length === 2 && nonNull.length === 1) {
      // `X | null`: X, nullable.
      const inner = briefNode(nonNull[0], ctx, level);
      const { description: _d, ...rest } = inner;
      const t = rest.type;
      if (t) return { ...rest, type: [...(Array.isArray(t) ? t : [t]), 'null'], ...(out.description ? { description: out.description } : {}) };
      return { anyOf: [inner, { type: 'null' }], ...(out.description ? { description: out.description } : {}) };
    }
    out.anyOf = parts.map((p) => briefNode(p, ctx, level));
  }
  if (n.items && typeof n.items === 'object') out.items = briefNode(n.items as Node, ctx, level);
  if (n.properties && typeof n.properties === 'object') {
    out.type ??= 'object';
    if (level < ctx.maxLevel) {
      const props: Record<string, Node> = {};
      for (const [k, v] of Object.entries(n.properties as Record<string, Node>)) props[k] = briefNode(v, ctx, level + 1);
      out.properties = props;
      if (Array.isArray(n.required) && (n.required as string[]).length) out.required = n.required;
    }
  }
  if (ctx.io === 'input' && n.additionalProperties && typeof n.additionalProperties === 'object') {
    out.additionalProperties = briefNode(n.additionalProperties as Node, ctx, level + 1);
  }
  return out;
}

function countRefs(node: unknown, into: Map<string, number>): void {
  if (Array.isArray(node)) for (const n of node) countRefs(n, into);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') into.set(v.slice(8), (into.get(v.slice(8)) ?? 0) + 1);
      else countRefs(v, into);
    }
  }
}

function inlineSingles(node: unknown, defs: Map<string, Node>, keep: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((n) => inlineSingles(n, defs, keep));
  if (!node || typeof node !== 'object') return node;
  const n = node as Node;
  const name = refName(n);
  if (name && !keep.has(name)) {
    const { $ref: _r, ...extra } = n;
    return inlineSingles({ ...defs.get(name), ...extra }, defs, keep);
  }
  const out: Node = {};
  for (const [k, v] of Object.entries(n)) out[k] = inlineSingles(v, defs, keep);
  return out;
}

/**
 * The brief form of a standalone schema (see above). `ref` names the whole schema; an answer keeps
 * members down to object level `maxLevel` (0 = the root's members only; array items add no level).
 */
export function briefSchema(schema: JsonSchema, io: 'input' | 'output', ref?: string, maxLevel = 1): JsonSchema {
  const { $defs, ...root } = schema as Node & { $defs?: Record<string, Node> };
  const ctx: BriefContext = { defs: $defs ?? {}, io, maxLevel: io === 'input' ? Infinity : maxLevel, briefDefs: new Map() };
  const brief = briefNode(root, ctx, 0);
  // Definitions used once are inlined; those used more often stay once in `$defs`.
  const counts = new Map<string, number>();
  countRefs(brief, counts);
  for (const d of ctx.briefDefs.values()) countRefs(d, counts);
  const keep = new Set([...counts].filter(([, c]) => c > 1).map(([name]) => name));
  const out = inlineSingles(brief, ctx.briefDefs, keep) as Node;
  if (keep.size) out.$defs = Object.fromEntries([...keep].map((name) => [name, inlineSingles(ctx.briefDefs.get(name), ctx.briefDefs, keep)]));
  out.type = 'object';
  if (ref) out.description = `${out.description ? `${out.description as string} ` : ''}Whole schema: ${ref}.`;
  return out;
}
