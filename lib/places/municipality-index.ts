// An in-memory index of the 2,929 municipality rows (2,927 + the two whole cities) with their
// district, region, slugs, label point and alternative names. The resolver answers from it without
// a query, and the place search uses it to shape `municipality` and `near` for every result. It is
// rebuilt when the reference import's digest changes (checked at most every few seconds).
// Raw SQL (postgres.js): PostGIS label-point coordinates (ST_X, ST_Y) read with the district and region joins.
import { getSql } from '../db';
import { heldCheck, type HeldCheck } from '../db/unavailable';
import { haversine } from '../protocol/shared/geo';
import { normalizeName } from '../reference/normalize';
import { referenceState } from '../reference/state';

export interface MunicipalityInfo {
  code: string;
  code6: string;
  name: string;
  nameOfficial: string;
  nameNorm: string;
  slug: string;
  regionSlug: string;
  districtCode: string | null;
  district: string | null;
  districtNorm: string | null;
  regionCode: string;
  region: string;
  regionNorm: string;
  population: number | null;
  kind: 'municipality' | 'whole_city';
  status: string;
  city: string | null;
  overTenThousand: boolean;
  point: [number, number];
}

export interface MunicipalityIndex {
  digest: string;
  byCode: Map<string, MunicipalityInfo>;
  byCode6: Map<string, MunicipalityInfo>;
  bySlug: Map<string, MunicipalityInfo>;
  /** Normalised name (short, official, bare city-district name) -> municipalities. */
  byName: Map<string, MunicipalityInfo[]>;
  /** The keys of byName sorted (prefix look-ups by binary search), each with its place in byName's order. */
  sortedNames: Array<{ name: string; order: number }>;
  /** A whole city's name (Bratislava, Košice) -> the codes of its city districts. */
  districtsOfCity: Map<string, string[]>;
  towns: MunicipalityInfo[];
}

const CHECK_EVERY_MS = 5_000;
let cached: { index: MunicipalityIndex | null; checkedAt: number } | null = null;
let checking: HeldCheck<MunicipalityIndex | null> | null = null;

/** The index, or null when no reference data has been imported. */
export async function municipalityIndex(): Promise<MunicipalityIndex | null> {
  if (cached && Date.now() - cached.checkedAt < CHECK_EVERY_MS) return cached.index;
  // A slow database (restarting, cut off mid-connect): the index held in memory after a short wait.
  checking ??= heldCheck(
    refresh().finally(() => {
      checking = null;
    }),
    cached?.index,
  );
  return checking.answer;
}

/** Drops the cached index (tests that re-import call it; otherwise the digest check suffices). */
export function resetMunicipalityIndex(): void {
  cached = null;
}

async function refresh(): Promise<MunicipalityIndex | null> {
  const state = await referenceState(!!cached?.index);
  if (!state) {
    // A database outage: the index held in memory keeps serving (pages of municipalities, the
    // resolver), checked again after CHECK_EVERY_MS.
    cached = { index: cached!.index, checkedAt: Date.now() };
    return cached.index;
  }
  const digest = state.municipalities > 0 ? (state.digest ?? 'unknown') : null;
  if (digest && cached?.index?.digest === digest) {
    cached = { index: cached.index, checkedAt: Date.now() };
    return cached.index;
  }
  const index = digest ? await build(digest) : null;
  cached = { index, checkedAt: Date.now() };
  return index;
}

