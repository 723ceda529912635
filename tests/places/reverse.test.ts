// GET /api/places/reverse over the imported reference data: the municipality (with its page link),
// the cadastral territory and the nearest street or part, checked against an independent search
// over the municipality's points; the 400 cases; entrances preferred where the register has them;
// and the same object as `location` of a nearby answer.
import { afterAll, describe, expect, test } from 'vitest';
import { GET, OPTIONS } from '@/app/api/places/reverse/route';
import { getSql } from '@/lib/db';
import { env } from '@/lib/env';
import { nearby } from '@/lib/nearby';
import { locatePoint, reversePlace, type ReverseResult } from '@/lib/places';
import { resetPointLocations } from '@/lib/places/reverse';
import { referenceHaversine, uniqueId } from '../nearby/helpers';

const ZVOLEN: [number, number] = [19.1235, 48.5772];
const STARE_MESTO: [number, number] = [17.1077, 48.1486];
const KOSICE: [number, number] = [21.2581, 48.7203];
const VIENNA_WOODS: [number, number] = [16.0, 48.0];

async function get(qs: string): Promise<Response> {
  return GET(new Request(`http://localhost/api/places/reverse?${qs}`), { params: Promise.resolve({}) });
}

/** The nearest street or part of the municipality by an independent haversine over every point. */
async function expectedNearest(code: string, [lon, lat]: [number, number]): Promise<{ type: string; name: string; distance: number } | null> {
  const sql = await getSql();
  const rows = await sql<{ type: string; name: string; lon: number; lat: number }[]>`
    select 'street' as type, name, ST_X(point) as lon, ST_Y(point) as lat from streets where municipality_code = ${code} and point is not null
    union all
    select 'part', name, ST_X(point), ST_Y(point) from municipality_parts where municipality_code = ${code} and point is not null
    union all
    select case when street_name is not null then 'street' else 'part' end, coalesce(street_name, part_name), ST_X(point), ST_Y(point)
    from addresses where municipality_code = ${code} and point is not null and coalesce(street_name, part_name) is not null`;
  let best: { type: string; name: string; distance: number } | null = null;
  for (const r of rows) {
    const distance = referenceHaversine([lon, lat], [r.lon, r.lat]);
    if (!best || distance < best.distance) best = { type: r.type, name: r.name, distance };
  }
  return best;
}

