// The reference-data import: regions, districts, municipalities (plus Bratislava and Košice as
// whole cities), cadastral territories, parts, streets, register records and the place-name index, from
// REFERENCE_DATA_DIR. Idempotent (a digest of the inputs is kept in reference_imports and an
// unchanged input is skipped), all-or-nothing (one transaction), batched (json_to_recordset) so it
// stays fast on PGlite, where it runs in every test run and on the first `npm start`.
// Raw SQL (postgres.js): bulk loads of JSON batches (json_to_recordset), PostGIS geometry repair and unions.
import cliProgress from 'cli-progress';
import { existsSync } from 'node:fs';
import type { DatabaseHandle, Sql } from '../db';
import { ADVISORY_LOCKS } from '../db/locks';
import type { LoadOptions } from '../observability/progress';
import { normalizeName } from './normalize';
import { polygonWkbBase64 } from './wkb';
import {
  WHOLE_CITIES,
  missingRequiredFiles,
  readReferenceModel,
  referenceDigest,
  type BoundaryVintage,
  type MunicipalityIn,
  type ReferenceModel,
} from './sources';

export const REFERENCE_IMPORT_NAME = 'sk-reference';
const IMPORT_LOCK = ADVISORY_LOCKS.referenceImport;
const BATCH = 2000;

type Tx = Sql; // postgres.js TransactionSql is call-compatible with Sql for tagged queries

interface ReferenceCounts {
  /** Which boundaries were loaded: the 2019 GKÚ files or the 2010 TopoJSON fallback. */
  boundaries: BoundaryVintage;
  regions: number;
  districts: number;
  municipalities: number;
  wholeCities: number;
  townsOver10k: number;
  cadastralTerritories: number;
  parts: number;
  streets: number;
  registerObjects: number;
  addresses: number;
  registerRecords: number;
  placeNames: number;
}

export interface ImportResult {
  status: 'imported' | 'unchanged';
  digest: string;
  counts: ReferenceCounts | null;
  seconds: number;
  /** Seconds per step (reading and writing), for tuning. */
  timings: Record<string, number>;
}

export interface ImportOptions extends LoadOptions {
  /** Import even when the digest is unchanged. */
  force?: boolean;
  /** Test seam: runs inside the transaction after every write, before commit. */
  beforeCommit?: (tx: Tx) => Promise<void>;
}

/** At start-up: import when the tables are empty or the inputs changed; never throws for missing data. */
/** Imports the reference data when missing or changed; false when `dir` is incomplete (nothing loaded). */
export async function ensureReferenceData(handle: DatabaseHandle, dir: string, options: LoadOptions): Promise<boolean> {
  if (!existsSync(dir) || missingRequiredFiles(dir).length) {
    options.log(`reference data: ${dir} is incomplete (${missingRequiredFiles(dir).join(', ')}); place search answers 501 geocoding_unavailable`);
    return false;
  }
  const r = await importReferenceData(handle, dir, options);
  if (r.status === 'unchanged') options.log('reference data: up to date');
  return true;
}

export async function currentReferenceDigest(sql: Sql): Promise<string | null> {
  const rows = await sql<{ digest: string }[]>`
    select digest from reference_imports where name = ${REFERENCE_IMPORT_NAME}`;
  return rows[0]?.digest ?? null;
}

async function isUpToDate(sql: Sql, digest: string): Promise<boolean> {
  const [row] = await sql<{ d: string | null; n: number }[]>`
    select (select digest from reference_imports where name = ${REFERENCE_IMPORT_NAME}) as d,
           (select count(*)::int from municipalities) as n`;
  return row.d === digest && row.n > 0;
}

function progressBar(options: LoadOptions, total: number) {
  const bar = options.progress
    ? new cliProgress.SingleBar(
        { format: 'reference data [{bar}] {value}/{total} {step}', hideCursor: true, clearOnComplete: true },
        cliProgress.Presets.shades_classic,
      )
    : null;
  bar?.start(total, 0, { step: 'reading' });
  const timings: Record<string, number> = {};
  let current = 'start';
  let since = Date.now();
  return {
    timings,
    step(name: string) {
      timings[current] = (Date.now() - since) / 1000;
      current = name;
      since = Date.now();
      bar?.increment(1, { step: name });
    },
    stop() {
      bar?.stop();
    },
  };
}

const READ_STEPS = 7;
const WRITE_STEPS = 10;

