// `npm run import:register -- <file>`: loads the official Register adries open data so an operator
// can put the whole register (about 1.9 million entrances) behind the place search:
// - the XML batches (initial "DavkaInit" and the change batches "zmenová dávka"), a .zip or .xml;
// - the CSV export of address points (see register-csv.ts for the columns understood).
// Streamed (records are written in batches of BATCH as they are parsed), idempotent (every record
// is an upsert by its register object id), and order-independent: links between records (an
// entrance's building and street, a building's municipality) are resolved in SQL after the load,
// so batches may come in any order. Each batch is its own transaction: a server sharing the
// embedded database keeps answering between batches.
// Raw SQL (postgres.js): bulk upserts of JSON batches (json_to_recordset) and PostGIS points and centroids.
import cliProgress from 'cli-progress';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { DatabaseHandle, Sql } from '../db';
import { normalizeName, normalizeNumber } from '../reference/normalize';
import { validLonLat } from '../reference/sources';
import { resetMunicipalityIndex } from './municipality-index';
import { mapCsvHeader, type CsvAddress } from './register-csv';
import { rebuildStreetPlaceNames } from '../reference/import';
import { codelistItem, readRegisterFile, registerFileSize, type RegisterRecord } from '../reference/register-xml';

const BATCH = 5000;

export interface RegisterImportOptions {
  progress: boolean;
  log: (line: string) => void;
}

export interface RegisterImportResult {
  format: 'xml' | 'csv';
  records: number;
  byType: Record<string, number>;
  addressesWritten: number;
  addressesRemoved: number;
  streetsWritten: number;
  skipped: number;
  unresolved: number;
  seconds: number;
}

