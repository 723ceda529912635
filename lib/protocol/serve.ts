// The provider side of the protocol, for the portal's own providers: the protocol samples
// (lib/protocol/examples.ts, provider `priklady`) and the reference data (lib/reference/provider.ts,
// provider `sk-uzemie`). One reading of the data request the portal sends (./request.ts writes it:
// `limit`, `cursor`, `bbox` and the dataset's parameters), one page of the answer (`dm.total`,
// `truncated`, `next`), and one way to answer, over HTTP and in-process alike: JSON with CORS and a
// cache lifetime; an ApiError as `{ error, code }` with its status; anything else logged and 500.
import { ApiError, isApiError } from '@/lib/errors';
import { logger } from '@/lib/observability/log';
import { normalizeParams } from './request';
import type { Bbox } from './shared/geo';
import { MAX_FEATURES, type ManifestDataset, type ParamDef } from './types';

/** The most a cursor may skip (the samples and the reference data are far smaller). */
const MAX_CURSOR = 1_000_000;

/** A data request as a provider reads it. */
export interface DataRequest {
  /** `limit`: 1-5000 objects (default 5000). */
  limit: number;
  /** `cursor`: objects to skip (this server's cursors are offsets). */
  offset: number;
  /** `bbox` of a bbox-mode request (`minLon,minLat,maxLon,maxLat`); null without one. */
  bbox: Bbox | null;
  /** The dataset's parameters, checked, omitted ones with their defaults. */
  params: Record<string, string>;
}

function integer(name: string, value: string | null, min: number, max: number, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ApiError('invalid_query', `Parameter "${name}" must be an integer ${min}-${max}.`);
  }
  return Number(value);
}

function bboxOf(value: string | null): Bbox | null {
  if (value === null || value === '') return null;
  const b = value.split(',').map(Number);
  if (b.length !== 4 || !b.every(Number.isFinite) || b[0] > b[2] || b[1] > b[3]) {
    throw new ApiError('invalid_query', 'Parameter "bbox" must be minLon,minLat,maxLon,maxLat.');
  }
  return b as Bbox;
}

/** Reads the data request of `url` for a dataset with `params`; invalid members throw invalid_query naming them. */
export function parseDataRequest(url: URL, params: ManifestDataset['params'] = []): DataRequest {
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) raw[k] = v;
  const dataset: ManifestDataset = { id: 'served', title: 'served', source: { type: 'geojson', url: '.' }, params: params as ParamDef[] };
  return {
    limit: integer('limit', url.searchParams.get('limit'), 1, MAX_FEATURES, MAX_FEATURES),
    offset: integer('cursor', url.searchParams.get('cursor'), 0, MAX_CURSOR, 0),
    bbox: bboxOf(url.searchParams.get('bbox')),
    params: normalizeParams(dataset, raw),
  };
}

/** The page of `items` at the request's offset and limit, with the collection's paging members. */
export function pageOf<T>(items: T[], q: Pick<DataRequest, 'limit' | 'offset'>): { items: T[]; dm: { total: number; truncated: boolean; next?: string } } {
  const slice = items.slice(q.offset, q.offset + q.limit);
  const nextOffset = q.offset + slice.length;
  const truncated = nextOffset < items.length;
  return { items: slice, dm: { total: items.length, truncated, ...(truncated ? { next: String(nextOffset) } : {}) } };
}

/** What a provider answers: a JSON document, its media type and how long it may be cached. */
export interface ProviderAnswer {
  body: unknown;
  /** Seconds (`Cache-Control: public, max-age=`). */
  maxAge: number;
  /** Default `application/json`; data answer `application/geo+json`. */
  type?: 'application/json' | 'application/geo+json';
  /** Indentation for documents meant to be read (the samples). */
  pretty?: boolean;
}

function json(body: unknown, status: number, headers: Record<string, string>, pretty = false): Response {
  return new Response(JSON.stringify(body, null, pretty ? 2 : undefined), {
    status,
    headers: { 'Access-Control-Allow-Origin': '*', ...headers },
  });
}

/**
 * Answers a built-in provider's request: `answer(url)`'s document, or its ApiError as the portal's
 * `{ error, code }` (anything else is logged under `provider` and answered 500). Never throws, so
 * in-process callers (lib/fetch) see exactly what an HTTP client would.
 */
export async function serveProvider(provider: string, url: URL, answer: (url: URL) => Promise<ProviderAnswer> | ProviderAnswer): Promise<Response> {
  try {
    const a = await answer(url);
    return json(a.body, 200, { 'Content-Type': `${a.type ?? 'application/json'}; charset=utf-8`, 'Cache-Control': `public, max-age=${a.maxAge}` }, a.pretty);
  } catch (e) {
    const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
    if (isApiError(e)) return json(e.toBody(), e.status, { ...headers, ...e.headers });
    logger().error({ err: e, path: url.pathname }, `${provider}: a built-in provider request failed`);
    return json({ error: 'Internal error; it has been logged.', code: 'internal_error' }, 500, headers);
  }
}
