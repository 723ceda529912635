// One cached answer: the final response body (identity and gzip bytes) and its lifetimes.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzipAsync = promisify(gzipCallback);

export interface CacheEntry {
  key: string;
  datasetKey: string;
  fingerprint: string;
  /** The final FeatureCollection as sent (identity encoding). */
  body: Buffer;
  /** The same bytes gzipped: stored in Postgres and sent to clients that accept gzip. */
  gzip: Buffer;
  /** Strong validator of `body`, quoted. */
  etag: string;
  /** Epoch ms. */
  createdAt: number;
  expiresAt: number;
  staleUntil: number;
  /** In memory only: the last refresh failed (the copy answers as stale until backoff ends). */
  failure?: { at: number; code: string; message: string };
  /** In memory only: the rendering with the stale notice, built once per failure. */
  staleRendering?: Rendering;
}

/** A body ready to send. */
export interface Rendering {
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** Gzip runs on the thread pool, so a 15 MB body does not stall the event loop. */
export async function render(body: Buffer): Promise<Rendering> {
  return { body, gzip: await gzipAsync(body, { level: 6 }), etag: strongEtag(body) };
}

export function isFresh(entry: CacheEntry, now = Date.now()): boolean {
  return now < entry.expiresAt;
}

export function isUsable(entry: CacheEntry, now = Date.now()): boolean {
  return now < entry.staleUntil;
}

/** Bytes an entry holds in memory (the LRU's size measure). */
export function entrySize(entry: CacheEntry): number {
  return entry.body.length + entry.gzip.length + (entry.staleRendering ? entry.staleRendering.body.length + entry.staleRendering.gzip.length : 0) + 512;
}