export async function importReferenceData(
  handle: DatabaseHandle,
  dir: string,
  options: ImportOptions,
): Promise<ImportResult> {
  const started = Date.now();
  const digest = referenceDigest(dir);
  if (!options.force && (await isUpToDate(handle.sql, digest))) {
    return { status: 'unchanged', digest, counts: null, seconds: (Date.now() - started) / 1000, timings: {} };
  }
  const bar = progressBar(options, READ_STEPS + WRITE_STEPS);
  try {
    const model = await readReferenceModel(dir, (s) => bar.step(s));
    const counts = await handle.sql.begin(async (txn) => {
      const tx = txn as unknown as Tx;
      // Several instances may start at once: one imports, the others find the digest stored.
      await tx`select pg_advisory_xact_lock(${IMPORT_LOCK})`;
      if (!options.force && (await isUpToDate(tx, digest))) return null;
      const c = await writeModel(tx, model, (s) => bar.step(s));
      await tx`
        insert into reference_imports (name, digest, counts, imported_at)
        values (${REFERENCE_IMPORT_NAME}, ${digest}, ${JSON.stringify(c)}, ${new Date().toISOString()})
        on conflict (name) do update set digest = excluded.digest, counts = excluded.counts,
          imported_at = excluded.imported_at`;
      // The built-in provider serves these tables: its cached answers (data proxy) describe the old data.
      await tx`delete from data_cache where dataset_key like 'sk-uzemie/%'`;
      if (options.beforeCommit) await options.beforeCommit(tx);
      return c;
    });
    bar.step('done');
    bar.stop();
    const seconds = (Date.now() - started) / 1000;
    if (!counts) return { status: 'unchanged', digest, counts: null, seconds, timings: bar.timings };
    // The import rewrites the place index: reclaim the dead rows now, not at the next autovacuum
    // (PGlite has none), and refresh the planner's statistics.
    await handle.sql`vacuum analyze regions, districts, municipalities, cadastral_territories, municipality_parts, streets, place_names`.catch(() => undefined);
    options.log(`reference data: ${describeCounts(counts)} in ${seconds.toFixed(1)} s`);
    return { status: 'imported', digest, counts, seconds, timings: bar.timings };
  } finally {
    bar.stop();
  }
}

const fmt = (n: number) => n.toLocaleString('en-US');

function describeCounts(c: ReferenceCounts): string {
  const boundaries = c.boundaries === 'gku-2019' ? 'boundaries of 2019 (GKÚ)' : 'boundaries of about 2010 (TopoJSON)';
  return `${boundaries}: ${[
    `${fmt(c.regions)} regions`,
    `${fmt(c.districts)} districts`,
    `${fmt(c.municipalities)} municipalities (+${c.wholeCities} whole cities)`,
    `${fmt(c.townsOver10k)} towns over 10,000`,
    `${fmt(c.cadastralTerritories)} cadastral territories`,
    `${fmt(c.parts)} municipality parts`,
    `${fmt(c.streets)} streets`,
    `${fmt(c.registerRecords)} register records (${fmt(c.registerObjects)} objects, ${fmt(c.addresses)} address points)`,
    `${fmt(c.placeNames)} place names`,
  ].join(', ')}`;
}

async function inBatches<T>(rows: T[], write: (json: string) => Promise<unknown>, size = BATCH): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(JSON.stringify(rows.slice(i, i + size)));
}

/**
 * base64 WKB -> valid MultiPolygon in EPSG:4326. The quantised TopoJSON has self-touching rings
 * (every district and region, 8 municipalities); the 'structure' method (GEOS >= 3.10) repairs
 * the large district and region rings several times faster than the default on PGlite. The 2019
 * files are valid and pass through unchanged.
 */
const GEOM = (col: string, method: 'linework' | 'structure' = 'linework') =>
  `ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_GeomFromWKB(decode(${col}, 'base64'), 4326), 'method=${method}'), 3))`;

/** The official area when the source gives one (VYMERA), else the polygon's geodesic area, in km². */
const AREA = (col: string) => `coalesce(${col}, ST_Area(g.geom::geography) / 1e6)`;

