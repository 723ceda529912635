// One type per answer (issue 30): every declared operation (lib/*/operation.ts, lib/*/*-operation.ts)
// has a zod answer schema, the answer's type is that schema's `z.output` (declared as
// `type X = z.output<typeof schema>` beside it; defineOperation holds each service to the schema), and
// no interface or object type written by hand in lib/, components/, app/ or e2e/ repeats the members of
// an answer or of an object inside one (a type that holds part of an answer is derived from its
// `z.output`); the few the measure flags that are no answer are listed below with their reason. The
// protocol's own types (lib/protocol/types.ts: the manifest a provider writes, held to its JSON Schemas
// by tests/protocol/types-vs-schemas.test.ts) and the OpenAPI document's types are not answers of an
// operation and are left out.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';

const ROOT = path.resolve(import.meta.dirname, '../..');
const rel = (file: string) => path.relative(ROOT, file);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The modules that declare operations: `lib/<domain>/operation.ts` and `lib/<domain>/<x>-operation.ts`. */
const OPERATION_MODULES = walk(path.join(ROOT, 'lib')).filter((f) => /^lib\/[^/]+\/([a-z-]+-)?operation\.ts$/.test(rel(f)));

interface Declared {
  id: string;
  module: string;
  output: z.ZodType;
  /** The schema's name where it is declared (`output: x` in the declaration, through an `import { y as x }`), or null for an inline schema. */
  outputName: string | null;
}

function isOperation(v: unknown): v is { id: string; output: z.ZodType; input: z.ZodType; parse: unknown } {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.id === 'string' && o.input instanceof z.ZodType && o.output instanceof z.ZodType && typeof o.parse === 'function';
}

async function declaredOperations(): Promise<Declared[]> {
  const out: Declared[] = [];
  for (const file of OPERATION_MODULES) {
    const source = readFileSync(file, 'utf8');
    const mod = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (!isOperation(value)) continue;
      // The declaration's text: `id: '<id>'` ... `output: <name>`.
      const at = source.indexOf(`id: '${value.id}'`);
      const local = /output:\s*([A-Za-z0-9_.]+)/.exec(source.slice(at))?.[1] ?? '';
      const outputName = local.startsWith('z.') ? null : (new RegExp(`(\\w+) as ${local}\\b`).exec(source)?.[1] ?? local);
      out.push({ id: value.id, module: rel(file), output: value.output, outputName });
    }
  }
  return out;
}

/** Every object schema inside an answer (the answer itself, its members, items and union options), with its member names. */
function objectsIn(schema: z.ZodType, seen = new Set<z.ZodType>(), out: string[][] = []): string[][] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const visit = (s: unknown) => {
    if (s instanceof z.ZodType) objectsIn(s, seen, out);
  };
  switch (def.type) {
    case 'object': {
      const shape = (schema as z.ZodObject).shape;
      out.push(Object.keys(shape));
      Object.values(shape).forEach(visit);
      break;
    }
    case 'array':
      visit(def.element);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      visit(def.innerType);
      break;
    case 'union':
      (def.options as unknown[]).forEach(visit);
      break;
    case 'intersection':
      visit(def.left);
      visit(def.right);
      break;
    case 'pipe':
      visit(def.in);
      visit(def.out);
      break;
    case 'record':
      visit(def.valueType);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach(visit);
      break;
    case 'lazy':
      visit((def.getter as () => unknown)());
      break;
  }
  return out;
}

