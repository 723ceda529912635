// Reads the staged Slovak reference files (REFERENCE_DATA_DIR, see ../shared/data/sk/SOURCES.md)
// into one in-memory model, joined by the 12-character municipality code. Everything here is pure
// parsing and joining; lib/reference/import.ts writes the model to the database.
//
// Required: census2021/{kraje,okresy,obce,vek}.csv and boundaries: the cadastral authority's 2019
// boundaries (boundaries/gku-2019/{obce,okresy,kraje}.geojson, joined by the 6-digit municipality,
// 3-digit district and 1-digit region numbers) or, in an older data directory without them, the
// 2010-vintage boundaries/slovakia.topojson.json (joined by the 12-character LAU code).
// Optional: boundaries/gku-2019/katastralne-uzemia.geojson (cadastral territories), postal-codes/*.csv
// (current status, centre points, PSČ, parts, streets) and register-adries-2015/davky.zip (register
// object ids, parts, 2015 street names, address records).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Feature, Geometry, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { codelistItem, readRegisterFile, type RegisterRecord } from './register-xml';
import { parseCsv, parseCsvObjects } from './csv';
import { normalizeName, normalizeNumber, slugify } from './normalize';

/** Bumped when the import logic changes, so a code change re-imports unchanged files. */
const IMPORT_VERSION = 5;

const REQUIRED_FILES = [
  'census2021/kraje.csv',
  'census2021/okresy.csv',
  'census2021/obce.csv',
  'census2021/vek.csv',
];
/** The 2010-vintage boundaries: the fallback when the 2019 files are absent. */
const TOPOJSON_FILE = 'boundaries/slovakia.topojson.json';
/** The cadastral authority's boundaries, state of 30 Apr 2019 (see SOURCES.md). */
export const GKU_FILES = {
  kraje: 'boundaries/gku-2019/kraje.geojson',
  okresy: 'boundaries/gku-2019/okresy.geojson',
  obce: 'boundaries/gku-2019/obce.geojson',
} as const;
export const CADASTRAL_FILE = 'boundaries/gku-2019/katastralne-uzemia.geojson';
const OPTIONAL_FILES = [
  CADASTRAL_FILE,
  'postal-codes/municipalities.csv',
  'postal-codes/municipality_parts.csv',
  'postal-codes/streets.csv',
  'geonames/SK.txt',
  'register-adries-2015/davky.zip',
];

/** Whole cities: their 6-digit code (ŠÚ SR), the LAU1 districts they span and their central district. */
export const WHOLE_CITIES = [
  { code6: '582000', name: 'Bratislava', regionCode: 'SK010', centre: 'SK0101528595' },
  { code6: '599981', name: 'Košice', regionCode: 'SK042', centre: 'SK0422598186' },
] as const;

const TOWN_POPULATION = 10_000;

type LonLat = [number, number];

