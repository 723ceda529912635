// GET /api/places: geocoding over the place-name index (municipalities, whole cities, city
// districts, parts, streets, districts, regions) and the address register (house numbers).
//
// Matching: names are folded (lib/reference/normalize.ts), so case and diacritics never matter;
// candidates come from one indexed query: exact (btree), prefix (text_pattern_ops btree), word
// prefix and typos (pg_trgm GIN: similarity is per word, so word order does not matter either).
// Ranking: exact > prefix > word prefix > fuzzy (by similarity), then type, then population or
// address points. Addresses are never scanned by name: a query with a house number first finds
// the street (or village), then looks the number up on the (street_norm, number_norm) index, so
// the search stays fast with the full 1.9-million-entrance register loaded.
// Raw SQL (postgres.js): pg_trgm matching and ranking (`%`, similarity(), word_similarity()) and PostGIS coordinates.
import { OwnerMemo } from '../memo';
import { getSql } from '../db';
import { ApiError } from '../errors';
import { boundarySource } from '../reference/boundary-source';
import { normalizeName, normalizeNumber } from '../reference/normalize';
import { COORDINATES_TYPE, parseCoordinates, type ParsedCoordinates } from './coordinates';
import { municipalityAt } from './locate';
import { insideTown, municipalityIndex, nearestTown, type MunicipalityIndex, type MunicipalityInfo } from './municipality-index';
import { municipalityPath } from './resolve';
import { DEFAULT_MAX, MAX_COUNTED, MAX_QUERY_LENGTH, type Place, type PlaceResult, type PlaceType } from './schema';

/** The attribution of place results; the boundaries' credit follows the loaded reference data. */
export function placesAttribution(): string {
  const boundaries = boundarySource().vintage === 'gku-2019'
    ? 'hranice: ÚGKK SR / GKÚ Bratislava (ZBGIS, stav 30. 4. 2019)'
    : 'hranice: Slovakia TopoJSON (Milan Lajtoš) podľa ŠÚ SR a Freemap';
  return (
    'Register adries a Register obcí: Ministerstvo vnútra SR (CC BY / CC0, cez github.com/jozefgrencik/slovak-postal-codes); ' +
    `obce: Štatistický úrad SR (SODB 2021); ${boundaries}; GeoNames (CC BY 4.0)`
  );
}

const TYPE_RANK: Record<string, number> = {
  adresa: 0,
  mesto: 1,
  obec: 2,
  'mestská časť': 3,
  'vojenský obvod': 4,
  // A village part and a street of the same name compete on size (address points).
  'časť obce': 5,
  ulica: 5,
  okres: 7,
  kraj: 8,
};

interface Candidate {
  /** Entity key: alternative names of one municipality share it. */
  key: string;
  type: string;
  name: string;
  municipalityCode: string | null;
  point: [number, number];
  weight: number;
  tier: number;
  sim: number;
}

let available: boolean | null = null;
let availableAt = 0;

/** Forgets cached availability (tests that switch databases). */
export function resetPlaceSearchCache(): void {
  available = null;
  availableAt = 0;
  answers.clear();
}

async function geocodingAvailable(): Promise<boolean> {
  if (available && Date.now() - availableAt < 30_000) return true;
  const sql = await getSql();
  const [{ ok }] = await sql<{ ok: boolean }[]>`select exists(select 1 from place_names) as ok`;
  available = ok;
  availableAt = Date.now();
  return ok;
}

export interface SearchOptions {
  /** Only places of these types (all when absent). */
  types?: readonly PlaceType[];
  /** false: no answer memo (the places bench measures the search itself). */
  memo?: boolean;
}

/**
 * Searches places; throws invalid_query for an empty, one-character or overlong query, geocoding_unavailable
 * without data. `max` and `types` are checked by the operation's input (lib/places/operation.ts).
 */
