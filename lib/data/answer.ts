// An entry as an HTTP answer: status, headers (cache state, validators, lifetimes, coding) and body.
// The route and the server's fast path both answer through answerFor, so they cannot drift apart.
import { tagMatches } from '@/lib/entity-tag';
import type { CacheEntry, Rendering } from './entry';
import { FAILURE_BACKOFF_SECONDS, STALE_IF_ERROR_SECONDS, SWR_SECONDS } from './limits';

export type CacheState = 'hit' | 'miss' | 'stale';
/** `revalidating` = an expired copy answered while its refresh runs (sent as `hit`). */
export type Outcome = CacheState | 'revalidating';

export interface ClientHeaders {
  ifNoneMatch?: string | null;
  acceptEncoding?: string | null;
}

export interface DataAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  /** null for 304. */
  body: Buffer | null;
}

const CACHE_HEADER = 'X-DM-Cache';

function acceptsGzip(acceptEncoding: string | null | undefined): boolean {
  if (!acceptEncoding) return false;
  const m = /(?:^|,)\s*(?:gzip|\*)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*(?:,|$)/i.exec(acceptEncoding);
  return m !== null && (m[1] === undefined || Number(m[1]) > 0);
}

/** The gzip representation's validator: a strong ETag must differ per content coding. */
function gzipEtag(etag: string): string {
  return `${etag.slice(0, -1)}-gz"`;
}

/** If-None-Match (weak comparison, RFC 9110 13.1.2) against either coding of the same body. */
function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  return tagMatches(ifNoneMatch, etag) || tagMatches(ifNoneMatch, gzipEtag(etag));
}

function cacheControl(entry: CacheEntry, outcome: Outcome, now: number): string {
  if (outcome === 'stale') {
    const retryIn = entry.failure ? Math.ceil((entry.failure.at + FAILURE_BACKOFF_SECONDS * 1000 - now) / 1000) : FAILURE_BACKOFF_SECONDS;
    return `public, max-age=${Math.max(0, Math.min(retryIn, FAILURE_BACKOFF_SECONDS))}`;
  }
  const maxAge = Math.max(0, Math.floor((entry.expiresAt - now) / 1000));
  return `public, max-age=${maxAge}, stale-while-revalidate=${SWR_SECONDS}, stale-if-error=${STALE_IF_ERROR_SECONDS}`;
}

/** The answer for an entry: headers, 304 on a matching If-None-Match, gzip when the client takes it. */
export function answerFor(entry: CacheEntry, rendering: Rendering, outcome: Outcome, client: ClientHeaders, now = Date.now()): DataAnswer {
  const gzip = acceptsGzip(client.acceptEncoding);
  const headers: Record<string, string> = {
    'Content-Type': 'application/geo+json',
    'Cache-Control': cacheControl(entry, outcome, now),
    ETag: gzip ? gzipEtag(rendering.etag) : rendering.etag,
    Vary: 'Accept-Encoding',
    [CACHE_HEADER]: outcome === 'revalidating' ? 'hit' : outcome,
  };
  if (etagMatches(client.ifNoneMatch, rendering.etag)) return { status: 304, headers, body: null };
  if (gzip) headers['Content-Encoding'] = 'gzip';
  return { status: 200, headers, body: gzip ? rendering.gzip : rendering.body };
}
