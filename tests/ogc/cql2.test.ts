// CQL2 as the OGC API evaluates it: the text grammar (peggy) against the CQL2 JSON it must yield,
// the evaluator's three-valued logic, the advanced comparison operators, CASEI / ACCENTI,
// property-property comparisons, spatial functions with points, boxes, lines and polygons (also in
// S-JTSK through filter-crs), and the 400 answers for what a filter cannot be.
import { describe, expect, test } from 'vitest';
import { compileFilter, type QueryableType } from '@/lib/ogc/cql2/compile';
import { parseFilter } from '@/lib/ogc/cql2/parse';
import { parseCrs } from '@/lib/ogc/crs';
import { toSjtsk } from '@/lib/protocol/shared/crs';
import type { DataFeature } from '@/lib/protocol/types';

const queryables = new Map<string, QueryableType>([
  ['nazov', 'string'],
  ['pocet', 'integer'],
  ['podiel', 'number'],
  ['aktivna', 'boolean'],
  ['datum', 'date'],
  ['kraj', 'string'],
  ['limit_pocet', 'integer'],
  ['geometry', 'geometry'],
]);
const ctx = { queryables, filterCrs: parseCrs('filter-crs', undefined) };

function feature(properties: Record<string, unknown>, geometry: DataFeature['geometry'] = { type: 'Point', coordinates: [17.1, 48.15] }): DataFeature {
  return { type: 'Feature', geometry, properties };
}

const towns: DataFeature[] = [
  feature({ nazov: 'Nová Baňa', pocet: 7200, podiel: 12.5, aktivna: true, datum: '2020-05-01', kraj: 'Banskobystrický', limit_pocet: 7000 }, { type: 'Point', coordinates: [18.64, 48.43] }),
  feature({ nazov: 'Nové Zámky', pocet: 38000, podiel: 21.25, aktivna: false, datum: '2019-12-31', kraj: 'Nitriansky', limit_pocet: 40000 }, { type: 'Point', coordinates: [18.16, 47.99] }),
  feature({ nazov: 'Žilina', pocet: 80000, podiel: null, aktivna: true, datum: '2021-01-15', kraj: 'Žilinský', limit_pocet: 80000 }, { type: 'Point', coordinates: [18.74, 49.22] }),
  feature({ nazov: "Obec 'Horná'", pocet: '150', kraj: 'Žilinský' }, { type: 'Polygon', coordinates: [[[19, 49], [19.2, 49], [19.2, 49.1], [19, 49.1], [19, 49]]] }),
  feature({ nazov: 'Bez geometrie', pocet: 1 }, null),
];

const names = (text: string, lang: 'cql2-text' | 'cql2-json' | 'cql-text' = 'cql2-text', c = ctx) => {
  const keep = compileFilter(parseFilter(text, lang), c);
  return towns.filter(keep).map((f) => f.properties!.nazov);
};

describe('CQL2 text yields the CQL2 JSON of the same expression', () => {
  const cases: Array<[string, unknown]> = [
    ["nazov = 'Žilina'", { op: '=', args: [{ property: 'nazov' }, 'Žilina'] }],
    ['pocet >= 1000 AND NOT aktivna = FALSE', { op: 'and', args: [{ op: '>=', args: [{ property: 'pocet' }, 1000] }, { op: 'not', args: [{ op: '=', args: [{ property: 'aktivna' }, false] }] }] }],
    ['a = 1 OR b = 2 AND c = 3', { op: 'or', args: [{ op: '=', args: [{ property: 'a' }, 1] }, { op: 'and', args: [{ op: '=', args: [{ property: 'b' }, 2] }, { op: '=', args: [{ property: 'c' }, 3] }] }] }],
    ["nazov NOT LIKE 'Nov%'", { op: 'not', args: [{ op: 'like', args: [{ property: 'nazov' }, 'Nov%'] }] }],
    ['pocet BETWEEN 10 AND 20', { op: 'between', args: [{ property: 'pocet' }, 10, 20] }],
    ["kraj IN ('Nitriansky', 'Žilinský')", { op: 'in', args: [{ property: 'kraj' }, ['Nitriansky', 'Žilinský']] }],
    ['podiel IS NOT NULL', { op: 'not', args: [{ op: 'isNull', args: [{ property: 'podiel' }] }] }],
    ["datum > DATE('2020-01-01')", { op: '>', args: [{ property: 'datum' }, { date: '2020-01-01' }] }],
    ['S_INTERSECTS(geometry, BBOX(17, 48, 18, 49))', { op: 's_intersects', args: [{ property: 'geometry' }, { bbox: [17, 48, 18, 49] }] }],
    ['s_intersects(geometry, POINT(17.1 48.15))', { op: 's_intersects', args: [{ property: 'geometry' }, { type: 'Point', coordinates: [17.1, 48.15] }] }],
    ["CASEI(nazov) LIKE casei('nov%')", { op: 'like', args: [{ op: 'casei', args: [{ property: 'nazov' }] }, { op: 'casei', args: ['nov%'] }] }],
    ['"limit_pocet" < pocet', { op: '<', args: [{ property: 'limit_pocet' }, { property: 'pocet' }] }],
  ];
  for (const [text, json] of cases) test(text, () => expect(parseFilter(text, 'cql2-text')).toEqual(json));
});

