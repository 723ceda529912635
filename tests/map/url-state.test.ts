import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  SLOVAKIA_VIEW,
  mapLink,
  parseHash,
  parseMapState,
  roundView,
  serializeMapState,
  withDataset,
  withParam,
  type MapDefaults,
  type MapState,
} from '@/lib/map/url-state';

const home: MapDefaults = {
  datasets: [],
  params: { 'priklady/body': { rok: '2020,2024', druh: 'a' } },
  view: SLOVAKIA_VIEW,
};
const page: MapDefaults = {
  datasets: ['sk-uzemie/obce', 'priklady/body'],
  params: { 'sk-uzemie/obce': { ukazovatel: 'obyvatelia' }, 'priklady/body': { rok: '2020,2024' } },
  view: { zoom: 8, lat: 48.5, lon: 19 },
};

describe('parseMapState', () => {
  const cases: Array<{ name: string; search: string; hash: string; defaults: MapDefaults; expected: Partial<MapState> }> = [
    { name: 'no query keeps the defaults', search: '', hash: '', defaults: page, expected: { datasets: page.datasets, params: {}, view: page.view } },
    { name: '?d= alone enables nothing', search: '?d=', hash: '', defaults: page, expected: { datasets: [] } },
    { name: 'd lists the whole selection in order', search: '?d=priklady/body&d=sk-uzemie/obce', hash: '', defaults: page, expected: { datasets: ['priklady/body', 'sk-uzemie/obce'] } },
    { name: 'encoded slashes are accepted', search: '?d=priklady%2Fbody', hash: '', defaults: home, expected: { datasets: ['priklady/body'] } },
    { name: 'comma lists are accepted', search: '?d=priklady/body,sk-uzemie/obce', hash: '', defaults: home, expected: { datasets: ['priklady/body', 'sk-uzemie/obce'] } },
    { name: 'malformed and duplicate keys are dropped', search: '?d=../etc&d=priklady/body&d=priklady/body&d=X/Y', hash: '', defaults: home, expected: { datasets: ['priklady/body'] } },
    { name: 'params of enabled datasets are read', search: '?d=priklady/body&priklady/body.rok=2021,2022', hash: '', defaults: home, expected: { params: { 'priklady/body': { rok: '2021,2022' } } } },
    { name: 'params equal to the default are dropped', search: '?d=priklady/body&priklady/body.rok=2020,2024', hash: '', defaults: home, expected: { params: {} } },
    { name: 'params of disabled datasets are ignored', search: '?priklady/body.rok=2021,2022', hash: '', defaults: home, expected: { params: {} } },
    { name: 'hash sets the view', search: '', hash: '#12/48.1486/17.1077', defaults: home, expected: { view: { zoom: 12, lat: 48.1486, lon: 17.1077 } } },
    { name: 'a bad hash falls back to the default view', search: '', hash: '#99/1/1', defaults: home, expected: { view: SLOVAKIA_VIEW } },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const s = parseMapState(c.search, c.hash, c.defaults);
      for (const [k, v] of Object.entries(c.expected)) expect(s[k as keyof MapState]).toEqual(v);
    });
  }
});

