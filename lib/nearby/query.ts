// Parsing and checking a nearby request: the spec's rules 1 and 2 and its limits, for the REST query
// string (strings) and for the MCP tool (typed input) alike.
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { USE_CASES } from '@/lib/protocol/types';
import { MAX_NEARBY_DATASETS } from './selection';

export const DEFAULT_RADIUS = 500;
export const MIN_RADIUS = 1;
export const MAX_RADIUS = 20_000;
export const DEFAULT_MAX = 5;
export const MAX_HITS = 50;
export const MAX_SEARCH_LENGTH = 200;

const DATASET_KEY = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?\/[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
/** `{provider}/{dataset}.{param}` as in map links. */
const PARAM_KEY = /^([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?\/[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)\.(.+)$/;

export interface NearbyInput {
  /** `[lon, lat]` in WGS84. */
  point?: [number, number];
  /** An address or a name; the first hit of the place search is used. */
  place?: string;
  datasets?: string[];
  purpose?: string;
  search?: string;
  /** Metres, 1-20000 (default 500). */
  radius?: number;
  /** Most objects per dataset, 1-50 (default 5). */
  max?: number;
  /** Dataset parameters: `provider/dataset` -> param -> value. */
  params?: Record<string, Record<string, string>>;
}

/** A checked request: exactly one selection, a point or a place, limits within range. */
export interface NearbyRequest {
  point?: [number, number];
  place?: string;
  selection: { datasets: string[] } | { purpose: string } | { search: string };
  radius: number;
  max: number;
  params: Record<string, Record<string, string>>;
}

const inputSchema = z.object({
  point: z
    .tuple([
      z.number().min(-180, 'longitude must be within -180..180').max(180, 'longitude must be within -180..180'),
      z.number().min(-90, 'latitude must be within -90..90').max(90, 'latitude must be within -90..90'),
    ])
    .optional(),
  place: z.string().trim().min(1, 'must not be empty').max(MAX_SEARCH_LENGTH).optional(),
  datasets: z
    .array(z.string().trim().regex(DATASET_KEY, 'expected provider/dataset keys'))
    .min(1, 'must list at least one provider/dataset key')
    .max(MAX_NEARBY_DATASETS, `at most ${MAX_NEARBY_DATASETS} datasets`)
    .optional(),
  purpose: z.enum(USE_CASES, { message: `expected one of ${USE_CASES.join(', ')}` }).optional(),
  search: z.string().trim().min(1, 'must not be empty').max(MAX_SEARCH_LENGTH).optional(),
  radius: z.number({ message: 'expected a number of metres' }).min(MIN_RADIUS).max(MAX_RADIUS).optional(),
  max: z.number({ message: 'expected an integer' }).int('expected an integer').min(1).max(MAX_HITS).optional(),
  params: z.record(z.string().regex(DATASET_KEY, 'expected provider/dataset keys'), z.record(z.string(), z.string())).optional(),
});

function invalid(err: z.ZodError): ApiError {
  const first = err.issues[0];
  const where = first && first.path.length ? `${first.path.join('.')}: ` : '';
  return new ApiError('invalid_query', `${where}${first?.message ?? 'invalid query'}`);
}

/** Checks a typed request (MCP, REST after parsing); throws ApiError with the spec's codes. */
export function checkNearbyInput(input: NearbyInput): NearbyRequest {
  const r = inputSchema.safeParse(input);
  if (!r.success) throw invalid(r.error);
  const v = r.data;
  const chosen = [v.datasets !== undefined, v.purpose !== undefined, v.search !== undefined].filter(Boolean).length;
  if (chosen !== 1) {
    throw new ApiError(
      'missing_dataset_selection',
      chosen === 0
        ? 'Choose datasets with exactly one of: datasets (provider/dataset keys), purpose (a use case) or search (text).'
        : 'Give only one of datasets, purpose and search.',
    );
  }
  if (!v.point && !v.place) throw new ApiError('missing_place', 'Give a point (lon,lat) or a place (address or name).');
  if (v.point && v.place) throw new ApiError('invalid_query', 'Give either point or place, not both.');
  const selection = v.datasets ? { datasets: [...new Set(v.datasets)] } : v.purpose ? { purpose: v.purpose } : { search: v.search! };
  return {
    point: v.point as [number, number] | undefined,
    place: v.place,
    selection,
    radius: v.radius ?? DEFAULT_RADIUS,
    max: v.max ?? DEFAULT_MAX,
    params: v.params ?? {},
  };
}

function parseNumber(name: string, raw: string): number {
  const s = raw.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(s)) throw new ApiError('invalid_query', `${name}: expected a number, got "${raw.slice(0, 40)}"`);
  return Number(s);
}

/** Parses the REST query string into a typed input (then checked by checkNearbyInput). */
export function parseNearbyQuery(query: Record<string, string>): NearbyInput {
  const input: NearbyInput = {};
  if (query.point !== undefined) {
    const parts = query.point.split(',');
    if (parts.length !== 2) throw new ApiError('invalid_query', 'point: expected "lon,lat"');
    input.point = [parseNumber('point', parts[0]), parseNumber('point', parts[1])];
  }
  if (query.place?.trim()) input.place = query.place;
  // An empty selection member counts as absent (rule 1 then names what is missing).
  if (query.datasets?.trim()) input.datasets = query.datasets.split(',').map((s) => s.trim()).filter(Boolean);
  if (query.purpose?.trim()) input.purpose = query.purpose.trim();
  if (query.search?.trim()) input.search = query.search;
  if (query.radius !== undefined) input.radius = parseNumber('radius', query.radius);
  if (query.max !== undefined) input.max = parseNumber('max', query.max);
  const params: Record<string, Record<string, string>> = {};
  for (const [k, v] of Object.entries(query)) {
    const m = PARAM_KEY.exec(k);
    if (!m) continue;
    (params[m[1]] ??= {})[m[2]] = v;
  }
  if (Object.keys(params).length) input.params = params;
  return input;
}
