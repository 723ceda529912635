// lib/protocol/types.ts cannot drift from the protocol's JSON Schemas (lib/protocol/schemas, the very
// documents served under /schema/0.1/ and enforced by the validator): for each object of the schemas
// and the TypeScript type that stands for it, read with the TypeScript compiler, the property names
// are the same, a property is required in one exactly when it is in the other, and a property whose
// schema lists its values (`enum`, `const`) has exactly those values as its literal type. A member
// added to, renamed in or dropped from either side fails here until the other follows.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { dataJsonSchema, manifestJsonSchema } from '@/lib/protocol/schemas';

type Json = { [k: string]: unknown };

/** TypeScript interface of lib/protocol/types.ts -> the JSON Pointer of its object in a schema. */
/**
 * `via`: the object that dispatches to this one by its `type` and requires it there (a presentation
 * is chosen by `presentation.type`, which the `presentation` object requires), so it is required here.
 */
const PAIRS: Array<{ type: string; schema: 'manifest' | 'data'; pointer: string; via?: string }> = [
  { type: 'Manifest', schema: 'manifest', pointer: '' },
  { type: 'ManifestProvider', schema: 'manifest', pointer: '/$defs/provider' },
  { type: 'License', schema: 'manifest', pointer: '/$defs/license' },
  { type: 'ManifestDataset', schema: 'manifest', pointer: '/$defs/dataset' },
  { type: 'Coverage', schema: 'manifest', pointer: '/$defs/coverage' },
  { type: 'Temporal', schema: 'manifest', pointer: '/$defs/temporal' },
  { type: 'GeoJsonSource', schema: 'manifest', pointer: '/$defs/geojsonSource' },
  { type: 'RasterSource', schema: 'manifest', pointer: '/$defs/rasterSource' },
  { type: 'FieldDef', schema: 'manifest', pointer: '/$defs/field' },
  { type: 'ParamDef', schema: 'manifest', pointer: '/$defs/param' },
  { type: 'ParamOption', schema: 'manifest', pointer: '/$defs/param/properties/options/items' },
  { type: 'CirclePresentation', schema: 'manifest', pointer: '/$defs/circlePresentation', via: '/$defs/presentation' },
  { type: 'FillPresentation', schema: 'manifest', pointer: '/$defs/fillPresentation', via: '/$defs/presentation' },
  { type: 'LinePresentation', schema: 'manifest', pointer: '/$defs/linePresentation', via: '/$defs/presentation' },
  { type: 'SymbolPresentation', schema: 'manifest', pointer: '/$defs/symbolPresentation', via: '/$defs/presentation' },
  { type: 'HeatmapPresentation', schema: 'manifest', pointer: '/$defs/heatmapPresentation', via: '/$defs/presentation' },
  { type: 'RasterPresentation', schema: 'manifest', pointer: '/$defs/rasterPresentation', via: '/$defs/presentation' },
  { type: 'LegendEntry', schema: 'manifest', pointer: '/$defs/rasterPresentation/properties/legend/items' },
  { type: 'AutoPresentation', schema: 'manifest', pointer: '/$defs/autoPresentation', via: '/$defs/presentation' },
  { type: 'CategoricalColor', schema: 'manifest', pointer: '/$defs/categoricalColor' },
  { type: 'InterpolateColor', schema: 'manifest', pointer: '/$defs/interpolateColor' },
  { type: 'StepColor', schema: 'manifest', pointer: '/$defs/stepColor' },
  { type: 'TrendColor', schema: 'manifest', pointer: '/$defs/trendColor' },
  { type: 'DataCollection', schema: 'data', pointer: '' },
  { type: 'DataFeature', schema: 'data', pointer: '/$defs/feature' },
  { type: 'FeatureDm', schema: 'data', pointer: '/$defs/featureDm' },
  { type: 'CollectionDm', schema: 'data', pointer: '/$defs/collectionDm' },
  { type: 'Chart', schema: 'data', pointer: '/$defs/chart' },
  { type: 'ChartPoint', schema: 'data', pointer: '/$defs/chart/properties/points/items' },
  { type: 'TimelineItem', schema: 'data', pointer: '/$defs/collectionDm/properties/timeline/items' },
];

