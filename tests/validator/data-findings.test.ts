// One case per code of the spec's "Data findings" table: data (and a dataset) that trigger it, the
// expected level and path. The bases are the portal's own samples, which trigger nothing.
import { describe, expect, test } from 'vitest';
import { EXAMPLES } from '@/lib/protocol/examples';
import type { DataCollection, DataFeature, ManifestDataset } from '@/lib/protocol/types';
import { checkData, validateDataSchema, type Report } from '@/lib/validator';

type Coll = DataCollection & { dm: NonNullable<DataCollection['dm']> };

const manifest = () => structuredClone(EXAMPLES['manifest-complete']) as { datasets: ManifestDataset[] };
const dataset = (id: string): ManifestDataset => structuredClone(manifest().datasets.find((d) => d.id === id)!);
const points = (): Coll => structuredClone(EXAMPLES['data-points']) as Coll;
const polygons = (): Coll => structuredClone(EXAMPLES['data-polygons']) as Coll;
const coords = (f: DataFeature) => (f.geometry as { coordinates: number[] }).coordinates;

function find(report: Report, code: string) {
  const e = report.errors.find((f) => f.code === code);
  if (e) return { level: 'error' as const, finding: e };
  const w = report.warnings.find((f) => f.code === code);
  if (w) return { level: 'warning' as const, finding: w };
  return null;
}

interface Case {
  code: string;
  level: 'error' | 'warning';
  path: string;
  input: () => { data: unknown; dataset?: ManifestDataset; limit?: number };
}

const cases: Case[] = [
  {
    code: 'coordinates_out_of_range',
    level: 'error',
    path: 'features/0/geometry/coordinates/0',
    input: () => {
      const d = points();
      coords(d.features[0])[0] = 2_000_000; // S-JTSK or Web Mercator metres instead of degrees
      return { data: d };
    },
  },
  {
    code: 'unclosed_polygon',
    level: 'error',
    path: 'features/0/geometry/coordinates/0',
    input: () => {
      const d = polygons();
      const ring = (d.features[0].geometry as { coordinates: number[][][] }).coordinates[0];
      ring[ring.length - 1] = [ring[0][0] + 0.01, ring[0][1]];
      return { data: d };
    },
  },
  { code: 'too_many_features', level: 'warning', path: 'features', input: () => ({ data: points(), limit: 5 }) },
  {
    code: 'missing_time_series',
    level: 'warning',
    path: 'dm',
    input: () => {
      const d = points();
      delete d.dm.timeline;
      delete d.dm.chart;
      return { data: d, dataset: dataset('kvalita-ovzdusia') };
    },
  },
  {
    code: 'missing_trend_chart',
    level: 'warning',
    path: 'features/2/dm/chart',
    input: () => {
      const d = points();
      delete d.features[2].dm!.chart;
      return { data: d, dataset: dataset('pm10-triedy') };
    },
  },
  {
    code: 'trend_without_chart',
    level: 'warning',
    path: 'features/0/dm/chart',
    input: () => {
      const d = points();
      delete d.features[0].dm!.chart;
      return { data: d, dataset: dataset('pm10-trend') };
    },
  },
  {
    // More than half swapped, not all: the spec's recommendation (all of them: coordinates_swapped).
    code: 'swapped_coordinates',
    level: 'warning',
    path: 'features/0/geometry/coordinates',
    input: () => {
      const d = points();
      for (const f of d.features.slice(0, d.features.length - 2)) coords(f).reverse();
      return { data: d };
    },
  },
  {
    code: 'coordinates_swapped',
    level: 'error',
    path: 'features/0/geometry/coordinates',
    input: () => {
      const d = points();
      for (const f of d.features) coords(f).reverse();
      return { data: d };
    },
  },
  {
    code: 'outside_coverage',
    level: 'warning',
    path: 'features/0/geometry',
    input: () => {
      const d = points();
      for (const f of d.features) coords(f)[0] += 30;
      return { data: d, dataset: dataset('kvalita-ovzdusia') };
    },
  },
  {
    code: 'geometry_presentation_mismatch',
    level: 'warning',
    path: 'features/0/geometry/type',
    input: () => ({ data: polygons(), dataset: { ...dataset('chranene-uzemia'), presentation: { type: 'circle', color: '#2e7d32' } } }),
  },
  {
    code: 'field_missing_in_data',
    level: 'warning',
    path: 'features/0/properties/obec',
    input: () => {
      const d = points();
      for (const f of d.features) delete f.properties!.obec;
      return { data: d, dataset: dataset('kvalita-ovzdusia') };
    },
  },
  {
    code: 'missing_presentation_property',
    level: 'warning',
    path: 'features/3/properties/typ',
    input: () => {
      const d = points();
      delete d.features[3].properties!.typ;
      return { data: d, dataset: dataset('kvalita-ovzdusia') };
    },
  },
  {
    code: 'missing_id',
    level: 'warning',
    path: 'features/1/id',
    input: () => {
      const d = points();
      delete d.features[1].id;
      return { data: d };
    },
  },
  {
    code: 'empty_geometry',
    level: 'warning',
    path: 'features/4/geometry',
    input: () => {
      const d = points();
      d.features[4].geometry = null;
      return { data: d };
    },
  },
  // Schema codes on data
  { code: 'schema_invalid_value', level: 'error', path: 'type', input: () => ({ data: { ...points(), type: 'Featurecollection' } }) },
  { code: 'schema_required', level: 'error', path: 'features', input: () => ({ data: { type: 'FeatureCollection' } }) },
  {
    code: 'schema_too_small',
    level: 'error',
    path: 'features/0/dm/chart/points',
    input: () => {
      const d = points();
      d.features[0].dm!.chart!.points.splice(1);
      return { data: d };
    },
  },
  {
    code: 'schema_invalid_format',
    level: 'error',
    path: 'features/0/dm/chart/points/0/period',
    input: () => {
      const d = points();
      d.features[0].dm!.chart!.points[0].period = '2015-13';
      return { data: d };
    },
  },
  {
    code: 'schema_too_big',
    level: 'error',
    path: 'dm/timeline',
    input: () => {
      const d = points();
      d.dm.timeline = Array.from({ length: 401 }, (_, i) => ({ period: String(1600 + i), count: 1 }));
      return { data: d };
    },
  },
  {
    code: 'schema_invalid_type',
    level: 'error',
    path: 'features/0/geometry/coordinates/1',
    input: () => {
      const d = points();
      (coords(d.features[0]) as unknown[])[1] = '48.15';
      return { data: d };
    },
  },
  {
    code: 'schema_unknown_property',
    level: 'error',
    path: 'features/0/dm/titel',
    input: () => {
      const d = points();
      (d.features[0].dm as Record<string, unknown>).titel = 'Preklep';
      return { data: d };
    },
  },
  {
    code: 'schema_custom',
    level: 'error',
    path: 'features/0/dm/chart/points/1/period',
    input: () => {
      const d = points();
      d.features[0].dm!.chart!.points.reverse();
      return { data: d };
    },
  },
];

