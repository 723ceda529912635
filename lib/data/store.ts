// The Postgres half of the cache (table data_cache): shared by instances, survives restarts.
// Bodies are stored gzipped; the in-memory LRU keeps the identity bytes next to them.
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import { desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { dataCache } from '@/lib/db/schema';
import { logger } from '@/lib/observability/log';
import { strongEtag, type CacheEntry } from './entry';
import { DB_MAX_BYTES, PRUNE_INTERVAL_MS } from './limits';
import { dataState } from './state';

const gunzipAsync = promisify(gunzipCallback);

export async function readCacheEntry({ key }: { key: string }): Promise<CacheEntry | null> {
  const db = await getDb();
  dataState().stats.dbReads++;
  const [row] = await db.select().from(dataCache).where(eq(dataCache.key, key)).limit(1);
  if (!row) return null;
  const gzip = Buffer.from(row.body);
  let body: Buffer;
  try {
    body = await gunzipAsync(gzip);
  } catch {
    return null; // a damaged row is a miss; the next write replaces it
  }
  // The stored etag is checked against the bytes, so a row written by an older format cannot lie.
  const etag = strongEtag(body);
  return {
    key: row.key,
    datasetKey: row.datasetKey,
    fingerprint: row.fingerprint,
    body,
    gzip,
    etag,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    staleUntil: row.staleUntil.getTime(),
  };
}

export async function writeCacheEntry(entry: CacheEntry): Promise<void> {
  const db = await getDb();
  dataState().stats.dbWrites++;
  const values = {
    key: entry.key,
    datasetKey: entry.datasetKey,
    fingerprint: entry.fingerprint,
    body: entry.gzip,
    bodySize: entry.gzip.length,
    etag: entry.etag,
    createdAt: new Date(entry.createdAt),
    expiresAt: new Date(entry.expiresAt),
    staleUntil: new Date(entry.staleUntil),
  };
  const { key: _key, ...update } = values;
  await db.insert(dataCache).values(values).onConflictDoUpdate({ target: dataCache.key, set: update });
}

/**
 * Bounds the Postgres cache: entries past their stale limit go, then the oldest until the total of
 * gzipped bodies is within `maxBytes`. Returns the number of rows removed.
 */
export async function pruneDataCache({ now = new Date(), maxBytes = DB_MAX_BYTES }: { now?: Date; maxBytes?: number } = {}): Promise<number> {
  const db = await getDb();
  const expired = await db.delete(dataCache).where(lte(dataCache.staleUntil, now));
  // The newest entries are kept while their running total of bytes stays within maxBytes (the running
  // total is a window function, a SQL fragment: the builder has none).
  const newestFirst = db
    .select({
      key: dataCache.key,
      running: sql<number>`sum(${dataCache.bodySize}) over (order by ${desc(dataCache.createdAt)}, ${dataCache.key})`.as('running'),
    })
    .from(dataCache)
    .as('t');
  const over = await db
    .delete(dataCache)
    .where(inArray(dataCache.key, db.select({ key: newestFirst.key }).from(newestFirst).where(gt(newestFirst.running, maxBytes))));
  return expired.count + over.count;
}

/** Prunes at most once per PRUNE_INTERVAL_MS per process, in the background. */
export function schedulePrune(): void {
  const s = dataState();
  const now = Date.now();
  if (now - s.lastPrune < PRUNE_INTERVAL_MS) return;
  s.lastPrune = now;
  pruneDataCache().catch((err: unknown) => logger().error({ err }, 'data cache: pruning failed'));
}

/** Removes a dataset's entries (tests; an operator clearing a provider's cache). */
export async function deleteCacheEntries({ datasetKey }: { datasetKey: string }): Promise<void> {
  const db = await getDb();
  await db.delete(dataCache).where(eq(dataCache.datasetKey, datasetKey));
  const mem = dataState().memory;
  for (const [k, v] of mem.entries()) if (v.datasetKey === datasetKey) mem.delete(k);
}
