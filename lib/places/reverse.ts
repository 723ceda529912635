// Where a point is (GET /api/places/reverse, the `location` of a nearby answer, the map's "Čo je
// tu?" panel): the municipality holding it, its cadastral territory and the nearest street or
// municipality part of that municipality. One query per point, every part of it on an index: the
// boundaries by their GiST indexes (ST_Covers), the streets, parts and register entrances by KNN
// (`<->`) or by their municipality, then the few candidates measured on the spheroid.
//
// The reference data has no street lines: a street is known by its centre point (the mean of its
// address points, postal-codes/streets.csv) and, where an operator loaded the register's address
// points with coordinates (npm run import:register), by its entrances. `nearest.distance` is the
// distance to the nearest of those known points, so for a long street it can exceed the distance
// to the street itself. Parts are known only where their name differs from the municipality's, and
// villages without street names have no streets: there `nearest` is null.
// Raw SQL (postgres.js): PostGIS KNN (`<->`), ST_Covers and spheroid distances in one query.
import { getSql } from '../db';
import { env } from '../env';
import { ApiError } from '../errors';
import { swappedPointHint } from '../operation/fields';
import { OwnerMemo } from '../memo';
import { municipalityIndex, type MunicipalityIndex } from './municipality-index';
import { municipalityPath } from './resolve';
import type { PointLocation, ReverseResult } from './schema';
import { placesAttribution } from './search';

/** Candidates taken from each source by planar KNN before they are measured on the spheroid. */
const KNN_CANDIDATES = 5;
/**
 * Entrances are looked for within this box around the point (about 2.2 km north-south, 1.5 km
 * east-west): the KNN scan then ends at the box's edge even in a municipality without entrances,
 * instead of walking the whole register. Farther away the street and part centres still answer.
 */
const ENTRANCE_BOX_DEGREES = 0.02;

const TYPE_LABEL: Record<string, string> = {
  municipality: 'obec',
  city: 'mesto',
  city_district: 'mestská časť',
  military_district: 'vojenský obvod',
  whole_city: 'mesto',
};

type Row = { muni: string | null; kcode: string | null; kname: string | null; type: 'street' | 'part' | null; name: string | null; d: number | null };

/**
 * The municipality, cadastral territory and nearest street or part at a WGS84 point (checked by the
 * caller); throws geocoding_unavailable when no reference data is loaded.
 */
export async function locatePoint(point: readonly [number, number]): Promise<PointLocation> {
  const index = await municipalityIndex();
  if (!index) throw new ApiError('geocoding_unavailable', 'Point location is unavailable: the reference data is not loaded on this portal.');
  // The answer depends only on the point and the reference data (a re-import builds a new index).
  return located.remember(index, `${point[0]},${point[1]}`, () => queryLocation(point, index));
}

/**
 * Locations already found, per reference data and point: the query below is the costliest part of a
 * nearby answer (municipality and cadastral polygons containing the point), and maps and assistants
 * ask about the same points again. Shared objects, never mutated; kept 5 minutes like place answers.
 */
const LOCATED_TTL_MS = 5 * 60_000;
const located = new OwnerMemo<MunicipalityIndex, PointLocation>({ max: 5000, ttlMs: LOCATED_TTL_MS });

/** Forgets the locations found (tests that write addresses behind the service's back). */
export function resetPointLocations(): void {
  located.clear();
}

async function queryLocation(point: readonly [number, number], index: MunicipalityIndex): Promise<PointLocation> {
  const [lon, lat] = point;
  const sql = await getSql();
  const p = sql`ST_SetSRID(ST_Point(${lon}::float8, ${lat}::float8), 4326)`;
  // Each `order by point <-> p` keeps the literal point, so the GiST index answers it by KNN where
  // the planner prefers that to the municipality's rows.
  const [row] = await sql<Row[]>`
    with m as (
      select code from municipalities
      where kind = 'municipality' and ST_Covers(geom, ${p}) order by code limit 1),
    k as (
      select code, name from cadastral_territories where ST_Covers(geom, ${p}) order by code limit 1),
    c as (
      (select 'street' as type, name, point from streets
        where municipality_code = (select code from m) and point is not null
        order by point <-> ${p} limit ${KNN_CANDIDATES})
      union all
      (select 'part', name, point from municipality_parts
        where municipality_code = (select code from m) and point is not null
        order by point <-> ${p} limit ${KNN_CANDIDATES})
      union all
      (select case when street_name is not null then 'street' else 'part' end, coalesce(street_name, part_name), point
        from addresses
        where point && ST_Expand(${p}, ${ENTRANCE_BOX_DEGREES}) and municipality_code = (select code from m)
          and coalesce(street_name, part_name) is not null
        order by point <-> ${p} limit ${KNN_CANDIDATES})),
    n as (
      select type, name, ST_Distance(point::geography, ${p}::geography) as d from c order by d, name limit 1)
    select (select code from m) as muni, (select code from k) as kcode, (select name from k) as kname,
      n.type, n.name, n.d
    from (select 1) one left join n on true`;

  const m = row.muni ? index.byCode.get(row.muni) : undefined;
  return {
    municipality: m
      ? {
          slug: municipalityPath(m),
          code: m.code,
          name: m.name,
          type: TYPE_LABEL[m.status] ?? 'obec',
          district: m.district,
          region: m.region,
          url: `${env().publicBaseUrl}/${municipalityPath(m)}`,
        }
      : null,
    cadastralTerritory: row.kcode && row.kname ? { code: row.kcode, name: row.kname } : null,
    nearest: m && row.type && row.name && row.d !== null ? { type: row.type, name: row.name, distance: Math.round(Number(row.d)) } : null,
    attribution: placesAttribution(),
  };
}

/** GET /api/places/reverse: the point and where it is. */
export async function reversePlace({ point }: { point: [number, number] }): Promise<ReverseResult> {
  const hint = swappedPointHint(point);
  return { point: [point[0], point[1]], ...(hint ? { hint } : {}), ...(await locatePoint(point)) };
}
