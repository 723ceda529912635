// The query parameters of the OGC API face as zod schemas: requests are parsed with them and /ogc/api
// documents them from the same definitions (z.toJSONSchema), so a limit changes in one place.
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { parseWith } from '@/lib/operation/define';
import type { Bbox } from '@/lib/protocol/request';
import type { ManifestDataset, ParamDef } from '@/lib/protocol/types';
import { bbox as bboxField } from '@/lib/operation/fields';
import { timeParam } from './collections';
import { PARAM_PREFIX } from '@/lib/protocol/shared/collection-ids';
import { FILTER_LANGS, MAX_FILTER_LENGTH, parseFilter, type FilterLang } from './cql2/parse';
import { areaOf, parseCrs, SUPPORTED_CRS, type Area, type CrsDef } from './crs';
import { DEFAULT_LIMIT, MAX_CURSOR_LENGTH, MAX_LIMIT } from './limits';

/** Output formats of items and single features (`f`); `html` is served by the pages (next.config.ts). */
const FEATURE_FORMATS = ['json', 'html', 'fgb', 'csv'] as const;
export type FeatureFormat = (typeof FEATURE_FORMATS)[number];

export const formatParam = z
  .enum(['json', 'html'])
  .meta({ description: 'Výstupný formát: `json` (JSON) alebo `html` (stránka portálu). Bez neho rozhoduje hlavička `Accept`.' });

export const featureFormatParam = z.enum(FEATURE_FORMATS).meta({
  description:
    'Výstupný formát objektov: `json` (GeoJSON), `html` (stránka portálu), `fgb` (FlatGeobuf) alebo `csv` (CSV, geometria ako WKT). Bez neho rozhoduje hlavička `Accept`.',
});

export const limitParam = z.coerce
  .number()
  .int()
  .min(1)
  .default(DEFAULT_LIMIT)
  .meta({
    maximum: MAX_LIMIT,
    description: `Najviac objektov na stránke: predvolene ${DEFAULT_LIMIT}, najviac ${MAX_LIMIT} (väčšia hodnota sa vybaví ako ${MAX_LIMIT}).`,
  });

export const offsetParam = z.coerce
  .number()
  .int()
  .min(0)
  .default(0)
  .meta({ description: 'Koľko vybraných objektov preskočiť (v rámci pozície danej parametrom `cursor`). Odkaz `next` ho nastavuje sám.' });

export const cursorParam = z
  .string()
  .min(1)
  .max(MAX_CURSOR_LENGTH)
  .meta({ description: 'Pozícia v dátach zdroja (dlaždica, stránka zdroja), ako ju uvádza odkaz `next`; hodnotu nevytvárajte sami.' });

/**
 * `zoom` is the portal's own protocol parameter: the portal sends it with `bbox` to every source in
 * mode `bbox` (lib/protocol/request.ts), and a manifest drafted from this OGC API (lib/validator/draft.ts)
 * names `/items` as such a source. It is declared here, so it is a parameter of this API and not an
 * unknown one (OGC API – Features /req/core/query-param-unknown refuses only those); the answer does not
 * depend on it. Any other name that is not the resource's stays a 400 or a property filter.
 */
export const zoomParam = z.coerce
  .number()
  .int()
  .min(0)
  .max(24)
  .meta({
    description:
      'Priblíženie mapy 0–24, ktoré protokol portálu posiela spolu s `bbox` zdrojom v režime bbox (aj týmto `/items`, ak sú zdrojom manifestu). Odpoveď nemení: výber určuje `bbox` a `limit`.',
  });

/** The numbers of a bbox (4, or 6 with heights, reduced to 4) in the axis order of `bbox-crs`. */
export const bboxParam = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((p) => (p.trim() === '' ? NaN : Number(p))) : v),
    z.array(z.number()).min(4).max(6),
  )
  .refine((a) => a.length === 4 || a.length === 6, 'bbox: expected 4 numbers (minLon,minLat,maxLon,maxLat) or 6 with heights')
  .transform((a): Bbox => (a.length === 6 ? [a[0], a[1], a[3], a[4]] : [a[0], a[1], a[2], a[3]]))
  .refine((b) => b[0] < b[2] && b[1] < b[3], 'bbox: min must be smaller than max (order minLon,minLat,maxLon,maxLat, or as bbox-crs orders its axes)')
  .meta({
    description:
      'Len objekty, ktorých geometria pretína obdĺžnik `minLon,minLat,maxLon,maxLat` (WGS84, CRS84), alebo v súradnicovom systéme `bbox-crs` v poradí jeho osí (S-JTSK: `minE,minN,maxE,maxN` v metroch, EPSG:4326: `minLat,minLon,maxLat,maxLon`).',
  });

