// A database that does not answer (stopped, restarting, crashed, out of connections) is a passing
// outage, not a bug: requests that need it answer `503 database_unavailable` with Retry-After (the
// route wrapper and the MCP tools use this), never 500, and recover without a restart (postgres.js
// reconnects on the next query).
import { ApiError } from '@/lib/errors';

/** Seconds a client is asked to wait before asking again. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that cannot be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOENT']);
/** postgres.js's own codes for a connection that closed, ended or did not open in time. */
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);
/**
 * SQLSTATEs of a server that cannot serve: class 08 (connection exception), 57P01-57P03 (admin or
 * crash shutdown, cannot connect now: starting up or shutting down), 53300 (too many connections).
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

function isUnavailableCode(code: unknown, syscall: unknown): boolean {
  if (typeof code !== 'string') return false;
  if (DRIVER_CODES.has(code) || SERVER_STATES.has(code) || code.startsWith('08')) return true;
  // ENOENT only from connect() (a missing Unix socket), never from a missing file elsewhere.
  return NETWORK_CODES.has(code) && (code !== 'ENOENT' || syscall === 'connect');
}

/** Whether `err` (or an error in its cause chain, as Drizzle wraps the driver's) is the database not answering. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 6 && e && typeof e === 'object'; depth++) {
    const o = e as { code?: unknown; syscall?: unknown; cause?: unknown; errors?: unknown };
    if (isUnavailableCode(o.code, o.syscall)) return true;
    // AggregateError of a dual-stack connect (ECONNREFUSED on ::1 and 127.0.0.1).
    if (Array.isArray(o.errors) && o.errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = o.cause;
  }
  return false;
}

/** The client-facing error for a database outage. */
export function databaseUnavailable(cause?: unknown): ApiError {
  return new ApiError('database_unavailable', 'The portal’s database is not answering right now; try again in a few seconds.', {
    cause,
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    extra: { retryable: true },
  });
}

/**
 * How long a request waits for the database to confirm a copy the portal holds in memory (the
 * registry, the municipality indexes, a municipality's facts) before it is answered from that copy.
 * A database cut off while a connection is being made, or restarting, can leave a query waiting for
 * the driver's connect timeout (15 s); a healthy one confirms in about a millisecond.
 */
const HELD_COPY_WAIT_MS = 1_000;

/**
 * `check`, or `held` when the check has not settled within `waitMs`. The check goes on and its
 * holder keeps what it brings; a check that fails within the wait fails the call as before.
 */
export function heldAfter<T>(check: Promise<T>, held: T, waitMs = HELD_COPY_WAIT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(held), waitMs);
    timer.unref?.();
  });
  return Promise.race([check, wait]).finally(() => clearTimeout(timer));
}

/** A check of a copy held in memory, in flight, and what every caller gets while it runs. */
export interface HeldCheck<T> {
  check: Promise<T>;
  /** The check, or the held copy after HELD_COPY_WAIT_MS: one timer per check, shared by its callers. */
  answer: Promise<T>;
}

/** Pairs a check just started with its callers' answer (the check itself when nothing is held yet). */
export function heldCheck<T>(check: Promise<T>, held: T | null | undefined): HeldCheck<T> {
  return { check, answer: held ? heldAfter(check, held) : check };
}
