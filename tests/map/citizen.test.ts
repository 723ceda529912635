import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { cardStatus, cardStatusText, formatPoint, placeContext, PURPOSES, rasterHitValues, revealAboveSheet, SHEET_SHARE, zoomForPlace } from '@/lib/map/citizen';
import type { HitValue } from '@/lib/nearby/schema';
import type { Place } from '@/lib/places/schema';
import { formatDistance } from '@/lib/map/format';
import { formatPlace, parseMapState, parsePlace, serializeMapState, PLACE_ZOOM, POINT_PARAM, type MapDefaults } from '@/lib/map/url-state';
import { dataset } from './fixtures';

const home: MapDefaults = { datasets: [], params: {}, view: { zoom: 7, lat: 48.7, lon: 19.5 } };

describe('distances in Slovak', () => {
  test('inside, metres, kilometres with a decimal comma', () => {
    expect(formatDistance(0)).toBe('v oblasti');
    expect(formatDistance(0.4)).toBe('1 m');
    expect(formatDistance(120)).toBe('120 m');
    expect(formatDistance(120.4)).toBe('120 m');
    expect(formatDistance(999)).toBe('999 m');
    expect(formatDistance(999.7)).toBe('1,0 km');
    expect(formatDistance(2400)).toBe('2,4 km');
    expect(formatDistance(2449)).toBe('2,4 km');
    expect(formatDistance(12_400)).toBe('12 km');
    expect(formatDistance(-1)).toBe('–');
  });
});

describe('?miesto= (the searched place)', () => {
  test('parses lon,lat,name; the name may hold commas; junk is ignored', () => {
    expect(parsePlace('18.7394,49.2231,Žilina')).toEqual({ lon: 18.7394, lat: 49.2231, name: 'Žilina' });
    expect(parsePlace('21.258,48.72,Hlavná 5, Košice')).toEqual({ lon: 21.258, lat: 48.72, name: 'Hlavná 5, Košice' });
    expect(parsePlace('17.1,48.1')).toEqual({ lon: 17.1, lat: 48.1, name: '' });
    expect(parsePlace('abc')).toBeNull();
    expect(parsePlace('200,48,x')).toBeNull();
    expect(parsePlace('')).toBeNull();
  });
  test('a link with a place and no fragment opens on the place; the fragment wins when present', () => {
    const s = parseMapState('?miesto=18.7394,49.2231,%C5%BDilina', '', home);
    expect(s.place).toEqual({ lon: 18.7394, lat: 49.2231, name: 'Žilina' });
    expect(s.view).toEqual({ zoom: PLACE_ZOOM, lat: 49.2231, lon: 18.7394 });
    expect(parseMapState('?miesto=18.7394,49.2231,x', '#12/49/18', home).view).toEqual({ zoom: 12, lat: 49, lon: 18 });
  });
  test('round trip with the datasets and the view, names with any characters', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.string({ maxLength: 40 }),
        (lon, lat, name) => {
          const place = parsePlace(formatPlace({ lon, lat, name }))!;
          const state = { datasets: ['priklady/body'], params: {}, view: { zoom: 12, lat: 48.1, lon: 17.1 }, place };
          const { search, hash } = serializeMapState(state, home);
          const back = parseMapState(search, hash, home);
          expect(back.place).toEqual(place);
          expect(back.datasets).toEqual(['priklady/body']);
          expect(serializeMapState(back, home)).toEqual({ search, hash });
        },
      ),
      { numRuns: 200 },
    );
    expect(serializeMapState({ datasets: [], params: {}, view: home.view, place: { lon: 18.73941234, lat: 49.2231, name: 'Žilina' } }, home).search)
      .toBe('?miesto=18.739412,49.2231,%C5%BDilina');
  });
});

describe('a queried point on a phone stays above the bottom sheet', () => {
  test('a point the sheet would cover is panned into the map above it, below the controls; a visible one stays', () => {
    const h = 800;
    const visible = h * (1 - SHEET_SHARE);
    const target = (y: number) => y - revealAboveSheet(y, h);
    expect(revealAboveSheet(100, h)).toBe(0);
    for (const y of [h / 2, h - 1, -50]) {
      // Lands above the sheet, in the lower half of what is left visible (the search box and notes sit at the top).
      expect(target(y)).toBeLessThan(visible - 24);
      expect(target(y)).toBeGreaterThan(visible / 2);
    }
  });
});