const crsMeta = (what: string) => ({
  description: `${what} Podporované: ${SUPPORTED_CRS.map((u) => `\`${u}\``).join(', ')}; predvolene CRS84.`,
});

export const crsParam = z.enum(SUPPORTED_CRS as [string, ...string[]]).meta(crsMeta('Súradnicový systém odpovede (OGC API – Features, časť 2); hlavička `Content-Crs` ho potvrdí.'));
export const bboxCrsParam = z.enum(SUPPORTED_CRS as [string, ...string[]]).meta(crsMeta('Súradnicový systém čísel parametra `bbox`.'));
export const filterCrsParam = z.enum(SUPPORTED_CRS as [string, ...string[]]).meta(crsMeta('Súradnicový systém geometrií vo `filter`.'));

export const filterParam = z.string().min(1).max(MAX_FILTER_LENGTH).meta({
  description:
    "Filter v jazyku CQL2 (OGC API – Features, časť 3) nad vlastnosťami zo `/queryables`, napr. `nazov LIKE 'Nov%' AND obyvatelia > 1000` alebo `S_INTERSECTS(geometry, POINT(17.1 48.15))`. Podporuje porovnania, `LIKE`, `BETWEEN`, `IN`, `IS NULL`, `CASEI`, `ACCENTI`, `S_INTERSECTS` a `S_DISJOINT`.",
});

export const filterLangParam = z.enum(FILTER_LANGS).meta({
  description: 'Jazyk parametra `filter`: `cql2-text` (predvolený), `cql2-json`, alebo `cql-text` (starší návrh, ktorý posiela GDAL 3.6; rovnaký zápis, navyše `ILIKE`).',
});

export const propertiesParam = z.string().min(1).max(2000).meta({
  description: 'Len tieto vlastnosti objektov (názvy oddelené čiarkou, zo `/queryables`); geometria a id ostávajú.',
});

export const sortbyParam = z.string().min(1).max(500).meta({
  description: 'Poradie: vlastnosti oddelené čiarkou, `-` pred názvom zoradí zostupne (napr. `-obyvatelia,nazov`). Nie pri kolekciách načítavaných po výrezoch.',
});

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** An instant of an OGC datetime value; null for an open end (`..` or empty). */
function parseInstant(s: string): Date | null | 'invalid' {
  if (s === '..' || s === '') return null;
  const m = DATE.exec(s) ?? DATE_TIME.exec(s);
  if (!m) return 'invalid';
  // The calendar date must exist (2023-02-30 must not roll over into March).
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (day.getUTCFullYear() !== Number(m[1]) || day.getUTCMonth() !== Number(m[2]) - 1 || day.getUTCDate() !== Number(m[3])) return 'invalid';
  const d = DATE.test(s) ? day : new Date(s.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? 'invalid' : d;
}

export interface TimeInterval {
  start: Date | null;
  end: Date | null;
}

export const datetimeParam = z
  .string()
  .transform((s, ctx): TimeInterval => {
    const parts = s.split('/');
    const bad = () => {
      ctx.addIssue({ code: 'custom', message: 'datetime: expected a date or time (RFC 3339) or an interval `start/end` with `..` for an open end' });
      return z.NEVER;
    };
    if (parts.length > 2 || s === '') return bad();
    const start = parseInstant(parts[0]);
    const end = parts.length === 2 ? parseInstant(parts[1]) : start;
    if (start === 'invalid' || end === 'invalid') return bad();
    if (parts.length === 1 && start === null) return bad();
    if (start && end && start > end) {
      ctx.addIssue({ code: 'custom', message: 'datetime: the start of the interval lies after its end' });
      return z.NEVER;
    }
    return { start, end };
  })
  .meta({
    description: 'Časové obdobie: dátum alebo čas (RFC 3339) alebo interval `od/do` (`..` = otvorený koniec). Len pri kolekciách s časovým parametrom; preloží sa naň.',
  });

/** The OGC query members of the items resource (dataset parameters and property filters come on top). */
const itemsQuerySchema = z.object({
  f: featureFormatParam.optional(),
  limit: limitParam,
  offset: offsetParam,
  cursor: cursorParam.optional(),
  bbox: bboxParam.optional(),
  zoom: zoomParam.optional(),
  'bbox-crs': z.string().optional(),
  datetime: datetimeParam.optional(),
  crs: z.string().optional(),
  filter: filterParam.optional(),
  'filter-lang': filterLangParam.optional(),
  'filter-crs': z.string().optional(),
  properties: propertiesParam.optional(),
  sortby: sortbyParam.optional(),
});
export const OGC_ITEMS_PARAMS = ['f', 'limit', 'offset', 'cursor', 'bbox', 'zoom', 'bbox-crs', 'datetime', 'crs', 'filter', 'filter-lang', 'filter-crs', 'properties', 'sortby'] as const;

export { PARAM_PREFIX };

export interface SortKey {
  name: string;
  desc: boolean;
}

export interface ItemsQuery {
  format?: FeatureFormat;
  limit: number;
  offset: number;
  cursor?: string;
  /** `bbox` in `bbox-crs`, as a WGS84 area. */
  area?: Area;
  datetime?: TimeInterval;
  /** The CRS of the answer. */
  crs: CrsDef;
  /** `filter` as CQL2 JSON (text filters parsed), with its language. */
  filter?: { expr: unknown; lang: FilterLang };
  filterCrs: CrsDef;
  /** Query members naming a queryable: equality filters (OGC API – Features Part 1, `/req/core/fc-filters`). */
  equals: Record<string, string>;
  properties?: string[];
  sortby?: SortKey[];
  /** The dataset parameters (`param.<key>`) without their prefix (checked and defaulted by the data proxy). */
  params: Record<string, string>;
}

/** Rejects query members that are not the resource's (OGC: 400 for unknown parameters), naming the dataset-parameter form when that was meant. */
function unknownMember(k: string, dataset: ManifestDataset): ApiError {
  const isParam = (dataset.params ?? []).some((p) => p.key === k);
  return new ApiError(
    'invalid_query',
    isParam
      ? `${k}: a dataset parameter; in the OGC API it is \`${PARAM_PREFIX}${k}\` (query parameters without the prefix filter by feature properties, see /queryables).`
      : `${k}: unknown query parameter (see /ogc/api for the parameters of this resource and /queryables for the properties to filter by).`,
  );
}

