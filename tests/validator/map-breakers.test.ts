// What breaks the map is an error, each shown by a real endpoint on 127.0.0.1 that makes the mistake:
// a bbox source ignoring bbox (two windows), coordinates swapped throughout, field values of the
// wrong type, more features than asked for, an http source (static check); misspelt categories and
// use cases get a "did you mean". Errors block registration (422), warnings do not.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Manifest, ManifestDataset } from '@/lib/protocol/types';
import { checkData, checkManifest, type Finding } from '@/lib/validator';
import { runLiveTest } from '@/lib/validator/live';
import { allowInsecureSources, bboxFiltered, pointCollection, pointGrid, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { postRegistration, removeAttempts, removeProviders, uniqueAddress, uniqueId } from '../providers/helpers';

let p: ProviderServer;
let restore: () => void;
const created: string[] = [];
const addresses: string[] = [];

beforeAll(async () => {
  p = await startProviderServer();
  restore = allowInsecureSources(p);
});
afterAll(async () => {
  restore();
  await p.close();
  await removeProviders(...created);
  await removeAttempts(...addresses);
});

/** Zemplínska Teplica and around: where the town's data lie. */
const TOWN: [number, number, number, number] = [21.5, 48.55, 21.65, 48.65];

function dataset(id: string, source: Record<string, unknown>, extra: Partial<ManifestDataset> = {}): ManifestDataset {
  return {
    id,
    title: `Dataset ${id}`,
    description: 'Dáta obce na skúšku validátora.',
    category: 'infrastructure',
    keywords: ['obec'],
    useCases: ['public-administration'],
    coverage: { bbox: TOWN, area: 'Zemplínska Teplica' },
    source: { type: 'geojson', ...source } as ManifestDataset['source'],
    presentation: { type: 'circle', color: '#1f78b4' },
    fields: [
      { key: 'name', label: 'Názov' },
      { key: 'value', label: 'Hodnota', type: 'number' },
    ],
    ...extra,
  };
}

function publish(providerId: string, datasets: ManifestDataset[]): string {
  const manifest: Manifest = {
    protocol: '0.1',
    provider: { id: providerId, name: `Obec ${providerId}`, homepage: 'https://example.sk/' },
    license: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', attribution: '© Obec' },
    datasets,
  };
  p.setBody(`/${providerId}/manifest.json`, manifest);
  return `${p.url}/${providerId}/manifest.json`;
}

const codes = (fs: Finding[]) => fs.map((f) => f.code);

async function liveErrors(providerId: string, datasets: ManifestDataset[]) {
  const { report } = await runLiveTest(publish(providerId, datasets));
  return report;
}

/** Registration answers 422 manifest_rejected with the error in the report. */
async function expectRejected(providerId: string, code: string) {
  const id = providerId;
  created.push(id);
  const a = uniqueAddress();
  addresses.push(a);
  const r = await postRegistration({ manifestUrl: `${p.url}/${providerId}/manifest.json` }, a);
  expect(r.status).toBe(422);
  expect(r.body.code).toBe('manifest_rejected');
  expect(codes(r.body.check.errors)).toContain(code);
}

describe('a bbox source that ignores bbox (bbox_ignored)', () => {
  test('the whole town answered for a small window: mostly outside it', async () => {
    const id = uniqueId('lampy');
    // 2,000 lamps over the whole coverage, whatever the bbox.
    p.setBody(`/${id}/lampy`, pointGrid(TOWN, 2000));
    const report = await liveErrors(id, [dataset('lampy', { url: `${p.url}/${id}/lampy`, mode: 'bbox', maxFeatures: 5000 }, { coverage: { bbox: TOWN, minZoom: 15 } })]);
    const f = report.errors.find((e) => e.code === 'bbox_ignored');
    expect(f, JSON.stringify(report.errors)).toBeDefined();
    expect(f!.path).toBe('datasets/0/source/url');
    expect(f!.message).toMatch(/mimo tohto výrezu/);
    expect(f!.hint).toMatch(/bbox/);
    expect(report.valid).toBe(false);
    await expectRejected(id, 'bbox_ignored');
  });

  test('a dataset lying inside the first window is caught by the second window', async () => {
    const id = uniqueId('body');
    // A few objects around the coverage's centre: the first window holds them all, the second none.
    const c = [(TOWN[0] + TOWN[2]) / 2, (TOWN[1] + TOWN[3]) / 2];
    p.setBody(`/${id}/body`, pointGrid([c[0] - 0.002, c[1] - 0.001, c[0] + 0.002, c[1] + 0.001], 9));
    const report = await liveErrors(id, [dataset('body', { url: `${p.url}/${id}/body`, mode: 'bbox', maxFeatures: 100 })]);
    expect(codes(report.errors)).toEqual(['bbox_ignored']);
    expect(p.requests(`/${id}/body`)).toBe(2);
    const [first, second] = p.log(`/${id}/body`).map((r) => r.query.bbox.split(',').map(Number));
    // Two windows apart (each aligned to the tile grid, as the portal asks); here west of the first,
    // since east of it lies outside the coverage.
    expect(second[2]).toBeLessThan(first[0]);
    expect(second[1]).toBeCloseTo(first[1], 5);
  });

  test('a source that filters by bbox passes both windows', async () => {
    const id = uniqueId('filter');
    p.setBody(`/${id}/data`, bboxFiltered(pointGrid(TOWN, 2000)));
    const report = await liveErrors(id, [dataset('data', { url: `${p.url}/${id}/data`, mode: 'bbox', maxFeatures: 5000 }, { coverage: { bbox: TOWN, minZoom: 15 } })]);
    expect(report.errors).toEqual([]);
    expect(p.requests(`/${id}/data`)).toBe(2);
  });
});

describe('coordinates in [lat, lon] throughout (coordinates_swapped)', () => {
  test('30 bus stops plotted in Saudi Arabia are an error; registration refuses them', async () => {
    const id = uniqueId('zastavky');
    const grid = pointGrid(TOWN, 30) as { features: Array<{ geometry: { coordinates: number[] } }> };
    for (const f of grid.features) f.geometry.coordinates.reverse();
    p.setBody(`/${id}/zastavky`, grid);
    const report = await liveErrors(id, [dataset('zastavky', { url: `${p.url}/${id}/zastavky` })]);
    const f = report.errors.find((e) => e.code === 'coordinates_swapped');
    expect(f, JSON.stringify(report.errors)).toBeDefined();
    expect(f!.message).toContain('30');
    expect(f!.path).toBe('datasets/0/response/features/0/geometry/coordinates');
    await expectRejected(id, 'coordinates_swapped');
  });

  test('a few swapped among many stay the spec recommendation', () => {
    const grid = pointGrid(TOWN, 10) as { features: Array<{ geometry: { coordinates: number[] } }> };
    for (const f of grid.features.slice(0, 7)) f.geometry.coordinates.reverse();
    const r = checkData(grid, dataset('x', { url: 'https://example.sk/x' }));
    expect(codes(r.errors)).toEqual([]);
    expect(codes(r.warnings)).toContain('swapped_coordinates');
  });
});

describe('field values of the wrong type (field_type_mismatch)', () => {
  test('a number field holding "áno" and an array, a boolean holding "nie", a date and a url', async () => {
    const id = uniqueId('povolenia');
    const grid = pointGrid(TOWN, 12) as { features: Array<{ properties: Record<string, unknown> }> };
    grid.features.forEach((f, i) => {
      f.properties.value = i === 0 ? 'áno' : i === 1 ? [1, 2] : i;
      f.properties.platne = i < 6 ? 'nie' : true;
      f.properties.vydane = i === 3 ? '31. 5. 2024' : '2024-05-31';
      f.properties.odkaz = i === 4 ? 'www.obec.sk' : 'https://www.obec.sk/povolenie';
    });
    p.setBody(`/${id}/povolenia`, grid);
    const fields = [
      { key: 'name', label: 'Názov' },
      { key: 'value', label: 'Plocha', type: 'number' as const },
      { key: 'platne', label: 'Platné', type: 'boolean' as const },
      { key: 'vydane', label: 'Vydané', type: 'date' as const },
      { key: 'odkaz', label: 'Odkaz', type: 'url' as const },
    ];
    const report = await liveErrors(id, [dataset('povolenia', { url: `${p.url}/${id}/povolenia` }, { fields })]);
    const mismatches = report.errors.filter((e) => e.code === 'field_type_mismatch');
    expect(mismatches.map((f) => f.path)).toEqual([
      'datasets/0/response/features/0/properties/value',
      'datasets/0/response/features/0/properties/platne',
      'datasets/0/response/features/3/properties/vydane',
      'datasets/0/response/features/4/properties/odkaz',
    ]);
    expect(mismatches[0].message).toContain('2 z 12');
    expect(mismatches[0].message).toContain('"áno"');
    expect(mismatches.every((f) => f.hint)).toBe(true);
    await expectRejected(id, 'field_type_mismatch');
  });

  test('null and missing values fit any type; integers must be whole', () => {
    const ds = dataset('x', { url: 'https://example.sk/x' }, { fields: [{ key: 'n', label: 'N', type: 'integer' }] });
    const data = (values: unknown[]) => ({
      type: 'FeatureCollection',
      features: values.map((v, i) => ({ type: 'Feature', id: i + 1, geometry: { type: 'Point', coordinates: [21.55, 48.6] }, properties: v === undefined ? {} : { n: v } })),
    });
    expect(codes(checkData(data([1, null, undefined, 3]), ds).errors)).toEqual([]);
    expect(codes(checkData(data([1, 2.5]), ds).errors)).toEqual(['field_type_mismatch']);
  });
});

describe('more features than asked for (max_features_exceeded)', () => {
  test('60 features for limit=50 (maxFeatures 50) is an error in the live test', async () => {
    const id = uniqueId('mnoho');
    p.setBody(`/${id}/data`, pointGrid(TOWN, 60));
    const report = await liveErrors(id, [dataset('data', { url: `${p.url}/${id}/data`, maxFeatures: 50 })]);
    expect(p.log(`/${id}/data`)[0].query.limit).toBe('50');
    const f = report.errors.find((e) => e.code === 'max_features_exceeded');
    expect(f, JSON.stringify(report.errors)).toBeDefined();
    expect(f!.message).toContain('60');
    expect(f!.message).toContain('50');
    await expectRejected(id, 'max_features_exceeded');
  });

  test('6,000 features without maxFeatures (limit=5000) likewise', async () => {
    const id = uniqueId('lampy6k');
    p.setBody(`/${id}/data`, pointCollection(6000));
    const report = await liveErrors(id, [dataset('data', { url: `${p.url}/${id}/data` }, { coverage: { bbox: [16.8, 47.7, 22.6, 49.6] } })]);
    expect(p.log(`/${id}/data`)[0].query.limit).toBe('5000');
    expect(codes(report.errors)).toContain('max_features_exceeded');
  });

  test('a pasted collection over the limit stays the spec recommendation too_many_features', () => {
    const r = checkData(pointGrid(TOWN, 60), dataset('x', { url: 'https://example.sk/x', maxFeatures: 50 }));
    expect(codes(r.errors)).toEqual([]);
    expect(codes(r.warnings)).toContain('too_many_features');
  });
});

describe('static check', () => {
  const manifest = (url: string, extra: Partial<ManifestDataset> = {}): Manifest => ({
    protocol: '0.1',
    provider: { id: 'obec-test', name: 'Obec', homepage: 'https://example.sk/' },
    license: { name: 'CC BY 4.0', attribution: '© Obec' },
    datasets: [dataset('d', { url }, extra)],
  });

  test('an http source is https_required before any live test; a private address invalid_url', () => {
    const r = checkManifest(manifest('http://data.obec.sk/lampy.geojson'));
    expect(r.errors).toEqual([expect.objectContaining({ path: 'datasets/0/source/url', code: 'https_required' })]);
    expect(r.errors[0].hint).toMatch(/https/);
    expect(r.valid).toBe(false);
    expect(checkManifest(manifest('https://192.168.1.10/lampy.geojson')).errors).toEqual([expect.objectContaining({ code: 'invalid_url' })]);
    // https, relative URLs and hosts the operator allowed (ALLOW_INSECURE_SOURCES) pass.
    expect(checkManifest(manifest('https://data.obec.sk/lampy.geojson')).errors).toEqual([]);
    expect(checkManifest(manifest('data/lampy.geojson')).errors).toEqual([]);
    expect(checkManifest(manifest(`${p.url}/lampy.geojson`)).errors).toEqual([]);
  });

  test('a misspelt or Slovak category gets a did-you-mean hint', () => {
    for (const [written, meant] of [['infrastucture', 'infrastructure'], ['Doprava', 'transport'], ['príroda', 'nature']]) {
      const r = checkManifest(manifest('https://data.obec.sk/x', { category: written }));
      const w = r.warnings.find((f) => f.code === 'unknown_category');
      expect(w?.hint, written).toContain(`Nemysleli ste "${meant}"?`);
    }
    const w = checkManifest(manifest('https://data.obec.sk/x', { category: 'kultura-a-sport' })).warnings.find((f) => f.code === 'unknown_category');
    expect(w?.hint).toMatch(/^Použite jednu z/);
  });

  test('a use case close to a recommended one gets a did-you-mean hint; other values are allowed', () => {
    const r = checkManifest(manifest('https://data.obec.sk/x', { useCases: ['turism', 'výstavba', 'public-administration', 'zimna-udrzba'] }));
    const found = r.warnings.filter((f) => f.code === 'unknown_use_case');
    expect(found.map((f) => [f.path, f.hint?.slice(0, 30)])).toEqual([
      ['datasets/0/useCases/0', 'Nemysleli ste "tourism"? Odpor'],
      ['datasets/0/useCases/1', 'Nemysleli ste "construction"? '],
    ]);
    expect(r.valid).toBe(true);
  });

  test('every finding of a broken manifest and broken data carries a Slovak message and a hint', () => {
    const broken = {
      protocol: '0.1',
      provider: { id: 'Zla Obec', name: '', homepag: 'x' },
      datasets: [
        { id: 'a', title: 'A', category: 'dopravaa', source: { type: 'geojson', url: 'http://x.sk/a', mode: 'bbox' }, presentation: { type: 'raster' } },
        { id: 'a', title: 'B', source: { type: 'raster', tiles: ['https://t/{z}'] }, params: [{ key: 'x', label: 'X', type: 'enum' }], temporal: { param: 'y' } },
      ],
    };
    const data = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[21, 48], [21.1, 48], [21.1, 48.1], [21, 48.2]]] }, properties: null }, { type: 'Feature', geometry: null, properties: {} }] };
    const reports = [checkManifest(broken), checkData(data, dataset('x', { url: 'https://x.sk' }))];
    const all = reports.flatMap((r) => [...r.errors, ...r.warnings]);
    expect(all.length).toBeGreaterThan(10);
    for (const f of all) {
      expect(f.hint, f.code).toBeTruthy();
      expect(f.message, f.code).toMatch(/[a-záäčďéíĺľňóôŕšťúýž]/i);
    }
  });
});

describe('warnings do not block registration', () => {
  test('a manifest with recommendations only registers (201)', async () => {
    const id = uniqueId('odporucania');
    created.push(id);
    p.setBody(`/${id}/data`, pointGrid(TOWN, 5));
    publish(id, [dataset('data', { url: `${p.url}/${id}/data` }, { useCases: ['turism'], category: 'infrastucture' })]);
    const a = uniqueAddress();
    addresses.push(a);
    const r = await postRegistration({ manifestUrl: `${p.url}/${id}/manifest.json` }, a);
    expect(r.status).toBe(201);
    expect(codes(r.body.check.warnings)).toEqual(expect.arrayContaining(['unknown_use_case', 'unknown_category']));
  });
});
