// The map and the summary agree on colour classes: for every presentation colour the built-in
// samples and the reference provider serve, and for random property values (numbers, numeric and
// other strings, blanks, booleans, missing), the colour MapLibre draws from the map's expression
// (lib/map/colors.ts) is the colour of lib/protocol/shared/colors.ts colorOf, and the summary counts
// the object in the class of that colour (lib/summary/categories.ts).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { baseColorExpression } from '@/lib/map/colors';
import { exampleDocument } from '@/lib/protocol/examples';
import { cleanStops, colorOf, mixColors, numericValue, TREND_ORDER } from '@/lib/protocol/shared/colors';
import type { ColorSpec, DataCollection, Manifest, ManifestDataset } from '@/lib/protocol/types';
import { referenceProviderManifest } from '@/lib/reference/provider';
import { classifierFor, presentationColor } from '@/lib/summary/categories';
import { evalColor } from '../helpers/maplibre-color';

const samples: ManifestDataset[] = [
  ...(exampleDocument('manifest-complete') as Manifest).datasets,
  ...(exampleDocument('manifest-minimal') as Manifest).datasets,
  ...referenceProviderManifest('http://127.0.0.1').datasets,
];
const coloured = samples.filter((d) => presentationColor(d) !== undefined);
const sampleData = ['data-points', 'data-polygons'].flatMap((n) => (exampleDocument(n) as DataCollection).features.map((f) => f.properties ?? {}));

/** Channels of two `#rrggbb` colours differ by at most `tolerance` (interpolation rounds). */
function near(a: string, b: string, tolerance: number): boolean {
  const ch = (s: string) => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16));
  const [x, y] = [ch(a), ch(b)];
  return x.every((v, i) => Math.abs(v - y[i]) <= tolerance);
}

/** `#rgb` as `#rrggbb`, as MapLibre reports every colour. */
function long(hex: string): string {
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex.slice(0, 7).toLowerCase();
}

/** Values a property of real data may hold, weighted towards the spec's own categories and stops. */
function valueFor(spec: ColorSpec): fc.Arbitrary<unknown> {
  const numbers = [0, ...(typeof spec === 'object' && 'stops' in spec ? cleanStops(spec.stops).map(([t]) => t) : [])];
  const categories = typeof spec === 'object' && spec.type === 'categorical' ? Object.keys(spec.values ?? {}) : [];
  const near = fc.constantFrom(...numbers).chain((t) => fc.double({ min: t - 100, max: t + 100, noNaN: true }));
  return fc.oneof(
    near,
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    near.map((n) => String(n)),
    near.map((n) => ` ${n} `),
    near.map((n) => String(n).replace('.', ',')),
    fc.constantFrom('', ' ', '0', ' 0 ', '-0', '1e3', 'Infinity', 'abc', '12 ks', true, false, null, undefined),
    fc.string(),
    ...(categories.length ? [fc.constantFrom(...categories)] : []),
    fc.constantFrom(...TREND_ORDER, 'rastie'),
  );
}

/** Properties holding `v` in the colour field (or in `__dm_trend`); undefined = the property is missing. */
function propsWith(spec: ColorSpec, v: unknown): Record<string, unknown> {
  const field = typeof spec === 'object' && 'field' in spec ? spec.field : '__dm_trend';
  return v === undefined ? {} : { [field]: v };
}

function checkAgreement(d: ManifestDataset, props: Record<string, unknown>): void {
  const spec = presentationColor(d)!;
  const interpolated = typeof spec === 'object' && spec.type === 'interpolate';
  const expected = long(colorOf(spec, props));
  const drawn = evalColor(baseColorExpression(spec), props);
  expect(near(drawn, expected, interpolated ? 1 : 0), `${d.id} ${JSON.stringify(props)}: map ${drawn}, colorOf ${expected}`).toBe(true);

  const classifier = classifierFor(d);
  if (!classifier) return;
  const cls = classifier.classes[classifier.classify(props)];
  if (!interpolated || cls.from === undefined) {
    expect(long(cls.color ?? ''), `${d.id} ${JSON.stringify(props)}: class ${cls.key}`).toBe(expected);
    return;
  }
  // An interpolate class is a range: the object's colour lies between the colours at its ends.
  const n = numericValue(props[classifier.field!])!;
  const [from, to] = [cls.from!, cls.to!];
  const at = Math.min(Math.max(n, from), to);
  const ends = [colorOf(spec, { [classifier.field!]: from }), colorOf(spec, { [classifier.field!]: to })];
  expect(near(long(mixColors(ends[0], ends[1], (at - from) / (to - from))), expected, 1), `${d.id} ${n} in ${cls.key}`).toBe(true);
}

describe('the map and the summary colour every object alike', () => {
  test('the samples cover every kind of colour', () => {
    const kinds = new Set(coloured.map((d) => presentationColor(d)).map((c) => (typeof c === 'string' ? 'constant' : c!.type)));
    expect([...kinds].sort()).toEqual(['categorical', 'constant', 'interpolate', 'step', 'trend']);
  });

  for (const d of coloured) {
    test(`${d.id}: the samples' own objects`, () => {
      for (const props of sampleData) checkAgreement(d, props);
    });
    test(`${d.id}: random values`, () => {
      const spec = presentationColor(d)!;
      fc.assert(
        fc.property(valueFor(spec), (v) => checkAgreement(d, propsWith(spec, v))),
        { numRuns: 300 },
      );
    });
  }
});