export async function searchPlaces(query: string, max: number = DEFAULT_MAX, options: SearchOptions = {}): Promise<PlaceResult> {
  const text = (query ?? '').trim().replace(/\s+/g, ' ');
  if (normalizeName(text).replace(/ /g, '').length < 2) {
    throw new ApiError('invalid_query', 'query: at least 2 letters or digits are needed.');
  }
  if (text.length > MAX_QUERY_LENGTH) throw new ApiError('invalid_query', `query: at most ${MAX_QUERY_LENGTH} characters.`);
  // Coordinates are a place of their own: the point, with the municipality holding it when the
  // reference data are loaded (they need no address register).
  const types = options.types?.length ? [...new Set(options.types)].sort() : null;
  const coordinates = parseCoordinates(text);
  if (coordinates) return coordinateAnswer(text, coordinates, types);
  const index = await municipalityIndex();
  if (!index || !(await geocodingAvailable())) {
    throw new ApiError('geocoding_unavailable', 'Place search is unavailable: the address register is not loaded on this portal.');
  }
  // The answer depends only on the text, `max`, the types and the reference data (a re-import builds a new index).
  if (options.memo === false) return findPlaces(text, max, types, index);
  return answers.remember(index, `${max}|${types?.join(',') ?? ''}|${text}`, () => findPlaces(text, max, types, index));
}

/**
 * Answers already given, per reference data (index) and `<max>|<text>`; shared objects, never mutated.
 * Kept 5 minutes: an address register imported by another process (the CLI) shows within that time.
 */
const ANSWER_TTL_MS = 5 * 60_000;
const answers = new OwnerMemo<MunicipalityIndex, PlaceResult>({ max: 2000, ttlMs: ANSWER_TTL_MS });

async function findPlaces(text: string, max: number, types: readonly string[] | null, index: MunicipalityIndex): Promise<PlaceResult> {
  const found: Candidate[] = [];
  const parses = addressParses(text);
  const named = types ? types.filter((t) => t !== 'adresa' && t !== COORDINATES_TYPE) : null;
  for (const parse of !types || types.includes('adresa') ? parses : []) {
    const hits = await searchAddresses(parse, index);
    if (hits.length) {
      found.push(...hits);
      break;
    }
  }
  if (!found.length && (!named || named.some((t) => t === 'ulica' || t === 'časť obce'))) {
    // No such house number: the street (or part) itself in the named municipality.
    const commaParts = text.split(',').map((s) => s.trim()).filter(Boolean);
    const scoped = parses.find((p) => p.where)
      ?? (commaParts.length >= 2
        ? { street: normalizeName(commaParts[0]), where: normalizeName(commaParts.slice(1).join(' ')) }
        : null);
    if (scoped) found.push(...(await searchWithin(scoped.street, scoped.where, index)));
  }
  // With a house number found, names only fill the list by exact and prefix matches. With a street or
  // part found in the named municipality, the whole text ("Hlavná, Košice") is no street name of its
  // own: the names stage looks for no street spelled close to it. That search found the street's
  // namesakes in other towns ("Malá, Nesvady" filled its list with Malá of eight other towns) and was
  // the costliest query of all: a trigram scan of 35,000 streets with the whole text. Without it the
  // crowd mix's place queries cost PostgreSQL 1.09 instead of 2.63 ms of CPU each (npm run bench -- load).
  const hasAddress = found.some((c) => c.type === 'adresa');
  if (!named || named.length) {
    found.push(...(await searchNames(normalizeName(text), hasAddress ? 0 : max, named, { streetSpellings: !found.length })));
  }

  const ranked = rank(types ? found.filter((c) => types.includes(c.type)) : found);
  const places = ranked.slice(0, max).map((c) => shape(c, index));
  const total = Math.min(ranked.length, MAX_COUNTED);
  return { query: text, count: places.length, total, truncated: ranked.length > places.length, places, attribution: placesAttribution() };
}

/**
 * A coordinate query's answer: the point named as understood, with the municipality holding it (and
 * the nearest town outside towns) when the reference data are loaded.
 */
async function coordinateAnswer(text: string, c: ParsedCoordinates, types: readonly string[] | null): Promise<PlaceResult> {
  // Coordinates name one point; `types` without `súradnice` leaves nothing to answer.
  if (types && !types.includes(COORDINATES_TYPE)) return { query: text, count: 0, total: 0, truncated: false, places: [], attribution: placesAttribution() };
  const index = await municipalityIndex();
  const m = index ? await municipalityAt(c.point) : null;
  const candidate: Candidate = { key: 'coordinates', type: COORDINATES_TYPE, name: c.label, municipalityCode: m?.code ?? null, point: c.point, weight: 0, tier: 0, sim: 0 };
  const place: Place = index ? shape(candidate, index) : { name: c.label, type: COORDINATES_TYPE, point: c.point, municipality: null };
  return { query: text, count: 1, total: 1, truncated: false, places: [place], attribution: placesAttribution() };
}