const schemas = { manifest: manifestJsonSchema() as Json, data: dataJsonSchema() as Json };

function at(root: Json, pointer: string): Json {
  let node: unknown = root;
  for (const part of pointer.split('/').slice(1)) node = (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return resolve(root, node as Json);
}

function resolve(root: Json, node: Json): Json {
  let n = node;
  while (typeof n.$ref === 'string') n = { ...at(root, (n.$ref as string).slice(1)), ...Object.fromEntries(Object.entries(n).filter(([k]) => k !== '$ref')) };
  return n;
}

/** The values a property of the schema may take, when it lists them; null otherwise. */
function schemaValues(root: Json, prop: Json): string[] | null {
  const p = resolve(root, prop);
  if (Array.isArray(p.enum)) return (p.enum as unknown[]).map(String).sort();
  if (p.const !== undefined) return [String(p.const)];
  return null;
}

interface Shape {
  properties: string[];
  required: string[];
  values: Record<string, string[] | null>;
}

function schemaShape(root: Json, pointer: string, via?: string): Shape {
  const node = at(root, pointer);
  const props = (node.properties ?? {}) as Record<string, Json>;
  const required = new Set([...((node.required ?? []) as string[]), ...((via ? at(root, via).required ?? [] : []) as string[])]);
  return {
    properties: Object.keys(props).sort(),
    required: [...required].sort(),
    values: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, schemaValues(root, v)])),
  };
}

const program = ts.createProgram([path.join(process.cwd(), 'lib/protocol/types.ts')], { strict: true, target: ts.ScriptTarget.ES2022, noEmit: true });
const checker = program.getTypeChecker();
const source = program.getSourceFile(path.join(process.cwd(), 'lib/protocol/types.ts'))!;

function declaredType(name: string): ts.Type {
  const decl = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!decl) throw new Error(`lib/protocol/types.ts has no interface ${name}`);
  return checker.getTypeAtLocation(decl.name);
}

/** String literal values of a property's type (undefined left out), when it is a union of them only. */
function literalValues(type: ts.Type): string[] | null {
  const parts = (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & ts.TypeFlags.Undefined));
  if (!parts.length || !parts.every((t) => t.isStringLiteral() || t.isNumberLiteral())) return null;
  return parts.map((t) => String((t as ts.LiteralType).value)).sort();
}

function typeShape(name: string): Shape {
  const type = declaredType(name);
  const props = checker.getPropertiesOfType(type);
  return {
    properties: props.map((p) => p.name).sort(),
    required: props.filter((p) => !(p.flags & ts.SymbolFlags.Optional)).map((p) => p.name).sort(),
    values: Object.fromEntries(props.map((p) => [p.name, literalValues(checker.getTypeOfSymbolAtLocation(p, source))])),
  };
}

describe('lib/protocol/types.ts against the JSON Schemas', () => {
  for (const pair of PAIRS) {
    test(`${pair.type} = ${pair.schema}.json#${pair.pointer}`, () => {
      const fromSchema = schemaShape(schemas[pair.schema], pair.pointer, pair.via);
      const fromType = typeShape(pair.type);
      expect(fromType.properties, 'property names').toEqual(fromSchema.properties);
      expect(fromType.required, 'required properties').toEqual(fromSchema.required);
      for (const [prop, values] of Object.entries(fromSchema.values)) {
        if (values) expect(fromType.values[prop], `${prop}: the listed values`).toEqual(values);
      }
    });
  }

  test('every object type of lib/protocol/types.ts is compared', () => {
    const interfaces = source.statements.filter(ts.isInterfaceDeclaration).map((d) => d.name.text);
    // UnknownPresentation is the portal's reading of a presentation type it does not know (the schema
    // accepts any `type` beyond the listed ones, so no schema object stands for it).
    expect(interfaces.filter((n) => n !== 'UnknownPresentation').sort()).toEqual(PAIRS.map((p) => p.type).sort());
  });
});