describe('evaluation', () => {
  test('comparisons, with numbers given as text in the data compared as numbers', () => {
    expect(names("nazov = 'Žilina'")).toEqual(['Žilina']);
    expect(names('pocet > 30000')).toEqual(['Nové Zámky', 'Žilina']);
    expect(names('pocet < 200')).toEqual(["Obec 'Horná'", 'Bez geometrie']);
    expect(names("nazov = 'Obec ''Horná'''")).toEqual(["Obec 'Horná'"]);
    expect(names('aktivna = TRUE')).toEqual(['Nová Baňa', 'Žilina']);
  });

  test('three-valued logic: a missing or null value makes a comparison unknown, and NOT unknown stays unknown', () => {
    expect(names('podiel > 0')).toEqual(['Nová Baňa', 'Nové Zámky']);
    expect(names('NOT podiel > 0')).toEqual([]);
    expect(names('podiel IS NULL')).toEqual(['Žilina', "Obec 'Horná'", 'Bez geometrie']);
    expect(names('podiel > 20 OR pocet > 50000')).toEqual(['Nové Zámky', 'Žilina']);
  });

  test('LIKE (% and _), BETWEEN, IN and their negations', () => {
    expect(names("nazov LIKE 'Nov%'")).toEqual(['Nová Baňa', 'Nové Zámky']);
    expect(names("nazov LIKE 'Nov_ Baňa'")).toEqual(['Nová Baňa']);
    expect(names("nazov NOT LIKE 'Nov%'")).toEqual(['Žilina', "Obec 'Horná'", 'Bez geometrie']);
    expect(names('pocet BETWEEN 7000 AND 40000')).toEqual(['Nová Baňa', 'Nové Zámky']);
    expect(names("kraj IN ('Nitriansky', 'Žilinský')")).toEqual(['Nové Zámky', 'Žilina', "Obec 'Horná'"]);
    expect(names("kraj NOT IN ('Žilinský')")).toEqual(['Nová Baňa', 'Nové Zámky']);
  });

  test('CASEI and ACCENTI (Slovak: Žilina matches zilina); ILIKE of the older cql-text', () => {
    expect(names("CASEI(nazov) = CASEI('ŽILINA')")).toEqual(['Žilina']);
    expect(names("ACCENTI(CASEI(nazov)) = ACCENTI(CASEI('zilina'))")).toEqual(['Žilina']);
    expect(names("ACCENTI(nazov) LIKE ACCENTI('Nove%')")).toEqual(['Nové Zámky']);
    expect(names("nazov ILIKE 'nov%'", 'cql-text')).toEqual(['Nová Baňa', 'Nové Zámky']);
  });

  test('dates and timestamps compare as instants', () => {
    expect(names("datum >= DATE('2020-01-01')")).toEqual(['Nová Baňa', 'Žilina']);
    expect(names("datum < TIMESTAMP('2020-01-01T00:00:00Z')")).toEqual(['Nové Zámky']);
  });

  test('property-property comparisons', () => {
    expect(names('pocet > limit_pocet')).toEqual(['Nová Baňa']);
    expect(names('pocet = limit_pocet')).toEqual(['Žilina']);
  });

  test('S_INTERSECTS with points, boxes, lines and polygons; S_DISJOINT; features without geometry are unknown', () => {
    expect(names('S_INTERSECTS(geometry, BBOX(18, 47.5, 19, 48.5))')).toEqual(['Nová Baňa', 'Nové Zámky']);
    expect(names('S_INTERSECTS(geometry, POINT(19.1 49.05))')).toEqual(["Obec 'Horná'"]);
    expect(names('S_INTERSECTS(geometry, LINESTRING(18.9 49.05, 19.5 49.05))')).toEqual(["Obec 'Horná'"]);
    expect(names('S_INTERSECTS(geometry, POLYGON((18.5 49.1, 18.9 49.1, 18.9 49.4, 18.5 49.4, 18.5 49.1)))')).toEqual(['Žilina']);
    expect(names('S_DISJOINT(geometry, BBOX(18, 47.5, 19, 48.5))')).toEqual(['Žilina', "Obec 'Horná'"]);
    const json = JSON.stringify({ op: 's_intersects', args: [{ property: 'geometry' }, { type: 'Polygon', coordinates: [[[18, 48], [18.9, 48], [18.9, 48.9], [18, 48.9], [18, 48]]] }] });
    expect(names(json, 'cql2-json')).toEqual(['Nová Baňa']);
  });

  test('filter-crs: geometries in S-JTSK (EPSG:5514) select the same features as in WGS84', () => {
    const sjtsk = { queryables, filterCrs: parseCrs('filter-crs', 'http://www.opengis.net/def/crs/EPSG/0/5514') };
    const [e0, n0] = toSjtsk(18, 47.5);
    const [e1, n1] = toSjtsk(19, 48.5);
    // A box in S-JTSK is not a longitude/latitude rectangle; this one holds both towns.
    const box = `BBOX(${Math.min(e0, e1)}, ${Math.min(n0, n1)}, ${Math.max(e0, e1)}, ${Math.max(n0, n1)})`;
    expect(names(`S_INTERSECTS(geometry, ${box})`, 'cql2-text', sjtsk)).toEqual(['Nová Baňa', 'Nové Zámky']);
    const [pe, pn] = toSjtsk(19.1, 49.05);
    expect(names(`S_INTERSECTS(geometry, POINT(${pe} ${pn}))`, 'cql2-text', sjtsk)).toEqual(["Obec 'Horná'"]);
  });
});

