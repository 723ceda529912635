// Facts about one municipality for its overview page that the place index does not hold:
// area, postal codes, cadastral territories, the boundary simplified for drawing and its extent.
// Raw SQL (postgres.js): PostGIS boundary simplification, GeoJSON and extent (ST_SimplifyPreserveTopology, ST_XMin…).
import { getSql } from '@/lib/db';
import { heldAfter, isDatabaseUnavailable } from '@/lib/db/unavailable';
import { cadastralTerritoriesOf } from '@/lib/places/locate';

export interface MunicipalityFacts {
  /** Official area (VYMERA of the 2019 boundaries; the polygon's area with the 2010 ones). */
  areaKm2: number | null;
  /** Census 2021 age groups. */
  population0to14: number | null;
  population65plus: number | null;
  postalCodes: string[];
  /** Its cadastral territories (a whole city: those of its city districts), by name. */
  cadastralTerritories: Array<{ code: string; name: string; areaKm2: number | null }>;
  /** Simplified boundary (≈ 20 m) for the page map; null for rows without a polygon. */
  boundary: GeoJSON.MultiPolygon | GeoJSON.Polygon | null;
  bbox: [number, number, number, number] | null;
  /** Municipalities of the same district, for the "nearby" links. */
  neighbours: Array<{ name: string; slug: string; regionSlug: string }>;
}

/**
 * The facts last read of each municipality, answered while the database does not (they change only
 * with a reference import); at most one entry per municipality (2,929, a few KB each).
 */
const lastRead = new Map<string, MunicipalityFacts | null>();

/** A municipality's facts; while the database does not answer (or is slow to) the last read copy, else the outage's error. */
export async function getMunicipalityFacts(code: string): Promise<MunicipalityFacts | null> {
  try {
    const read = readMunicipalityFacts(code).then((facts) => {
      lastRead.set(code, facts);
      return facts;
    });
    return await (lastRead.has(code) ? heldAfter(read, lastRead.get(code)!) : read);
  } catch (err) {
    if (isDatabaseUnavailable(err) && lastRead.has(code)) return lastRead.get(code)!;
    throw err;
  }
}

async function readMunicipalityFacts(code: string): Promise<MunicipalityFacts | null> {
  const sql = await getSql();
  const rows = await sql<
    {
      area: number | null;
      p014: number | null;
      p65: number | null;
      postal: string[];
      boundary: string | null;
      bbox: string | null;
      district: string | null;
    }[]
  >`
    select area_km2 as area, population_0_14 as p014, population_65_plus as p65,
           postal_codes as postal, district_code as district,
           ST_AsGeoJSON(ST_SimplifyPreserveTopology(geom, 0.0002), 5) as boundary,
           case when geom is null then null else
             concat_ws(',', ST_XMin(geom), ST_YMin(geom), ST_XMax(geom), ST_YMax(geom)) end as bbox
    from municipalities where code = ${code}`;
  const r = rows[0];
  if (!r) return null;
  const cadastralTerritories = await cadastralTerritoriesOf(code);
  const neighbours = r.district
    ? await sql<{ name: string; slug: string; regionSlug: string }[]>`
        select name, slug, region_slug as "regionSlug" from municipalities
        where district_code = ${r.district} and code <> ${code} and kind = 'municipality'
        order by population desc nulls last limit 12`
    : [];
  return {
    areaKm2: r.area,
    population0to14: r.p014,
    population65plus: r.p65,
    postalCodes: [...(r.postal ?? [])].sort(),
    cadastralTerritories,
    boundary: r.boundary ? (JSON.parse(r.boundary) as GeoJSON.MultiPolygon) : null,
    bbox: r.bbox ? (r.bbox.split(',').map(Number) as [number, number, number, number]) : null,
    neighbours: [...neighbours],
  };
}