/** Interfaces and object type aliases written by hand: their name, file and member names. */
function handWrittenObjectTypes(): Array<{ name: string; file: string; members: string[] }> {
  const files = ['lib', 'components', 'app', 'e2e']
    .flatMap((d) => walk(path.join(ROOT, d)))
    .filter((f) => !/^lib\/(protocol|openapi)\/types\.ts$/.test(rel(f)));
  const out: Array<{ name: string; file: string; members: string[] }> = [];
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const members = (list: ts.NodeArray<ts.TypeElement>) =>
      list.filter((m) => (ts.isPropertySignature(m) || ts.isMethodSignature(m)) && m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name))).map((m) => (m.name as ts.Identifier).text);
    const visit = (node: ts.Node) => {
      if (ts.isInterfaceDeclaration(node)) out.push({ name: node.name.text, file: rel(file), members: members(node.members) });
      else if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) out.push({ name: node.name.text, file: rel(file), members: members(node.type.members) });
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

/** A hand-written type repeats an answer object when most of its members (at least 3, and 3 in 4) are that object's. */
function repeatsObject(members: string[], answerObject: string[]): boolean {
  const shared = members.filter((m) => answerObject.includes(m)).length;
  return shared >= 3 && shared >= 0.75 * members.length && shared >= 0.5 * answerObject.length;
}

/**
 * Named answer schemas with no `z.output` type: nothing names their type, because the route, the MCP
 * tool and the pages take the service's value as it is (it would be declared beside its schema the
 * day something needs it, never written by hand). mapViewResult is the PNG's bytes (a binary string).
 */
const ANSWERS_WITHOUT_TYPE = ['fetchDataResult', 'mapViewResult'];

/**
 * Hand-written object types the measure above flags that are not an answer nor part of one (file and
 * name), each with why. Every other hand-written type repeating an answer object fails this test: derive
 * it from the answer's `z.output` (Pick, Omit, an indexed access) instead.
 */
const NOT_ANSWERS: Record<string, string> = {
  'components/map/legend.tsx ExtraLegend': 'a legend entry of a person’s own file (not an answer; shares key, title, color, label with one)',
};

describe('one type per answer', () => {
  test('every declared operation has a zod answer and is listed in lib/operation/README.md', async () => {
    const ops = await declaredOperations();
    const readme = readFileSync(path.join(ROOT, 'lib/operation/README.md'), 'utf8');
    expect(ops.length).toBeGreaterThanOrEqual(20);
    expect(new Set(ops.map((o) => o.id)).size).toBe(ops.length);
    expect(ops.filter((o) => !readme.includes(`\`${o.id}\``)).map((o) => o.id)).toEqual([]);
  });

  test('each named answer schema has its type declared as its z.output, nowhere written by hand', async () => {
    const ops = await declaredOperations();
    const sources = ['lib', 'components'].flatMap((d) => walk(path.join(ROOT, d))).map((f) => readFileSync(f, 'utf8')).join('\n');
    const names = [...new Set(ops.map((o) => o.outputName).filter((n): n is string => n !== null))].sort();
    const typed = names.filter((n) => new RegExp(`type \\w+ = z\\.output<typeof ${n}>`).test(sources));
    const answers = new Set(ops.map((o) => o.output));
    const objects = [...answers].flatMap((a) => objectsIn(a)).filter((keys) => keys.length >= 3);
    const repeats = handWrittenObjectTypes()
      .filter((t) => objects.some((keys) => repeatsObject(t.members, keys)))
      .map((t) => `${t.file} ${t.name}`)
      .sort();
    // The figures of issue 30's closing note.
    const copies = repeats.filter((r) => !(r in NOT_ANSWERS));
    console.log(
      `answer types: ${ops.length} operations, ${answers.size} answer schemas (${names.length} named, ${answers.size - names.length} inline), ` +
        `${typed.length} answer types declared as z.output, ${copies.length} hand-written object types repeating an answer object ` +
        `(${repeats.length - copies.length} flagged that are not answers)`,
    );
    expect(names.filter((n) => !typed.includes(n))).toEqual(ANSWERS_WITHOUT_TYPE);
    expect(copies).toEqual([]);
    // An entry of NOT_ANSWERS that is no longer flagged (renamed, removed) is struck from the list.
    expect(Object.keys(NOT_ANSWERS).filter((k) => !repeats.includes(k))).toEqual([]);
  });
});