function assertKnown(raw: Record<string, string>, known: Iterable<string>, dataset?: ManifestDataset): void {
  const allowed = new Set(known);
  for (const k of Object.keys(raw)) {
    if (!allowed.has(k)) {
      if (dataset) throw unknownMember(k, dataset);
      throw new ApiError('invalid_query', `${k}: unknown query parameter (see /ogc/api for the parameters of this resource).`);
    }
  }
}

/** The dataset parameters of a query (`param.<key>`); unknown ones are 400. */
function paramsOf(dataset: ManifestDataset, raw: Record<string, string>): Record<string, string> {
  const keys = new Set((dataset.params ?? []).map((p) => p.key));
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (!k.startsWith(PARAM_PREFIX)) continue;
    const key = k.slice(PARAM_PREFIX.length);
    if (!keys.has(key)) {
      throw new ApiError('invalid_query', `${k}: this collection has no dataset parameter "${key}"${keys.size ? ` (its parameters: ${[...keys].map((x) => PARAM_PREFIX + x).join(', ')})` : ''}.`);
    }
    params[key] = v;
  }
  return params;
}

function parseSortby(value: string): SortKey[] {
  return value.split(',').map((part) => {
    const t = part.trim();
    const desc = t.startsWith('-');
    const name = t.replace(/^[+-]/, '').replace(/^\s+/, '');
    if (!name) throw new ApiError('invalid_query', 'sortby: expected property names separated by commas, `-` for descending (e.g. `-obyvatelia,nazov`).');
    return { name, desc };
  });
}

/**
 * Parses the query of /collections/{id}/items for one dataset. Members that are neither OGC
 * parameters nor `param.<key>` are kept as equality filters; the caller checks them against the
 * queryables (which may need the data).
 */