// ---------------------------------------------------------------------------------------------
// names

type NameRow = { id: string; type: string; name: string; muni: string | null; lon: number; lat: number; weight: number; tier: number; sim: number };

/**
 * Name candidates in two stages. Exact and prefix matches come from the btree index; only when
 * they give fewer than `want` places are word-prefix and trigram (typo, word order) matches added,
 * since those rank below them anyway. Each way of matching is its own indexed subquery: one OR over
 * them makes the planner scan the table computing similarities.
 *
 * Both stages are asked in one statement (`stage` tells their rows apart) and the second stage's
 * rows are dropped here when the first gave enough: it is needed for about 96 % of the crowd mix's
 * searches, and a statement of its own cost a round trip (the driver's work in the server, a
 * Bind/Execute in PostgreSQL) for each of them. The answer is the same as with two statements.
 */
async function searchNames(q: string, want: number, types: readonly string[] | null, o: { streetSpellings: boolean }): Promise<Candidate[]> {
  const sql = await getSql();
  const wordPrefix = `% ${likeEscape(q)}%`;
  const cols = sql`id, type, name, municipality_code as muni, ST_X(point) as lon, ST_Y(point) as lat, weight`;
  const ofTypes = types ? sql`and type = any(${types as string[]})` : sql``;
  // Trigrams of two letters are noise: very short queries stay with exact and prefix matches.
  const fill = want > 0 && q.length >= 3 && (!types || types.some((t) => t !== 'ulica'));
  // The prefix as a range of the btree's byte order (text_pattern_ops), not `like 'q%'`: a range of
  // parameters is an index condition in the statement's one generic plan (lib/db: plan_cache_mode),
  // where `like $1` could only use the trigram index (0.04 against 0.42 ms a query). The fill: typos
  // and other word orders among municipalities, parts, districts and regions, on a partial trigram
  // index over ~4,400 names.
  const found = await sql<Array<NameRow & { stage: number }>>`
    (select ${cols}, 4 as tier, 1::real as sim, 1 as stage from place_names where name_norm = ${q} ${ofTypes} order by weight desc limit 100)
    union all
    (select ${cols}, 3 as tier, similarity(name_norm, ${q}) as sim, 1 as stage from place_names
      where name_norm ~>~ ${q} and name_norm ~<~ ${prefixEnd(q)} ${ofTypes} order by weight desc limit 100)
    ${
      fill
        ? sql`union all
    (select ${cols}, case when name_norm like ${wordPrefix} then 2 else 1 end as tier,
      greatest(similarity(name_norm, ${q}), word_similarity(${q}, name_norm) * 0.9) as sim, 2 as stage
    from place_names
    where type <> 'ulica' ${ofTypes} and (name_norm like ${wordPrefix} or name_norm % ${q} or ${q} <% name_norm)
    order by tier desc, sim desc limit 50)`
        : sql``
    }`;
  const rows: NameRow[] = found.filter((r) => r.stage === 1);
  if (fill && distinctKeys(rows) < want) rows.push(...found.filter((r) => r.stage === 2));
  if (o.streetSpellings && distinctKeys(rows) < want && q.length >= 3 && (!types || types.includes('ulica'))) {
    // Streets: word prefixes, then the closest spellings (similarity at least pg_trgm's 0.3), both
    // on the streets' partial GIN index. The bitmap and a sort by similarity cost half the backend
    // CPU of the GiST KNN scan (`order by name_norm <-> q`) used before: 4.3 against 8.9 ms a query
    // over 150 place queries of the crowd mix on PostgreSQL. Among equally similar names (a common
    // street name in hundreds of municipalities) the larger ones are kept, as the ranking orders them;
    // the KNN scan had kept whichever the index met first.
    rows.push(
      ...(await sql<NameRow[]>`
        (select ${cols}, 2 as tier, similarity(name_norm, ${q}) as sim from place_names
          where type = 'ulica' and name_norm like ${wordPrefix} order by weight desc limit 30)
        union all
        (select ${cols}, 1 as tier, similarity(name_norm, ${q}) as sim from place_names
          where type = 'ulica' and name_norm % ${q} order by sim desc, weight desc limit 30)`),
    );
  }
  return rows.map((r) => ({
    key: entityKey(r.id),
    type: r.type,
    name: r.name,
    municipalityCode: r.muni,
    point: [r.lon, r.lat],
    weight: r.weight,
    tier: r.tier,
    sim: r.sim,
  }));
}

