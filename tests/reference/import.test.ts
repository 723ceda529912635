// The reference import on the database the global setup prepared (it ran ensureReferenceData):
// counts, joins, slugs, whole cities, idempotence and all-or-nothing. The 2019 boundaries and the
// cadastral territories: boundaries.test.ts; the upgrade and the 2010 fallback: upgrade.test.ts.
import { describe, expect, test } from 'vitest';
import { databaseHandle, getSql } from '@/lib/db';
import { env } from '@/lib/env';
import { ensureReferenceData, importReferenceData, REFERENCE_IMPORT_NAME } from '@/lib/reference/import';
import { normalizeName, slugify } from '@/lib/reference/normalize';
import { referenceDigest } from '@/lib/reference/sources';

const dir = env().referenceDataDir!;

/** A fingerprint of everything the reference import owns (not addresses/streets other suites may add). */
async function fingerprint(): Promise<string> {
  const sql = await getSql();
  const [row] = await sql<{ f: string }[]>`
    select md5(
      (select string_agg(code || name || slug || md5(ST_AsBinary(geom)) || ST_AsText(label_point) || round(area_km2::numeric, 6), ',' order by code) from regions) ||
      (select string_agg(code || name || region_code || md5(ST_AsBinary(geom)) || round(area_km2::numeric, 6), ',' order by code) from districts) ||
      (select string_agg(code || name || name_norm || municipality_code || md5(ST_AsBinary(geom)) || ST_AsText(label_point)
         || round(area_km2::numeric, 6), ',' order by code) from cadastral_territories) ||
      (select string_agg(code || code6 || name || name_official || slug || region_slug || status || coalesce(population, -1)
         || over_ten_thousand || md5(ST_AsBinary(geom)) || ST_AsText(label_point) || round(area_km2::numeric, 6)
         || array_to_string(postal_codes, '|'), ',' order by code) from municipalities) ||
      (select string_agg(id || name || municipality_code || coalesce(ST_AsText(point), ''), ',' order by id) from municipality_parts) ||
      (select count(*)::text from streets where id not like 'ra:%' and id not like 't%') ||
      (select string_agg(id || name_norm || ST_AsText(point), ',' order by id) from place_names where type <> 'ulica')
    ) as f`;
  return row.f;
}

