// One source request per cache key across all instances sharing the database (table data_fetches).
//
// Within a process, concurrent misses of a key already share one load (state.loads/refreshes). Across
// processes the one load first claims the key's lease with a single upsert: the instance whose claim
// succeeds asks the source, writes the entry to data_cache and then sets the lease's outcome (`ok`,
// or the error code); the others poll the lease row (50 ms, growing to 500 ms) and then read that
// entry, or answer with the same failure. The holder extends the lease every HEARTBEAT_MS while it
// fetches; a lease not extended for LEASE_SECONDS (its holder crashed) is taken over. A finished
// lease is claimable at once: the next expiry of the entry is fetched by whoever comes first.
// Lease times are the database's clock (clock_timestamp(), not this process's), so that instances
// with drifting clocks agree on who holds a key.
import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { APPLICATION_NAME, getDb } from './index';
import { dataFetches } from './schema';

/** A lease not extended for this long is taken over (a holder extends it every HEARTBEAT_MS). */
const LEASE_SECONDS = 6;
const HEARTBEAT_MS = 2000;
/** Finished and expired leases older than this are deleted by the maintenance loop. */
export const LEASE_KEEP_MINUTES = 10;

const POLL_FIRST_MS = 50;
const POLL_MAX_MS = 500;

const INSTANCE = `${APPLICATION_NAME}:${randomBytes(3).toString('hex')}`;
let claims = 0;

/** The end of a lease taken or extended now. */
const leaseEnd = () => sql`clock_timestamp() + make_interval(secs => ${LEASE_SECONDS})`;

export interface Lease {
  key: string;
  holder: string;
  /** Stops the heartbeat and records the outcome: `ok` once the entry is in data_cache, or the error code. */
  finish(outcome: string, message?: string | null): Promise<void>;
}

export type Claim = { held: true; lease: Lease } | { held: false; holder: string };

/** Claims the key's lease; `held: false` names the current holder to wait for. */
export async function claimFetch(key: string): Promise<Claim> {
  const db = await getDb();
  const holder = `${INSTANCE}:${++claims}`;
  // One upsert decides: a new key, a finished lease or an expired one is taken; a running one is not.
  const claimed = await db
    .insert(dataFetches)
    .values({ key, holder, startedAt: sql`clock_timestamp()`, expiresAt: leaseEnd() })
    .onConflictDoUpdate({
      target: dataFetches.key,
      set: { holder: sql`excluded.holder`, startedAt: sql`excluded.started_at`, expiresAt: sql`excluded.expires_at`, outcome: null, message: null },
      setWhere: or(isNotNull(dataFetches.outcome), lt(dataFetches.expiresAt, sql`clock_timestamp()`)),
    })
    .returning({ holder: dataFetches.holder });
  if (!claimed.length) {
    const [current] = await db.select({ holder: dataFetches.holder }).from(dataFetches).where(eq(dataFetches.key, key));
    // Gone between the two statements (pruned): the caller claims again.
    return { held: false, holder: current?.holder ?? '' };
  }
  const mine = and(eq(dataFetches.key, key), eq(dataFetches.holder, holder));
  const heartbeat = setInterval(() => {
    db.update(dataFetches)
      .set({ expiresAt: leaseEnd() })
      .where(and(mine, isNull(dataFetches.outcome)))
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    held: true,
    lease: {
      key,
      holder,
      async finish(outcome, message = null) {
        clearInterval(heartbeat);
        await db.update(dataFetches).set({ outcome, message, expiresAt: sql`clock_timestamp()` }).where(mine);
      },
    },
  };
}

export type WaitResult = { kind: 'ok' } | { kind: 'failed'; code: string; message: string } | { kind: 'retry' };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Waits for another instance's fetch of `key` by `holder`: `ok` (read the entry), `failed` (its
 * error), or `retry` (the lease was taken over, expired or vanished: claim again).
 */
export async function awaitFetch(key: string, holder: string): Promise<WaitResult> {
  if (!holder) return { kind: 'retry' };
  const db = await getDb();
  let delay = POLL_FIRST_MS;
  for (;;) {
    await sleep(delay);
    delay = Math.min(POLL_MAX_MS, Math.round(delay * 1.5));
    const [row] = await db
      .select({
        holder: dataFetches.holder,
        outcome: dataFetches.outcome,
        message: dataFetches.message,
        expired: sql<boolean>`${dataFetches.expiresAt} < clock_timestamp()`,
      })
      .from(dataFetches)
      .where(eq(dataFetches.key, key));
    if (!row || row.holder !== holder) return { kind: 'retry' };
    if (row.outcome === 'ok') return { kind: 'ok' };
    if (row.outcome) return { kind: 'failed', code: row.outcome, message: row.message ?? `Data source failed (${row.outcome}).` };
    if (row.expired) return { kind: 'retry' };
  }
}

/** Deletes finished and expired leases older than LEASE_KEEP_MINUTES (the maintenance loop). */
export async function pruneFetchLeases(): Promise<number> {
  const db = await getDb();
  const r = await db.delete(dataFetches).where(lt(dataFetches.expiresAt, sql`now() - make_interval(mins => ${LEASE_KEEP_MINUTES})`));
  return r.count;
}

/** Forgets every lease (the embedded database's host at start-up: no other process can hold one). */
export async function clearFetchLeases(): Promise<void> {
  const db = await getDb();
  await db.delete(dataFetches);
}
