// Entity tags of JSON answers (RFC 9110 8.8.3): computed by the services that serialise an answer
// (the catalog keeps its tag with its text) and compared by lib/http-cache.ts and the server's fast
// path. Pure and below every domain, so a service can tag its answer without importing the HTTP face.
//
// Catalog, summary and nearby answers name the time they were generated (`generated`), which differs
// on every request while the rest stays the same: their tag is computed without that member and is
// weak (W/"..."), since two answers with one tag are equivalent, not byte-identical. Places, reverse
// and selection answers have no such member: a strong tag over the body.
import { hash } from 'node:crypto';

/** A quoted entity tag of some text or bytes (SHA-1, base64url, 27 characters; one-shot `hash`, half the cost of a Hash object). */
export function entityTag(text: string | Uint8Array, weak = false): string {
  const tag = `"${hash('sha1', text, 'base64url')}"`;
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