async function build(digest: string): Promise<MunicipalityIndex> {
  const sql = await getSql();
  const rows = await sql<
    {
      code: string;
      code6: string;
      name: string;
      name_official: string;
      name_norm: string;
      slug: string;
      region_slug: string;
      district_code: string | null;
      district: string | null;
      region_code: string;
      region: string;
      population: number | null;
      kind: 'municipality' | 'whole_city';
      status: string;
      city: string | null;
      over_ten_thousand: boolean;
      lon: number;
      lat: number;
    }[]
  >`
    select m.code, m.code6, m.name, m.name_official, m.name_norm, m.slug, m.region_slug, m.district_code,
      d.name as district, m.region_code, r.name as region, m.population, m.kind, m.status, m.city,
      m.over_ten_thousand, ST_X(m.label_point) as lon, ST_Y(m.label_point) as lat
    from municipalities m
    left join districts d on d.code = m.district_code
    join regions r on r.code = m.region_code`;
  const index: MunicipalityIndex = {
    digest,
    byCode: new Map(),
    byCode6: new Map(),
    bySlug: new Map(),
    byName: new Map(),
    sortedNames: [],
    districtsOfCity: new Map(),
    towns: [],
  };
  for (const r of rows) {
    const m: MunicipalityInfo = {
      code: r.code,
      code6: r.code6,
      name: r.name,
      nameOfficial: r.name_official,
      nameNorm: r.name_norm,
      slug: r.slug,
      regionSlug: r.region_slug,
      districtCode: r.district_code,
      district: r.district,
      districtNorm: r.district ? normalizeName(r.district) : null,
      regionCode: r.region_code,
      region: r.region,
      regionNorm: normalizeName(r.region),
      population: r.population,
      kind: r.kind,
      status: r.status,
      city: r.city,
      overTenThousand: r.over_ten_thousand,
      point: [r.lon, r.lat],
    };
    index.byCode.set(m.code, m);
    index.byCode6.set(m.code6, m);
    index.bySlug.set(`${m.regionSlug}/${m.slug}`, m);
    const names = new Set([m.nameNorm, normalizeName(m.nameOfficial)]);
    if (m.city) names.add(normalizeName(m.name.replace(/^(Bratislava|Košice)\s*-\s*/, '')));
    for (const n of names) index.byName.set(n, [...(index.byName.get(n) ?? []), m]);
    if (m.overTenThousand) index.towns.push(m);
    if (m.city) index.districtsOfCity.set(m.city, [...(index.districtsOfCity.get(m.city) ?? []), m.code]);
  }
  index.sortedNames = [...index.byName.keys()].map((name, order) => ({ name, order })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return index;
}

/** Great-circle distance in km. */
function distanceKm(a: [number, number], b: [number, number]): number {
  return haversine(a[0], a[1], b[0], b[1]) / 1000;
}

/** True when a place in this municipality lies in a town over 10,000 (Bratislava/Košice districts too). */
export function insideTown(m: MunicipalityInfo): boolean {
  return m.overTenThousand || m.city !== null;
}

/** The nearest town over 10,000 to a point, with the distance in km (one decimal). */
export function nearestTown(
  index: MunicipalityIndex,
  point: [number, number],
): { town: MunicipalityInfo; km: number } | null {
  const towns = index.towns;
  // Distances on a plane (longitude scaled by the point's latitude) leave the few towns that can be
  // nearest, and the great-circle distance decides among them, in the towns' order as a scan of all
  // would (a place's answer shapes up to ten places, each once measured against ~140 towns). Within a
  // degree of the towns' latitudes the plane is within 10 % of the great circle; the margin of 50 %
  // keeps every candidate. A point further north or south is measured against every town.
  const k = Math.cos((point[1] * Math.PI) / 180);
  const planar = new Float64Array(towns.length);
  let min = Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (let i = 0; i < towns.length; i++) {
    const [lon, lat] = towns[i].point;
    const dx = (lon - point[0]) * k;
    const dy = lat - point[1];
    planar[i] = dx * dx + dy * dy;
    if (planar[i] < min) min = planar[i];
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  const bound = point[1] < south - 1 || point[1] > north + 1 ? Infinity : min * 2.25 + 1e-12;
  let best: { town: MunicipalityInfo; km: number } | null = null;
  for (let i = 0; i < towns.length; i++) {
    if (planar[i] > bound) continue;
    const km = distanceKm(point, towns[i].point);
    if (!best || km < best.km) best = { town: towns[i], km };
  }
  return best && { town: best.town, km: Math.round(best.km * 10) / 10 };
}
