// One case per code of the spec's "Manifest findings" table (plus each schema_* code): an input that
// triggers it, the expected level and path. The base manifest is the complete sample, which
// triggers nothing at all.
import { describe, expect, test } from 'vitest';
import { EXAMPLES } from '@/lib/protocol/examples';
import type { ManifestDataset } from '@/lib/protocol/types';
import { checkManifest, type Report } from '@/lib/validator';

// Loose, writable view of a manifest for the mutations below.
type M = {
  protocol: string;
  provider: Record<string, unknown> & { contact?: Record<string, unknown> };
  license?: unknown;
  datasets: Array<ManifestDataset & Record<string, unknown>>;
} & Record<string, unknown>;

const base = (): M => structuredClone(EXAMPLES['manifest-complete']) as M;
const index = (id: string) => base().datasets.findIndex((d) => d.id === id);
const P = index('kvalita-ovzdusia'); // circle, categorical colour, params rok (range) + typ (multi-enum)
const STEP = index('pm10-triedy');
const BBOX = index('chranene-uzemia-rozloha');
const RASTER = index('katastralna-mapa');

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
  mutate: (m: M) => unknown;
}

const cases: Case[] = [
  // JSON Schema violations
  { code: 'schema_invalid_type', level: 'error', path: 'provider/name', mutate: (m) => void (m.provider.name = 5) },
  { code: 'schema_too_small', level: 'error', path: 'datasets', mutate: (m) => void (m.datasets = []) },
  { code: 'schema_too_big', level: 'error', path: `datasets/${P}/title`, mutate: (m) => void (m.datasets[P].title = 'x'.repeat(121)) },
  { code: 'schema_invalid_format', level: 'error', path: 'provider/contact/email', mutate: (m) => void (m.provider.contact!.email = 'podpora na obci') },
  { code: 'schema_invalid_value', level: 'error', path: `datasets/${P}/source/mode`, mutate: (m) => void ((m.datasets[P].source as { mode: string }).mode = 'viewport') },
  { code: 'schema_required', level: 'error', path: 'provider/id', mutate: (m) => void delete m.provider.id },
  { code: 'schema_unknown_property', level: 'error', path: `datasets/${P}/titel`, mutate: (m) => void (m.datasets[P].titel = 'Preklep') },
  { code: 'schema_custom', level: 'error', path: `datasets/1/id`, mutate: (m) => void (m.datasets[1].id = m.datasets[0].id) },
  // The spec's manifest findings
  { code: 'unsupported_version', level: 'error', path: 'protocol', mutate: (m) => void (m.protocol = '1.0') },
  {
    code: 'raster_without_template',
    level: 'error',
    path: `datasets/${RASTER}/source/tiles/0`,
    mutate: (m) => void ((m.datasets[RASTER].source as { tiles: string[] }).tiles = ['https://tiles.example.sk/ortofoto.png']),
  },
  {
    code: 'geojson_with_raster_presentation',
    level: 'error',
    path: `datasets/${P}/presentation/type`,
    mutate: (m) => void (m.datasets[P].presentation = { type: 'raster', opacity: 0.5 }),
  },
  { code: 'param_without_options', level: 'error', path: `datasets/${P}/params/1/options`, mutate: (m) => void delete m.datasets[P].params![1].options },
  { code: 'invalid_default', level: 'error', path: `datasets/${P}/params/1/default`, mutate: (m) => void (m.datasets[P].params![1].default = 'autobusova') },
  { code: 'time_param_missing', level: 'error', path: `datasets/${P}/temporal/param`, mutate: (m) => void (m.datasets[P].temporal!.param = 'obdobie') },
  { code: 'time_param_type', level: 'error', path: `datasets/${P}/temporal/param`, mutate: (m) => void (m.datasets[P].temporal!.param = 'typ') },
  { code: 'time_param_no_range', level: 'warning', path: `datasets/${P}/params/0`, mutate: (m) => void delete m.datasets[P].params![0].max },
  { code: 'unknown_presentation_type', level: 'warning', path: `datasets/${P}/presentation/type`, mutate: (m) => void (m.datasets[P].presentation = { type: 'hexbin' }) },
  {
    code: 'raster_without_raster_presentation',
    level: 'warning',
    path: `datasets/${RASTER}/presentation/type`,
    mutate: (m) => void (m.datasets[RASTER].presentation = { type: 'fill' }),
  },
  { code: 'missing_description', level: 'warning', path: `datasets/${P}/description`, mutate: (m) => void delete m.datasets[P].description },
  { code: 'missing_keywords', level: 'warning', path: `datasets/${P}/keywords`, mutate: (m) => void (m.datasets[P].keywords = []) },
  { code: 'missing_use_cases', level: 'warning', path: `datasets/${P}/useCases`, mutate: (m) => void delete m.datasets[P].useCases },
  { code: 'missing_category', level: 'warning', path: `datasets/${P}/category`, mutate: (m) => void delete m.datasets[P].category },
  { code: 'unknown_category', level: 'warning', path: `datasets/${P}/category`, mutate: (m) => void (m.datasets[P].category = 'ovzdusie') },
  { code: 'missing_field', level: 'warning', path: `datasets/${P}/fields`, mutate: (m) => void delete m.datasets[P].fields },
  {
    code: 'field_not_described',
    level: 'warning',
    path: `datasets/${P}/presentation/label`,
    mutate: (m) => void ((m.datasets[P].presentation as { label: string }).label = 'meno'),
  },
  {
    code: 'field_not_number',
    level: 'warning',
    path: `datasets/${STEP}/presentation/color/field`,
    mutate: (m) => void (((m.datasets[STEP].presentation as { color: { field: string } }).color.field = 'nazov')),
  },
  {
    code: 'bbox_unbounded',
    level: 'warning',
    path: `datasets/${BBOX}/source`,
    mutate: (m) => {
      delete m.datasets[BBOX].coverage!.minZoom;
      delete (m.datasets[BBOX].source as { maxFeatures?: number }).maxFeatures;
    },
  },
  { code: 'missing_coverage', level: 'warning', path: `datasets/${BBOX}/coverage`, mutate: (m) => void delete m.datasets[BBOX].coverage },
  { code: 'missing_license', level: 'warning', path: 'license', mutate: (m) => void delete m.license },
  { code: 'missing_website', level: 'warning', path: 'provider/homepage', mutate: (m) => void delete m.provider.homepage },
  // Portal extension
  { code: 'display_only_ignored', level: 'warning', path: `datasets/${RASTER}/displayOnly`, mutate: (m) => void (m.provider.managedBy = 'provider') },
];