interface RegionIn {
  code: string;
  name: string;
  slug: string;
  geometry: Geometry;
  /** Official area (VYMERA) in km²; null: the polygon's area is used. */
  areaKm2: number | null;
}
interface DistrictIn {
  code: string;
  code3: string;
  name: string;
  regionCode: string;
  geometry: Geometry;
  areaKm2: number | null;
}
export interface MunicipalityIn {
  code: string;
  code6: string;
  kind: 'municipality' | 'whole_city';
  name: string;
  nameOfficial: string;
  nameNorm: string;
  status: string;
  city: string | null;
  districtCode: string | null;
  regionCode: string;
  population: number | null;
  population0to14: number | null;
  population65plus: number | null;
  overTenThousand: boolean;
  slug: string;
  regionSlug: string;
  /** null for whole cities: the union of their districts is built in SQL. */
  geometry: Geometry | null;
  /** Official area (VYMERA) in km²; null: the polygon's area (whole cities: the sum of their districts). */
  areaKm2: number | null;
  /** Mean of the address points (postal-codes), used as label point when it lies inside. */
  centre: LonLat | null;
  postalCodes: string[];
}
interface CadastralTerritoryIn {
  /** 6-digit code (IDN5). */
  code: string;
  name: string;
  nameNorm: string;
  /** 12-character code of its municipality (joined by IDN4 = the 6-digit municipality code). */
  municipalityCode: string;
  geometry: Geometry;
  areaKm2: number | null;
}
interface PartIn {
  id: string;
  code: string | null;
  name: string;
  nameNorm: string;
  municipalityCode: string;
  point: LonLat | null;
  postalCodes: string[];
  addressPoints: number;
  source: string;
}
interface StreetIn {
  id: string;
  name: string;
  nameNorm: string;
  municipalityCode: string;
  partName: string | null;
  point: LonLat | null;
  postalCodes: string[];
  addressPoints: number;
}
interface RegisterObjectIn {
  kind: 'region' | 'county' | 'municipality' | 'part' | 'building';
  objectId: string;
  code: string | null;
  name: string | null;
  municipalityCode: string | null;
  partName: string | null;
  parentId: string | null;
  partId: string | null;
  current: boolean;
}
interface AddressIn {
  id: string;
  municipalityCode: string | null;
  streetId: string | null;
  streetName: string | null;
  streetNorm: string | null;
  partName: string | null;
  buildingId: string | null;
  registrationNumber: string | null;
  buildingNumber: string | null;
  numberNorm: string | null;
  postalCode: string | null;
  point: LonLat | null;
}

export interface ReferenceModel {
  boundaries: BoundaryVintage;
  regions: RegionIn[];
  districts: DistrictIn[];
  municipalities: MunicipalityIn[];
  cadastralTerritories: CadastralTerritoryIn[];
  parts: PartIn[];
  streets: StreetIn[];
  registerObjects: RegisterObjectIn[];
  addresses: AddressIn[];
  /** Register records read from the batches (for the closing line). */
  registerRecords: number;
}

const STATUS_FROM_REGISTER: Record<string, string> = {
  MUNICIPALITY: 'municipality',
  CITY: 'city',
  CITY_DISTRICT: 'city_district',
  MILITARY_DISTRICT: 'military_district',
};

/** Which boundaries an import from `dir` uses: the 2019 ones when present, else the 2010 TopoJSON. */
export type BoundaryVintage = 'gku-2019' | 'topojson-2010';

export function boundaryVintage(dir: string): BoundaryVintage | null {
  if (Object.values(GKU_FILES).every((f) => existsSync(path.join(dir, f)))) return 'gku-2019';
  if (existsSync(path.join(dir, TOPOJSON_FILE))) return 'topojson-2010';
  return null;
}

/** True when `dir` holds the cadastral territories. */
export function hasCadastralTerritories(dir: string): boolean {
  return existsSync(path.join(dir, CADASTRAL_FILE));
}

export function missingRequiredFiles(dir: string): string[] {
  const missing = REQUIRED_FILES.filter((f) => !existsSync(path.join(dir, f)));
  if (!boundaryVintage(dir)) missing.unshift(`${Object.values(GKU_FILES).join(' + ')} (or ${TOPOJSON_FILE})`);
  return missing;
}

function boundaryFiles(vintage: BoundaryVintage | null): string[] {
  return vintage === 'gku-2019' ? Object.values(GKU_FILES) : [TOPOJSON_FILE];
}

/** SHA-256 over the import version and every input file present (name + bytes). */
export function referenceDigest(dir: string): string {
  const h = createHash('sha256');
  h.update(`import-version:${IMPORT_VERSION}\n`);
  for (const f of [...boundaryFiles(boundaryVintage(dir)), ...REQUIRED_FILES, ...OPTIONAL_FILES]) {
    const p = path.join(dir, f);
    if (!existsSync(p)) continue;
    h.update(`${f}\n`);
    h.update(readFileSync(p));
  }
  return h.digest('hex');
}

function read(dir: string, file: string): string {
  return readFileSync(path.join(dir, file), 'utf8');
}

function optional(dir: string, file: string): string | null {
  const p = path.join(dir, file);
  return existsSync(p) ? readFileSync(p, 'utf8') : null;
}

