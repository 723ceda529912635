// Answers a shared cache (a reverse proxy or CDN in front of the portal) may keep: the JSON answers
// of catalog, places (search and reverse), summary, nearby and nearby's selection depend only on the
// query and on the registry, the reference data and the data cache, so they carry Cache-Control with a lifetime that fits how often that state
// changes, and an ETag; a request whose If-None-Match carries the tag gets 304 without a body.
//
// Catalog, summary and nearby answers name the time they were generated (`generated`), which differs
// on every request while the rest stays the same: their tag is computed without that member and is
// weak (W/"..."), since two answers with one tag are equivalent, not byte-identical. Places, reverse
// and selection answers have no such member: a strong tag over the body.
import { createHash } from 'node:crypto';
import type http from 'node:http';
import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { healthSummary } from '@/lib/health/summary';
import { CORS_HEADERS } from '@/lib/http';
import { processWide } from '@/lib/process-state';
import { registrySnapshot } from '@/lib/providers/served';

/**
 * Lifetimes (seconds). `max-age` is for browsers, `s-maxage` for shared caches;
 * `stale-while-revalidate` lets a cache answer from its copy while it asks again.
 * - catalog: registry changes (approval, a refreshed manifest) and provider health must show soon:
 *   browsers always revalidate (cheap with the tag), shared caches keep it 10 s.
 * - places, reverse: the reference data change only with a new import (a new portal version): an
 *   hour in browsers, a day in shared caches.
 * - summary, nearby: the data behind them are refreshed by the data cache in minutes: 60 s.
 * - selection (which datasets nearby would ask at a point): follows the registry like nearby: 60 s.
 */
export const CACHE_LIFETIMES = {
  catalog: 'public, max-age=0, s-maxage=10, stale-while-revalidate=60',
  places: 'public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400',
  summary: 'public, max-age=60, s-maxage=60, stale-while-revalidate=300',
  nearby: 'public, max-age=60, s-maxage=60, stale-while-revalidate=300',
  reverse: 'public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400',
  selection: 'public, max-age=60, s-maxage=60, stale-while-revalidate=300',
} as const;

export type CachedKind = keyof typeof CACHE_LIFETIMES;

/** Kinds whose answers depend only on the reference data (not on the registry or the data cache). */
const REFERENCE_ONLY: ReadonlySet<CachedKind> = new Set(['places', 'reverse']);

/** A quoted entity tag of some text (SHA-1, base64url, 27 characters). */
export function entityTag(text: string, weak = false): string {
  const tag = `"${createHash('sha1').update(text).digest('base64url')}"`;
  return weak ? `W/${tag}` : tag;
}

/** If-None-Match against a tag, by the weak comparison RFC 9110 prescribes for it (13.1.2). */
export function tagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  const mine = opaque(etag);
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => opaque(t) === mine);
}

/** The body with a top-level `"generated":"..."` member's value emptied (the basis of a weak tag). */
function withoutGenerated(body: string, generated: unknown): string {
  if (typeof generated !== 'string') return body;
  return body.replace(`"generated":${JSON.stringify(generated)}`, '"generated":""');
}

/** A serialised JSON answer and its tag. */
export interface JsonAnswer {
  body: string;
  etag: string;
}

/** Serialises an answer; a top-level `generated` member is left out of its (then weak) tag. */
export function jsonAnswer(value: unknown): JsonAnswer {
  const body = JSON.stringify(value);
  const generated = (value as { generated?: unknown } | null)?.generated;
  if (typeof generated === 'string') return { body, etag: entityTag(withoutGenerated(body, generated), true) };
  return { body, etag: entityTag(body) };
}

/**
 * 200 with the JSON body, its ETag and the kind's Cache-Control; 304 when If-None-Match carries the
 * tag. A `transient` answer (a source failed for part of it) is `no-store`, without a tag.
 */