function progressBar(options: RegisterImportOptions, total: number, label: string) {
  const bar = options.progress
    ? new cliProgress.SingleBar(
        { format: `${label} [{bar}] {percentage}% | {records} records`, hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : null;
  bar?.start(Math.max(total, 1), 0, { records: 0 });
  let done = 0;
  return {
    add(bytes: number, records: number) {
      done += bytes;
      bar?.update(Math.min(done, total), { records });
    },
    stop() {
      bar?.stop();
    },
  };
}

export async function importRegisterFile(
  handle: DatabaseHandle,
  file: string,
  options: RegisterImportOptions,
): Promise<RegisterImportResult> {
  const started = Date.now();
  const result: RegisterImportResult = {
    format: /\.csv$/i.test(file) ? 'csv' : 'xml',
    records: 0,
    byType: {},
    addressesWritten: 0,
    addressesRemoved: 0,
    streetsWritten: 0,
    skipped: 0,
    unresolved: 0,
    seconds: 0,
  };
  if (result.format === 'csv') await importCsv(handle.sql, file, options, result);
  else await importXml(handle.sql, file, options, result);
  await resolveLinks(handle.sql, result);
  // The street rows of the place index were rewritten: reclaim them (PGlite has no autovacuum).
  await handle.sql`vacuum analyze place_names, addresses, streets`.catch(() => undefined);
  resetMunicipalityIndex();
  result.seconds = (Date.now() - started) / 1000;
  return result;
}

// ---------------------------------------------------------------------------------------------
// XML batches

async function importXml(sql: Sql, file: string, options: RegisterImportOptions, result: RegisterImportResult) {
  const bar = progressBar(options, await registerFileSize(file), 'register');
  let pending: RegisterRecord[] = [];
  const flush = async () => {
    if (pending.length) await writeRecords(sql, pending, result);
    pending = [];
  };
  try {
    for await (const batch of readRegisterFile(file, (n) => bar.add(n, result.records))) {
      for (const r of batch) {
        result.records++;
        result.byType[r.type] = (result.byType[r.type] ?? 0) + 1;
        pending.push(r);
      }
      if (pending.length >= BATCH) await flush();
    }
    await flush();
  } finally {
    bar.stop();
  }
}

/** A record is live when current and not deleted; anything else removes/closes its object. */
const live = (r: RegisterRecord) => r.current && !r.deleted;

async function writeRecords(sql: Sql, records: RegisterRecord[], result: RegisterImportResult): Promise<void> {
  // Within one batch the last record of an object wins (change batches close a version, then insert the next).
  const last = new Map<string, RegisterRecord>();
  for (const r of records) last.set(`${r.type}:${r.objectId}`, r);
  const objects: Record<string, unknown>[] = [];
  const streets: Record<string, unknown>[] = [];
  const closedStreets: string[] = [];
  const entrances: Record<string, unknown>[] = [];
  const removed: string[] = [];
  for (const r of last.values()) {
    const f = r.fields;
    switch (r.type) {
      case 'region':
      case 'county':
      case 'municipality':
      case 'part': {
        const element = { region: 'Region', county: 'County', municipality: 'Municipality', part: 'District' }[r.type];
        const c = codelistItem(r, element);
        const lau = r.type === 'municipality' && /^SK0\d{2}[0-9A-Z]\d{6}$/.test(c.code) ? c.code : null;
        objects.push({
          kind: r.type,
          id: r.objectId,
          code: c.code || null,
          name: c.name || null,
          muni: lau,
          parent: f.regionIdentifier ?? f.countyIdentifier ?? f.municipalityIdentifier ?? null,
          part_id: null,
          cur: live(r),
        });
        break;
      }
      case 'building':
        objects.push({
          kind: 'building',
          id: r.objectId,
          code: f.PropertyRegistrationNumber ?? null,
          name: null,
          muni: null,
          parent: f.municipalityIdentifier ?? null,
          part_id: f.districtIdentifier ?? null,
          cur: live(r),
        });
        break;
      case 'street':
        if (live(r) && f.StreetName) {
          streets.push({ id: r.objectId, name: f.StreetName, norm: normalizeName(f.StreetName), parent: f.municipalityIdentifier ?? null, part: f.districtIdentifier ?? null });
        } else closedStreets.push(r.objectId);
        break;
      case 'entrance': {
        if (!live(r)) {
          removed.push(r.objectId);
          break;
        }
        const number = f.BuildingNumber ? `${f.BuildingNumber}${f.BuildingIndex ?? ''}` : (f.BuildingIndex ?? null);
        const lat = Number(f['AddressPoint/BLH/axisB']);
        const lon = Number(f['AddressPoint/BLH/axisL']);
        const hasPoint = Number.isFinite(lat) && Number.isFinite(lon) && validLonLat(lon, lat);
        entrances.push({
          id: r.objectId,
          street_id: f.streetNameIdentifier ?? null,
          building_id: f.propertyRegistrationNumberIdentifier ?? null,
          number,
          number_norm: number ? normalizeNumber(number) : null,
          postal: f.PostalCode ?? null,
          lon: hasPoint ? lon : null,
          lat: hasPoint ? lat : null,
        });
        break;
      }
      default:
        result.skipped++; // building units (flats): not needed for geocoding
    }
  }
  await sql.begin(async (txn) => {
    const tx = txn as unknown as Sql;
    if (objects.length) {
      await tx`
        insert into register_objects (kind, object_id, code, name, municipality_code, parent_id, part_id, current)
        select r.kind, r.id, r.code, r.name, r.muni, r.parent, r.part_id, r.cur
        from json_to_recordset(${JSON.stringify(objects)}::json) as r(kind text, id text, code text, name text, muni text,
          parent text, part_id text, cur boolean)
        on conflict (kind, object_id) do update set code = excluded.code, name = excluded.name,
          municipality_code = coalesce(excluded.municipality_code, register_objects.municipality_code),
          parent_id = excluded.parent_id, part_id = excluded.part_id, current = excluded.current`;
    }
    if (streets.length) {
      // The municipality comes from the register object the street points at (loaded by the
      // reference import or an earlier batch); streets of unknown municipalities are counted.
      const written = await tx<{ id: string }[]>`
        insert into streets (id, name, name_norm, municipality_code, part_name, current)
        select r.id, r.name, r.norm, m.code, p.name, true
        from json_to_recordset(${JSON.stringify(streets)}::json) as r(id text, name text, norm text, parent text, part text)
        join register_objects o on o.kind = 'municipality' and o.object_id = r.parent
        join municipalities m on m.code = o.municipality_code
        left join register_objects p on p.kind = 'part' and p.object_id = r.part
        on conflict (id) do update set name = excluded.name, name_norm = excluded.name_norm,
          municipality_code = excluded.municipality_code, part_name = coalesce(excluded.part_name, streets.part_name),
          current = true
        returning id`;
      result.streetsWritten += written.length;
      result.unresolved += streets.length - written.length;
    }
    if (closedStreets.length) await tx`update streets set current = false where id = any(${closedStreets})`;
    if (entrances.length) {
      await tx`
        insert into addresses (id, street_id, building_id, building_number, number_norm, postal_code, point, source)
        select r.id, r.street_id, r.building_id, r.number, r.number_norm, r.postal,
          case when r.lon is not null then ST_SetSRID(ST_Point(r.lon, r.lat), 4326) end, 'ra-xml'
        from json_to_recordset(${JSON.stringify(entrances)}::json) as r(id text, street_id text, building_id text,
          number text, number_norm text, postal text, lon float8, lat float8)
        on conflict (id) do update set street_id = excluded.street_id, building_id = excluded.building_id,
          building_number = excluded.building_number, number_norm = excluded.number_norm,
          postal_code = excluded.postal_code, point = coalesce(excluded.point, addresses.point), source = 'ra-xml'`;
      result.addressesWritten += entrances.length;
    }
    if (removed.length) {
      const gone = await tx`delete from addresses where id = any(${removed}) returning id`;
      result.addressesRemoved += gone.length;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// CSV export

async function importCsv(sql: Sql, file: string, options: RegisterImportOptions, result: RegisterImportResult) {
  const bar = progressBar(options, (await stat(file)).size, 'register CSV');
  // Before the reader starts: lines emitted while nobody iterates would be lost.
  const munis = await municipalityCodes(sql);
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let map: ((line: string) => CsvAddress | null) | null = null;
  let pending: CsvAddress[] = [];
  const flush = async () => {
    if (pending.length) await writeCsvRows(sql, pending, munis, result);
    pending = [];
  };
  try {
    for await (const raw of lines) {
      bar.add(Buffer.byteLength(raw) + 1, result.records);
      const line = raw.replace(/^\uFEFF/, '');
      if (!line.trim()) continue;
      if (!map) {
        map = mapCsvHeader(line);
        continue;
      }
      result.records++;
      const row = map(line);
      if (!row) {
        result.skipped++;
        continue;
      }
      pending.push(row);
      if (pending.length >= BATCH) await flush();
    }
    await flush();
  } finally {
    bar.stop();
  }
  if (!map) throw new Error(`${file} is empty`);
  result.byType.entrance = result.records;
}

/** 12-char code, 6-digit code and unique municipality name -> 12-char code, read once per import. */
async function municipalityCodes(sql: Sql): Promise<Map<string, string>> {
  const rows = await sql<{ code: string; code6: string; name_norm: string }[]>`
    select code, code6, name_norm from municipalities where kind = 'municipality'`;
  const out = new Map<string, string>();
  const names = new Map<string, string[]>();
  for (const r of rows) {
    out.set(r.code, r.code);
    out.set(r.code6, r.code);
    names.set(r.name_norm, [...(names.get(r.name_norm) ?? []), r.code]);
  }
  for (const [name, codes] of names) if (codes.length === 1 && !out.has(`name:${name}`)) out.set(`name:${name}`, codes[0]);
  return out;
}

async function writeCsvRows(sql: Sql, rows: CsvAddress[], munis: Map<string, string>, result: RegisterImportResult): Promise<void> {
  for (const r of rows) {
    r.muni = (r.muni && munis.get(r.muni)) || (r.muni_name && munis.get(`name:${r.muni_name}`)) || null;
  }
  const current = rows.filter((r) => r.current);
  const removed = rows.filter((r) => !r.current).map((r) => r.id);
  await sql.begin(async (txn) => {
    const tx = txn as unknown as Sql;
    if (current.length) {
      // Municipality by 12-char code, 6-digit code or unique name (above), else by the street/building links later.
      await tx`
        insert into addresses (id, municipality_code, street_id, street_name, street_norm, part_name, building_id,
          registration_number, building_number, number_norm, postal_code, point, source)
        select r.id, r.muni, r.street_id, r.street, r.street_norm, r.part, r.building_id, r.reg, r.number,
          r.number_norm, r.postal, case when r.lon is not null then ST_SetSRID(ST_Point(r.lon, r.lat), 4326) end, 'ra-csv'
        from json_to_recordset(${JSON.stringify(current)}::json) as r(id text, muni text, muni_name text, street_id text,
          street text, street_norm text, part text, building_id text, reg text, number text, number_norm text,
          postal text, lon float8, lat float8, current boolean)
        on conflict (id) do update set municipality_code = coalesce(excluded.municipality_code, addresses.municipality_code),
          street_id = coalesce(excluded.street_id, addresses.street_id),
          street_name = coalesce(excluded.street_name, addresses.street_name),
          street_norm = coalesce(excluded.street_norm, addresses.street_norm),
          part_name = coalesce(excluded.part_name, addresses.part_name),
          building_id = coalesce(excluded.building_id, addresses.building_id),
          registration_number = coalesce(excluded.registration_number, addresses.registration_number),
          building_number = excluded.building_number, number_norm = excluded.number_norm,
          postal_code = coalesce(excluded.postal_code, addresses.postal_code),
          point = coalesce(excluded.point, addresses.point), source = 'ra-csv'`;
      result.addressesWritten += current.length;
    }
    if (removed.length) {
      const gone = await tx`delete from addresses where id = any(${removed}) returning id`;
      result.addressesRemoved += gone.length;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// links

/**
 * After a load: municipalities of parts and buildings from their parent municipality object,
 * street names and municipalities of entrances from their street, súpisné číslo and municipality
 * from their building, streets for street names only known from addresses, and the street rows
 * of the place-name index. Every update only touches rows whose value changes.
 */
async function resolveLinks(sql: Sql, result: RegisterImportResult): Promise<void> {
  await sql.begin(async (txn) => {
    const tx = txn as unknown as Sql;
    await tx`
      update register_objects p set municipality_code = m.municipality_code
      from register_objects m
      where p.kind in ('part', 'building') and m.kind = 'municipality' and m.object_id = p.parent_id
        and m.municipality_code is not null and p.municipality_code is distinct from m.municipality_code`;
    await tx`
      update register_objects b set part_name = p.name
      from register_objects p
      where b.kind = 'building' and p.kind = 'part' and p.object_id = b.part_id and b.part_name is distinct from p.name`;
    await tx`
      update addresses a set street_name = s.name, street_norm = s.name_norm, municipality_code = s.municipality_code
      from streets s
      where a.street_id = s.id and (a.street_norm is distinct from s.name_norm
        or a.municipality_code is distinct from s.municipality_code or a.street_name is distinct from s.name)`;
    await tx`
      update addresses a set registration_number = b.code, part_name = coalesce(b.part_name, a.part_name),
        municipality_code = coalesce(a.municipality_code, m.code)
      from register_objects b left join municipalities m on m.code = b.municipality_code
      where b.kind = 'building' and b.object_id = a.building_id
        and (a.registration_number is distinct from b.code or (a.municipality_code is null and m.code is not null)
          or (b.part_name is not null and a.part_name is distinct from b.part_name))`;
    // Street names only present in addresses (CSV without street ids) become streets, so the
    // search, which finds addresses through their street, reaches them.
    const created = await tx`
      insert into streets (id, name, name_norm, municipality_code, point, address_points, current)
      select 'ra:' || a.municipality_code || ':' || a.street_norm, min(a.street_name), a.street_norm, a.municipality_code,
        ST_Centroid(ST_Collect(a.point)), count(*), true
      from addresses a
      where a.street_norm is not null and a.municipality_code is not null
        and not exists (select 1 from streets s where s.municipality_code = a.municipality_code and s.name_norm = a.street_norm)
      group by a.municipality_code, a.street_norm
      on conflict (id) do nothing
      returning id`;
    result.streetsWritten += created.length;
    const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from addresses where municipality_code is null`;
    result.unresolved = n;
    await rebuildStreetPlaceNames(tx);
  });
}

export function describeRegisterImport(r: RegisterImportResult): string {
  const types = Object.entries(r.byType)
    .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
    .join(', ');
  return (
    `register: ${r.records.toLocaleString('en-US')} records (${types}); ` +
    `${r.addressesWritten.toLocaleString('en-US')} address points written, ${r.addressesRemoved} removed, ` +
    `${r.streetsWritten} streets written, ${r.skipped} skipped, ${r.unresolved} address points without a municipality yet; ` +
    `${r.seconds.toFixed(1)} s`
  );
}
