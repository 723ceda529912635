// Point lookups on the reference boundaries: the municipality and the cadastral territory
// (katastrálne územie) a point lies in. PostGIS answers from the imported polygons through their
// GiST indexes, so the answer is exactly the polygon the import stored (no simplification). A point
// on a shared boundary belongs to the neighbour with the lower code, the same answer every time.
// Raw SQL (postgres.js): PostGIS point-in-polygon lookups (ST_Covers) on the GiST indexes.
import { getSql } from '../db';
import { municipalityIndex } from './municipality-index';
import { toMunicipality, type Municipality } from './resolve';
import type { Territory, TerritoryRef } from './territory-schema';

/**
 * A cadastral territory as the territory answer carries it: its 6-digit code (GKÚ `IDN5`), name
 * (`NM5`), official area (`VYMERA`), and the municipality it belongs to (12-character code and name).
 */
type CadastralTerritory = Pick<Territory, 'code' | 'name' | 'areaKm2'> & { municipality: TerritoryRef };

type LonLat = readonly [number, number];

function usable(point: LonLat): boolean {
  const [lon, lat] = point;
  return Number.isFinite(lon) && Number.isFinite(lat) && Math.abs(lon) <= 180 && Math.abs(lat) <= 90;
}

/** The cadastral territory holding the point, or null outside all of them (or before an import). */
export async function cadastralTerritoryAt(point: LonLat): Promise<CadastralTerritory | null> {
  if (!usable(point)) return null;
  const sql = await getSql();
  const rows = await sql<{ code: string; name: string; area: number | null; mcode: string; mname: string }[]>`
    select k.code, k.name, k.area_km2 as area, m.code as mcode, m.name as mname
    from cadastral_territories k join municipalities m on m.code = k.municipality_code
    where ST_Covers(k.geom, ST_SetSRID(ST_Point(${point[0]}, ${point[1]}), 4326))
    order by k.code limit 1`;
  const r = rows[0];
  return r ? { code: r.code, name: r.name, municipality: { code: r.mcode, name: r.mname }, areaKm2: r.area } : null;
}

/**
 * The municipality (or city district of Bratislava and Košice) holding the point, or null outside
 * Slovakia's municipalities (or before an import).
 */
export async function municipalityAt(point: LonLat): Promise<Municipality | null> {
  if (!usable(point)) return null;
  const sql = await getSql();
  const rows = await sql<{ code: string }[]>`
    select code from municipalities
    where kind = 'municipality' and ST_Covers(geom, ST_SetSRID(ST_Point(${point[0]}, ${point[1]}), 4326))
    order by code limit 1`;
  if (!rows[0]) return null;
  const m = (await municipalityIndex())?.byCode.get(rows[0].code);
  return m ? toMunicipality(m) : null;
}

/** The cadastral territories of a municipality (a whole city: those of all its city districts), by name. */
export async function cadastralTerritoriesOf(municipalityCode: string): Promise<Array<Omit<CadastralTerritory, 'municipality'>>> {
  const sql = await getSql();
  const rows = await sql<{ code: string; name: string; area: number | null }[]>`
    select k.code, k.name, k.area_km2 as area from cadastral_territories k
    join municipalities m on m.code = k.municipality_code
    where m.code = ${municipalityCode}
       or m.city = (select name from municipalities where code = ${municipalityCode} and kind = 'whole_city')
    order by k.code`;
  const collator = new Intl.Collator('sk');
  return rows.map((r) => ({ code: r.code, name: r.name, areaKm2: r.area })).sort((a, b) => collator.compare(a.name, b.name));
}
