// The one database module. Two backends, one schema, one set of migrations, one query API:
// - DATABASE_URL set: PostgreSQL + PostGIS through postgres.js;
// - otherwise the embedded PGlite (PostGIS, pg_trgm, unaccent) in PGLITE_DIR. Its host process
//   migrates it with the PGlite driver and serves it on a Unix socket; the application, the CLI,
//   the importer and the benches all talk to it through postgres.js over that socket, so access is
//   serialised per batch and per transaction (see pglite-server.ts) and two processes never open
//   the directory.
import os from 'node:os';
import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle, type PostgresJsDatabase, type PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { env } from '../env';
import { hostEmbedded, liveHostSocket, type EmbeddedHost } from './embedded';
import { ADVISORY_LOCKS } from './locks';
import { processWide } from '../process-state';
import * as schema from './schema';

export type Db = PostgresJsDatabase<typeof schema> & { $client: postgres.Sql };
/** A transaction of `Db` (`db.transaction(async (tx) => ...)`): inside it only `tx` may be used. */
export type Tx = PgTransaction<PostgresJsQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** What a query function runs on: the process's `Db`, or the `Tx` of a surrounding transaction. */
export type DbOrTx = PgDatabase<PostgresJsQueryResultHKT, typeof schema>;
export type Sql = postgres.Sql;

export interface DatabaseHandle {
  db: Db;
  sql: Sql;
  mode: 'postgres' | 'embedded-host' | 'embedded-client';
  /** Human description for logs (no credentials). */
  describe: string;
  /** The embedded host, when this process holds the PGlite directory. */
  host?: EmbeddedHost;
  /** Pool use for /metrics: the configured maximum and connections by state. */
  poolStats(): Promise<PoolStats>;
  close(): Promise<void>;
}

interface PoolStats {
  max: number;
  /** PostgreSQL: active, idle, idle_in_transaction (pg_stat_activity); embedded host: open, busy, waiting. */
  connections: Record<string, number>;
}

/**
 * The application_name of this process's connections (pg_stat_activity shows it; the pool metrics
 * count by it): `portal:<host>:<pid>`, at most PostgreSQL's 63 bytes.
 */
export const APPLICATION_NAME = `portal:${os.hostname()}:${process.pid}`.slice(-63);

async function postgresPoolStats(sql: Sql, max: number): Promise<PoolStats> {
  // Raw SQL: pg_stat_activity is a system view, not a table of the schema.
  const rows = await sql<{ state: string | null; n: number }[]>`
    select state, count(*)::int as n from pg_stat_activity
    where application_name = ${APPLICATION_NAME} and pid <> pg_backend_pid() group by state`;
  // This query's own connection is idle again once it answered.
  const connections: Record<string, number> = { active: 0, idle: 1, idle_in_transaction: 0 };
  for (const r of rows) {
    const state = (r.state ?? 'unknown').replace(/ /g, '_').replace(/[()]/g, '');
    connections[state] = (connections[state] ?? 0) + r.n;
  }
  return { max, connections };
}

export const MIGRATIONS_DIR = path.join(process.cwd(), 'drizzle');
const MIGRATION_LOCK = ADVISORY_LOCKS.migrations;

export interface OpenOptions {
  /** Run migrations (the server does; clients of a live host need not). Default true. */
  migrate?: boolean;
  /** Refuse to connect to another process's embedded host: this process must hold the directory. */
  requireHost?: boolean;
  /** Overrides for tests. */
  databaseUrl?: string;
  pgliteDir?: string;
  maxConnections?: number;
}

/**
 * Seconds a pooled connection waits before it connects again after a failed attempt. postgres.js's
 * default grows as 3^failures / 100 up to 20 s, counted across the pool, so a short outage left
 * every request of the next 20 s queued behind a waiting connection (seen in the resilience suite's
 * database part: place searches answered after 13-17 s, a page after 20 s). Capped at 1 s, a down
 * database costs at most one attempt per connection and second.
 */
function reconnectDelaySeconds(failures: number): number {
  return Math.min(0.05 * 2 ** failures, 1) * (0.5 + Math.random() / 2);
}

function client(options: postgres.Options<Record<string, postgres.PostgresType>>, url?: string): Sql {
  const base = { onnotice: () => undefined, idle_timeout: 30, connect_timeout: 15, backoff: reconnectDelaySeconds, ...options };
  return url ? postgres(url, base) : postgres(base);
}

function wrap(sql: Sql): Db {
  return drizzle(sql, { schema }) as Db;
}

async function migrateNetwork(sql: Sql): Promise<void> {
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  // Several instances may start at once: one migrates, the others wait and find nothing to do.
  await withSessionLock(sql, MIGRATION_LOCK, () => migrate(wrap(sql), { migrationsFolder: MIGRATIONS_DIR }));
}

/**
 * Runs `fn` while this process holds the session-level advisory lock `key` (waiting for it), on a
 * reserved connection that holds the lock; `fn` itself uses the pool. Instances sharing a PostgreSQL
 * take turns; the embedded database has one session, so there it only orders this process's callers.
 */
