// One source request per cache key across all instances sharing the database (table data_fetches).
//
// Within a process, concurrent misses of a key already share one load (state.loads/refreshes). Across
// processes the one load first claims the key's lease with a single upsert: the instance whose claim
// succeeds asks the source, writes the entry to data_cache and then sets the lease's outcome (`ok`,
// or the error code); the others poll the lease row (50 ms, growing to 500 ms) and then read that
// entry, or answer with the same failure. The holder extends the lease every HEARTBEAT_MS while it
// fetches; a lease not extended for LEASE_SECONDS (its holder crashed) is taken over. A finished
// lease is claimable at once: the next expiry of the entry is fetched by whoever comes first.
import { randomBytes } from 'node:crypto';
import { APPLICATION_NAME, getSql } from '@/lib/db';

/** A lease not extended for this long is taken over (a holder extends it every HEARTBEAT_MS). */
export const LEASE_SECONDS = 6;
const HEARTBEAT_MS = 2000;
/** Finished and expired leases older than this are deleted by the maintenance loop. */
export const LEASE_KEEP_MINUTES = 10;

const POLL_FIRST_MS = 50;
const POLL_MAX_MS = 500;

const INSTANCE = `${APPLICATION_NAME}:${randomBytes(3).toString('hex')}`;
let claims = 0;

export interface Lease {
  key: string;
  holder: string;
  /** Stops the heartbeat and records the outcome: `ok` once the entry is in data_cache, or the error code. */
  finish(outcome: string, message?: string | null): Promise<void>;
}

export type Claim = { held: true; lease: Lease } | { held: false; holder: string };

/** Claims the key's lease; `held: false` names the current holder to wait for. */
export async function claimFetch(key: string): Promise<Claim> {
  const sql = await getSql();
  const holder = `${INSTANCE}:${++claims}`;
  const claimed = await sql<{ holder: string }[]>`
    insert into data_fetches (key, holder, started_at, expires_at)
    values (${key}, ${holder}, clock_timestamp(), clock_timestamp() + make_interval(secs => ${LEASE_SECONDS}))
    on conflict (key) do update set
      holder = excluded.holder, started_at = excluded.started_at, expires_at = excluded.expires_at,
      outcome = null, message = null
    where data_fetches.outcome is not null or data_fetches.expires_at < clock_timestamp()
    returning holder`;
  if (!claimed.length) {
    const [current] = await sql<{ holder: string }[]>`select holder from data_fetches where key = ${key}`;
    // Gone between the two statements (pruned): the caller claims again.
    return { held: false, holder: current?.holder ?? '' };
  }
  const heartbeat = setInterval(() => {
    sql`update data_fetches set expires_at = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS})
        where key = ${key} and holder = ${holder} and outcome is null`.catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    held: true,
    lease: {
      key,
      holder,
      async finish(outcome, message = null) {
        clearInterval(heartbeat);
        await sql`
          update data_fetches set outcome = ${outcome}, message = ${message}, expires_at = clock_timestamp()
          where key = ${key} and holder = ${holder}`;
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
  const sql = await getSql();
  let delay = POLL_FIRST_MS;
  for (;;) {
    await sleep(delay);
    delay = Math.min(POLL_MAX_MS, Math.round(delay * 1.5));
    const [row] = await sql<{ holder: string; outcome: string | null; message: string | null; expired: boolean }[]>`
      select holder, outcome, message, expires_at < clock_timestamp() as expired from data_fetches where key = ${key}`;
    if (!row || row.holder !== holder) return { kind: 'retry' };
    if (row.outcome === 'ok') return { kind: 'ok' };
    if (row.outcome) return { kind: 'failed', code: row.outcome, message: row.message ?? `Data source failed (${row.outcome}).` };
    if (row.expired) return { kind: 'retry' };
  }
}

/** Deletes finished and expired leases older than LEASE_KEEP_MINUTES (the maintenance loop). */
export async function pruneFetchLeases(): Promise<number> {
  const sql = await getSql();
  const r = await sql`delete from data_fetches where expires_at < now() - make_interval(mins => ${LEASE_KEEP_MINUTES})`;
  return r.count;
}

/** Forgets every lease (the embedded database's host at start-up: no other process can hold one). */
export async function clearFetchLeases(): Promise<void> {
  const sql = await getSql();
  await sql`delete from data_fetches`;
}