/** Alternative names of one municipality ("obec:<code>:1") count as the municipality. */
function entityKey(id: string): string {
  return id.startsWith('obec:') ? id.split(':').slice(0, 2).join(':') : id;
}

function distinctKeys(rows: { id: string }[]): number {
  return new Set(rows.map((r) => entityKey(r.id))).size;
}

/** "Hlavná, Košice": a street or part (first) inside the municipalities matching the rest. */
async function searchWithin(place: string, where: string, index: MunicipalityIndex): Promise<Candidate[]> {
  const codes = municipalityCodesFor(where, index);
  if (!place || !codes.length) return [];
  const sql = await getSql();
  const rows = await sql<
    { id: string; type: string; name: string; muni: string; lon: number; lat: number; weight: number; sim: number; exact: boolean; prefix: boolean }[]
  >`
    with x as materialized (
      select * from place_names where municipality_code = any(${codes}) and type in ('ulica', 'časť obce'))
    select id, type, name, municipality_code as muni, ST_X(point) as lon, ST_Y(point) as lat, weight,
      similarity(name_norm, ${place}) as sim, name_norm = ${place} as exact,
      name_norm like ${`${likeEscape(place)}%`} as prefix
    from x
    where name_norm = ${place} or name_norm like ${`${likeEscape(place)}%`} or name_norm % ${place}
    order by exact desc, sim desc, weight desc limit 20`;
  // Scoped hits outrank unscoped ones of the same kind of match.
  return rows.map((r) => ({
    key: r.id,
    type: r.type,
    name: r.name,
    municipalityCode: r.muni,
    point: [r.lon, r.lat],
    weight: r.weight,
    tier: r.exact ? 4.5 : r.prefix ? 3.5 : 1.5,
    sim: r.sim,
  }));
}

/** Municipalities (whole cities expanded to their districts) whose name matches `q` exactly or by prefix. */
function municipalityCodesFor(q: string, index: MunicipalityIndex): string[] {
  if (!q) return [];
  let hits = index.byName.get(q) ?? [];
  if (!hits.length) {
    // The names starting with q, in the index's order (as a scan of byName would meet them).
    const sorted = index.sortedNames;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid].name < q) lo = mid + 1;
      else hi = mid;
    }
    const names: Array<{ name: string; order: number }> = [];
    for (let i = lo; i < sorted.length && sorted[i].name.startsWith(q); i++) names.push(sorted[i]);
    names.sort((a, b) => a.order - b.order);
    hits = names.flatMap((n) => index.byName.get(n.name) ?? []);
  }
  const codes = new Set<string>();
  for (const m of hits.slice(0, 50)) {
    codes.add(m.code);
    if (m.kind === 'whole_city') for (const code of index.districtsOfCity.get(m.name) ?? []) codes.add(code);
  }
  return [...codes];
}

// ---------------------------------------------------------------------------------------------
// addresses

interface AddressParse {
  street: string;
  /** Orientačné číslo (normalised), or null when only a súpisné číslo was given. */
  number: string | null;
  /** Súpisné číslo. */
  registration: string | null;
  /** Any of number/registration may be either: "Lúčky 123" does not say which. */
  either: string | null;
  where: string;
}

const NUMBER = /^(\d{1,5}[a-z]?)(?:\/(\d{1,5}[a-z]?))?$/i;

/** Readings of the query as "<street or village> <number>[, <municipality>]", most likely first. */
function addressParses(text: string): AddressParse[] {
  const tokens = text
    .replace(/,/g, ' , ')
    .replace(/(\d)\s*\/\s*(\d)/g, '$1/$2')
    .split(/\s+/)
    .filter(Boolean);
  const out: AddressParse[] = [];
  for (let i = tokens.length - 1; i >= 1; i--) {
    const m = tokens[i].match(NUMBER);
    if (!m) continue;
    const street = normalizeName(tokens.slice(0, i).join(' '));
    if (!/[a-z]/.test(street)) continue;
    const rest = tokens.slice(i + 1).filter((t) => t !== ',');
    const where = normalizeName(rest.join(' '));
    if (m[2]) out.push({ street, number: normalizeNumber(m[2]), registration: m[1], either: null, where });
    else out.push({ street, number: null, registration: null, either: normalizeNumber(m[1]), where });
  }
  return out;
}

