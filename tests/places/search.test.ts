// GET /api/places over the imported reference data: a table of queries with the expected first
// result, the result shape, `near` for same-named villages, and the 400 cases.
import { describe, expect, test } from 'vitest';
import { GET, OPTIONS } from '@/app/api/places/route';
import { resolveMunicipality, searchPlaces, type PlaceResult } from '@/lib/places';

type Expect = { type: string; code: string; name?: string | RegExp };

// Expected first result: its type and municipality code (and for streets the name).
const CASES: Array<[string, Expect]> = [
  // exact names, case and diacritics
  ['Žilina', { type: 'mesto', code: 'SK031B517402' }],
  ['zilina', { type: 'mesto', code: 'SK031B517402' }],
  ['ZILINA', { type: 'mesto', code: 'SK031B517402' }],
  ['Trencin', { type: 'mesto', code: 'SK0229505820' }],
  ['Presov', { type: 'mesto', code: 'SK0417524140' }],
  ['Piestany', { type: 'mesto', code: 'SK0214507440' }],
  ['Spisska Nova Ves', { type: 'mesto', code: 'SK042A526355' }],
  ['Liptovsky Mikulas', { type: 'mesto', code: 'SK0315510262' }],
  ['Ziar nad Hronom', { type: 'mesto', code: 'SK032D516589' }],
  ['Velky Krtis', { type: 'mesto', code: 'SK032A515850' }],
  ['Topoľčany', { type: 'mesto', code: 'SK0236504998' }],
  ['Nitra', { type: 'mesto', code: 'SK0233500011' }],
  // Bratislava and Košice: whole cities and their districts
  ['Bratislava', { type: 'mesto', code: '582000', name: 'Bratislava' }],
  ['Kosice', { type: 'mesto', code: '599981', name: 'Košice' }],
  ['Petržalka', { type: 'mestská časť', code: 'SK0105529460' }],
  ['petrzalka', { type: 'mestská časť', code: 'SK0105529460' }],
  ['Ruzinov', { type: 'mestská časť', code: 'SK0102529320' }],
  ['Karlova Ves', { type: 'mestská časť', code: 'SK0104529397' }],
  ['Staré Mesto', { type: 'mestská časť', code: 'SK0101528595' }],
  ['Bratislava-Nové Mesto', { type: 'mestská časť', code: 'SK0103529346' }],
  ['Košice-Západ', { type: 'mestská časť', code: 'SK0423598224' }],
  ['Sídlisko KVP', { type: 'mestská časť', code: 'SK0423599883' }],
  ['Dargovských hrdinov', { type: 'mestská časť', code: 'SK0424598682' }],
  // prefixes
  ['Nové Mes', { type: 'mesto', code: 'SK0224506338' }],
  ['Nitr', { type: 'mesto', code: 'SK0233500011' }],
  ['Banská Bys', { type: 'mesto', code: 'SK0321508438' }],
  ['zi', { type: 'mesto', code: 'SK031B517402' }],
  // typos and word order
  ['Nove Mesto nad Vahon', { type: 'mesto', code: 'SK0224506338' }],
  ['Bystrica Banská', { type: 'mesto', code: 'SK0321508438' }],
  ['Zilna', { type: 'mesto', code: 'SK031B517402' }],
  ['Ruzomberk', { type: 'mesto', code: 'SK0318510998' }],
  ['Rimavska Sobta', { type: 'mesto', code: 'SK0329514462' }],
  ['Liptovský Mikulaš', { type: 'mesto', code: 'SK0315510262' }],
  // same-named villages: the largest first, the others follow (see the `near` test)
  ['Lúčky', { type: 'obec', code: 'SK0318510815' }],
  ['Porúbka', { type: 'obec', code: 'SK031B557960' }],
  ['Dubové', { type: 'obec', code: 'SK0319512222' }],
  ['Nová Ves', { type: 'obec', code: 'SK032A516244' }],
  // parts, streets, military districts, regions
  ['Mojšova Lúčka', { type: 'časť obce', code: 'SK031B517402', name: 'Mojšova Lúčka, Žilina' }],
  ['Bytčica', { type: 'časť obce', code: 'SK031B517402' }],
  ['sturova', { type: 'ulica', code: 'SK0233500011', name: /^Štúrova, / }],
  ['Obchodná', { type: 'ulica', code: 'SK0101528595', name: 'Obchodná, Bratislava-Staré Mesto' }],
  ['Mikuláša Nigriniho', { type: 'ulica', code: 'SK031B517402' }],
  ['Hlavná, Košice', { type: 'ulica', code: 'SK0422598186', name: 'Hlavná, Košice-Staré Mesto' }],
  ['Hlavná 9999, Košice', { type: 'ulica', code: 'SK0422598186', name: 'Hlavná, Košice-Staré Mesto' }],
  ['Michalská, Bratislava', { type: 'ulica', code: 'SK0101528595', name: 'Michalská, Bratislava-Staré Mesto' }],
  ['Námestie SNP, Banská Bystrica', { type: 'ulica', code: 'SK0321508438', name: 'Námestie SNP, Banská Bystrica' }],
  ['Lešť', { type: 'vojenský obvod', code: 'SK032B518581' }],
  ['Žilinský kraj', { type: 'kraj', code: 'SK031B517402', name: 'Žilinský kraj' }],
];