export function parseItemsQuery(dataset: ManifestDataset, raw: Record<string, string>): ItemsQuery {
  const ogcNames = new Set<string>(OGC_ITEMS_PARAMS);
  // An empty member counts as absent (an empty filter box, `bbox=`), as on the REST API.
  const ogc = parseWith(itemsQuerySchema, Object.fromEntries(OGC_ITEMS_PARAMS.filter((k) => k in raw && raw[k].trim() !== '').map((k) => [k, raw[k]])));
  const tp = timeParam(dataset);
  if (ogc.datetime && !tp) {
    throw new ApiError('invalid_query', 'datetime: this collection has no time parameter (its extent has no temporal part).');
  }
  const params = paramsOf(dataset, raw);
  if (ogc.datetime && tp && params[tp.key] !== undefined) {
    throw new ApiError('invalid_query', `datetime: give either datetime or the dataset parameter "${PARAM_PREFIX}${tp.key}", not both.`);
  }
  const bboxCrs = parseCrs('bbox-crs', ogc['bbox-crs']);
  if (ogc['bbox-crs'] !== undefined && !ogc.bbox) throw new ApiError('invalid_query', 'bbox-crs: given without bbox.');
  const area = ogc.bbox ? areaOf(ogc.bbox, bboxCrs) : undefined;
  // The box in WGS84 must still lie on the globe (the shared bbox field's ranges).
  if (area) parseWith(z.object({ bbox: bboxField }), { bbox: area.bbox }, 'invalid_query');
  const filterCrs = parseCrs('filter-crs', ogc['filter-crs']);
  if (ogc['filter-lang'] !== undefined && ogc.filter === undefined) throw new ApiError('invalid_query', 'filter-lang: given without filter.');
  const lang = ogc['filter-lang'] ?? 'cql2-text';
  const equals: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (!ogcNames.has(k) && !k.startsWith(PARAM_PREFIX)) equals[k] = v;
  return {
    ...(ogc.f ? { format: ogc.f } : {}),
    limit: Math.min(ogc.limit, MAX_LIMIT),
    offset: ogc.offset,
    ...(ogc.cursor !== undefined ? { cursor: ogc.cursor } : {}),
    ...(area ? { area } : {}),
    ...(ogc.datetime ? { datetime: ogc.datetime } : {}),
    crs: parseCrs('crs', ogc.crs),
    ...(ogc.filter !== undefined ? { filter: { expr: parseFilter(ogc.filter, lang), lang } } : {}),
    filterCrs,
    equals,
    ...(ogc.properties !== undefined ? { properties: [...new Set(ogc.properties.split(',').map((p) => p.trim()).filter(Boolean))] } : {}),
    ...(ogc.sortby !== undefined ? { sortby: parseSortby(ogc.sortby) } : {}),
    params,
  };
}

/**
 * Parses the query of a resource that takes only `f` (and, for single items and tiles, dataset
 * parameters). Dataset parameters (`param.<key>`) select no data here and are let through, so that a
 * client can put them in its connection URL once (GDAL adds that URL's query to every request).
 */
export function parseSimpleQuery(raw: Record<string, string>, extra: Iterable<string> = []): { f?: 'json' | 'html' } {
  assertKnown(raw, ['f', ...extra, ...Object.keys(raw).filter((k) => k.startsWith(PARAM_PREFIX))]);
  return parseWith(z.object({ f: formatParam.optional() }), { f: raw.f });
}

/** The query of a single feature: `f`, `crs`, `datetime` and the dataset parameters. */
export function parseItemQuery(dataset: ManifestDataset, raw: Record<string, string>): { format?: FeatureFormat; crs: CrsDef; params: Record<string, string>; datetime?: TimeInterval } {
  const paramKeys = Object.keys(raw).filter((k) => k.startsWith(PARAM_PREFIX));
  assertKnown(raw, ['f', 'crs', 'datetime', ...paramKeys], dataset);
  const q = parseWith(z.object({ f: featureFormatParam.optional(), datetime: datetimeParam.optional() }), { f: raw.f, datetime: raw.datetime });
  if (q.datetime && !timeParam(dataset)) throw new ApiError('invalid_query', 'datetime: this collection has no time parameter.');
  return { ...(q.f ? { format: q.f } : {}), crs: parseCrs('crs', raw.crs), params: paramsOf(dataset, raw), ...(q.datetime ? { datetime: q.datetime } : {}) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDay = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * The value of the dataset's time parameter that a datetime interval selects, clamped to the
 * parameter's min/max; `null` when the interval lies wholly outside them (nothing can match).
 * `range` parameters are years (the years the interval touches), `date-range` parameters days.
 */
export function timeParamValue(p: ParamDef, t: TimeInterval): string | null | undefined {
  if (p.type === 'range') {
    const min = typeof p.min === 'number' ? p.min : undefined;
    const max = typeof p.max === 'number' ? p.max : undefined;
    let from = t.start ? t.start.getUTCFullYear() : min;
    let to = t.end ? t.end.getUTCFullYear() : max;
    if (min !== undefined && from !== undefined) from = Math.max(from, min);
    if (max !== undefined && to !== undefined) to = Math.min(to, max);
    if (from === undefined && to === undefined) return undefined;
    from ??= to!;
    to ??= from;
    return from > to ? null : `${from},${to}`;
  }
  const min = typeof p.min === 'string' ? p.min : undefined;
  const max = typeof p.max === 'string' ? p.max : undefined;
  let from = t.start ? isoDay(t.start) : min;
  let to = t.end ? isoDay(t.end) : max;
  if (min !== undefined && from !== undefined && from < min) from = min;
  if (max !== undefined && to !== undefined && to > max) to = max;
  if (from === undefined && to === undefined) return undefined;
  from ??= to!;
  to ??= from;
  return from > to ? null : `${from},${to}`;
}