describe('manifest findings', () => {
  test('the complete sample triggers nothing', () => {
    const r = checkManifest(base());
    expect(r).toEqual({ valid: true, summary: 'Manifest je platný (0 chýb, 0 odporúčaní).', errors: [], warnings: [] });
  });

  test('the minimal sample has no errors', () => {
    const r = checkManifest(EXAMPLES['manifest-minimal']);
    expect(r.errors).toEqual([]);
    expect(r.valid).toBe(true);
  });

  for (const c of cases) {
    test(`${c.code} (${c.level}) at ${c.path}`, () => {
      const m = base();
      c.mutate(m);
      const r = checkManifest(m);
      const hit = find(r, c.code);
      expect(hit, JSON.stringify(r, null, 1)).not.toBeNull();
      expect(hit!.level).toBe(c.level);
      expect(hit!.finding.path).toBe(c.path);
      expect(hit!.finding.message.length).toBeGreaterThan(10);
      expect(r.valid).toBe(r.errors.length === 0);
      if (c.level === 'warning') expect(r.valid).toBe(true);
      else expect(r.valid).toBe(false);
    });
  }

  test('every level in the table is covered', () => {
    const codes = new Set(cases.map((c) => c.code));
    for (const code of [
      'unsupported_version', 'raster_without_template', 'geojson_with_raster_presentation', 'param_without_options',
      'invalid_default', 'time_param_missing', 'time_param_type', 'time_param_no_range', 'unknown_presentation_type',
      'raster_without_raster_presentation', 'missing_description', 'missing_keywords', 'missing_use_cases',
      'missing_category', 'unknown_category', 'missing_field', 'field_not_described', 'field_not_number',
      'bbox_unbounded', 'missing_coverage', 'missing_license', 'missing_website',
    ]) {
      expect(codes.has(code), code).toBe(true);
    }
  });

  test('an unknown property gets a did-you-mean hint', () => {
    const m = base();
    m.datasets[P].titel = 'Preklep';
    const f = checkManifest(m).errors.find((e) => e.code === 'schema_unknown_property')!;
    expect(f.hint).toContain('"title"');
  });

  test('another major version reports only unsupported_version', () => {
    const r = checkManifest({ protocol: '2.3', whatever: true });
    expect(r.errors.map((e) => e.code)).toEqual(['unsupported_version']);
    expect(r.summary).toBe('Manifest nie je platný (1 chyba, 0 odporúčaní).');
  });

  test('a newer minor version of the same major is accepted', () => {
    const m = base();
    m.protocol = '0.7';
    expect(checkManifest(m).valid).toBe(true);
  });

  test('x- extension properties are allowed', () => {
    const m = base();
    m['x-interne'] = { owner: 'GIS oddelenie' };
    m.datasets[0]['x-poznamka'] = 'ok';
    expect(checkManifest(m).errors).toEqual([]);
  });

  const inputs: Array<[string, unknown, string]> = [
    ['a string', 'manifest', ''],
    ['an array', [], ''],
    ['null', null, ''],
  ];
  for (const [name, input, path] of inputs) {
    test(`${name} is a schema_invalid_type at the root`, () => {
      const r = checkManifest(input);
      expect(r.valid).toBe(false);
      expect(r.errors[0]).toMatchObject({ code: 'schema_invalid_type', path });
    });
  }

  test('rules a schema cannot express are schema_custom', () => {
    const m = base();
    m.datasets[P].coverage!.bbox = [22.5, 47.7, 16.8, 49.6];
    m.datasets[P].coverage!.maxZoom = 3;
    (m.datasets[STEP].presentation as { color: { stops: unknown[] } }).color.stops = [[30, '#ff0000'], [20, '#00ff00']];
    const custom = checkManifest(m).errors.filter((e) => e.code === 'schema_custom').map((e) => e.path);
    expect(custom).toEqual(
      expect.arrayContaining([`datasets/${P}/coverage/bbox/2`, `datasets/${P}/coverage/maxZoom`, `datasets/${STEP}/presentation/color/stops/1/0`]),
    );
  });

  test('tile templates: ArcGIS {z}/{y}/{x} and WMS {bbox-epsg-3857} pass, http fails', () => {
    const m = base();
    const src = m.datasets[RASTER].source as { tiles: string[] };
    src.tiles = ['https://zbgis.skgeodesy.sk/zbgis/rest/services/Ortofoto/MapServer/tile/{z}/{y}/{x}', 'https://a.example.sk/wms?BBOX={bbox-epsg-3857}'];
    expect(checkManifest(m).errors).toEqual([]);
    src.tiles = ['http://tiles.example.sk/{z}/{x}/{y}.png'];
    const r = checkManifest(m);
    expect(r.errors).toEqual([expect.objectContaining({ code: 'schema_invalid_format', path: `datasets/${RASTER}/source/tiles/0` })]);
  });

  test('a colour in a wrong form points at the colour', () => {
    const m = base();
    (m.datasets[P].presentation as { color: { values: Record<string, string> } }).color.values.dopravna = 'red';
    const r = checkManifest(m);
    expect(r.errors).toEqual([expect.objectContaining({ code: 'schema_invalid_format', path: `datasets/${P}/presentation/color/values/dopravna` })]);
    expect(r.errors[0].message).toContain('#');
  });

  test('javascript: links are refused', () => {
    const m = base();
    m.provider.homepage = 'javascript:alert(1)';
    expect(checkManifest(m).errors).toEqual([expect.objectContaining({ path: 'provider/homepage', code: 'schema_invalid_format' })]);
  });

  test('reserved parameter keys are refused', () => {
    const m = base();
    m.datasets[P].params![1].key = 'bbox';
    expect(checkManifest(m).errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: `datasets/${P}/params/1/key`, code: 'schema_invalid_value' })]),
    );
  });

  test('a finding of a schema error never duplicates', () => {
    const m = base();
    (m.datasets[P].coverage as { bbox: number[] }).bbox = [1, 2, 3, 4, 5];
    const r = checkManifest(m);
    expect(r.errors).toEqual([expect.objectContaining({ path: `datasets/${P}/coverage/bbox`, code: 'schema_too_big' })]);
  });

  test('Slovak plural forms in the summary', () => {
    const m = base();
    delete m.datasets[P].description;
    delete m.datasets[P].keywords;
    expect(checkManifest(m).summary).toBe('Manifest je platný (0 chýb, 2 odporúčania).');
    m.provider.name = 5;
    delete m.datasets[0].useCases;
    delete m.datasets[0].category;
    delete m.datasets[0].fields;
    expect(checkManifest(m).summary).toBe('Manifest nie je platný (1 chyba, 5 odporúčaní).');
  });
});