async function writeModel(tx: Tx, m: ReferenceModel, step: (s: string) => void): Promise<ReferenceCounts> {
  step('regions and districts');
  await inBatches(m.regions.map((r) => ({ code: r.code, name: r.name, slug: r.slug, area_km2: r.areaKm2, geometry: polygonWkbBase64(r.geometry) })), (json) => tx.unsafe(
    `insert into regions (code, name, slug, geom, label_point, area_km2)
     select r.code, r.name, r.slug, g.geom, ST_PointOnSurface(g.geom), ${AREA('r.area_km2')}
     from json_to_recordset($1::json) as r(code text, name text, slug text, geometry text, area_km2 float8)
     cross join lateral (select ${GEOM('r.geometry', 'structure')} as geom) g
     on conflict (code) do update set name = excluded.name, slug = excluded.slug, geom = excluded.geom,
       label_point = excluded.label_point, area_km2 = excluded.area_km2`,
    [json],
  ), 20);
  const districtRows = m.districts.map((d) => ({
    code: d.code,
    code3: d.code3,
    name: d.name,
    region_code: d.regionCode,
    area_km2: d.areaKm2,
    geometry: polygonWkbBase64(d.geometry),
  }));
  await inBatches(districtRows, (json) => tx.unsafe(
    `insert into districts (code, code3, name, region_code, geom, label_point, area_km2)
     select r.code, r.code3, r.name, r.region_code, g.geom, ST_PointOnSurface(g.geom), ${AREA('r.area_km2')}
     from json_to_recordset($1::json) as r(code text, code3 text, name text, region_code text, geometry text, area_km2 float8)
     cross join lateral (select ${GEOM('r.geometry', 'structure')} as geom) g
     on conflict (code) do update set code3 = excluded.code3, name = excluded.name,
       region_code = excluded.region_code, geom = excluded.geom, label_point = excluded.label_point,
       area_km2 = excluded.area_km2`,
    [json],
  ), 100);

  step('municipalities');
  const plain = m.municipalities.filter((x) => x.kind === 'municipality');
  const muniRow = (x: MunicipalityIn) => ({
    code: x.code,
    code6: x.code6,
    kind: x.kind,
    name: x.name,
    name_official: x.nameOfficial,
    name_norm: x.nameNorm,
    status: x.status,
    city: x.city,
    district_code: x.districtCode,
    region_code: x.regionCode,
    population: x.population,
    p014: x.population0to14,
    p65: x.population65plus,
    over10k: x.overTenThousand,
    slug: x.slug,
    region_slug: x.regionSlug,
    geometry: x.geometry ? polygonWkbBase64(x.geometry) : null,
    area_km2: x.areaKm2,
    lon: x.centre?.[0] ?? null,
    lat: x.centre?.[1] ?? null,
    postal_codes: x.postalCodes,
  });
  const MUNI_COLS = `r(code text, code6 text, kind text, name text, name_official text, name_norm text, status text,
    city text, district_code text, region_code text, population int, p014 int, p65 int, over10k boolean,
    slug text, region_slug text, geometry text, area_km2 float8, lon float8, lat float8, postal_codes text[])`;
  const UPSERT_MUNI = `on conflict (code) do update set code6 = excluded.code6, kind = excluded.kind,
    name = excluded.name, name_official = excluded.name_official, name_norm = excluded.name_norm,
    status = excluded.status, city = excluded.city, district_code = excluded.district_code,
    region_code = excluded.region_code, population = excluded.population,
    population_0_14 = excluded.population_0_14, population_65_plus = excluded.population_65_plus,
    over_ten_thousand = excluded.over_ten_thousand, slug = excluded.slug, region_slug = excluded.region_slug,
    geom = excluded.geom, label_point = excluded.label_point, area_km2 = excluded.area_km2,
    postal_codes = excluded.postal_codes`;
  // Slugs are unique per region: clear them first so a renamed slug cannot collide mid-upsert.
  await tx`update municipalities set slug = '~' || code`;
  await inBatches(plain.map(muniRow), (json) => tx.unsafe(
    `insert into municipalities (code, code6, kind, name, name_official, name_norm, status, city, district_code,
       region_code, population, population_0_14, population_65_plus, over_ten_thousand, slug, region_slug, geom,
       label_point, area_km2, postal_codes)
     select r.code, r.code6, r.kind, r.name, r.name_official, r.name_norm, r.status, r.city, r.district_code,
       r.region_code, r.population, r.p014, r.p65, r.over10k, r.slug, r.region_slug, g.geom,
       -- the mean of the address points when it lies inside the polygon, else a point on the surface
       case when c.pt is not null and ST_Contains(g.geom, c.pt) then c.pt else ST_PointOnSurface(g.geom) end,
       ${AREA('r.area_km2')}, r.postal_codes
     from json_to_recordset($1::json) as ${MUNI_COLS}
     cross join lateral (select ${GEOM('r.geometry')} as geom) g
     cross join lateral (select case when r.lon is not null then ST_SetSRID(ST_Point(r.lon, r.lat), 4326) end as pt) c
     ${UPSERT_MUNI}`,
    [json],
  ), 500);

  step('whole cities');
  for (const w of WHOLE_CITIES) {
    const x = m.municipalities.find((y) => y.kind === 'whole_city' && y.code === w.code6);
    if (!x) continue;
    await tx.unsafe(
      `insert into municipalities (code, code6, kind, name, name_official, name_norm, status, city, district_code,
         region_code, population, population_0_14, population_65_plus, over_ten_thousand, slug, region_slug, geom,
         label_point, area_km2, postal_codes)
       select r.code, r.code6, r.kind, r.name, r.name_official, r.name_norm, r.status, r.city, r.district_code,
         r.region_code, r.population, r.p014, r.p65, r.over10k, r.slug, r.region_slug, u.geom,
         coalesce((select label_point from municipalities where code = $3), ST_PointOnSurface(u.geom)),
         u.area, r.postal_codes
       from json_to_recordset($1::json) as ${MUNI_COLS}
       cross join lateral (
         select ST_Multi(ST_CollectionExtract(ST_Union(geom), 3)) as geom, sum(area_km2) as area
         from municipalities where city = $2 and kind = 'municipality') u
       ${UPSERT_MUNI}`,
      [JSON.stringify([muniRow(x)]), w.name, w.centre],
    );
  }
  const codes = m.municipalities.map((x) => x.code);
  // Municipalities no longer in the input (a newer data set): detach what points at them first.
  await tx`delete from cadastral_territories where municipality_code <> all(${codes})`;
  await tx`update addresses set municipality_code = null where municipality_code <> all(${codes})`;
  await tx`delete from municipality_parts where municipality_code <> all(${codes})`;
  await tx`delete from streets where municipality_code <> all(${codes})`;
  await tx`delete from municipalities where code <> all(${codes})`;

  step('cadastral territories');
  await inBatches(
    m.cadastralTerritories.map((k) => ({
      code: k.code,
      name: k.name,
      norm: k.nameNorm,
      muni: k.municipalityCode,
      area_km2: k.areaKm2,
      geometry: polygonWkbBase64(k.geometry),
    })),
    (json) => tx.unsafe(
      `insert into cadastral_territories (code, name, name_norm, municipality_code, geom, label_point, area_km2)
       select r.code, r.name, r.norm, r.muni, g.geom, ST_PointOnSurface(g.geom), ${AREA('r.area_km2')}
       from json_to_recordset($1::json) as r(code text, name text, norm text, muni text, area_km2 float8, geometry text)
       cross join lateral (select ${GEOM('r.geometry')} as geom) g
       on conflict (code) do update set name = excluded.name, name_norm = excluded.name_norm,
         municipality_code = excluded.municipality_code, geom = excluded.geom, label_point = excluded.label_point,
         area_km2 = excluded.area_km2`,
      [json],
    ),
    500,
  );
  // Without the file (an older data directory) the table is emptied.
  await tx`delete from cadastral_territories where code <> all(${m.cadastralTerritories.map((k) => k.code)})`;

  step('municipality parts');
  await inBatches(
    m.parts.map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      muni: p.municipalityCode,
      lon: p.point?.[0] ?? null,
      lat: p.point?.[1] ?? null,
      postal_codes: p.postalCodes,
      source: p.source,
    })),
    (json) => tx`
      insert into municipality_parts (id, code, name, municipality_code, point, postal_codes, source)
      select r.id, r.code, r.name, r.muni,
        case when r.lon is not null then ST_SetSRID(ST_Point(r.lon, r.lat), 4326) end, r.postal_codes, r.source
      from json_to_recordset(${json}::json) as r(id text, code text, name text, muni text, lon float8, lat float8,
        postal_codes text[], source text)
      on conflict (id) do update set code = excluded.code, name = excluded.name,
        municipality_code = excluded.municipality_code, point = excluded.point,
        postal_codes = excluded.postal_codes, source = excluded.source`,
  );

  step('streets');
  await inBatches(
    m.streets.map((s) => ({
      id: s.id,
      name: s.name,
      norm: s.nameNorm,
      muni: s.municipalityCode,
      part: s.partName,
      lon: s.point?.[0] ?? null,
      lat: s.point?.[1] ?? null,
      postal_codes: s.postalCodes,
      n: s.addressPoints,
    })),
    (json) => tx`
      insert into streets (id, name, name_norm, municipality_code, part_name, point, postal_codes, address_points, current)
      select r.id, r.name, r.norm, r.muni, r.part,
        case when r.lon is not null then ST_SetSRID(ST_Point(r.lon, r.lat), 4326) end, r.postal_codes, r.n, true
      from json_to_recordset(${json}::json) as r(id text, name text, norm text, muni text, part text, lon float8,
        lat float8, postal_codes text[], n int)
      on conflict (id) do update set name = excluded.name, name_norm = excluded.name_norm,
        municipality_code = excluded.municipality_code, part_name = excluded.part_name, point = excluded.point,
        postal_codes = excluded.postal_codes, address_points = excluded.address_points, current = true`,
    5000,
  );

  step('address register');
  // The 2015 initial batch is older than anything an operator loads with import:register, so
  // existing register rows are kept (do nothing) rather than overwritten.
  await inBatches(
    m.registerObjects.map((o) => ({
      kind: o.kind,
      id: o.objectId,
      code: o.code,
      name: o.name,
      muni: o.municipalityCode,
      part: o.partName,
      parent: o.parentId,
      part_id: o.partId,
      cur: o.current,
    })),
    (json) => tx`
      insert into register_objects (kind, object_id, code, name, municipality_code, part_name, parent_id, part_id, current)
      select r.kind, r.id, r.code, r.name, r.muni, r.part, r.parent, r.part_id, r.cur
      from json_to_recordset(${json}::json) as r(kind text, id text, code text, name text, muni text, part text,
        parent text, part_id text, cur boolean)
      on conflict do nothing`,
    5000,
  );
  await inBatches(
    m.addresses.map((a) => ({ ...a, lon: a.point?.[0] ?? null, lat: a.point?.[1] ?? null })),
    (json) => tx`
      insert into addresses (id, municipality_code, street_id, street_name, street_norm, part_name, building_id,
        registration_number, building_number, number_norm, postal_code, point, source)
      select r.id, r."municipalityCode", r."streetId", r."streetName", r."streetNorm", r."partName", r."buildingId",
        r."registrationNumber", r."buildingNumber", r."numberNorm", r."postalCode",
        case when r.lon is not null then ST_SetSRID(ST_Point(r.lon, r.lat), 4326) end, 'ra-xml'
      from json_to_recordset(${json}::json) as r(id text, "municipalityCode" text, "streetId" text, "streetName" text,
        "streetNorm" text, "partName" text, "buildingId" text, "registrationNumber" text, "buildingNumber" text,
        "numberNorm" text, "postalCode" text, lon float8, lat float8)
      on conflict (id) do nothing`,
    5000,
  );

  step('place names');
  const placeNames = await rebuildPlaceNames(tx, m);

  step('counts');
  const [c] = await tx<{ r: number; d: number; m: number; w: number; t: number; k: number; p: number; s: number; o: number; a: number }[]>`
    select (select count(*)::int from regions) as r,
           (select count(*)::int from cadastral_territories) as k,
           (select count(*)::int from districts) as d,
           (select count(*)::int from municipalities where kind = 'municipality') as m,
           (select count(*)::int from municipalities where kind = 'whole_city') as w,
           (select count(*)::int from municipalities where over_ten_thousand) as t,
           (select count(*)::int from municipality_parts) as p,
           (select count(*)::int from streets) as s,
           (select count(*)::int from register_objects) as o,
           (select count(*)::int from addresses) as a`;
  return {
    boundaries: m.boundaries,
    regions: c.r,
    districts: c.d,
    municipalities: c.m,
    wholeCities: c.w,
    townsOver10k: c.t,
    cadastralTerritories: c.k,
    parts: c.p,
    streets: c.s,
    registerObjects: c.o,
    addresses: c.a,
    registerRecords: m.registerRecords,
    placeNames,
  };
}