function num(s: string | undefined): number | null {
  if (s === undefined || s.trim() === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

function polygonal(g: Geometry | null): g is Polygon | MultiPolygon {
  return !!g && (g.type === 'Polygon' || g.type === 'MultiPolygon');
}

interface Shape {
  /** The source's own name (GKÚ `NM2`-`NM4`; the TopoJSON's `name`). */
  name: string;
  geometry: Geometry;
  areaKm2: number | null;
}

/**
 * Boundary polygons per level, keyed as the source keys them: the 2010 TopoJSON by NUTS3, LAU1 and
 * 12-character codes; the 2019 files by region number (IDN2), 3-digit district code (IDN3) and
 * 6-digit municipality code (IDN4), with their official area (VYMERA, m²).
 */
export interface BoundarySet {
  vintage: BoundaryVintage;
  kraje: Map<string, Shape>;
  okresy: Map<string, Shape>;
  obce: Map<string, Shape>;
}

function decodeTopology(text: string): BoundarySet {
  const topo = JSON.parse(text) as Topology;
  const out: BoundarySet = { vintage: 'topojson-2010', kraje: new Map(), okresy: new Map(), obce: new Map() };
  for (const key of ['obce', 'okresy', 'kraje'] as const) {
    const obj = topo.objects[key] as GeometryCollection<{ code: string; name: string }> | undefined;
    if (!obj) throw new Error(`TopoJSON has no object "${key}"`);
    const fc = feature(topo, obj) as unknown as { features: Feature<Geometry, { code: string; name: string }>[] };
    for (const f of fc.features) {
      if (!polygonal(f.geometry)) throw new Error(`TopoJSON ${key} ${f.properties.code}: not a polygon`);
      out[key].set(f.properties.code, { name: f.properties.name, geometry: f.geometry, areaKm2: null });
    }
  }
  return out;
}

/** The features of one GKÚ GeoJSON layer by the string form of `key` (an integer property); names from `nameKey`. */
function readGkuLayer(dir: string, file: string, key: string, nameKey: string): Map<string, Shape & { properties: Record<string, unknown> }> {
  const fc = JSON.parse(read(dir, file)) as { features?: Feature<Geometry, Record<string, unknown>>[] };
  if (!Array.isArray(fc.features)) throw new Error(`${file}: not a FeatureCollection`);
  const out = new Map<string, Shape & { properties: Record<string, unknown> }>();
  for (const f of fc.features) {
    const id = f.properties?.[key];
    if (id === undefined || id === null || id === '') throw new Error(`${file}: a feature without ${key}`);
    if (!polygonal(f.geometry)) throw new Error(`${file} ${key} ${id}: not a polygon`);
    const area = Number(f.properties.VYMERA);
    out.set(String(id), { name: String(f.properties[nameKey] ?? ''), geometry: f.geometry, areaKm2: Number.isFinite(area) && area > 0 ? area / 1e6 : null, properties: f.properties });
  }
  return out;
}

/** The boundary polygons the import uses for `dir` (also read by the summary bench). */
export function readBoundaries(dir: string): BoundarySet {
  const vintage = boundaryVintage(dir);
  if (vintage === 'topojson-2010') return decodeTopology(read(dir, TOPOJSON_FILE));
  if (vintage !== 'gku-2019') throw new Error(`reference data in ${dir} has no boundaries`);
  return {
    vintage,
    kraje: readGkuLayer(dir, GKU_FILES.kraje, 'IDN2', 'NM2'),
    okresy: readGkuLayer(dir, GKU_FILES.okresy, 'IDN3', 'NM3'),
    obce: readGkuLayer(dir, GKU_FILES.obce, 'IDN4', 'NM4'),
  };
}

/** Cadastral territories joined to municipalities by IDN4 = the 6-digit municipality code. */
function readCadastralTerritories(dir: string, codeByCode6: Map<string, string>): CadastralTerritoryIn[] {
  if (!hasCadastralTerritories(dir)) return [];
  const out: CadastralTerritoryIn[] = [];
  for (const [code, f] of readGkuLayer(dir, CADASTRAL_FILE, 'IDN5', 'NM5')) {
    const name = f.name.trim();
    const municipalityCode = codeByCode6.get(String(f.properties.IDN4).padStart(6, '0'));
    if (!name) throw new Error(`${CADASTRAL_FILE} ${code}: no name (NM5)`);
    if (!municipalityCode) throw new Error(`${CADASTRAL_FILE} ${code}: municipality ${f.properties.IDN4} is unknown`);
    out.push({ code: code.padStart(6, '0'), name, nameNorm: normalizeName(name), municipalityCode, geometry: f.geometry, areaKm2: f.areaKm2 });
  }
  return out.sort((a, b) => a.code.localeCompare(b.code));
}

/** Census 2021 totals and age groups per 12-char code: 101 ages of men then 101 of women. */
function readCensusAges(text: string): Map<string, { total: number; young: number; old: number }> {
  const out = new Map<string, { total: number; young: number; old: number }>();
  for (const r of parseCsv(text, ';')) {
    const v = r.slice(2).map(Number);
    if (v.length !== 202 || v.some((x) => !Number.isFinite(x))) throw new Error(`census2021/vek.csv: bad row ${r[0]}`);
    let total = 0;
    let young = 0;
    let old = 0;
    for (let i = 0; i < 202; i++) {
      const age = i % 101;
      total += v[i];
      if (age <= 14) young += v[i];
      if (age >= 65) old += v[i];
    }
    out.set(r[0], { total, young, old });
  }
  return out;
}

/** Reads and joins everything. `onStep` reports progress (for the progress bar). */
export async function readReferenceModel(dir: string, onStep: (step: string) => void = () => {}): Promise<ReferenceModel> {
  const missing = missingRequiredFiles(dir);
  if (missing.length) throw new Error(`reference data in ${dir} lacks ${missing.join(', ')}`);

  onStep('boundaries');
  const shapes = readBoundaries(dir);
  const gku = shapes.vintage === 'gku-2019';

  onStep('census code lists');
  const regions: RegionIn[] = [];
  for (const r of parseCsv(read(dir, 'census2021/kraje.csv'), ';')) {
    const nuts = (r[5] ?? '').split('-').pop() ?? '';
    if (!/^SK0\d\d$/.test(nuts)) continue; // "Zahraničie"
    // The 2019 regions are numbered 1-8 (IDN2), as the census list's second column.
    const shape = shapes.kraje.get(gku ? r[1] : nuts);
    if (!shape) throw new Error(`region ${nuts} has no polygon`);
    regions.push({ code: nuts, name: r[2], slug: slugify(r[2]), geometry: shape.geometry, areaKm2: shape.areaKm2 });
  }
  const regionByCode = new Map(regions.map((r) => [r.code, r]));

  const districts: DistrictIn[] = [];
  for (const r of parseCsv(read(dir, 'census2021/okresy.csv'), ';')) {
    const code = r[1];
    if (!/^SK0\d{2}[0-9A-Z]$/.test(code)) continue;
    const shape = shapes.okresy.get(gku ? r[5] : code);
    if (!shape) throw new Error(`district ${code} has no polygon`);
    districts.push({ code, code3: r[5], name: r[3], regionCode: code.slice(0, 5), geometry: shape.geometry, areaKm2: shape.areaKm2 });
  }
  const districtByCode = new Map(districts.map((d) => [d.code, d]));

  const ages = readCensusAges(read(dir, 'census2021/vek.csv'));

  onStep('postal codes');
  const postal = new Map<string, Record<string, string>>();
  const pcText = optional(dir, 'postal-codes/municipalities.csv');
  if (pcText) for (const r of parseCsvObjects(pcText)) postal.set(r.municipality_code, r);

  onStep('address register batches');
  const register = await readRegister(dir);

  onStep('municipalities');
  const municipalities: MunicipalityIn[] = [];
  for (const r of parseCsv(read(dir, 'census2021/obce.csv'), ';')) {
    const code = r[1];
    // Polygons exist for 2,927 codes; Javorina (abolished military district) and "Zahraničie" have none.
    const shape = shapes.obce.get(gku ? r[5] : code);
    if (!shape) continue;
    const pc = postal.get(code);
    const status = pc?.municipality_status || register.statusByCode.get(code) || 'municipality';
    const age = ages.get(code);
    const city = status === 'city_district' ? (code.startsWith('SK010') ? 'Bratislava' : 'Košice') : null;
    const lat = num(pc?.latitude);
    const lon = num(pc?.longitude);
    const name = r[3];
    municipalities.push({
      code,
      code6: r[5],
      kind: 'municipality',
      name,
      nameOfficial: r[2],
      nameNorm: normalizeName(name),
      status,
      city,
      districtCode: code.slice(0, 6),
      regionCode: code.slice(0, 5),
      population: age?.total ?? null,
      population0to14: age?.young ?? null,
      population65plus: age?.old ?? null,
      overTenThousand: status === 'city' && (age?.total ?? 0) > TOWN_POPULATION,
      slug: '',
      regionSlug: regionByCode.get(code.slice(0, 5))?.slug ?? '',
      geometry: shape.geometry,
      areaKm2: shape.areaKm2,
      centre: lat !== null && lon !== null ? [lon, lat] : null,
      postalCodes: (pc?.postal_codes ?? '').split('|').filter(Boolean),
    });
  }
  for (const w of WHOLE_CITIES) {
    const parts = municipalities.filter((m) => m.city === w.name);
    const sum = (f: (m: MunicipalityIn) => number | null) => parts.reduce((a, m) => a + (f(m) ?? 0), 0);
    const population = sum((m) => m.population);
    municipalities.push({
      code: w.code6,
      code6: w.code6,
      kind: 'whole_city',
      name: w.name,
      nameOfficial: w.name,
      nameNorm: normalizeName(w.name),
      status: 'whole_city',
      city: null,
      districtCode: null,
      regionCode: w.regionCode,
      population,
      population0to14: sum((m) => m.population0to14),
      population65plus: sum((m) => m.population65plus),
      overTenThousand: population > TOWN_POPULATION,
      slug: '',
      regionSlug: regionByCode.get(w.regionCode)!.slug,
      geometry: null,
      areaKm2: null,
      centre: municipalities.find((m) => m.code === w.centre)?.centre ?? null,
      postalCodes: [...new Set(parts.flatMap((m) => m.postalCodes))].sort(),
    });
  }
  assignSlugs(municipalities, districtByCode);
  const muniCodes = new Set(municipalities.map((m) => m.code));

  onStep('cadastral territories');
  const cadastralTerritories = readCadastralTerritories(
    dir,
    new Map(municipalities.filter((m) => m.kind === 'municipality').map((m) => [m.code6, m.code])),
  );

  onStep('parts and streets');
  const parts = readParts(dir, register, muniCodes, municipalities, districtByCode);
  const streets = readStreets(dir, register, muniCodes);

  return {
    boundaries: shapes.vintage,
    regions,
    districts,
    municipalities,
    cadastralTerritories,
    parts,
    streets,
    registerObjects: register.objects,
    addresses: register.addresses,
    registerRecords: register.records,
  };
}

/** Slugs unique within a region: same-named municipalities get the district as a suffix. */
function assignSlugs(municipalities: MunicipalityIn[], districtByCode: Map<string, DistrictIn>): void {
  const groups = new Map<string, MunicipalityIn[]>();
  for (const m of municipalities) {
    const key = `${m.regionSlug}/${slugify(m.name)}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const taken = new Set<string>();
  for (const [, group] of groups) {
    for (const m of group) {
      let slug = slugify(m.name);
      if (group.length > 1 && m.districtCode) slug = `${slug}-${slugify(districtByCode.get(m.districtCode)?.name ?? m.code6)}`;
      if (taken.has(`${m.regionSlug}/${slug}`)) slug = `${slug}-${m.code6}`;
      taken.add(`${m.regionSlug}/${slug}`);
      m.slug = slug;
    }
  }
}

interface RegisterState {
  statusByCode: Map<string, string>;
  objects: RegisterObjectIn[];
  addresses: AddressIn[];
  /** Current register parts: objectId -> { name, municipalityCode }. */
  parts: Map<string, { name: string; municipalityCode: string; code: string }>;
  /** Current 2015 street records with a known municipality. */
  streets: { id: string; name: string; municipalityCode: string; partName: string | null }[];
  records: number;
}

/** The 2015 initial batches: register object ids -> codes, parts, street names, address records. */
async function readRegister(dir: string): Promise<RegisterState> {
  const state: RegisterState = {
    statusByCode: new Map(),
    objects: [],
    addresses: [],
    parts: new Map(),
    streets: [],
    records: 0,
  };
  const file = path.join(dir, 'register-adries-2015/davky.zip');
  if (!existsSync(file)) return state;
  const byType = new Map<string, Map<string, RegisterRecord>>();
  for await (const batch of readRegisterFile(file)) {
    for (const r of batch) {
      state.records++;
      let m = byType.get(r.type);
      if (!m) byType.set(r.type, (m = new Map()));
      // A later record of the same object supersedes an earlier one, except that a closed
      // version never hides a current one.
      const prev = m.get(r.objectId);
      if (!prev || r.current || !prev.current) m.set(r.objectId, r);
    }
  }
  const all = (t: string) => [...(byType.get(t)?.values() ?? [])];

  const counties = new Map<string, string>();
  for (const r of all('region')) {
    const c = codelistItem(r, 'Region');
    state.objects.push({ kind: 'region', objectId: r.objectId, code: c.code, name: c.name, municipalityCode: null, partName: null, parentId: null, partId: null, current: r.current });
  }
  for (const r of all('county')) {
    const c = codelistItem(r, 'County');
    counties.set(r.objectId, c.code);
    state.objects.push({ kind: 'county', objectId: r.objectId, code: c.code, name: c.name, municipalityCode: null, partName: null, parentId: r.fields.regionIdentifier ?? null, partId: null, current: r.current });
  }
  const muniCode = new Map<string, string>();
  for (const r of all('municipality')) {
    const c = codelistItem(r, 'Municipality');
    const code = /^SK0\d{2}[0-9A-Z]\d{6}$/.test(c.code) ? c.code : null;
    if (code) muniCode.set(r.objectId, code);
    if (code && r.current && r.fields.status) state.statusByCode.set(code, STATUS_FROM_REGISTER[r.fields.status] ?? 'municipality');
    state.objects.push({ kind: 'municipality', objectId: r.objectId, code: c.code, name: c.name, municipalityCode: code, partName: null, parentId: r.fields.countyIdentifier ?? null, partId: null, current: r.current });
  }
  for (const r of all('part')) {
    const c = codelistItem(r, 'District');
    const mc = muniCode.get(r.fields.municipalityIdentifier ?? '') ?? null;
    if (mc && r.current) state.parts.set(r.objectId, { name: c.name, municipalityCode: mc, code: c.code });
    state.objects.push({ kind: 'part', objectId: r.objectId, code: c.code, name: c.name, municipalityCode: mc, partName: null, parentId: r.fields.municipalityIdentifier ?? null, partId: null, current: r.current });
  }
  const partName = (id: string | undefined) => (id ? (state.parts.get(id)?.name ?? null) : null);
  for (const r of all('street')) {
    const mc = muniCode.get(r.fields.municipalityIdentifier ?? '');
    const name = r.fields.StreetName;
    if (!mc || !name || !r.current) continue;
    state.streets.push({ id: r.objectId, name, municipalityCode: mc, partName: partName(r.fields.districtIdentifier) });
  }
  const buildings = new Map<string, { number: string; municipalityCode: string | null; partName: string | null }>();
  for (const r of all('building')) {
    const mc = muniCode.get(r.fields.municipalityIdentifier ?? '') ?? null;
    const number = r.fields.PropertyRegistrationNumber ?? null;
    const pn = partName(r.fields.districtIdentifier);
    if (r.current && number) buildings.set(r.objectId, { number, municipalityCode: mc, partName: pn });
    state.objects.push({ kind: 'building', objectId: r.objectId, code: number, name: null, municipalityCode: mc, partName: pn, parentId: r.fields.municipalityIdentifier ?? null, partId: r.fields.districtIdentifier ?? null, current: r.current });
  }
  const streetById = new Map(state.streets.map((s) => [s.id, s]));
  for (const r of all('entrance')) {
    if (!r.current || r.deleted) continue;
    state.addresses.push(entranceToAddress(r, buildings, streetById));
  }
  return state;
}

/** An entrance record (buildingNumberChange) as an address row; unresolved links stay null. */
function entranceToAddress(
  r: RegisterRecord,
  buildings: Map<string, { number: string; municipalityCode: string | null; partName: string | null }>,
  streets: Map<string, { name: string; municipalityCode: string }>,
): AddressIn {
  const f = r.fields;
  const number = f.BuildingNumber ? `${f.BuildingNumber}${f.BuildingIndex ?? ''}` : (f.BuildingIndex ?? null);
  const b = buildings.get(f.propertyRegistrationNumberIdentifier ?? '');
  const s = streets.get(f.streetNameIdentifier ?? '');
  const lat = num(f['AddressPoint/BLH/axisB']);
  const lon = num(f['AddressPoint/BLH/axisL']);
  return {
    id: r.objectId,
    municipalityCode: s?.municipalityCode ?? b?.municipalityCode ?? null,
    streetId: f.streetNameIdentifier ?? null,
    streetName: s?.name ?? null,
    streetNorm: s ? normalizeName(s.name) : null,
    partName: b?.partName ?? null,
    buildingId: f.propertyRegistrationNumberIdentifier ?? null,
    registrationNumber: b?.number ?? null,
    buildingNumber: number,
    numberNorm: number ? normalizeNumber(number) : null,
    postalCode: f.PostalCode ?? null,
    point: lat !== null && lon !== null && validLonLat(lon, lat) ? [lon, lat] : null,
  };
}

/** Inside WGS84 and roughly around Slovakia (BLH in the batches is ETRS89 latitude/longitude). */
export function validLonLat(lon: number, lat: number): boolean {
  return lon >= 16 && lon <= 23 && lat >= 47 && lat <= 50;
}

function readParts(
  dir: string,
  register: RegisterState,
  muniCodes: Set<string>,
  municipalities: MunicipalityIn[],
  districtByCode: Map<string, DistrictIn>,
): PartIn[] {
  const out = new Map<string, PartIn>();
  const seen = new Set<string>(); // municipalityCode|nameNorm
  const text = optional(dir, 'postal-codes/municipality_parts.csv');
  if (text) {
    // One row per (PSČ, part): the point is the address-point-weighted mean over the rows.
    for (const r of parseCsvObjects(text)) {
      if (!muniCodes.has(r.municipality_code)) continue;
      const id = `pc:${r.part_code}`;
      const n = num(r.address_points) ?? 0;
      const lat = num(r.latitude);
      const lon = num(r.longitude);
      const p = out.get(id);
      if (!p) {
        out.set(id, {
          id,
          code: r.part_code,
          name: r.part_name,
          nameNorm: normalizeName(r.part_name),
          municipalityCode: r.municipality_code,
          point: lat !== null && lon !== null ? [lon, lat] : null,
          postalCodes: [r.postal_code],
          addressPoints: n,
          source: 'postal-codes',
        });
      } else {
        if (lat !== null && lon !== null && p.point && p.addressPoints + n > 0) {
          const w = p.addressPoints + n;
          p.point = [(p.point[0] * p.addressPoints + lon * n) / w, (p.point[1] * p.addressPoints + lat * n) / w];
        }
        p.addressPoints += n;
        if (!p.postalCodes.includes(r.postal_code)) p.postalCodes.push(r.postal_code);
      }
    }
    for (const p of out.values()) {
      p.point = p.point && [round5(p.point[0]), round5(p.point[1])];
      seen.add(`${p.municipalityCode}|${p.nameNorm}`);
    }
  }
  // Register parts not covered above, except the part bearing the municipality's own name; their
  // point comes from GeoNames (same name in the same district) when there is one.
  const muniName = new Map(municipalities.map((m) => [m.code, m.nameNorm]));
  const geonames = readGeonames(dir);
  for (const [objectId, rp] of register.parts) {
    if (!muniCodes.has(rp.municipalityCode)) continue;
    const nameNorm = normalizeName(rp.name);
    if (nameNorm === muniName.get(rp.municipalityCode) || seen.has(`${rp.municipalityCode}|${nameNorm}`)) continue;
    seen.add(`${rp.municipalityCode}|${nameNorm}`);
    const code3 = districtByCode.get(rp.municipalityCode.slice(0, 6))?.code3 ?? '';
    out.set(`ra:${objectId}`, {
      id: `ra:${objectId}`,
      code: rp.code || null,
      name: rp.name,
      nameNorm,
      municipalityCode: rp.municipalityCode,
      point: geonames.get(`${code3}|${nameNorm}`) ?? null,
      postalCodes: [],
      addressPoints: 0,
      source: 'register-2015',
    });
  }
  return [...out.values()];
}

function readGeonames(dir: string): Map<string, LonLat> {
  const out = new Map<string, LonLat>();
  const text = optional(dir, 'geonames/SK.txt');
  if (!text) return out;
  for (const line of text.split('\n')) {
    const c = line.split('\t');
    const lat = num(c[9]);
    const lon = num(c[10]);
    if (c.length < 11 || lat === null || lon === null) continue;
    const key = `${c[6]}|${normalizeName(c[2])}`;
    if (!out.has(key)) out.set(key, [lon, lat]);
  }
  return out;
}

function round5(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}

function readStreets(dir: string, register: RegisterState, muniCodes: Set<string>): StreetIn[] {
  const out = new Map<string, StreetIn>();
  const text = optional(dir, 'postal-codes/streets.csv');
  if (text) {
    for (const r of parseCsvObjects(text)) {
      if (!muniCodes.has(r.municipality_code)) continue;
      const id = r.street_code;
      const n = num(r.address_points) ?? 0;
      const lat = num(r.latitude);
      const lon = num(r.longitude);
      const s = out.get(id);
      if (!s) {
        out.set(id, {
          id,
          name: r.street_name,
          nameNorm: normalizeName(r.street_name),
          municipalityCode: r.municipality_code,
          partName: null,
          point: lat !== null && lon !== null ? [lon, lat] : null,
          postalCodes: [r.postal_code],
          addressPoints: n,
        });
      } else {
        if (lat !== null && lon !== null && s.point && s.addressPoints + n > 0) {
          const w = s.addressPoints + n;
          s.point = [(s.point[0] * s.addressPoints + lon * n) / w, (s.point[1] * s.addressPoints + lat * n) / w];
        }
        s.addressPoints += n;
        if (!s.postalCodes.includes(r.postal_code)) s.postalCodes.push(r.postal_code);
      }
    }
    for (const s of out.values()) s.point = s.point && [round5(s.point[0]), round5(s.point[1])];
  }
  // 2015 register names: the part a street lies in, and streets without a current address point.
  for (const r of register.streets) {
    if (!muniCodes.has(r.municipalityCode)) continue;
    const s = out.get(r.id);
    if (s) {
      if (s.municipalityCode === r.municipalityCode) s.partName ??= r.partName;
      continue;
    }
    out.set(r.id, {
      id: r.id,
      name: r.name,
      nameNorm: normalizeName(r.name),
      municipalityCode: r.municipalityCode,
      partName: r.partName,
      point: null,
      postalCodes: [],
      addressPoints: 0,
    });
  }
  return [...out.values()];
}