describe('?bod= (the open "Čo je tu?" point)', () => {
  test('parses lon,lat; opens centred on it without a fragment; junk is ignored', () => {
    const s = parseMapState('?bod=17.16,48.13', '', home);
    expect(s.point).toEqual({ lon: 17.16, lat: 48.13 });
    expect(s.view).toEqual({ zoom: PLACE_ZOOM, lat: 48.13, lon: 17.16 });
    expect(parseMapState('?bod=17.16,48.13', '#12/49/18', home).view).toEqual({ zoom: 12, lat: 49, lon: 18 });
    expect(parseMapState('?bod=abc', '', home).point).toBeUndefined();
    expect(parseMapState('?bod=17.1,95', '', home).point).toBeUndefined();
    // The point wins over the place for the starting view: the panel is what the link shows.
    expect(parseMapState('?miesto=18.7,49.2,x&bod=17.16,48.13', '', home).view).toEqual({ zoom: PLACE_ZOOM, lat: 48.13, lon: 17.16 });
  });
  test('round trip beside the place and the datasets; a closed panel writes nothing', () => {
    fc.assert(
      fc.property(fc.double({ min: -179, max: 179, noNaN: true }), fc.double({ min: -80, max: 80, noNaN: true }), (lon, lat) => {
        const point = parseMapState(`?${POINT_PARAM}=${lon.toFixed(6)},${lat.toFixed(6)}`, '', home).point!;
        const state = { datasets: ['priklady/body'], params: {}, view: { zoom: 12, lat: 48.1, lon: 17.1 }, place: { lon: 18.7, lat: 49.2, name: 'Žilina' }, point };
        const { search, hash } = serializeMapState(state, home);
        const back = parseMapState(search, hash, home);
        expect(back.point).toEqual(point);
        expect(back.place).toEqual(state.place);
        expect(serializeMapState(back, home)).toEqual({ search, hash });
      }),
      { numRuns: 200 },
    );
    expect(serializeMapState({ datasets: [], params: {}, view: home.view, point: { lon: 17.16000012, lat: 48.13 } }, home).search).toBe('?bod=17.16,48.13');
    expect(serializeMapState({ datasets: [], params: {}, view: home.view, point: null }, home).search).toBe('');
  });
});

describe('place suggestions and the panel wording', () => {
  const zilina: Place = {
    name: 'Žilina',
    type: 'mesto',
    point: [18.74, 49.22],
    municipality: { slug: 'zilinsky-kraj/zilina', code: 'SK0', name: 'Žilina', district: 'Žilina', region: 'Žilinský kraj' },
  };
  test('context line: municipality, district, nearest town', () => {
    expect(placeContext(zilina)).toBe('okres Žilina');
    expect(placeContext({ ...zilina, name: 'Hlavná', type: 'ulica' })).toBe('Žilina, okres Žilina');
    expect(placeContext({ ...zilina, name: 'Lehota', type: 'obec', near: { name: 'Nitra', slug: 'nitriansky-kraj/nitra', distanceKm: 6.9 } })).toBe('okres Žilina, 6,9 km od mesta Nitra');
    expect(placeContext({ ...zilina, type: 'okres' })).toBe('Žilinský kraj');
    expect(zoomForPlace('adresa')).toBeGreaterThan(zoomForPlace('obec'));
  });
  test('purposes: "všetko" first (issue 25), then the nine of the API in Slovak', () => {
    expect(PURPOSES[0]).toEqual({ value: 'all', label: 'všetko' });
    expect(PURPOSES.slice(1).map((p) => p.value)).toEqual([
      'construction', 'housing', 'land-purchase', 'agriculture', 'investment', 'transport', 'tourism', 'business', 'public-administration',
    ]);
    expect(PURPOSES[3].label).toBe('kúpa pozemku');
  });
  test('card status', () => {
    const hit = (distance: number) => ({ title: 'x', distance, values: [] });
    expect(cardStatus({ status: 'ok', hits: [hit(0)] })).toBe('inside');
    // Issue 25: sentences; a failure in words of the code table, the nearest object said to be the nearest.
    expect(cardStatusText({ status: 'ok', hits: [hit(0)] })).toBe('Bod leží v oblasti.');
    expect(cardStatusText({ status: 'ok', hits: [], radius: 500 })).toBe('V okruhu 500 m nič nie je.');
    expect(cardStatusText({ status: 'ok', hits: [hit(30), hit(40)], count: 2 })).toBe('V okolí: 2 objekty.');
    expect(cardStatus({ status: 'ok', hits: [hit(14_200)], count: 0 })).toBe('nearest');
    expect(cardStatusText({ status: 'ok', hits: [hit(14_200)], count: 0, radius: 500 })).toBe('V okruhu 500 m nič nie je, najbližší objekt je vzdialený 14 km.');
    expect(cardStatusText({ status: 'unavailable', hits: [] })).toBe('Tento dataset v bode hodnotu nedáva.');
    expect(cardStatusText({ status: 'error', hits: [], code: 'timeout', provider: 'SVP' })).toBe(
      'Odpoveď nie je známa. Zdroj „SVP“ neodpovedal včas. Údaje nevidíte – neznamená to, že tu nič nie je.',
    );
    expect(formatPoint(19.1234, 48.7)).toBe('48,7000 N, 19,1234 E');
  });
});