async function searchAddresses(p: AddressParse, index: MunicipalityIndex): Promise<Candidate[]> {
  const sql = await getSql();
  const within = p.where ? municipalityCodesFor(p.where, index) : null;
  if (within && !within.length) return [];
  // Streets the first part names: exact, else prefix, else a close spelling.
  const streets = await sql<{ norm: string; muni: string }[]>`
    select distinct on (name_norm, municipality_code) name_norm as norm, municipality_code as muni
    from streets
    where name_norm = ${p.street} ${within ? sql`and municipality_code = any(${within})` : sql``}
    limit 200`;
  let streetNorms = [...new Set(streets.map((s) => s.norm))];
  let streetMunis = [...new Set(streets.map((s) => s.muni))];
  if (!streetNorms.length && p.street.length >= 3) {
    // A misspelt street: among the named municipality's streets, or the nearest spellings overall.
    const near = within
      ? await sql<{ norm: string; muni: string }[]>`
          with x as materialized (
            select name_norm, municipality_code from place_names where type = 'ulica' and municipality_code = any(${within}))
          select name_norm as norm, municipality_code as muni from x
          where name_norm like ${`${likeEscape(p.street)}%`} or name_norm % ${p.street}
          order by similarity(name_norm, ${p.street}) desc limit 50`
      : await sql<{ norm: string; muni: string }[]>`
          select * from (
            select name_norm as norm, municipality_code as muni, similarity(name_norm, ${p.street}) as s from place_names
            where type = 'ulica' and name_norm % ${p.street} order by s desc, weight desc limit 50) k
          where k.s >= 0.4`;
    const best = near[0]?.norm;
    streetNorms = best ? [best] : [];
    streetMunis = near.filter((r) => r.norm === best).map((r) => r.muni);
  }
  const num = p.number ?? p.either;
  const reg = p.registration ?? p.either;
  const rows: AddressRow[] = [];
  if (streetNorms.length && num) {
    rows.push(
      // The entrances of the street and number first (the street/number index: a few hundred rows at
      // most), then the municipalities: in the statement's generic plan (lib/db) PostgreSQL cannot see
      // how many entrances the municipalities hold and ANDed their index with the street's, reading
      // 558,226 index entries of Bratislava's and others' for "Sládkovičova 9" (22 ms against 0.1 ms).
      ...(await sql<AddressRow[]>`
        with found as materialized (
          select id, street_name, building_number, registration_number, municipality_code, street_norm, point
          from addresses where street_norm = any(${streetNorms}) and number_norm = ${num})
        select a.id, a.street_name, a.building_number, a.registration_number, a.municipality_code as muni,
          ST_X(p.point) as lon, ST_Y(p.point) as lat
        from found a
        -- an entrance without coordinates is placed at its street
        cross join lateral (select coalesce(a.point, (
          select s.point from streets s
          where s.municipality_code = a.municipality_code and s.name_norm = a.street_norm and s.point is not null
          limit 1)) as point) p
        where a.municipality_code = any(${streetMunis})
          and (${p.registration === null} or a.registration_number = ${p.registration ?? ''})
        limit 20`),
    );
  }
  // A village without street names: "<village> <súpisné číslo>".
  if (!rows.length && reg) {
    const villages = municipalityCodesFor(p.street, index).filter((c) => !within || within.includes(c));
    if (villages.length) {
      rows.push(
        ...(await sql<AddressRow[]>`
          select a.id, a.street_name, a.building_number, a.registration_number, a.municipality_code as muni,
            ST_X(a.point) as lon, ST_Y(a.point) as lat
          from addresses a
          where a.municipality_code = any(${villages}) and a.registration_number = ${reg} and a.point is not null
          order by (a.street_norm is null) desc
          limit 10`),
      );
    }
  }
  return rows
    .filter((r) => r.lon !== null && r.muni)
    .map((r) => {
      const m = index.byCode.get(r.muni!);
      const label = r.street_name
        ? `${r.street_name} ${[r.registration_number, r.building_number].filter(Boolean).join('/')}`
        : `${m?.name ?? ''} ${r.registration_number ?? r.building_number ?? ''}`;
      return {
        key: `adresa:${r.id}`,
        type: 'adresa',
        name: r.street_name && m ? `${label}, ${m.name}` : label.trim(),
        municipalityCode: r.muni,
        point: [r.lon!, r.lat!] as [number, number],
        weight: m?.population ?? 0,
        tier: 5,
        sim: 1,
      };
    });
}

