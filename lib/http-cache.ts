// Answers a shared cache (a reverse proxy or CDN in front of the portal) may keep: the JSON answers
// of catalog, places (search and reverse), summary, nearby and nearby's selection depend only on the
// query and on the registry, the reference data and the data cache, so they carry Cache-Control with a lifetime that fits how often that state
// changes, and an ETag (lib/entity-tag.ts); a request whose If-None-Match carries the tag gets 304 without a body.
import type { OutgoingHttpHeaders } from 'node:http';
import { LRUCache } from 'lru-cache';
import { tagMatches, type JsonAnswer } from '@/lib/entity-tag';
import { Doorkeeper } from '@/lib/doorkeeper';
import { WholeResponse } from '@/lib/http';
import { healthSummary } from '@/lib/health/summary';
import { processWide, requestContext } from '@/lib/process-state';
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

/**
 * 200 with the JSON body, its ETag and the kind's Cache-Control; 304 when If-None-Match carries the
 * tag. A `transient` answer (a source failed for part of it) is `no-store`, without a tag.
 */
function cachedJsonResponse(req: Request, kind: CachedKind, answer: JsonAnswer, body: Buffer, options: { transient?: boolean } = {}): Response {
  if (options.transient) return new WholeResponse(body, { status: 200, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
  const headers = { 'Cache-Control': CACHE_LIFETIMES[kind], ETag: answer.etag };
  if (tagMatches(req.headers.get('if-none-match'), answer.etag)) return new Response(null, { status: 304, headers });
  return new WholeResponse(body, { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
}

// ---------------------------------------------------------------------------------------------
// The answer store: the server's fast path (lib/server/fast-path.ts) answers a repeated GET of these
// kinds from the last answer the route gave for the same URL, before Next.js (whose own per-request
// work is most of the CPU of such a request once the answer itself is memoised; see README
// "Performance"). An answer is reused only while the registry snapshot (and for the catalog the
// provider health summary) it was computed with is still the current one, and at most REUSE_MS after
// it was computed — the registry's own verification interval: the portal never promises a fresher
// registry than that. Places and reverse answers are reused for as long as their memo keeps them
// (lib/places/search.ts, reverse.ts). The body and tag are the route's; so are the headers, taken from
// the route's own answer as Next.js wrote it (`headers`, noted by the server), which is why an answer
// is reusable only after the route's answer for that URL went out.
// An answer is stored only from the second time the route gives it for its URL (the doorkeeper,
// lib/doorkeeper.ts): a URL asked once, as most of a crowd's are, leaves nothing in the store.

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
  /** The headers of the route's 200 answer for this URL as it went out (noted by the server). */
  headers?: OutgoingHttpHeaders;
}

interface AnswerStore {
  entries: LRUCache<string, StoredAnswer>;
  /** Keys answered once: an answer is stored from the second time its key is answered. */
  doorkeeper: Doorkeeper;
  stats: { hits: number; stored: number };
}

/** Process-wide (lib/process-state.ts): the routes store, the request listener answers. */
export function answerStore(): AnswerStore {
  return processWide<AnswerStore>('storedAnswers', () => ({
    // Bounded by bytes: a few large catalogs or many small place answers.
    entries: new LRUCache<string, StoredAnswer>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (e) => e.body.length + 1200 }),
    doorkeeper: new Doorkeeper(),
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
  // Encoded once: the stored answer and the response share the bytes.
  const body = Buffer.from(answer.body);
  const store = answerStore();
  const key = transient ? null : answerKey(req.url);
  if (key !== null && store.doorkeeper.seenBefore(key)) {
    const entry: StoredAnswer = { kind, stamp, expires: Date.now() + (REFERENCE_ONLY.has(kind) ? PLACES_REUSE_MS : REUSE_MS), body, etag: answer.etag };
    store.entries.set(key, entry);
    store.stats.stored++;
    // The server notes on it the headers the answer goes out with (lib/server/fast-path.ts learn).
    const context = requestContext();
    if (context) context.storedAnswer = entry;
  }
  return cachedJsonResponse(req, kind, answer, body, { transient });
}

/**
 * The stored answer for a request target while it may be reused (not expired, computed with the
 * registry and health state of now), with the route's headers noted; null otherwise.
 */
export async function reusableAnswer(target: string): Promise<StoredAnswer | null> {
  const store = answerStore();
  if (store.entries.size === 0) return null;
  let key: string;
  try {
    key = answerKey(target);
  } catch {
    return null; // the route words the error
  }
  const entry = store.entries.get(key);
  if (!entry?.headers) return null;
  if (Date.now() >= entry.expires) {
    store.entries.delete(key);
    return null;
  }
  const now = await answerStamp(entry.kind);
  if (now.registry !== entry.stamp.registry || now.health !== entry.stamp.health) {
    store.entries.delete(key);
    return null;
  }
  store.stats.hits++;
  return entry;
}
