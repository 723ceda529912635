// The municipality resolver: names with and without diacritics, codes, page addresses,
// parentheses, and the many names several municipalities share.
import { describe, expect, test } from 'vitest';
import { ApiError } from '@/lib/errors';
import { municipalityGeometry, municipalityPath, resolveMunicipality } from '@/lib/places';

const resolved: Array<{ input: string; code: string; name?: string }> = [
  { input: 'Žilina', code: 'SK031B517402', name: 'Žilina' },
  { input: 'zilina', code: 'SK031B517402' },
  { input: '  ŽILINA ', code: 'SK031B517402' },
  { input: 'Banska Bystrica', code: 'SK0321508438' },
  { input: 'banska-bystrica', code: 'SK0321508438' },
  { input: '517402', code: 'SK031B517402' },
  { input: 'SK031B517402', code: 'SK031B517402' },
  { input: 'sk031b517402', code: 'SK031B517402' },
  { input: 'zilinsky-kraj/zilina', code: 'SK031B517402' },
  { input: '/obce/zilinsky-kraj/zilina', code: 'SK031B517402' },
  { input: 'Bratislava', code: '582000', name: 'Bratislava' },
  { input: '582000', code: '582000' },
  { input: 'bratislavsky-kraj/bratislava', code: '582000' },
  { input: 'Košice', code: '599981' },
  { input: 'kosice', code: '599981' },
  { input: 'Bratislava-Staré Mesto', code: 'SK0101528595' },
  { input: 'Bratislava - mestská časť Staré Mesto', code: 'SK0101528595' },
  { input: 'Petržalka', code: 'SK0105529460' },
  { input: 'Staré Mesto (Košice)', code: 'SK0422598186' },
  { input: 'Staré Mesto (Bratislava I)', code: 'SK0101528595' },
  { input: 'Nová Ves', code: 'SK032A516244' },
  { input: 'Lúčky (Ružomberok)', code: 'SK0318510815' },
  { input: 'Lúčky (okres Michalovce)', code: 'SK0427522741' },
  { input: 'Lúčky (Žilinský kraj)', code: 'SK0318510815' },
  { input: 'Lucky (banskobystricky-kraj)', code: 'SK032D517046' },
  { input: 'Porúbka (Bardejov)', code: 'SK0411519731' },
  { input: 'Porubka (Humenne)', code: 'SK0412520667' },
  { input: 'Porúbka (Žilina)', code: 'SK031B557960' },
  { input: 'Dubové (Zvolen)', code: 'SK032B518361' },
  { input: 'Dubové (Turčianske Teplice)', code: 'SK0319512222' },
  { input: 'presovsky-kraj/porubka-bardejov', code: 'SK0411519731' },
  { input: 'Lešť', code: 'SK032B518581' },
];

const failing: Array<{ input: string; code: string; message?: RegExp }> = [
  { input: 'Lúčky', code: 'ambiguous_place', message: /Lúčky \(okres Ružomberok, SK0318510815\).*Lúčky \(okres Michalovce, SK0427522741\).*Lúčky \(okres Žiar nad Hronom, SK032D517046\)/ },
  { input: 'Porúbka', code: 'ambiguous_place', message: /4 municipalities.*SK0411519731/ },
  { input: 'Dubové', code: 'ambiguous_place', message: /okres Turčianske Teplice.*okres Zvolen/ },
  { input: 'Staré Mesto', code: 'ambiguous_place', message: /Bratislava-Staré Mesto.*Košice-Staré Mesto/ },
  { input: 'Lúčky (Prešovský kraj)', code: 'unknown_place', message: /Lúčky.*Ružomberok/ },
  { input: 'Nová Ves (Dunajská Streda)', code: 'unknown_place', message: /Veľký Krtíš/ },
  { input: 'Zilna', code: 'unknown_place', message: /Did you mean: Žilina/ },
  { input: 'Atlantída', code: 'unknown_place' },
  { input: '999999', code: 'unknown_place' },
  { input: 'SK0000000000', code: 'unknown_place' },
  { input: 'zilinsky-kraj/neexistuje', code: 'unknown_place' },
  { input: '', code: 'invalid_query' },
];

async function failure(input: string): Promise<ApiError> {
  try {
    await resolveMunicipality(input);
  } catch (e) {
    return e as ApiError;
  }
  throw new Error(`"${input}" resolved`);
}

describe('resolveMunicipality', () => {
  for (const { input, code, name } of resolved) {
    test(`"${input}" -> ${code}`, async () => {
      const m = await resolveMunicipality(input);
      expect(m.code).toBe(code);
      if (name) expect(m.name).toBe(name);
    });
  }

  for (const { input, code, message } of failing) {
    test(`"${input}" -> ${code}`, async () => {
      const e = await failure(input);
      expect(e.code).toBe(code);
      if (message) expect(e.message).toMatch(message);
    });
  }

  test('an ambiguous name lists every candidate with district, code and page address', async () => {
    const e = await failure('Lúčky');
    const candidates = e.extra.candidates as Array<{ code: string; district: string; path: string }>;
    expect(candidates.map((c) => c.code).sort()).toEqual(['SK0318510815', 'SK032D517046', 'SK0427522741']);
    for (const c of candidates) expect((await resolveMunicipality(c.path)).code).toBe(c.code);
  });

  test('the result has the agreed shape and its path round-trips', async () => {
    const m = await resolveMunicipality('Žilina');
    expect(m).toEqual({
      code: 'SK031B517402',
      code6: '517402',
      name: 'Žilina',
      slug: 'zilina',
      regionSlug: 'zilinsky-kraj',
      district: 'Žilina',
      region: 'Žilinský kraj',
      population: expect.any(Number),
      kind: 'municipality',
      status: 'city',
      overTenThousand: true,
    });
    expect((await resolveMunicipality(municipalityPath(m))).code).toBe(m.code);
    const ba = await resolveMunicipality('Bratislava');
    expect(ba).toMatchObject({ kind: 'whole_city', district: null, region: 'Bratislavský kraj', overTenThousand: true });
  });

  test('municipalityGeometry returns the boundary by either code', async () => {
    const g = await municipalityGeometry('SK031B517402');
    expect(g?.type).toBe('MultiPolygon');
    const ba = await municipalityGeometry('582000');
    expect(ba?.type).toBe('MultiPolygon');
    expect(await municipalityGeometry('SK0000000000')).toBeNull();
  });
});