describe('data findings', () => {
  test('the data samples trigger nothing, alone and against each of their datasets', () => {
    for (const data of [points(), polygons()]) expect(checkData(data)).toMatchObject({ valid: true, errors: [], warnings: [] });
    for (const ds of manifest().datasets) {
      if (ds.source.type !== 'geojson') continue;
      const data = ds.source.url === 'data-points.json' ? points() : polygons();
      const r = checkData(data, ds);
      expect([...r.errors, ...r.warnings], ds.id).toEqual([]);
      expect(r.summary).toBe('Dáta sú platné (0 chýb, 0 odporúčaní).');
    }
  });

  for (const c of cases) {
    test(`${c.code} (${c.level}) at ${c.path}`, () => {
      const { data, dataset: ds, limit } = c.input();
      const r = checkData(data, ds, limit === undefined ? {} : { limit });
      const hit = find(r, c.code);
      expect(hit, JSON.stringify([...r.errors, ...r.warnings], null, 1)).not.toBeNull();
      expect(hit!.level).toBe(c.level);
      expect(hit!.finding.path).toBe(c.path);
      expect(r.valid).toBe(c.level === 'warning' ? true : false);
    });
  }

  test('every code of the table is covered', () => {
    const codes = new Set(cases.map((c) => c.code));
    for (const code of [
      'coordinates_out_of_range', 'unclosed_polygon', 'too_many_features', 'missing_time_series', 'missing_trend_chart',
      'trend_without_chart', 'swapped_coordinates', 'outside_coverage', 'geometry_presentation_mismatch',
      'field_missing_in_data', 'missing_presentation_property', 'missing_id', 'empty_geometry',
    ]) {
      expect(codes.has(code), code).toBe(true);
    }
  });

  test('more than 5000 objects is too_many_features even without a limit', () => {
    const f = points().features[0];
    const data = { type: 'FeatureCollection', features: Array.from({ length: 5001 }, (_, i) => ({ ...f, id: i })) };
    const r = checkData(data);
    expect(r.warnings.map((w) => w.code)).toEqual(['too_many_features']);
    expect(r.warnings[0].message).toContain('5000');
  });

  test('the dataset maxFeatures is the limit when none is given', () => {
    const ds = dataset('kvalita-ovzdusia');
    (ds.source as { maxFeatures: number }).maxFeatures = 10;
    expect(find(checkData(points(), ds), 'too_many_features')?.level).toBe('warning');
  });

  test('an invalid dataset in { data, dataset } is reported under dataset/', () => {
    const ds = { ...dataset('kvalita-ovzdusia'), title: '' };
    const r = checkData(points(), ds);
    expect(r.errors).toEqual([expect.objectContaining({ path: 'dataset/title', code: 'schema_too_small' })]);
  });

  test('one finding per feature for out-of-range coordinates, capped per code', () => {
    const d = points();
    for (const f of d.features) coords(f)[1] = 123;
    const r = checkData(d);
    const oor = r.errors.filter((e) => e.code === 'coordinates_out_of_range');
    expect(oor.length).toBe(d.features.length);
    expect(oor[0].path).toBe('features/0/geometry/coordinates/1');
  });

  test('not a collection at all', () => {
    for (const input of [null, 7, 'x', [], { type: 'Feature', geometry: null, properties: {} }]) {
      const r = checkData(input);
      expect(r.valid).toBe(false);
      expect(r.errors[0].code).toMatch(/^schema_/);
    }
  });

  test('validateDataSchema returns schema findings only', () => {
    expect(validateDataSchema(points())).toEqual([]);
    const d = points();
    coords(d.features[0])[0] = 500; // a range problem is not a schema problem
    expect(validateDataSchema(d)).toEqual([]);
    d.features[0].geometry = { type: 'Circle', coordinates: [1, 2] } as never;
    expect(validateDataSchema(d)).toEqual([expect.objectContaining({ path: 'features/0/geometry/type', code: 'schema_invalid_value' })]);
  });

  test('a broken 5000-feature response reports a bounded number of findings', () => {
    const data = { type: 'FeatureCollection', features: Array.from({ length: 5000 }, () => ({ type: 'Feature', geometry: { type: 'Point', coordinates: ['x', 'y'] } })) };
    const findings = validateDataSchema(data);
    expect(findings.length).toBeLessThanOrEqual(100);
    expect(findings[0].code).toBe('schema_invalid_type');
  });
});
