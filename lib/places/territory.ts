// Territorial lookups (GET /api/territory, MCP `territory`): a region, district, municipality or
// cadastral territory by name or code, with its parents, children, area, census population and, on
// request, its boundary. Names are folded like the place search's (lib/reference/normalize.ts: case
// and diacritics never matter); exact and prefix matches come from an in-memory list of the ~6,600
// units, similar spellings from pg_trgm over the same folded names the place search uses.
// Raw SQL (postgres.js): pg_trgm similarity (`%`) and PostGIS GeoJSON, simplification and extents.
import { getSql } from '../db';
import { ApiError } from '../errors';
import { normalizeName } from '../reference/normalize';
import { parseCoordinates } from './coordinates';
import { cadastralTerritoriesOf, cadastralTerritoryAt, municipalityAt } from './locate';
import { municipalityIndex, type MunicipalityIndex, type MunicipalityInfo } from './municipality-index';
import { municipalityPath } from './resolve';
import { placesAttribution } from './search';
import { DEFAULT_TERRITORY_MAX, type Territory, type TerritoryChild, type TerritoryLevel, type TerritoryResult } from './territory-schema';

const MUNICIPALITY_TYPE: Record<string, string> = {
  municipality: 'obec',
  city: 'mesto',
  city_district: 'mestská časť',
  military_district: 'vojenský obvod',
  whole_city: 'mesto',
};

/** Simplification tolerance (degrees) of `boundary: simplified` per level: about 150, 80, 15 and 8 m. */
const TOLERANCE: Record<TerritoryLevel, number> = { kraj: 0.002, okres: 0.001, obec: 0.0002, 'katastrálne územie': 0.0001 };

interface Unit {
  level: TerritoryLevel;
  code: string;
  name: string;
  /** Folded names it answers to (a region also without "kraj"). */
  norms: string[];
  /** Order among equal matches: municipalities first, then districts, regions, cadastral territories. */
  rank: number;
}

/** A region, district or cadastral territory of the index: the members of its territory answer known before the lookup. */
type Area = Pick<Territory, 'code' | 'name' | 'areaKm2' | 'point'>;

interface TerritoryIndex {
  digest: string;
  units: Unit[];
  regions: Map<string, Area>;
  districts: Map<string, Area & { regionCode: string; code3: string }>;
  cadastral: Map<string, Area & { municipalityCode: string }>;
  municipalities: MunicipalityIndex;
}

let cached: Promise<TerritoryIndex> | null = null;
let cachedDigest: string | null = null;

async function territoryIndex(): Promise<TerritoryIndex> {
  const municipalities = await municipalityIndex();
  if (!municipalities) {
    throw new ApiError('reference_data_unavailable', 'Territorial data is not loaded on this portal (run npm run import:reference).');
  }
  if (!cached || cachedDigest !== municipalities.digest) {
    cachedDigest = municipalities.digest;
    cached = build(municipalities).catch((err: unknown) => {
      cached = null;
      throw err;
    });
  }
  return cached;
}

async function build(municipalities: MunicipalityIndex): Promise<TerritoryIndex> {
  const sql = await getSql();
  type Row = { code: string; name: string; area: number | null; lon: number; lat: number; parent: string | null; code3: string | null };
  const [regions, districts, cadastral] = await Promise.all([
    sql<Row[]>`select code, name, area_km2 as area, ST_X(label_point) as lon, ST_Y(label_point) as lat, null as parent, null as code3 from regions`,
    sql<Row[]>`select code, name, area_km2 as area, ST_X(label_point) as lon, ST_Y(label_point) as lat, region_code as parent, code3 from districts`,
    sql<Row[]>`select code, name, area_km2 as area, ST_X(label_point) as lon, ST_Y(label_point) as lat, municipality_code as parent, null as code3 from cadastral_territories`,
  ]);
  const area = (r: Row): Area => ({ code: r.code, name: r.name, areaKm2: r.area, point: [r.lon, r.lat] });
  const index: TerritoryIndex = {
    digest: municipalities.digest,
    units: [],
    regions: new Map(regions.map((r) => [r.code, area(r)])),
    districts: new Map(districts.map((r) => [r.code, { ...area(r), regionCode: r.parent ?? '', code3: r.code3 ?? '' }])),
    cadastral: new Map(cadastral.map((r) => [r.code, { ...area(r), municipalityCode: r.parent ?? '' }])),
    municipalities,
  };
  for (const m of municipalities.byCode.values()) {
    const norms = new Set([m.nameNorm, normalizeName(m.nameOfficial)]);
    if (m.city) norms.add(normalizeName(m.name.replace(/^(Bratislava|Košice)\s*-\s*/, '')));
    index.units.push({ level: 'obec', code: m.code, name: m.name, norms: [...norms], rank: 0 });
  }
  for (const d of index.districts.values()) index.units.push({ level: 'okres', code: d.code, name: d.name, norms: [normalizeName(d.name)], rank: 1 });
  for (const r of index.regions.values()) {
    const norm = normalizeName(r.name);
    index.units.push({ level: 'kraj', code: r.code, name: r.name, norms: [norm, norm.replace(/ kraj$/, '')], rank: 2 });
  }
  for (const k of index.cadastral.values()) index.units.push({ level: 'katastrálne územie', code: k.code, name: k.name, norms: [normalizeName(k.name)], rank: 3 });
  return index;
}