/** Slovak type of a municipality row in search results. */
const MUNICIPALITY_TYPE_SQL = `case m.status when 'city' then 'mesto' when 'whole_city' then 'mesto'
  when 'city_district' then 'mestská časť' when 'military_district' then 'vojenský obvod' else 'obec' end`;

/**
 * The search index, rebuilt from the tables: municipalities (+ official and short district names),
 * parts, streets (including streets loaded by import:register), districts and regions. Address
 * points are not in it: they are looked up by street and number (lib/places/search.ts).
 */
async function rebuildPlaceNames(tx: Tx, m: ReferenceModel): Promise<number> {
  await tx`delete from place_names`;
  await tx.unsafe(`
    insert into place_names (id, type, name, name_norm, municipality_code, point, weight)
    select 'obec:' || m.code, ${MUNICIPALITY_TYPE_SQL}, m.name, m.name_norm, m.code, m.label_point,
      coalesce(m.population, 0)
    from municipalities m`);

  // Alternative spellings people type: the official long form and, for city districts, the bare
  // district name ("Staré Mesto", "Petržalka").
  const alt: { id: string; muni: string; norm: string }[] = [];
  for (const x of m.municipalities) {
    const norms = new Set<string>([normalizeName(x.nameOfficial)]);
    const bare = x.city ? x.name.replace(/^(Bratislava|Košice)\s*-\s*/, '') : null;
    if (bare) norms.add(normalizeName(bare));
    norms.delete(x.nameNorm);
    [...norms].forEach((norm, i) => alt.push({ id: `obec:${x.code}:${i + 1}`, muni: x.code, norm }));
  }
  await inBatches(alt, (json) => tx.unsafe(
    `insert into place_names (id, type, name, name_norm, municipality_code, point, weight)
     select r.id, ${MUNICIPALITY_TYPE_SQL}, m.name, r.norm, m.code, m.label_point, coalesce(m.population, 0)
     from json_to_recordset($1::json) as r(id text, muni text, norm text)
     join municipalities m on m.code = r.muni`,
    [json],
  ));

  await inBatches(
    m.parts.map((p) => ({ id: p.id, norm: p.nameNorm, weight: p.addressPoints })),
    (json) => tx`
      insert into place_names (id, type, name, name_norm, municipality_code, point, weight)
      select 'cast:' || p.id, 'časť obce', p.name || ', ' || m.name, r.norm, m.code,
        coalesce(p.point, m.label_point), r.weight
      from json_to_recordset(${json}::json) as r(id text, norm text, weight int)
      join municipality_parts p on p.id = r.id
      join municipalities m on m.code = p.municipality_code`,
  );

  await rebuildStreetPlaceNames(tx);

  // Districts and regions: their municipality is the most populous one (the seat, in practice).
  const seat = (inside: (x: MunicipalityIn) => boolean) =>
    m.municipalities.filter(inside).sort((a, b) => (b.population ?? 0) - (a.population ?? 0))[0]?.code ?? null;
  const units = [
    ...m.districts.map((d) => ({
      id: `okres:${d.code}`,
      type: 'okres',
      code: d.code,
      name: `okres ${d.name}`,
      norm: normalizeName(d.name),
      seat: seat((x) => x.kind === 'municipality' && x.districtCode === d.code),
    })),
    ...m.regions.map((r) => ({
      id: `kraj:${r.code}`,
      type: 'kraj',
      code: r.code,
      name: r.name,
      norm: normalizeName(r.name),
      seat: seat((x) => x.regionCode === r.code && x.city === null),
    })),
  ];
  await tx`
    insert into place_names (id, type, name, name_norm, municipality_code, point, weight)
    select r.id, r.type, r.name, r.norm, r.seat, coalesce(d.label_point, g.label_point),
      (select coalesce(sum(population), 0) from municipalities x
        where x.kind = 'municipality' and (x.district_code = r.code or x.region_code = r.code))
    from json_to_recordset(${JSON.stringify(units)}::json) as r(id text, type text, code text, name text, norm text, seat text)
    left join districts d on d.code = r.code
    left join regions g on g.code = r.code`;

  const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from place_names`;
  return n;
}

/** Replaces the street rows of the place-name index with the current streets. */
export async function rebuildStreetPlaceNames(tx: Sql): Promise<void> {
  await tx`delete from place_names where type = 'ulica'`;
  await tx`
    insert into place_names (id, type, name, name_norm, municipality_code, point, weight)
    select 'ulica:' || s.id, 'ulica', s.name || ', ' || m.name, s.name_norm, m.code,
      coalesce(s.point, m.label_point), s.address_points
    from streets s join municipalities m on m.code = s.municipality_code
    where s.current and s.name_norm <> ''`;
}
