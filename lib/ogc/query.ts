// The query parameters of the OGC API face as zod schemas: requests are parsed with them and /ogc/api
// documents them from the same definitions (z.toJSONSchema), so a limit changes in one place.
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { parseWith } from '@/lib/operation/define';
import type { Bbox } from '@/lib/protocol/request';
import type { ManifestDataset, ParamDef } from '@/lib/protocol/types';
import { timeParam } from './collections';
import { DEFAULT_LIMIT, MAX_CURSOR_LENGTH, MAX_LIMIT } from './limits';

export const formatParam = z
  .enum(['json', 'html'])
  .meta({ description: 'Výstupný formát: `json` (JSON, pri objektoch GeoJSON) alebo `html` (stránka portálu). Bez neho rozhoduje hlavička `Accept`.' });

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

function inRange(b: number[]): boolean {
  return b[0] >= -180 && b[0] <= 180 && b[2] >= -180 && b[2] <= 180 && b[1] >= -90 && b[1] <= 90 && b[3] >= -90 && b[3] <= 90;
}

export const bboxParam = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((p) => (p.trim() === '' ? NaN : Number(p))) : v),
    z.array(z.number()).min(4).max(6),
  )
  .refine((a) => a.length === 4 || a.length === 6, 'bbox: expected 4 numbers (minLon,minLat,maxLon,maxLat) or 6 with heights')
  .transform((a): Bbox => (a.length === 6 ? [a[0], a[1], a[3], a[4]] : [a[0], a[1], a[2], a[3]]))
  .refine(inRange, 'bbox: longitudes within -180..180, latitudes within -90..90 (WGS84, CRS84 order lon,lat)')
  .refine((b) => b[0] < b[2] && b[1] < b[3], 'bbox: min must be smaller than max (order minLon,minLat,maxLon,maxLat)')
  .meta({ description: 'Len objekty, ktorých geometria pretína obdĺžnik `minLon,minLat,maxLon,maxLat` (WGS84, CRS84).' });

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

/** The OGC query members of the items resource (dataset parameters come on top). */
export const itemsQuerySchema = z.object({
  f: formatParam.optional(),
  limit: limitParam,
  offset: offsetParam,
  cursor: cursorParam.optional(),
  bbox: bboxParam.optional(),
  datetime: datetimeParam.optional(),
});
export const OGC_ITEMS_PARAMS = ['f', 'limit', 'offset', 'cursor', 'bbox', 'datetime'] as const;

export interface ItemsQuery {
  limit: number;
  offset: number;
  cursor?: string;
  bbox?: Bbox;
  datetime?: TimeInterval;
  /** The dataset parameters as given (checked and defaulted by the data proxy). */
  params: Record<string, string>;
}

/** Rejects query members that are neither OGC parameters nor the dataset's (OGC: 400 for unknown parameters). */
function assertKnown(raw: Record<string, string>, known: Iterable<string>): void {
  const allowed = new Set(known);
  for (const k of Object.keys(raw)) {
    if (!allowed.has(k)) throw new ApiError('invalid_query', `${k}: unknown query parameter (see /ogc/api for the parameters of this resource).`);
  }
}

/** Parses the query of /collections/{id}/items for one dataset. */
export function parseItemsQuery(dataset: ManifestDataset, raw: Record<string, string>): ItemsQuery {
  const paramKeys = (dataset.params ?? []).map((p) => p.key);
  assertKnown(raw, [...OGC_ITEMS_PARAMS, ...paramKeys]);
  const ogc = parseWith(itemsQuerySchema, Object.fromEntries(OGC_ITEMS_PARAMS.filter((k) => k in raw).map((k) => [k, raw[k]])));
  if (ogc.datetime && !timeParam(dataset)) {
    throw new ApiError('invalid_query', 'datetime: this collection has no time parameter (its extent has no temporal part).');
  }
  const tp = timeParam(dataset);
  if (ogc.datetime && tp && raw[tp.key] !== undefined) {
    throw new ApiError('invalid_query', `datetime: give either datetime or the dataset parameter "${tp.key}", not both.`);
  }
  const params: Record<string, string> = {};
  const ogcNames = new Set<string>(OGC_ITEMS_PARAMS);
  // A dataset parameter named like an OGC one (f, offset, datetime) cannot be set here: the OGC meaning wins.
  for (const k of paramKeys) if (raw[k] !== undefined && !ogcNames.has(k)) params[k] = raw[k];
  return {
    limit: Math.min(ogc.limit, MAX_LIMIT),
    offset: ogc.offset,
    ...(ogc.cursor !== undefined ? { cursor: ogc.cursor } : {}),
    ...(ogc.bbox ? { bbox: ogc.bbox } : {}),
    ...(ogc.datetime ? { datetime: ogc.datetime } : {}),
    params,
  };
}

/** Parses the query of a resource that takes only `f` (and, for single items and tiles, dataset parameters). */
export function parseSimpleQuery(raw: Record<string, string>, extra: Iterable<string> = []): { f?: 'json' | 'html' } {
  assertKnown(raw, ['f', ...extra]);
  return parseWith(z.object({ f: formatParam.optional() }), { f: raw.f });
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