describe('where a point is', () => {
  test('Zvolen: the town, its cadastral territory, the nearest street (as an independent search finds it)', async () => {
    const r = await reversePlace({ point: ZVOLEN });
    expect(r.point).toEqual(ZVOLEN);
    expect(r.municipality).toEqual({
      slug: 'banskobystricky-kraj/zvolen',
      code: 'SK032B518158',
      name: 'Zvolen',
      type: 'mesto',
      district: 'Zvolen',
      region: 'Banskobystrický kraj',
      url: `${env().publicBaseUrl}/banskobystricky-kraj/zvolen`,
    });
    expect(r.cadastralTerritory).toEqual({ code: '873705', name: 'Zvolen' });
    const want = await expectedNearest('SK032B518158', ZVOLEN);
    expect(want).not.toBeNull();
    expect(r.nearest).toMatchObject({ type: want!.type, name: want!.name });
    expect(Math.abs(r.nearest!.distance - want!.distance)).toBeLessThanOrEqual(Math.max(2, want!.distance * 0.005));
    expect(r.attribution).toMatch(/Register adries/);
  });

  test('Bratislava and Košice answer with the city district, whose page the link opens', async () => {
    const ba = await reversePlace({ point: STARE_MESTO });
    expect(ba.municipality).toMatchObject({ code: 'SK0101528595', type: 'mestská časť', district: 'Bratislava I', slug: 'bratislavsky-kraj/bratislava-stare-mesto' });
    expect(ba.cadastralTerritory?.name).toBe('Staré Mesto');
    expect(ba.nearest?.type).toBe('street');
    const ke = await reversePlace({ point: KOSICE });
    expect(ke.municipality).toMatchObject({ code: 'SK0422598186', name: 'Košice-Staré Mesto' });
    expect(ke.nearest?.name).toBe((await expectedNearest('SK0422598186', KOSICE))!.name);
  });

  test('a municipality part at its own point is the nearest, at 0 m', async () => {
    const sql = await getSql();
    const [part] = await sql<{ name: string; code: string; lon: number; lat: number }[]>`
      select name, municipality_code as code, ST_X(point) as lon, ST_Y(point) as lat from municipality_parts
      where name = 'Bytčica' and municipality_code = 'SK031B517402'`;
    const r = await locatePoint([part.lon, part.lat]);
    expect(r.municipality?.code).toBe('SK031B517402');
    expect(r.nearest).toEqual({ type: 'part', name: 'Bytčica', distance: 0 });
  });

  test('a village without streets or listed parts: the municipality, no nearest', async () => {
    const r = await locatePoint([18.9, 49.0]);
    expect(r.municipality?.name).toBe('Príbovce');
    expect(await expectedNearest(r.municipality!.code, [18.9, 49.0])).toBeNull();
    expect(r.nearest).toBeNull();
  });

  test('outside Slovakia every member is null (200)', async () => {
    const res = await get(`point=${VIENNA_WOODS.join(',')}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ReverseResult;
    expect(body).toMatchObject({ point: VIENNA_WOODS, municipality: null, cadastralTerritory: null, nearest: null });
  });

  describe('entrances of the address register', () => {
    const id = uniqueId('rev-test');
    afterAll(async () => {
      const sql = await getSql();
      await sql`delete from addresses where id = ${id}`;
    });

    test('an entrance with coordinates near the point names its street, measured to the entrance', async () => {
      const sql = await getSql();
      // About 11 m north of the point, nearer than any street centre.
      const entrance: [number, number] = [ZVOLEN[0], ZVOLEN[1] + 0.0001];
      await sql`
        insert into addresses (id, municipality_code, street_name, building_number, point, source)
        values (${id}, 'SK032B518158', 'Skúšobná ulica', '1', ST_SetSRID(ST_Point(${entrance[0]}, ${entrance[1]}), 4326), 'synthetic')`;
      resetPointLocations(); // locations are memoised per point; the address was written behind the service's back
      const r = await locatePoint(ZVOLEN);
      expect(r.nearest).toEqual({ type: 'street', name: 'Skúšobná ulica', distance: Math.round(referenceHaversine(ZVOLEN, entrance)) });
    });
  });
});

describe('GET /api/places/reverse', () => {
  test('200 with the answer of the service', async () => {
    const res = await get('point=19.1235,48.5772');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as ReverseResult;
    expect(body.point).toEqual(ZVOLEN);
    expect(body.municipality?.name).toBe('Zvolen');
  });

  test.each([
    ['', 'missing point'],
    ['point=abc', 'not numbers'],
    ['point=19.1', 'one number'],
    ['point=19.1,48.5,3', 'three numbers'],
    ['point=200,48', 'longitude out of range'],
    ['point=19,95', 'latitude out of range'],
  ])('400 invalid_query: %s (%s)', async (qs) => {
    const res = await get(qs);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; error: string };
    expect(body.code).toBe('invalid_query');
    expect(body.error).toMatch(/point/);
  });

  test('OPTIONS answers the CORS preflight', async () => {
    const res = OPTIONS();
    expect(res.status).toBeLessThan(300);
  });
});

describe('nearby carries the location of a point in Slovakia', () => {
  test('the same object as the reverse answer without `point`; absent abroad', async () => {
    const r = await nearby({ point: ZVOLEN, datasets: ['sk-uzemie/obce'] });
    const { point: _point, ...location } = await reversePlace({ point: ZVOLEN });
    expect(r.location).toEqual(location);
    expect(r.results[0].dataset).toBe('sk-uzemie/obce');
    const abroad = await nearby({ point: VIENNA_WOODS, datasets: ['sk-uzemie/obce'] });
    expect(abroad.location).toBeUndefined();
  });
});