/** A level named in the query itself ("okres Zvolen", "Žilinský kraj", "k. ú. Staré Mesto") and the bare name. */
function levelInQuery(norm: string): { level: TerritoryLevel | null; name: string } {
  const rules: Array<[RegExp, TerritoryLevel]> = [
    [/^okres\s+/, 'okres'],
    [/^(kraj|vuc|samospravny kraj)\s+/, 'kraj'],
    [/\s+(samospravny )?kraj$/, 'kraj'],
    [/^(katastralne uzemie|katastr\w*|k\s?u)\s+/, 'katastrálne územie'],
    [/^(obec|mesto|mestska cast)\s+/, 'obec'],
  ];
  for (const [pattern, level] of rules) {
    if (pattern.test(norm)) {
      const name = norm.replace(pattern, '').trim();
      // "Žilinský kraj" is the region's own name; its folded form without "kraj" matches it too.
      if (name) return { level, name };
    }
  }
  return { level: null, name: norm };
}

type Match = { unit: Unit; match: Territory['match']; score: number };

function byCode(text: string, index: TerritoryIndex): Unit[] {
  const t = text.trim().toUpperCase();
  return index.units.filter((u) => {
    if (u.code === t) return true;
    if (u.level === 'obec') return index.municipalities.byCode.get(u.code)?.code6 === t;
    if (u.level === 'okres') return index.districts.get(u.code)?.code3 === t;
    return false;
  });
}

async function similar(norm: string, index: TerritoryIndex): Promise<Match[]> {
  if (norm.length < 3) return [];
  const sql = await getSql();
  const rows = await sql<{ kind: string; code: string; s: number }[]>`
    select kind, code, max(s) as s from (
      select split_part(id, ':', 1) as kind,
             case when type in ('okres', 'kraj') then split_part(id, ':', 2) else municipality_code end as code,
             similarity(name_norm, ${norm}) as s
      from place_names
      where type in ('obec', 'mesto', 'mestská časť', 'vojenský obvod', 'okres', 'kraj') and name_norm % ${norm}
      union all
      select 'ku', code, similarity(name_norm, ${norm}) from cadastral_territories where name_norm % ${norm}
    ) x group by kind, code order by s desc limit 50`;
  const level: Record<string, TerritoryLevel> = { obec: 'obec', okres: 'okres', kraj: 'kraj', ku: 'katastrálne územie' };
  const units = new Map(index.units.map((u) => [`${u.level}|${u.code}`, u]));
  return rows.flatMap((r) => {
    const unit = units.get(`${level[r.kind] ?? ''}|${r.code}`);
    return unit ? [{ unit, match: 'similar' as const, score: r.s }] : [];
  });
}

/** The units holding a point, the smallest first: cadastral territory, municipality, district, region. */
async function unitsAt(point: [number, number], index: TerritoryIndex): Promise<Unit[]> {
  const [ku, muni] = await Promise.all([cadastralTerritoryAt(point), municipalityAt(point)]);
  const info = muni ? index.municipalities.byCode.get(muni.code) : undefined;
  const keys = [
    ku && `katastrálne územie|${ku.code}`,
    info && `obec|${info.code}`,
    info?.districtCode && `okres|${info.districtCode}`,
    info && `kraj|${info.regionCode}`,
  ];
  const units = new Map(index.units.map((u) => [`${u.level}|${u.code}`, u]));
  return keys.flatMap((k) => (k && units.get(k) ? [units.get(k)!] : []));
}