describe('serializeMapState', () => {
  test('the defaults serialize to nothing', () => {
    expect(serializeMapState({ datasets: page.datasets, params: {}, view: page.view }, page)).toEqual({ search: '', hash: '' });
  });
  test('an empty selection on a page with defaults is ?d=', () => {
    expect(serializeMapState({ datasets: [], params: {}, view: page.view }, page).search).toBe('?d=');
  });
  test('an empty selection on the home page is nothing', () => {
    expect(serializeMapState({ datasets: [], params: {}, view: home.view }, home).search).toBe('');
  });
  test('a changed selection lists every dataset, params only when not default, slashes kept', () => {
    const state: MapState = {
      datasets: ['sk-uzemie/obce'],
      params: { 'sk-uzemie/obce': { ukazovatel: 'hustota' }, 'priklady/body': { rok: '2001,2002' } },
      view: { zoom: 10, lat: 48.14, lon: 17.11 },
    };
    expect(serializeMapState(state, page)).toEqual({
      search: '?d=sk-uzemie/obce&sk-uzemie/obce.ukazovatel=hustota',
      hash: '#10/48.14/17.11',
    });
  });
  test('the spec map link form', () => {
    const state: MapState = { datasets: ['priklady/body'], params: { 'priklady/body': { rok: '2022,2023' } }, view: { zoom: 9, lat: 48.7, lon: 19.5 } };
    expect(mapLink('/', state, home)).toBe('/?d=priklady/body&priklady/body.rok=2022,2023#9/48.7/19.5');
  });
  test('values with reserved characters are encoded', () => {
    const state: MapState = { datasets: ['priklady/body'], params: { 'priklady/body': { druh: 'a&b=c d' } }, view: home.view };
    const { search } = serializeMapState(state, home);
    expect(search).toBe('?d=priklady/body&priklady/body.druh=a%26b%3Dc%20d');
    expect(parseMapState(search, '', home).params).toEqual(state.params);
  });
});

describe('round trip', () => {
  const key = fc.constantFrom('sk-uzemie/obce', 'priklady/body', 'priklady/plochy', 'zbgis/ortofoto');
  const stateArb = fc.record({
    datasets: fc.uniqueArray(key, { maxLength: 4 }),
    rok: fc.option(fc.constantFrom('2020,2024', '2021,2022', '2019,2019'), { nil: undefined }),
    druh: fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: undefined }),
    zoom: fc.double({ min: 0, max: 22, noNaN: true }),
    lat: fc.double({ min: -80, max: 80, noNaN: true }),
    lon: fc.double({ min: -179, max: 179, noNaN: true }),
  });
  for (const [name, defaults] of [['home', home], ['page', page]] as const) {
    test(`parse(serialize(state)) = state on the ${name} defaults`, () => {
      fc.assert(
        fc.property(stateArb, (a) => {
          let state: MapState = { datasets: a.datasets, params: {}, view: roundView({ zoom: a.zoom, lat: a.lat, lon: a.lon }) };
          if (state.datasets.includes('priklady/body')) {
            if (a.rok) state = withParam(state, defaults, 'priklady/body', 'rok', a.rok);
            if (a.druh) state = withParam(state, defaults, 'priklady/body', 'druh', a.druh);
          }
          const { search, hash } = serializeMapState(state, defaults);
          const back = parseMapState(search, hash, defaults);
          expect(back.datasets).toEqual(state.datasets);
          expect(back.params).toEqual(state.params);
          expect(roundView(back.view)).toEqual(state.view);
          // and serializing again is stable
          expect(serializeMapState(back, defaults)).toEqual({ search, hash });
        }),
        { numRuns: 300 },
      );
    });
  }
});

describe('state edits', () => {
  test('withParam removes a value set back to the default', () => {
    const s0: MapState = { datasets: ['priklady/body'], params: {}, view: home.view };
    const s1 = withParam(s0, home, 'priklady/body', 'rok', '2021,2021');
    expect(s1.params).toEqual({ 'priklady/body': { rok: '2021,2021' } });
    expect(withParam(s1, home, 'priklady/body', 'rok', '2020,2024').params).toEqual({});
  });
  test('withDataset appends and forgets params on disable', () => {
    const s0: MapState = { datasets: ['a/b'], params: { 'a/b': { x: '1' } }, view: home.view };
    expect(withDataset(s0, 'c/d', true).datasets).toEqual(['a/b', 'c/d']);
    const off = withDataset(s0, 'a/b', false);
    expect(off.datasets).toEqual([]);
    expect(off.params).toEqual({});
    expect(withDataset(s0, 'a/b', true)).toBe(s0);
  });
  test('parseHash accepts negative coordinates and rejects junk', () => {
    expect(parseHash('#3/-12.5/-70.25')).toEqual({ zoom: 3, lat: -12.5, lon: -70.25 });
    expect(parseHash('#a/b/c')).toBeNull();
    expect(parseHash('')).toBeNull();
  });
});