describe('searchPlaces: first result', () => {
  test('the table has at least 40 queries', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });
  for (const [query, want] of CASES) {
    test(`"${query}" -> ${want.type} ${want.code}`, async () => {
      const r = await searchPlaces(query);
      const first = r.places[0];
      expect(first, JSON.stringify(r.places)).toBeDefined();
      expect({ type: first.type, code: first.municipality?.code }).toEqual({ type: want.type, code: want.code });
      if (want.name instanceof RegExp) expect(first.name).toMatch(want.name);
      else if (want.name) expect(first.name).toBe(want.name);
    });
  }
});

describe('searchPlaces: shape and ranking', () => {
  test('the spec result shape, points inside Slovakia, municipality slug usable by the resolver', async () => {
    const r = await searchPlaces('Hlavná', 10);
    expect(Object.keys(r).sort()).toEqual(['attribution', 'count', 'places', 'query', 'total', 'truncated']);
    expect(r.query).toBe('Hlavná');
    expect(r.count).toBe(r.places.length);
    expect(r.count).toBe(10);
    expect(r.attribution).toMatch(/Register adries/);
    for (const p of r.places) {
      expect(Object.keys(p).filter((k) => k !== 'near').sort()).toEqual(['municipality', 'name', 'point', 'type']);
      expect(p.point[0]).toBeGreaterThan(16.8);
      expect(p.point[0]).toBeLessThan(22.6);
      expect(p.point[1]).toBeGreaterThan(47.7);
      expect(p.point[1]).toBeLessThan(49.7);
      expect(Object.keys(p.municipality!).sort()).toEqual(['code', 'district', 'name', 'region', 'slug']);
      expect(p.municipality!.slug).toMatch(/^[a-z-]+-kraj\/[a-z0-9-]+$/);
    }
    const m = r.places[0].municipality!;
    expect((await resolveMunicipality(m.slug)).code).toBe(m.code);
  });

  test('same-named villages are told apart by district and near', async () => {
    const r = await searchPlaces('Lúčky', 3);
    expect(r.places.map((p) => p.type)).toEqual(['obec', 'obec', 'obec']);
    const districts = r.places.map((p) => p.municipality!.district);
    expect(new Set(districts).size).toBe(3);
    expect(districts.sort()).toEqual(['Michalovce', 'Ružomberok', 'Žiar nad Hronom']);
    for (const p of r.places) {
      expect(p.near).toBeDefined();
      expect(p.near!.distanceKm).toBeGreaterThan(0);
      expect(p.near!.distanceKm).toBeLessThan(40);
      expect(p.near!.slug).toMatch(/\//);
    }
    const byDistrict = Object.fromEntries(r.places.map((p) => [p.municipality!.district, p.near!.name]));
    expect(byDistrict).toMatchObject({ Ružomberok: 'Ružomberok', Michalovce: 'Michalovce' });
  });

  test('no near inside towns over 10,000 (Bratislava and Košice districts included)', async () => {
    for (const q of ['Žilina', 'Petržalka', 'Obchodná, Bratislava', 'Košice-Západ']) {
      const [first] = (await searchPlaces(q, 1)).places;
      expect(first.near, q).toBeUndefined();
    }
  });

  test('exact before prefix before fuzzy; then type and population', async () => {
    const names = (await searchPlaces('Nitra', 5)).places.map((p) => `${p.type}:${p.name}`);
    expect(names[0]).toBe('mesto:Nitra');
    expect(names[1]).toBe('okres:okres Nitra');
    expect(names.indexOf('obec:Nitra nad Ipľom')).toBeGreaterThan(1);
    const ba = (await searchPlaces('Bratislava', 10)).places;
    expect(ba[0].name).toBe('Bratislava');
    expect(ba.slice(1, 4).every((p) => p.type === 'mestská časť')).toBe(true);
  });

  test('a street found in the named municipality: no street elsewhere spelled like the whole text', async () => {
    // "Malá, Nesvady" names one street; Malá in eight other towns (the old answer's tail) is not what was asked.
    for (const q of ['Malá, Nesvady', 'Pod Táborom, Prešov', 'Michalská, Bratislava']) {
      const r = await searchPlaces(q, 10);
      const town = q.split(', ')[1];
      expect(r.places[0].type, q).toBe('ulica');
      const streets = r.places.filter((p) => p.type === 'ulica');
      expect(streets.length, q).toBeGreaterThan(0);
      for (const p of streets) expect(p.municipality?.name, `${q}: ${p.name}`).toMatch(new RegExp(`^${town}`));
    }
  });

  test('a street the register and the city parts both list appears once', async () => {
    // Nitra's Štúrova: the register's street (with address points) and the same name in the street
    // lists of three city parts, which have no position of their own (the town's centre).
    const r = await searchPlaces('Štúrova, Nitra', 10);
    const sturova = r.places.filter((p) => p.type === 'ulica' && p.name === 'Štúrova, Nitra');
    expect(sturova).toHaveLength(1);
    expect(r.places[0]).toBe(sturova[0]);
    for (const q of ['Štúrova, Nitra', 'Sturova', 'Hlavná', 'Nová, Bratislava', 'Mierová']) {
      const seen = new Set<string>();
      for (const p of (await searchPlaces(q, 20)).places) {
        const key = `${p.type}|${p.name}|${p.municipality?.code}|${p.point.join(',')}`;
        expect(seen.has(key), `${q}: ${key} twice`).toBe(false);
        seen.add(key);
      }
    }
  });

  test('max limits the count', async () => {
    expect((await searchPlaces('Nová', 1)).count).toBe(1);
    expect((await searchPlaces('Nová', 10)).count).toBe(10);
  });
});

describe('GET /api/places', () => {
  const call = async (qs: string) => {
    const res = await GET(new Request(`http://localhost/api/places${qs}`), { params: Promise.resolve({}) });
    return { status: res.status, body: (await res.json()) as PlaceResult & { code?: string; error?: string }, res };
  };

  test('answers the place result with CORS', async () => {
    const { status, body, res } = await call('?query=zilina&max=2');
    expect(status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(body.count).toBe(2);
    expect(body.places[0].municipality).toEqual({
      slug: 'zilinsky-kraj/zilina',
      code: 'SK031B517402',
      name: 'Žilina',
      district: 'Žilina',
      region: 'Žilinský kraj',
    });
    expect(body.places[0].point).toHaveLength(2);
  });

  test('default max is 5', async () => {
    const { body } = await call('?query=Nov%C3%A1');
    expect(body.count).toBe(5);
  });

  const bad: Array<[string, string]> = [
    ['no query', ''],
    ['empty query', '?query='],
    ['blank query', '?query=%20%20'],
    ['one character', '?query=a'],
    ['one letter with punctuation', '?query=%C5%BD.'],
    ['max 0', '?query=zilina&max=0'],
    ['max 11', '?query=zilina&max=11'],
    ['max not a number', '?query=zilina&max=abc'],
    ['max fraction', '?query=zilina&max=2.5'],
    ['query too long', `?query=${'a'.repeat(201)}`],
  ];
  for (const [name, qs] of bad) {
    test(`400 invalid_query: ${name}`, async () => {
      const { status, body } = await call(qs);
      expect(status).toBe(400);
      expect(body.code).toBe('invalid_query');
      expect(typeof body.error).toBe('string');
    });
  }

  test('OPTIONS preflight', async () => {
    const res = await OPTIONS();
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