export async function withSessionLock<T>(sql: Sql, key: number, fn: () => Promise<T>): Promise<T> {
  // Raw SQL on postgres.js: a session lock lives on one reserved connection (advisory locks are
  // functions; Drizzle neither expresses them nor reserves a connection outside a transaction).
  const reserved = await sql.reserve();
  try {
    await reserved`select pg_advisory_lock(${key})`;
    try {
      return await fn();
    } finally {
      await reserved`select pg_advisory_unlock(${key})`.catch(() => undefined);
    }
  } finally {
    reserved.release();
  }
}

/**
 * Like withSessionLock, but only when the lock is free (`pg_try_advisory_lock`): the instance that
 * gets it leads this round; the others skip it (`{ led: false }`).
 */
export async function tryWithSessionLock<T>(sql: Sql, key: number, fn: () => Promise<T>): Promise<{ led: true; value: T } | { led: false }> {
  const reserved = await sql.reserve();
  try {
    const [{ locked }] = await reserved<{ locked: boolean }[]>`select pg_try_advisory_lock(${key}) as locked`;
    if (!locked) return { led: false };
    try {
      return { led: true, value: await fn() };
    } finally {
      await reserved`select pg_advisory_unlock(${key})`.catch(() => undefined);
    }
  } finally {
    reserved.release();
  }
}

export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  const e = env();
  const url = options.databaseUrl ?? e.databaseUrl;
  // Few connections on purpose: PostgreSQL runs at most as many queries at once as it has cores, and
  // postgres.js pipelines the queries of busy connections, several in one socket write (a write on
  // loopback costs about 0.1 ms of the server's CPU here). Under the crowd mix of `npm run bench --
  // load` (one worker, 2 cores) 3 connections answered 881–1,074 req/s where 10 answered 596–817,
  // with less CPU per request in both the server and PostgreSQL. Transactions and session locks hold
  // a connection of their own; none is held across a request on the hot path.
  const max = options.maxConnections ?? e.databasePoolSize;
  if (url) {
    // One generic plan per statement, made once per connection (this module's README: PostgreSQL's
    // default planned the place search afresh for nearly every query, 0.33 ms of planning for 0.04 ms
    // of execution). A statement must therefore use the same index whatever its values: a prefix is a
    // btree range, not `like $1`; a selective condition goes first (lib/places/search.ts). The
    // embedded database sends unnamed statements (prepare: false), planned per query anyway.
    const sql = client({ max, connection: { application_name: APPLICATION_NAME, plan_cache_mode: 'force_generic_plan' } }, url);
    if (options.migrate !== false) await migrateNetwork(sql);
    const where = new URL(url);
    return {
      db: wrap(sql),
      sql,
      mode: 'postgres',
      describe: `PostgreSQL ${where.host}${where.pathname}`,
      poolStats: () => postgresPoolStats(sql, max),
      close: () => sql.end({ timeout: 5 }),
    };
  }

  const dir = options.pgliteDir ?? e.pgliteDir;
  const socket = options.requireHost ? null : liveHostSocket(dir);
  if (socket) {
    const sql = client({ path: socket, username: 'postgres', database: 'postgres', max, prepare: false });
    return {
      db: wrap(sql),
      sql,
      mode: 'embedded-client',
      describe: `PGlite ${dir} (through the running server's socket)`,
      poolStats: async () => ({ max, connections: {} }),
      close: () => sql.end({ timeout: 5 }),
    };
  }

  const host = await hostEmbedded(dir, async (pglite) => {
    if (options.migrate === false) return;
    const [{ drizzle: drizzlePglite }, { migrate }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    await migrate(drizzlePglite(pglite), { migrationsFolder: MIGRATIONS_DIR });
  });
  const sql = client({ path: host.socketPath, username: 'postgres', database: 'postgres', max, prepare: false });
  return {
    db: wrap(sql),
    sql,
    mode: 'embedded-host',
    describe: `PGlite ${dir}`,
    host,
    async poolStats() {
      const st = host.server.stats();
      return { max, connections: { open: st.connections, busy: st.busy ? 1 : 0, waiting: st.waiting } };
    },
    async close() {
      await sql.end({ timeout: 5 });
      await host.stop();
    },
  };
}

// One handle per process (lib/process-state.ts): server.ts opens it, the routes query through it.
const slot = () => processWide<{ handle?: Promise<DatabaseHandle> }>('database', () => ({}));

/** Installs the process-wide handle (the server does this at start-up, before listening). */
export function setDatabase(handle: Promise<DatabaseHandle>): void {
  slot().handle = handle;
}

export function databaseHandle(): Promise<DatabaseHandle> {
  const s = slot();
  s.handle ??= openDatabase();
  return s.handle;
}

/** The Drizzle database of this process. */
export async function getDb(): Promise<Db> {
  return (await databaseHandle()).db;
}

/**
 * The raw postgres.js client, for SQL that Drizzle's builder does not express (PostGIS, pg_trgm,
 * bulk JSON loads, session advisory locks); each module using it says why at its top.
 */
export async function getSql(): Promise<Sql> {
  return (await databaseHandle()).sql;
}

export async function closeDatabase(): Promise<void> {
  const s = slot();
  const h = s.handle;
  s.handle = undefined;
  if (h) await (await h).close();
}