function cachedJsonResponse(req: Request, kind: CachedKind, answer: JsonAnswer, options: { transient?: boolean } = {}): Response {
  if (options.transient) return new Response(answer.body, { status: 200, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
  const headers = { 'Cache-Control': CACHE_LIFETIMES[kind], ETag: answer.etag };
  if (tagMatches(req.headers.get('if-none-match'), answer.etag)) return new Response(null, { status: 304, headers });
  return new Response(answer.body, { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
}

// ---------------------------------------------------------------------------------------------
// The answer fast path: server.ts answers a repeated GET of these kinds from the last answer the
// route gave for the same URL, before Next.js (whose own per-request work is most of the CPU of such
// a request once the answer itself is memoised; see README "Performance"). An answer is reused only
// while the registry snapshot (and for the catalog the provider health summary) it was computed
// with is still the current one, and at most REUSE_MS after it was computed — the registry's own
// verification interval: the portal never promises a fresher registry than that. Places and reverse
// answers are reused for as long as their memo keeps them (lib/places/search.ts, reverse.ts). The body, tag and
// lifetime are the route's; only the CORS and compression headers are added here as the route
// wrapper and the server's compression would.

/** How long a catalog, summary, nearby or selection answer is reused for the same URL. */
const REUSE_MS = 1000;
/** Place and reverse answers depend only on the reference data. */
const PLACES_REUSE_MS = 5 * 60_000;

/** What an answer was computed with: the registry snapshot and the health summary objects of the time (places, reverse: neither). */
interface AnswerStamp {
  registry: object | null;
  health: object | null;
}

interface StoredAnswer {
  kind: CachedKind;
  stamp: AnswerStamp;
  expires: number;
  body: Buffer;
  etag: string;
  gzip?: Buffer;
}

interface AnswerStore {
  entries: LRUCache<string, StoredAnswer>;
  stats: { hits: number; stored: number };
}

/** Process-wide (lib/process-state.ts): the routes store, the request listener answers. */
export function answerStore(): AnswerStore {
  return processWide<AnswerStore>('storedAnswers', () => ({
    // Bounded by bytes: a few large catalogs or many small place answers.
    entries: new LRUCache<string, StoredAnswer>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (e) => e.body.length + (e.gzip?.length ?? 0) + 200 }),
    stats: { hits: 0, stored: 0 },
  }));
}

/** The state an answer of this kind depends on, taken before it is computed. */
async function answerStamp(kind: CachedKind): Promise<AnswerStamp> {
  if (REFERENCE_ONLY.has(kind)) return { registry: null, health: null };
  const [registry, health] = await Promise.all([registrySnapshot(), kind === 'catalog' ? healthSummary() : null]);
  return { registry, health };
}

/**
 * The key of a request target: the path and the decoded query members re-encoded in their order.
 * Next.js hands routes a URL whose query may be encoded otherwise than the client sent it (`%2F`,
 * `%2C`); the answer depends only on the decoded members, so both sides key by this form.
 */
export function answerKey(target: string): string {
  const u = new URL(target, 'http://localhost');
  const query = u.search ? `?${new URLSearchParams(u.search).toString()}` : '';
  return `${u.pathname}${query}`;
}

/**
 * A route of one of these kinds: computes the answer (200, or 304 for a matching If-None-Match) and
 * keeps it for the fast path unless it is transient.
 */
export async function cachedAnswer(
  req: Request,
  kind: CachedKind,
  compute: () => Promise<{ answer: JsonAnswer; transient?: boolean }>,
): Promise<Response> {
  const stamp = await answerStamp(kind);
  const { answer, transient } = await compute();
  if (!transient) {
    const body = Buffer.from(answer.body);
    answerStore().entries.set(answerKey(req.url), {
      kind,
      stamp,
      expires: Date.now() + (REFERENCE_ONLY.has(kind) ? PLACES_REUSE_MS : REUSE_MS),
      body,
      etag: answer.etag,
    });
    answerStore().stats.stored++;
  }
  return cachedJsonResponse(req, kind, answer, { transient });
}

/** What Next.js and the server's compression put in Vary for these routes, so both paths answer alike. */
const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding';


function acceptsGzip(header: string | string[] | undefined): boolean {
  const v = Array.isArray(header) ? header.join(',') : (header ?? '');
  return /(^|,)\s*(gzip|\*)\s*(;\s*q=(?!0(\.0*)?\s*($|,))[0-9.]+)?\s*($|,)/i.test(v);
}

/**
 * Answers a GET from the answer a route stored (cachedAnswer) for the same URL and
 * returns true; false leaves the request to Next.js (no stored answer, expired, or computed with a
 * registry or health state that is no longer current).
 */
export async function tryServeStoredAnswer(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
  const target = req.url;
  // Only answers a route stored with cachedAnswer are in the store, keyed by their exact path and
  // query: which routes take part is said once, by the routes that call it.
  if (req.method !== 'GET' || !target?.startsWith('/api/')) return false;
  const store = answerStore();
  if (store.entries.size === 0) return false;
  let key: string;
  try {
    key = answerKey(target);
  } catch {
    return false; // the route words the error
  }
  const entry = store.entries.get(key);
  if (!entry) return false;
  if (Date.now() >= entry.expires) {
    store.entries.delete(key);
    return false;
  }
  const now = await answerStamp(entry.kind);
  if (now.registry !== entry.stamp.registry || now.health !== entry.stamp.health) {
    store.entries.delete(key);
    return false;
  }
  store.stats.hits++;
  const headers: Record<string, string | number> = {
    ...CORS_HEADERS,
    'Cache-Control': CACHE_LIFETIMES[entry.kind],
    ETag: entry.etag,
    Vary: NEXT_VARY,
  };
  if (tagMatches(req.headers['if-none-match'] as string | undefined, entry.etag)) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  let body = entry.body;
  // As the server's compression does for the route (threshold 1 KB): gzip, here once per stored answer.
  if (body.length >= 1024 && acceptsGzip(req.headers['accept-encoding'])) {
    entry.gzip ??= gzipSync(body);
    body = entry.gzip;
    headers['Content-Encoding'] = 'gzip';
  }
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length, ...headers });
  res.end(body);
  return true;
}
