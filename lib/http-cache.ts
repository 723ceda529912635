// Answers a shared cache (a reverse proxy or CDN in front of the portal) may keep: the JSON answers
// of catalog, places, summary and nearby depend only on the query and on the registry, the reference
// data and the data cache, so they carry Cache-Control with a lifetime that fits how often that state
// changes, and an ETag; a request whose If-None-Match carries the tag gets 304 without a body.
//
// Catalog, summary and nearby answers name the time they were generated (`generated`), which differs
// on every request while the rest stays the same: their tag is computed without that member and is
// weak (W/"..."), since two answers with one tag are equivalent, not byte-identical. Places answers
// have no such member: a strong tag over the body.
import { createHash } from 'node:crypto';

/**
 * Lifetimes (seconds). `max-age` is for browsers, `s-maxage` for shared caches;
 * `stale-while-revalidate` lets a cache answer from its copy while it asks again.
 * - catalog: registry changes (approval, a refreshed manifest) and provider health must show soon:
 *   browsers always revalidate (cheap with the tag), shared caches keep it 10 s.
 * - places: the reference data change only with a new import (a new portal version): an hour in
 *   browsers, a day in shared caches.
 * - summary, nearby: the data behind them are refreshed by the data cache in minutes: 60 s.
 */
export const CACHE_LIFETIMES = {
  catalog: 'public, max-age=0, s-maxage=10, stale-while-revalidate=60',
  places: 'public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400',
  summary: 'public, max-age=60, s-maxage=60, stale-while-revalidate=300',
  nearby: 'public, max-age=60, s-maxage=60, stale-while-revalidate=300',
} as const;

export type CachedKind = keyof typeof CACHE_LIFETIMES;

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
export function cachedJsonResponse(req: Request, kind: CachedKind, answer: JsonAnswer, options: { transient?: boolean } = {}): Response {
  if (options.transient) return new Response(answer.body, { status: 200, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
  const headers = { 'Cache-Control': CACHE_LIFETIMES[kind], ETag: answer.etag };
  if (tagMatches(req.headers.get('if-none-match'), answer.etag)) return new Response(null, { status: 304, headers });
  return new Response(answer.body, { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
}
