// Parameters in their protocol formats, tile-aligned bboxes and the request URL sent to providers.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isApiError } from '@/lib/errors';
import { EXAMPLES } from '@/lib/protocol/examples';
import { alignBboxToTiles, checkParamValue, normalizeParams, resolveSourceUrls, sourceRequestUrl, type Bbox } from '@/lib/protocol/request';
import { ON_GRID_DEGREES } from '@/lib/protocol/shared/tiles';
import type { Manifest, ManifestDataset, ParamDef } from '@/lib/protocol/types';

const complete = () => structuredClone(EXAMPLES['manifest-complete']) as Manifest;
const ds = (id: string) => complete().datasets.find((d) => d.id === id)!;

function lonToX(lon: number, z: number) {
  return ((lon + 180) / 360) * 2 ** z;
}
function latToY(lat: number, z: number) {
  const r = (lat * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z;
}
// Edges are written with 7 decimals, a few thousandths of a tile at high zoom and latitude.
const onGrid = (t: number) => Math.abs(t - Math.round(t)) < 1e-2;

describe('alignBboxToTiles', () => {
  test('zoom 0 is the whole Web Mercator world', () => {
    expect(alignBboxToTiles([17, 48, 17.2, 48.2], 0)).toEqual([-180, -85.0511288, 180, 85.0511288]);
  });

  test('Bratislava at zoom 12 grows to the tiles it touches', () => {
    const b = alignBboxToTiles([17.1, 48.14, 17.12, 48.16], 12);
    expect(b[0]).toBeLessThanOrEqual(17.1);
    expect(b[2]).toBeGreaterThanOrEqual(17.12);
    expect(b[1]).toBeLessThanOrEqual(48.14);
    expect(b[3]).toBeGreaterThanOrEqual(48.16);
    expect(Math.round(lonToX(b[0], 12))).toBe(Math.floor(lonToX(17.1, 12)));
    expect(b).toEqual([17.0507812, 48.1074311, 17.1386719, 48.1660855]);
  });

  test('a point becomes its tile; fractional zooms round down', () => {
    const a = alignBboxToTiles([17.11, 48.15, 17.11, 48.15], 10.7);
    const x = lonToX(a[0], 10);
    expect(onGrid(x)).toBe(true);
    expect(lonToX(a[2], 10) - x).toBeCloseTo(1, 5);
  });

  test('contains the input, lies on the grid and is idempotent (property)', () => {
    const lon = fc.double({ min: -179.9, max: 179.9, noNaN: true });
    const lat = fc.double({ min: -84, max: 84, noNaN: true });
    fc.assert(
      fc.property(lon, lat, lon, lat, fc.integer({ min: 0, max: 22 }), (x1, y1, x2, y2, z) => {
        const input: Bbox = [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
        const a = alignBboxToTiles(input, z);
        // Coordinates within ON_GRID_DEGREES (1e-6°, 11 cm) of a tile edge count as on it.
        expect(a[0]).toBeLessThanOrEqual(input[0] + ON_GRID_DEGREES);
        expect(a[1]).toBeLessThanOrEqual(input[1] + ON_GRID_DEGREES);
        expect(a[2]).toBeGreaterThanOrEqual(input[2] - ON_GRID_DEGREES);
        expect(a[3]).toBeGreaterThanOrEqual(input[3] - ON_GRID_DEGREES);
        expect(onGrid(lonToX(a[0], z)) && onGrid(lonToX(a[2], z))).toBe(true);
        expect(onGrid(latToY(a[1], z)) && onGrid(latToY(a[3], z))).toBe(true);
        expect(alignBboxToTiles(a, z)).toEqual(a);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('normalizeParams', () => {
  const stations = ds('kvalita-ovzdusia'); // rok: range 2015-2024 default [2015, 2024]; typ: multi-enum
  const areas = ds('chranene-uzemia'); // kategoria: enum; vyhlasenie: date-range
  const sizes = ds('chranene-uzemia-rozloha'); // min-rozloha: number; hladat: text

  test('omitted parameters get their defaults in wire form', () => {
    expect(normalizeParams(stations, {})).toEqual({ rok: '2015,2024', typ: 'dopravna,pozadova,priemyselna' });
    expect(normalizeParams(areas, {})).toEqual({ kategoria: 'vsetky', vyhlasenie: '1949-01-01,2024-12-31' });
    expect(normalizeParams(sizes, {})).toEqual({ 'min-rozloha': '0' });
  });

  test('values are checked and written canonically; unrelated keys are ignored', () => {
    expect(normalizeParams(stations, { rok: '2020', typ: 'priemyselna, dopravna,priemyselna', bbox: '1,2,3,4', zoom: '9' })).toEqual({
      rok: '2020,2020',
      typ: 'dopravna,priemyselna',
    });
    expect(normalizeParams(stations, { typ: '' }).typ).toBe('');
    expect(normalizeParams(areas, { kategoria: 'np', vyhlasenie: '1970-01-01,1999-12-31' })).toEqual({ kategoria: 'np', vyhlasenie: '1970-01-01,1999-12-31' });
    expect(normalizeParams(sizes, { 'min-rozloha': '20000.50', hladat: ' Tatry ' })).toEqual({ 'min-rozloha': '20000.5', hladat: 'Tatry' });
  });

  const bad: Array<[ManifestDataset, Record<string, string>, string]> = [
    [stations, { rok: '2024,2015' }, 'rok'],
    [stations, { rok: '2010,2012' }, 'rok'],
    [stations, { rok: 'dnes' }, 'rok'],
    [stations, { rok: '2015,2016,2017' }, 'rok'],
    [stations, { typ: 'dopravna,letiskova' }, 'typ'],
    [areas, { kategoria: 'pp' }, 'kategoria'],
    [areas, { vyhlasenie: '2001-02-30,2002-01-01' }, 'vyhlasenie'],
    [areas, { vyhlasenie: '1940-01-01,1950-01-01' }, 'vyhlasenie'],
    [areas, { vyhlasenie: '01.01.1990,2000-01-01' }, 'vyhlasenie'],
    [sizes, { 'min-rozloha': '1e3' }, 'min-rozloha'],
    [sizes, { 'min-rozloha': '-5' }, 'min-rozloha'],
    [sizes, { hladat: 'x'.repeat(201) }, 'hladat'],
  ];
  for (const [dataset, input, key] of bad) {
    test(`invalid ${key}=${Object.values(input)[0].slice(0, 30)} is invalid_query naming it`, () => {
      let caught: unknown;
      try {
        normalizeParams(dataset, input);
      } catch (e) {
        caught = e;
      }
      expect(isApiError(caught)).toBe(true);
      expect((caught as { code: string }).code).toBe('invalid_query');
      expect((caught as Error).message).toContain(`"${key}"`);
    });
  }

  test('checkParamValue for each type', () => {
    const p = (type: ParamDef['type'], extra: Partial<ParamDef> = {}): ParamDef => ({ key: 'k', label: 'K', type, ...extra });
    expect(checkParamValue(p('number'), '3.50')).toEqual({ ok: true, value: '3.5' });
    expect(checkParamValue(p('text'), 'a\u0000b').ok).toBe(false);
    expect(checkParamValue(p('enum', { options: [{ value: 'a', label: 'A' }] }), 'a')).toEqual({ ok: true, value: 'a' });
    expect(checkParamValue(p('date-range'), '2024-02-29,2024-03-01')).toEqual({ ok: true, value: '2024-02-29,2024-03-01' });
    expect(checkParamValue(p('date-range'), '2023-02-29,2024-03-01').ok).toBe(false);
  });
});

describe('sourceRequestUrl', () => {
  test('bbox mode: aligned bbox, integer zoom, limit, cursor and sorted parameters after the source query', () => {
    const d = ds('chranene-uzemia-rozloha');
    const url = sourceRequestUrl(d, 'https://data.example.sk/api/uzemia?format=geojson&limit=10', {
      bbox: [17.1, 48.14, 17.12, 48.16],
      zoom: 12.6,
      cursor: 'abc/2',
      params: { 'min-rozloha': '0', hladat: 'malé karpaty' },
    });
    expect(url).toBe(
      'https://data.example.sk/api/uzemia?format=geojson&bbox=17.0507812,48.1074311,17.1386719,48.1660855&zoom=12&limit=100&cursor=abc%2F2&hladat=mal%C3%A9%20karpaty&min-rozloha=0',
    );
  });

  test('full mode sends no bbox; the default limit is 5000', () => {
    const d = ds('kvalita-ovzdusia');
    delete (d.source as { maxFeatures?: number }).maxFeatures;
    const url = sourceRequestUrl(d, 'https://data.example.sk/stanice.json', { bbox: [17, 48, 18, 49], zoom: 9, params: { typ: 'dopravna,pozadova', rok: '2015,2024' } });
    expect(url).toBe('https://data.example.sk/stanice.json?limit=5000&rok=2015,2024&typ=dopravna,pozadova');
  });

  test('equal queries give equal URLs whatever the parameter order', () => {
    const d = ds('kvalita-ovzdusia');
    const a = sourceRequestUrl(d, 'https://x.sk/d', { params: { typ: 'a', rok: '1,2' } });
    const b = sourceRequestUrl(d, 'https://x.sk/d', { params: { rok: '1,2', typ: 'a' } });
    expect(a).toBe(b);
  });
});

describe('resolveSourceUrls', () => {
  test('relative GeoJSON URLs resolve against the manifest; absolute ones and tiles stay', () => {
    const m = complete();
    m.datasets[1].source = { type: 'geojson', url: 'https://other.example.sk/d.json' };
    const r = resolveSourceUrls(m, 'https://portal.example.sk/priklady/manifest-complete.json');
    expect(r.datasets[0].source).toMatchObject({ url: 'https://portal.example.sk/priklady/data-points.json' });
    expect(r.datasets[1].source).toMatchObject({ url: 'https://other.example.sk/d.json' });
    const raster = r.datasets.find((d) => d.source.type === 'raster')!;
    expect(raster.source).toEqual(m.datasets.find((d) => d.source.type === 'raster')!.source);
    expect(m.datasets[0].source).toMatchObject({ url: 'data-points.json' }); // input untouched
  });

  test('../ and / relative forms', () => {
    const m = complete();
    m.datasets[0].source = { type: 'geojson', url: '../data/a.json' };
    m.datasets[1].source = { type: 'geojson', url: '/b.json?x=1' };
    const r = resolveSourceUrls(m, 'https://p.example.sk/x/y/manifest.json');
    expect(r.datasets[0].source).toMatchObject({ url: 'https://p.example.sk/x/data/a.json' });
    expect(r.datasets[1].source).toMatchObject({ url: 'https://p.example.sk/b.json?x=1' });
  });
});