/** The matches of the best kind: codes, else whole names, else name beginnings, else similar names. */
async function findUnits(query: string, level: TerritoryLevel | undefined, index: TerritoryIndex): Promise<Match[]> {
  const keep = (u: Unit, lv: TerritoryLevel | null) => !lv || u.level === lv;
  const coordinates = parseCoordinates(query);
  if (coordinates) {
    return (await unitsAt(coordinates.point, index)).filter((u) => keep(u, level ?? null)).map((unit, i) => ({ unit, match: 'point', score: 1 - i / 10 }));
  }
  const codes = byCode(query, index).filter((u) => keep(u, level ?? null));
  if (codes.length) return codes.map((unit) => ({ unit, match: 'code', score: 1 }));
  const stated = levelInQuery(normalizeName(query));
  // A level in the query and the `level` argument must agree; the argument wins when they differ.
  const lv = level ?? stated.level;
  const tries = stated.level && (!level || level === stated.level) ? [stated.name, normalizeName(query)] : [normalizeName(query)];
  for (const name of tries) {
    const exact = index.units.filter((u) => keep(u, lv) && u.norms.includes(name));
    if (exact.length) return exact.map((unit) => ({ unit, match: 'exact', score: 1 }));
  }
  const name = tries[0];
  const prefix = index.units.filter((u) => keep(u, lv) && u.norms.some((n) => n.startsWith(name) || n.includes(` ${name}`)));
  if (prefix.length) return prefix.map((unit) => ({ unit, match: 'prefix', score: name.length / Math.min(...unit.norms.map((n) => n.length)) }));
  return (await similar(name, index)).filter((m) => keep(m.unit, lv));
}

function population(m: MunicipalityInfo[]): number | null {
  const known = m.filter((x) => x.kind === 'municipality' && x.population !== null);
  return known.length ? known.reduce((s, x) => s + (x.population ?? 0), 0) : null;
}

const collator = new Intl.Collator('sk');
const byName = <T extends { name: string }>(a: T, b: T) => collator.compare(a.name, b.name);

async function describeUnit(m: Match, index: TerritoryIndex, boundary: 'none' | 'simplified' | 'full'): Promise<Territory> {
  const { unit } = m;
  const munis = [...index.municipalities.byCode.values()];
  const ref = (x: { code: string; name: string } | undefined | null) => (x ? { code: x.code, name: x.name } : null);
  let base: Omit<Territory, 'bbox' | 'boundary' | 'match'>;
  if (unit.level === 'kraj') {
    const r = index.regions.get(unit.code)!;
    const children: TerritoryChild[] = [...index.districts.values()]
      .filter((d) => d.regionCode === r.code)
      .map((d) => ({ code: d.code, name: d.name, type: 'okres', population: population(munis.filter((x) => x.districtCode === d.code)), areaKm2: d.areaKm2 }))
      .sort(byName);
    base = {
      level: 'kraj', type: 'kraj', code: r.code, name: r.name,
      parents: { region: null, district: null, municipality: null },
      areaKm2: r.areaKm2, population: population(munis.filter((x) => x.regionCode === r.code)), point: r.point,
      children: { type: 'okresy', count: children.length, items: children },
    };
  } else if (unit.level === 'okres') {
    const d = index.districts.get(unit.code)!;
    const members = munis.filter((x) => x.kind === 'municipality' && x.districtCode === d.code);
    const children = members
      .map((x) => ({ code: x.code, name: x.name, type: MUNICIPALITY_TYPE[x.status] ?? 'obec', population: x.population }))
      .sort(byName);
    base = {
      level: 'okres', type: 'okres', code: d.code, name: d.name,
      parents: { region: ref(index.regions.get(d.regionCode)), district: null, municipality: null },
      areaKm2: d.areaKm2, population: population(members), point: d.point,
      children: { type: 'obce', count: children.length, items: children },
    };
  } else if (unit.level === 'obec') {
    const x = index.municipalities.byCode.get(unit.code)!;
    const city = x.city ? munis.find((w) => w.kind === 'whole_city' && w.name === x.city) : undefined;
    const kus = await cadastralTerritoriesOf(x.code);
    const area = await municipalityArea(x.code);
    base = {
      level: 'obec', type: MUNICIPALITY_TYPE[x.status] ?? 'obec', code: x.code, name: x.name,
      parents: { region: ref(index.regions.get(x.regionCode)), district: ref(x.districtCode ? index.districts.get(x.districtCode) : null), municipality: ref(city) },
      areaKm2: area, population: x.population, point: x.point, slug: municipalityPath(x),
      children: { type: 'katastrálne územia', count: kus.length, items: kus.map((k) => ({ code: k.code, name: k.name, type: 'katastrálne územie', areaKm2: k.areaKm2 })) },
    };
  } else {
    const k = index.cadastral.get(unit.code)!;
    const x = index.municipalities.byCode.get(k.municipalityCode);
    base = {
      level: 'katastrálne územie', type: 'katastrálne územie', code: k.code, name: k.name,
      parents: {
        region: ref(x ? index.regions.get(x.regionCode) : null),
        district: ref(x?.districtCode ? index.districts.get(x.districtCode) : null),
        municipality: ref(x),
      },
      areaKm2: k.areaKm2, population: null, point: k.point, children: null,
    };
  }
  const shape = await geometryOf(unit, boundary);
  return { ...base, match: m.match, bbox: shape.bbox, ...(shape.boundary ? { boundary: shape.boundary } : {}) };
}

