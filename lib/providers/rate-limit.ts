// Registration attempts per client address, counted in the database so the limit holds across
// restarts and instances.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/lib/db';
import { ADVISORY_LOCKS } from '@/lib/db/locks';
import { registrationAttempts } from '@/lib/db/schema';

/** More than this many attempts within WINDOW from one address are refused (429 too_many_requests). */
export const MAX_ATTEMPTS_PER_WINDOW = 5;
export const ATTEMPT_WINDOW_SECONDS = 60;
/** Advisory-lock namespace of the per-address counter (any constant distinct from other locks). */
const ATTEMPT_LOCK_NS = ADVISORY_LOCKS.registrationAttempts;

/** `now() - <seconds>`, or `clock_timestamp() - <seconds>`: the database clock, never this process's. */
const secondsBefore = (clock: 'now' | 'clock', seconds: number) =>
  clock === 'now' ? sql`now() - make_interval(secs => ${seconds})` : sql`clock_timestamp() - make_interval(secs => ${seconds})`;

/**
 * Records one attempt and returns how many the address made within the window, this one included.
 * Serialised per address (advisory lock), so parallel attempts cannot all read a count under the limit.
 * Other jobs limited the same way (problem reports) pass their own key, e.g. `report:<hash>`.
 */
export async function recordRegistrationAttempt(db: Db, { clientAddress }: { clientAddress: string }): Promise<number> {
  return db.transaction(async (tx) => {
    // Raw SQL: advisory locks are functions Drizzle's builder has no equivalent for.
    await tx.execute(sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_NS}, hashtext(${clientAddress}))`);
    await tx
      .delete(registrationAttempts)
      .where(and(eq(registrationAttempts.clientAddress, clientAddress), lt(registrationAttempts.at, secondsBefore('now', ATTEMPT_WINDOW_SECONDS * 10))));
    await tx.insert(registrationAttempts).values({ clientAddress, at: sql`clock_timestamp()` });
    return tx.$count(
      registrationAttempts,
      and(eq(registrationAttempts.clientAddress, clientAddress), gt(registrationAttempts.at, secondsBefore('clock', ATTEMPT_WINDOW_SECONDS))),
    );
  });
}

/** Drops attempts older than an hour (called by the refresh loop). */
export async function pruneRegistrationAttempts(db: DbOrTx): Promise<void> {
  await db.delete(registrationAttempts).where(lt(registrationAttempts.at, sql`now() - interval '1 hour'`));
}
