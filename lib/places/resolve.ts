// The municipality resolver used by summaries, MCP and pages: a name ("Žilina", "zilina"), a name
// with its district or region in parentheses ("Lúčky (Ružomberok)", "Lúčky (Žilinský kraj)"), the
// 6-digit or 12-character code, or the overview-page address "<region-slug>/<municipality-slug>".
// Raw SQL (postgres.js): pg_trgm similarity (`%`, similarity()) and PostGIS GeoJSON output.
import type { MultiPolygon } from 'geojson';
import { getSql } from '../db';
import { ApiError } from '../errors';
import { normalizeName, slugify } from '../reference/normalize';
import { municipalityIndex, type MunicipalityIndex, type MunicipalityInfo } from './municipality-index';

export interface Municipality {
  /** 12-character LAU code; the 6-digit code for the whole cities Bratislava (582000) and Košice (599981). */
  code: string;
  code6: string;
  name: string;
  /** Municipality slug, unique within its region. */
  slug: string;
  regionSlug: string;
  district: string | null;
  region: string;
  population: number | null;
  kind: 'municipality' | 'whole_city';
  /** municipality | city | city_district | military_district | whole_city */
  status: string;
  overTenThousand: boolean;
}

export function toMunicipality(m: MunicipalityInfo): Municipality {
  return {
    code: m.code,
    code6: m.code6,
    name: m.name,
    slug: m.slug,
    regionSlug: m.regionSlug,
    district: m.district,
    region: m.region,
    population: m.population,
    kind: m.kind,
    status: m.status,
    overTenThousand: m.overTenThousand,
  };
}

/** "<region-slug>/<municipality-slug>": the overview-page address, also `municipality.slug` in place results. */
export function municipalityPath(m: { regionSlug: string; slug: string }): string {
  return `${m.regionSlug}/${m.slug}`;
}

function describe(m: MunicipalityInfo): string {
  const where = m.district ? `okres ${m.district}` : m.region;
  return `${m.name} (${where}, ${m.code})`;
}

async function requireIndex(): Promise<MunicipalityIndex> {
  const index = await municipalityIndex();
  if (!index) {
    throw new ApiError(
      'reference_data_unavailable',
      'Municipality data is not loaded on this portal (run npm run import:reference).',
    );
  }
  return index;
}

/** Does a parenthesised qualifier name this municipality's district, region or city? */
function qualifies(m: MunicipalityInfo, qualifier: string): boolean {
  const q = normalizeName(qualifier).replace(/^okres /, '').replace(/ kraj$/, '');
  if (!q) return false;
  const district = m.districtNorm;
  const region = m.regionNorm.replace(/ kraj$/, '');
  return (
    district === q ||
    region === q ||
    slugify(qualifier) === m.regionSlug ||
    (m.city !== null && normalizeName(m.city) === q) ||
    // "Bratislava" qualifies Bratislava I-V, "Košice" Košice I-IV
    (district !== null && district.replace(/ [iv]+$/, '') === q)
  );
}

function byPopulation(a: MunicipalityInfo, b: MunicipalityInfo): number {
  return (b.population ?? 0) - (a.population ?? 0) || a.code.localeCompare(b.code);
}

/** Resolves one municipality or throws invalid_query / ambiguous_place / unknown_place / reference_data_unavailable. */
export async function resolveMunicipality(input: string): Promise<Municipality> {
  const text = (input ?? '').trim();
  if (!text) throw new ApiError('invalid_query', 'municipality: empty value.');
  if (text.length > 200) throw new ApiError('invalid_query', 'municipality: longer than 200 characters.');
  const index = await requireIndex();

  if (/^\d{6}$/.test(text)) {
    const m = index.byCode6.get(text);
    if (m) return toMunicipality(m);
    throw new ApiError('unknown_place', `No municipality has the code ${text}.`);
  }
  if (/^SK[0-9A-Z]{10}$/i.test(text)) {
    const m = index.byCode.get(text.toUpperCase());
    if (m) return toMunicipality(m);
    throw new ApiError('unknown_place', `No municipality has the code ${text.toUpperCase()}.`);
  }
  if (text.includes('/')) {
    const segments = text.replace(/^https?:\/\/[^/]+/i, '').split(/[/?#]/).filter(Boolean);
    const key = segments.slice(-2).map((s) => slugify(decodeURIComponent(s))).join('/');
    const m = index.bySlug.get(key);
    if (m) return toMunicipality(m);
    throw new ApiError('unknown_place', `No municipality has the address ${key}.`);
  }

  const paren = text.match(/^(.*?)\s*\(([^()]+)\)\s*$/);
  const name = paren ? paren[1] : text;
  const qualifier = paren ? paren[2] : null;
  const norm = normalizeName(name);
  const named = [...new Set(index.byName.get(norm) ?? index.byName.get(normalizeName(name.replace(/-/g, ' '))) ?? [])];
  const candidates = qualifier ? named.filter((m) => qualifies(m, qualifier)) : named;

  if (candidates.length === 1) return toMunicipality(candidates[0]);
  if (candidates.length > 1) {
    const list = [...candidates].sort(byPopulation);
    throw new ApiError(
      'ambiguous_place',
      `"${text}" is the name of ${list.length} municipalities: ${list.map(describe).join('; ')}. ` +
        `Add the district in parentheses, e.g. "${list[0].name} (${list[0].district ?? list[0].region})", or use the code.`,
      { extra: { candidates: list.map((m) => ({ ...toMunicipality(m), path: municipalityPath(m) })) } },
    );
  }
  if (qualifier && named.length) {
    throw new ApiError(
      'unknown_place',
      `No municipality "${name}" lies in "${qualifier}". Municipalities of that name: ${named.sort(byPopulation).map(describe).join('; ')}.`,
    );
  }
  const suggestions = await similarNames(norm, index);
  throw new ApiError(
    'unknown_place',
    `Unknown municipality "${text}".` + (suggestions.length ? ` Did you mean: ${suggestions.map(describe).join('; ')}?` : ''),
  );
}

/** Up to 3 municipalities with a similar name (trigram similarity over the place index). */
async function similarNames(norm: string, index: MunicipalityIndex): Promise<MunicipalityInfo[]> {
  if (norm.length < 3) return [];
  const sql = await getSql();
  const rows = await sql<{ code: string }[]>`
    select municipality_code as code, max(similarity(name_norm, ${norm})) as s
    from place_names
    where id like 'obec:%' and name_norm % ${norm}
    group by municipality_code order by s desc limit 3`;
  return rows.map((r) => index.byCode.get(r.code)).filter((m): m is MunicipalityInfo => !!m);
}

/** The boundary of a municipality (or whole city) by its 12-char or 6-digit code, null when unknown. */
export async function municipalityGeometry(code: string): Promise<MultiPolygon | null> {
  const sql = await getSql();
  const rows = await sql<{ g: string | null }[]>`
    select ST_AsGeoJSON(geom, 6) as g from municipalities where code = ${code} or code6 = ${code} limit 1`;
  return rows[0]?.g ? (JSON.parse(rows[0].g) as MultiPolygon) : null;
}