async function municipalityArea(code: string): Promise<number | null> {
  const sql = await getSql();
  const [r] = await sql<{ a: number | null }[]>`select area_km2 as a from municipalities where code = ${code}`;
  return r?.a ?? null;
}

const TABLE: Record<TerritoryLevel, string> = { kraj: 'regions', okres: 'districts', obec: 'municipalities', 'katastrálne územie': 'cadastral_territories' };

async function geometryOf(unit: Unit, boundary: 'none' | 'simplified' | 'full'): Promise<{ bbox: [number, number, number, number] | null; boundary?: Territory['boundary'] }> {
  const sql = await getSql();
  const table = sql(TABLE[unit.level]);
  const g =
    boundary === 'full'
      ? sql`ST_AsGeoJSON(geom, 6)`
      : boundary === 'simplified'
        ? sql`ST_AsGeoJSON(ST_SimplifyPreserveTopology(geom, ${TOLERANCE[unit.level]}), 5)`
        : sql`null`;
  const [r] = await sql<{ x0: number | null; y0: number | null; x1: number | null; y1: number | null; g: string | null }[]>`
    select ST_XMin(geom) as x0, ST_YMin(geom) as y0, ST_XMax(geom) as x1, ST_YMax(geom) as y1, ${g} as g
    from ${table} where code = ${unit.code}`;
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  const bbox = r && r.x0 !== null ? ([round(r.x0), round(r.y0!), round(r.x1!), round(r.y1!)] as [number, number, number, number]) : null;
  return { bbox, ...(r?.g ? { boundary: JSON.parse(r.g) as Territory['boundary'] } : {}) };
}

export interface TerritoryQuery {
  query: string;
  level?: TerritoryLevel;
  boundary?: 'none' | 'simplified' | 'full';
  max?: number;
}

/** Looks territorial units up; throws unknown_place when nothing matches, reference_data_unavailable without data. */
export async function lookupTerritory({ query, level, boundary = 'none', max = DEFAULT_TERRITORY_MAX }: TerritoryQuery): Promise<TerritoryResult> {
  const text = query.trim().replace(/\s+/g, ' ');
  if (normalizeName(text).replace(/ /g, '').length < 2) throw new ApiError('invalid_query', 'query: at least 2 letters or digits are needed.');
  const index = await territoryIndex();
  const found = (await findUnits(text, level, index)).sort((a, b) => b.score - a.score || a.unit.rank - b.unit.rank || collator.compare(a.unit.name, b.unit.name));
  if (!found.length) {
    throw new ApiError('unknown_place', `No ${level ?? 'region, district, municipality or cadastral territory'} matches "${text}". Try find_place for streets and addresses.`);
  }
  const territories = await Promise.all(found.slice(0, max).map((m) => describeUnit(m, index, boundary)));
  return {
    query: text,
    count: territories.length,
    total: found.length,
    truncated: found.length > territories.length,
    territories,
    attribution: placesAttribution(),
  };
}