describe('what a filter cannot be: 400 invalid_query naming the problem', () => {
  const bad: Array<[string, 'cql2-text' | 'cql2-json', RegExp]> = [
    ["nazov = 'x' AND", 'cql2-text', /syntax error at character/],
    ['nazov ==', 'cql2-text', /syntax error/],
    ["ulica = 'Hlavná'", 'cql2-text', /"ulica" is not a queryable.*nazov, pocet/],
    ['geometry = 1', 'cql2-text', /geometry.*spatial function/],
    ['S_INTERSECTS(nazov, POINT(1 2))', 'cql2-text', /not a geometry/],
    ['S_CROSSES(geometry, POINT(1 2))', 'cql2-text', /S_CROSSES is not supported/],
    ["datum > DATE('2020-02-30x')", 'cql2-text', /not a valid date/],
    ['{"op":"=","args":[{"property":"pocet"}]}', 'cql2-json', /takes 2 arguments/],
    ['{"op":"frobnicate","args":[]}', 'cql2-json', /unsupported operator "frobnicate"/],
    ['{"op":"=",', 'cql2-json', /not valid JSON/],
    ['"just a string"', 'cql2-json', /expected a predicate/],
    ['{"op":"s_intersects","args":[{"property":"geometry"},{"type":"Point","coordinates":["a",1]}]}', 'cql2-json', /POINT: invalid coordinates/],
  ];
  for (const [text, lang, message] of bad) {
    test(text, () => {
      let err: unknown;
      try {
        compileFilter(parseFilter(text, lang), ctx);
      } catch (e) {
        err = e;
      }
      expect(err).toMatchObject({ code: 'invalid_query', status: 400 });
      expect((err as Error).message).toMatch(message);
      expect((err as Error).message).toMatch(/^filter: /);
    });
  }

  test('deep nesting and huge filters are refused, not crashed on', () => {
    const deep = `${'('.repeat(5000)}pocet = 1${')'.repeat(5000)}`;
    expect(() => compileFilter(parseFilter(deep, 'cql2-text'), ctx)).toThrow(/filter: /);
    const nested = JSON.stringify(Array.from({ length: 200 }).reduce((acc: unknown) => ({ op: 'not', args: [acc] }), { op: '=', args: [{ property: 'pocet' }, 1] }));
    expect(() => compileFilter(parseFilter(nested, 'cql2-json'), ctx)).toThrow(/nested deeper than/);
    expect(() => parseFilter(`nazov = '${'x'.repeat(30_000)}'`, 'cql2-text')).toThrow(/longer than/);
  });
});