interface AddressRow {
  id: string;
  street_name: string | null;
  building_number: string | null;
  registration_number: string | null;
  muni: string | null;
  lon: number | null;
  lat: number | null;
}

// ---------------------------------------------------------------------------------------------
// ranking and shape

function rank(found: Candidate[]): Candidate[] {
  const best = new Map<string, Candidate>();
  for (const c of found) {
    const prev = best.get(c.key);
    if (!prev || compare(c, prev) < 0) best.set(c.key, c);
  }
  return distinguishable([...best.values()].sort(compare));
}

/**
 * The ranked candidates without those a person cannot tell from one ranked above: the same type, name
 * and municipality, and either the same point or no address points of its own (weight 0). The street
 * lists of city parts name streets the address register has too ("Štúrova" of Nitra's parts Mlynárce,
 * Staré Mesto and Kynek beside the register's Štúrova); without a position of their own they are
 * placed at the municipality's centre, and listed "Štúrova, Nitra" four times, three at the centre.
 */
function distinguishable(ranked: Candidate[]): Candidate[] {
  const shown = new Map<string, Candidate[]>();
  return ranked.filter((c) => {
    const key = `${c.type}|${c.name}|${c.municipalityCode ?? ''}`;
    const same = shown.get(key);
    if (same?.some((s) => c.weight === 0 || (s.point[0] === c.point[0] && s.point[1] === c.point[1]))) return false;
    if (same) same.push(c);
    else shown.set(key, [c]);
    return true;
  });
}

function compare(a: Candidate, b: Candidate): number {
  if (a.tier !== b.tier) return b.tier - a.tier;
  // Among fuzzy matches the closer spelling wins first (in steps, so near-ties fall to type).
  if (a.tier <= 2) {
    const d = Math.round(b.sim * 10) - Math.round(a.sim * 10);
    if (d) return d;
  }
  const t = (TYPE_RANK[a.type] ?? 9) - (TYPE_RANK[b.type] ?? 9);
  if (t) return t;
  if (a.weight !== b.weight) return b.weight - a.weight;
  return a.name.localeCompare(b.name, 'sk');
}

function shape(c: Candidate, index: MunicipalityIndex): Place {
  const m: MunicipalityInfo | undefined = c.municipalityCode ? index.byCode.get(c.municipalityCode) : undefined;
  const place: Place = {
    name: c.name,
    type: c.type,
    point: [round6(c.point[0]), round6(c.point[1])],
    municipality: m
      ? { slug: municipalityPath(m), code: m.code, name: m.name, district: m.district, region: m.region }
      : null,
  };
  if (m && !insideTown(m) && c.type !== 'okres' && c.type !== 'kraj') {
    const near = nearestTown(index, c.point);
    if (near) place.near = { name: near.town.name, slug: municipalityPath(near.town), distanceKm: near.km };
  }
  return place;
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/**
 * The least string above every string that starts with `q` in byte (code point) order: `q` with its
 * last character's code point raised by one (`nitra` -> `nitrb`), so `s ~>=~ q and s ~<~ prefixEnd(q)`
 * holds exactly when `s` starts with `q`. The surrogate block is stepped over; a last character of
 * U+10FFFF is dropped and the one before it raised (a `q` of U+10FFFF only gives `q`: an empty range).
 */
export function prefixEnd(q: string): string {
  const chars = [...q];
  while (chars.length) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) return chars.join('') + String.fromCodePoint(last + 1 === 0xd800 ? 0xe000 : last + 1);
  }
  // Only U+10FFFF characters: no string bounds them; `q` makes the range empty (no prefix matches
  // for a text no name starts with).
  return q;
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
