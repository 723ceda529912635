// Registration attempts per client address, counted in the database so the limit holds across
// restarts and instances.
import type { Q } from './queries';
import type { Sql } from '@/lib/db';
import { ADVISORY_LOCKS } from '@/lib/db/locks';

/** More than this many attempts within WINDOW from one address are refused (429 too_many_requests). */
export const MAX_ATTEMPTS_PER_WINDOW = 5;
export const ATTEMPT_WINDOW_SECONDS = 60;
/** Advisory-lock namespace of the per-address counter (any constant distinct from other locks). */
const ATTEMPT_LOCK_NS = ADVISORY_LOCKS.registrationAttempts;

/**
 * Records one attempt and returns how many the address made within the window, this one included.
 * Serialised per address (advisory lock), so parallel attempts cannot all read a count under the limit.
 */
export async function recordRegistrationAttempt(sql: Sql, { clientAddress }: { clientAddress: string }): Promise<number> {
  const count = await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${ATTEMPT_LOCK_NS}, hashtext(${clientAddress}))`;
    await tx`
      delete from registration_attempts
      where client_address = ${clientAddress} and at < now() - make_interval(secs => ${ATTEMPT_WINDOW_SECONDS * 10})`;
    await tx`insert into registration_attempts (client_address, at) values (${clientAddress}, clock_timestamp())`;
    const [{ n }] = await tx<{ n: number }[]>`
      select count(*)::int as n from registration_attempts
      where client_address = ${clientAddress} and at > clock_timestamp() - make_interval(secs => ${ATTEMPT_WINDOW_SECONDS})`;
    return n;
  });
  return count as number;
}

/** Drops attempts older than an hour (called by the refresh loop). */
export async function pruneRegistrationAttempts(q: Q): Promise<void> {
  await q`delete from registration_attempts where at < now() - interval '1 hour'`;
}
