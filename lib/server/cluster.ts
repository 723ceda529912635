// WEB_CONCURRENCY > 1: this process becomes the primary of that many worker processes (node:cluster),
// which share the port (the primary accepts and hands connections out round-robin). Each worker is a
// whole server (server.ts startServer): its own database pool, caches and Next.js. They coordinate
// through PostgreSQL like separate instances do: migrations and start-up content under advisory
// locks, one maintenance round per interval (the leader lock), one source request per cache key
// (fetch leases), the registry version (lib/db/locks.ts, lib/providers/served.ts).
//
// Only on PostgreSQL. The embedded PGlite is a database inside one process's memory over files that
// process holds; a second process cannot open the same directory, so workers would each need their
// own database (a different portal per worker) — the primary refuses with a message saying so.
//
// SIGTERM/SIGINT to the primary are passed to every worker, which shuts down gracefully (its requests
// in flight finish within SHUTDOWN_TIMEOUT_SECONDS); the primary exits when all have, 0 when every
// worker exited cleanly. A worker that dies while serving is replaced (at most once a second); one
// that fails during start-up ends the whole server (a broken configuration would only fail again).
import cluster, { type Worker } from 'node:cluster';
import { env } from '@/lib/env';
import { flushLogs, logger } from '@/lib/observability/log';

/** Why WEB_CONCURRENCY > 1 is refused on the embedded database. */
function embeddedClusterRefusal(workers: number): string {
  return (
    `WEB_CONCURRENCY=${workers} needs PostgreSQL (DATABASE_URL). The embedded PGlite database lives inside one ` +
    'process (its memory and the files of PGLITE_DIR, which that process holds open), so a second worker cannot ' +
    'open it, and a database per worker would be a separate portal each. Unset WEB_CONCURRENCY (or set it to 1) ' +
    'to run on PGlite, or set DATABASE_URL to a PostgreSQL + PostGIS database to run several workers.'
  );
}

/** The message a worker sends the primary once it serves. */
const WORKER_READY = 'portal-worker-ready';

/** Tells the primary (if any) that this worker serves. */
export function reportWorkerReady(): void {
  if (cluster.isWorker) process.send?.({ type: WORKER_READY });
}

/** Grace the primary adds to the workers' own shutdown time before it kills them. */
const KILL_AFTER_EXTRA_MS = 5_000;
const RESPAWN_MIN_INTERVAL_MS = 1_000;

export async function runPrimary(workers: number): Promise<void> {
  const e = env();
  if (!e.databaseUrl) throw new Error(embeddedClusterRefusal(workers));
  const log = logger();
  log.info({ workers, port: e.port }, `primary: starting ${workers} workers (WEB_CONCURRENCY) on port ${e.port}`);

  let stopping: string | null = null;
  let failed = false;
  const ready = new Set<number>();
  let lastSpawn = 0;

  const fork = (): Worker => {
    lastSpawn = Date.now();
    const worker = cluster.fork();
    // A worker is "serving" once it reports ready (server.ts); a death before that is a start-up failure.
    worker.on('message', (m: unknown) => {
      if ((m as { type?: string } | null)?.type === WORKER_READY) ready.add(worker.id);
    });
    return worker;
  };

  await new Promise<void>((resolve) => {
    cluster.on('exit', (worker, code, signal) => {
      const wasServing = ready.delete(worker.id);
      const alive = Object.values(cluster.workers ?? {}).filter(Boolean).length;
      const clean = code === 0 && !signal;
      if (stopping) {
        if (!clean) failed = true;
        log.info({ workerPid: worker.process.pid, code, signal, remaining: alive }, 'primary: worker exited');
        if (alive === 0) resolve();
        return;
      }
      if (!wasServing || clean) {
        // Start-up failure (the worker logged why) or an unexpected clean exit: stop everything.
        log.error({ workerPid: worker.process.pid, code, signal }, 'primary: a worker exited during start-up; stopping the others');
        failed = true;
        stop('worker-failed');
        if (alive === 0) resolve();
        return;
      }
      log.error({ workerPid: worker.process.pid, code, signal }, 'primary: a worker died; starting a replacement');
      const wait = Math.max(0, lastSpawn + RESPAWN_MIN_INTERVAL_MS - Date.now());
      setTimeout(() => {
        if (!stopping) fork();
        else if (Object.values(cluster.workers ?? {}).filter(Boolean).length === 0) resolve();
      }, wait);
    });

    const stop = (signal: string) => {
      if (stopping) return;
      stopping = signal;
      const forward = signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM';
      log.info({ signal }, `primary: ${signal}: passing ${forward} to the workers`);
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(forward);
      const limit = (e.shutdownDelaySeconds + e.shutdownTimeoutSeconds) * 1000 + KILL_AFTER_EXTRA_MS;
      setTimeout(() => {
        for (const w of Object.values(cluster.workers ?? {})) {
          if (!w) continue;
          log.warn({ workerPid: w.process.pid }, 'primary: worker still running after the shutdown time; killing it');
          w.process.kill('SIGKILL');
        }
      }, limit).unref();
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));

    for (let i = 0; i < workers; i++) fork();
  });
  log.info({ failed }, failed ? 'primary: stopped (a worker failed)' : 'primary: every worker stopped cleanly');
  flushLogs();
  process.exit(failed ? 1 : 0);
}