describe('reference import', () => {
  test('loads 8 regions, 79 districts, 2,927 municipalities, 2 whole cities, 69 towns over 10,000', async () => {
    const sql = await getSql();
    const [c] = await sql<{ r: number; d: number; m: number; w: number; t: number; pop: number }[]>`
      select (select count(*)::int from regions) as r, (select count(*)::int from districts) as d,
        (select count(*)::int from municipalities where kind = 'municipality') as m,
        (select count(*)::int from municipalities where kind = 'whole_city') as w,
        (select count(*)::int from municipalities where over_ten_thousand) as t,
        (select sum(population)::int from municipalities where kind = 'municipality') as pop`;
    expect(c).toEqual({ r: 8, d: 79, m: 2927, w: 2, t: 69, pop: 5_449_270 });
  });

  test('municipalities carry both codes, names, status, district, region, census population and area', async () => {
    const sql = await getSql();
    const [z] = await sql`
      select m.code, m.code6, m.name, m.name_official, m.status, m.district_code, m.region_code, m.population,
        m.over_ten_thousand, m.slug, m.region_slug, m.area_km2, m.postal_codes, d.name as district, r.name as region
      from municipalities m join districts d on d.code = m.district_code join regions r on r.code = m.region_code
      where m.code = 'SK031B517402'`;
    expect(z).toMatchObject({
      code6: '517402',
      name: 'Žilina',
      status: 'city',
      district_code: 'SK031B',
      region_code: 'SK031',
      over_ten_thousand: true,
      slug: 'zilina',
      region_slug: 'zilinsky-kraj',
      district: 'Žilina',
      region: 'Žilinský kraj',
    });
    expect(z.population).toBeGreaterThan(80_000);
    expect(z.area_km2).toBeGreaterThan(70);
    expect(z.area_km2).toBeLessThan(90);
    expect(z.postal_codes).toContain('01001');
    const [sm] = await sql`select name, name_official, status, city from municipalities where code = 'SK0101528595'`;
    expect(sm).toEqual({
      name: 'Bratislava-Staré Mesto',
      name_official: 'Bratislava - mestská časť Staré Mesto',
      status: 'city_district',
      city: 'Bratislava',
    });
  });

  test('every label point lies inside its polygon and every polygon is valid', async () => {
    const sql = await getSql();
    const [row] = await sql<{ outside: number; invalid: number; missing: number }[]>`
      select count(*) filter (where not ST_Contains(geom, label_point))::int as outside,
        count(*) filter (where not ST_IsValid(geom))::int as invalid,
        count(*) filter (where geom is null)::int as missing
      from municipalities`;
    expect(row).toEqual({ outside: 0, invalid: 0, missing: 0 });
    const [u] = await sql<{ outside: number }[]>`
      select ((select count(*) from districts where not ST_Contains(geom, label_point))
        + (select count(*) from regions where not ST_Contains(geom, label_point)))::int as outside`;
    expect(u.outside).toBe(0);
  });

  test('Bratislava and Košice are whole cities: the union of their districts, population summed', async () => {
    const sql = await getSql();
    const rows = await sql<{ code: string; name: string; population: number; parts: number; part_pop: number; covers: boolean; slug: string }[]>`
      select w.code, w.name, w.population, w.slug,
        (select count(*)::int from municipalities d where d.city = w.name) as parts,
        (select sum(population)::int from municipalities d where d.city = w.name) as part_pop,
        (select bool_and(ST_Covers(w.geom, ST_PointOnSurface(d.geom))) from municipalities d where d.city = w.name) as covers
      from municipalities w where w.kind = 'whole_city' order by w.code`;
    expect(rows).toEqual([
      { code: '582000', name: 'Bratislava', population: 475_503, parts: 17, part_pop: 475_503, covers: true, slug: 'bratislava' },
      { code: '599981', name: 'Košice', population: 229_040, parts: 22, part_pop: 229_040, covers: true, slug: 'kosice' },
    ]);
  });

  test('slugs drop diacritics and are unique within a region; same-named ones get the district', async () => {
    const sql = await getSql();
    const [dup] = await sql<{ n: number }[]>`
      select count(*)::int as n from (select region_slug, slug from municipalities group by 1, 2 having count(*) > 1) x`;
    expect(dup.n).toBe(0);
    const rows = await sql<{ slug: string; region_slug: string }[]>`
      select slug, region_slug from municipalities where name = 'Porúbka' order by code`;
    expect(rows.map((r) => `${r.region_slug}/${r.slug}`).sort()).toEqual([
      'kosicky-kraj/porubka',
      'presovsky-kraj/porubka-bardejov',
      'presovsky-kraj/porubka-humenne',
      'zilinsky-kraj/porubka',
    ]);
    const bad = await sql`select slug from municipalities where slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' limit 1`;
    expect(bad).toHaveLength(0);
  });

  test('parts, streets (postal points + 2015 register names), register objects and the place index', async () => {
    const sql = await getSql();
    const [c] = await sql<{ parts: number; streets: number; with_point: number; objects: number; munis: number; names: number }[]>`
      select (select count(*)::int from municipality_parts) as parts,
        (select count(*)::int from streets) as streets,
        (select count(*)::int from streets where point is not null) as with_point,
        (select count(*)::int from register_objects) as objects,
        (select count(*)::int from register_objects where kind = 'municipality' and municipality_code is not null) as munis,
        (select count(distinct type)::int from place_names) as names`;
    expect(c.parts).toBeGreaterThan(1_263);
    expect(c.streets).toBeGreaterThan(30_000);
    expect(c.with_point).toBeGreaterThanOrEqual(27_000);
    expect(c.objects).toBeGreaterThan(5_000);
    expect(c.munis).toBeGreaterThanOrEqual(2_927);
    expect(c.names).toBe(8);
    const [michalska] = await sql`select name, municipality_code, postal_codes from streets where id = '40032'`;
    expect(michalska).toMatchObject({ name: 'Michalská', municipality_code: 'SK0101528595' });
    expect(michalska.postal_codes).toContain('81101');
  });

  test('idempotent: a second start changes nothing; a forced re-import writes identical rows and is atomic', async () => {
    const handle = await databaseHandle();
    const sql = handle.sql;
    const before = await fingerprint();
    const [{ imported_at: at }] = await sql`select imported_at from reference_imports where name = ${REFERENCE_IMPORT_NAME}`;
    const lines: string[] = [];
    await ensureReferenceData(handle, dir, { progress: false, log: (l) => lines.push(l) });
    expect(lines).toEqual(['reference data: up to date']);
    expect(await fingerprint()).toBe(before);

    // Force a full re-import, check inside its transaction that it produced exactly the same data,
    // then make it fail: the previous data (and its book-keeping) must survive untouched.
    let inside = '';
    await expect(
      importReferenceData(handle, dir, {
        progress: false,
        log: () => undefined,
        force: true,
        beforeCommit: async (tx) => {
          const [row] = await tx<{ n: number }[]>`select count(*)::int as n from municipalities where kind = 'municipality'`;
          inside = String(row.n);
          await tx`update municipalities set name = 'Zmenené' where code = 'SK031B517402'`;
          throw new Error('injected failure');
        },
      }),
    ).rejects.toThrow('injected failure');
    expect(inside).toBe('2927');
    expect(await fingerprint()).toBe(before);
    const [after] = await sql`select imported_at, digest from reference_imports where name = ${REFERENCE_IMPORT_NAME}`;
    expect(after.imported_at).toEqual(at);
    expect(after.digest).toBe(referenceDigest(dir));
  });

  test('without the folder the start-up import only logs', async () => {
    const handle = await databaseHandle();
    const lines: string[] = [];
    await ensureReferenceData(handle, '/nonexistent/reference-data', { progress: false, log: (l) => lines.push(l) });
    expect(lines.join('\n')).toMatch(/geocoding_unavailable/);
  });

  test('name folding and slugs', () => {
    expect(normalizeName('Nové Mesto n/Váhom')).toBe('nove mesto n vahom');
    expect(normalizeName('ĽUBOCHŇA – Ôbec')).toBe('lubochna obec');
    expect(slugify('Banská Bystrica')).toBe('banska-bystrica');
    expect(slugify('Žilinský kraj')).toBe('zilinsky-kraj');
  });
});