describe('raster card attributes', () => {
  const v = (label: string, value: HitValue['value'], more: { legend?: string; description?: string } = {}) => ({ label, value, ...more });
  const cases = [
    {
      name: 'MapServer: the class value shown, coordinates and colour held back',
      values: [v('x', 1900000.5), v('y', 6140000.5), v('value_0', 4, { description: 'Trieda hĺbky', legend: 'Hĺbka nad 2 m' }), v('value_list', 4, { legend: 'Hĺbka nad 2 m' }), v('red', 8), v('green', 81), v('blue', 156)],
      shown: ['value_0'],
      all: 7,
    },
    { name: 'GeoServer: GRAY_INDEX shown', values: [v('GRAY_INDEX', 12)], shown: ['GRAY_INDEX'], all: 0 },
    { name: 'ArcGIS: pixel value and class name shown, the rest held back', values: [v('Pixel Value', 3, { legend: 'Les' }), v('Stretched value', 140), v('ClassName', 'Les'), v('OBJECTID', 4), v('Count', 1200)], shown: ['Pixel Value', 'ClassName'], all: 5 },
    { name: 'a technical attribute the dataset describes is shown', values: [v('red', 200, { description: 'Červený kanál' }), v('green', 10)], shown: ['red'], all: 2 },
    { name: 'only technical attributes: all shown, nothing held back', values: [v('x', 1), v('y', 2), v('red', 3)], shown: ['x', 'y', 'red'], all: 0 },
  ];
  for (const { name, values, shown, all } of cases) {
    test(name, () => {
      const r = rasterHitValues(values);
      expect(r.shown.map((x) => x.label)).toEqual(shown);
      expect(r.all).toHaveLength(all);
    });
  }

  const mapserver = [v('x', 1900000.5), v('y', 6140000.5), v('value_0', 4, { description: 'Trieda hĺbky', legend: 'Hĺbka nad 2 m' }), v('value_list', 4), v('red', 8)];
  const named = [
    {
      name: 'the field label names the value; the raw name stays behind "Všetky atribúty"',
      values: mapserver,
      fields: [{ key: 'value_0', label: 'Trieda hĺbky' }],
      shown: [{ label: 'Trieda hĺbky', value: 4, legend: 'Hĺbka nad 2 m' }],
      all: ['x', 'y', 'value_0', 'value_list', 'red'],
    },
    {
      name: 'a field description other than the label stays the tooltip',
      values: [v('value_0', 4, { description: 'Kód triedy pri Q100' }), v('red', 8)],
      fields: [{ key: 'value_0', label: 'Trieda hĺbky', description: 'Kód triedy pri Q100' }],
      shown: [{ label: 'Trieda hĺbky', value: 4, description: 'Kód triedy pri Q100' }],
      all: ['value_0', 'red'],
    },
    {
      name: 'renamed with nothing held back: the raw name is still listed',
      values: [v('GRAY_INDEX', 12.5, { description: 'Výška (m)' })],
      fields: [{ key: 'GRAY_INDEX', label: 'Výška', unit: 'm' }],
      shown: [{ label: 'Výška (m)', value: 12.5 }],
      all: ['GRAY_INDEX'],
    },
    {
      name: 'fields of other attributes rename nothing',
      values: [v('GRAY_INDEX', 12)],
      fields: [{ key: 'value_0', label: 'Trieda hĺbky' }],
      shown: [{ label: 'GRAY_INDEX', value: 12 }],
      all: [],
    },
  ];
  for (const { name, values, fields, shown, all } of named) {
    test(name, () => {
      const r = rasterHitValues(values, fields);
      expect(r.shown).toEqual(shown);
      expect(r.all.map((x) => x.label)).toEqual(all);
    });
  }
});

describe('basemaps from the zbgis raster datasets', async () => {
  const { validateStyleMin } = await import('@maplibre/maplibre-gl-style-spec');
  const { rasterBasemaps, rasterBasemapStyle, tileOf, tileUrl } = await import('@/lib/map/basemaps');
  const zbgis = JSON.parse(readFileSync('content/providers/zbgis.json', 'utf8')) as {
    license: { attribution: string };
    datasets: Array<{ id: string; title: string; source: { type: 'raster'; tiles: string[]; tileSize: 256 | 512; minZoom: number; maxZoom: number } }>;
  };
  const entries = zbgis.datasets.map((d) =>
    dataset({
      key: `zbgis/${d.id}`, providerName: 'ZBGIS', title: d.title, source: d.source, presentation: { type: 'raster' },
      attribution: zbgis.license.attribution, links: { data: null, map: `/mapa/zbgis/${d.id}` },
    }),
  );
  test('the base map and orthophoto come from the built-in templates; the styles are valid', () => {
    const list = rasterBasemaps(entries);
    expect(list.map((b) => b.id)).toEqual(['zbgis', 'ortofoto']);
    expect(list[0].tiles[0]).toBe(zbgis.datasets.find((d) => d.id === 'zakladna-mapa')!.source.tiles[0]);
    for (const b of list) expect(validateStyleMin(rasterBasemapStyle(b, 'http://localhost:4300'))).toEqual([]);
    expect(rasterBasemaps(entries.filter((e) => e.key !== 'zbgis/zakladna-mapa')).map((b) => b.id)).toEqual(['ortofoto']);
  });
  test('the probe tile lies under the point', () => {
    const t = tileOf(19.5, 48.7, 7);
    expect(t).toEqual({ x: 70, y: 44, z: 7 });
    expect(tileUrl('https://t.example/{z}/{y}/{x}', t)).toBe('https://t.example/7/44/70');
  });
});
