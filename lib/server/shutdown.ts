// Graceful shutdown (SIGTERM, SIGINT): /readyz fails at once; after SHUTDOWN_DELAY_SECONDS (default 0,
// time for a load balancer polling /readyz to stop sending) the server stops accepting connections;
// requests in flight and the background work they started (data refreshes, the manifest refresh,
// provider health records) may finish within SHUTDOWN_TIMEOUT_SECONDS (default 10); then the
// remaining connections are cut, the database is closed and the logs are flushed. Every write is a
// transaction or a single statement, so a cut never leaves anything half-written.
import type http from 'node:http';
import { settleDataRefreshes } from '@/lib/data';
import { closeDatabase } from '@/lib/db';
import { env } from '@/lib/env';
import { flushSourceRecords } from '@/lib/health';
import { flushDatasetUsage } from '@/lib/health/usage';
import { stopNotificationLoop } from '@/lib/notifications';
import { flushLogs, logger } from '@/lib/observability/log';
import { stopManifestRefreshLoop } from '@/lib/providers/refresh';
import { markStopping } from './lifecycle';
import type { RequestListener } from './listener';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Resolves with true when `p` settles within `ms`, false otherwise. */
async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const ok = await Promise.race([
    p.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((r) => (timer = setTimeout(() => r(false), Math.max(0, ms)))),
  ]);
  clearTimeout(timer);
  return ok;
}

export async function shutdownGracefully(server: http.Server, listener: RequestListener, signal: string): Promise<void> {
  const e = env();
  const log = logger();
  markStopping();
  log.info({ signal, inFlight: listener.inFlight() }, `${signal}: shutting down (readyz answers 503)`);
  if (e.shutdownDelaySeconds > 0) await sleep(e.shutdownDelaySeconds * 1000);

  const deadline = Date.now() + e.shutdownTimeoutSeconds * 1000;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  listener.closeConnectionsAfterResponses();
  const drained = await within(listener.drained(), deadline - Date.now());
  // Keep-alive connections that went idle after their last answer.
  server.closeIdleConnections();
  const background = await within(Promise.all([settleDataRefreshes(), stopManifestRefreshLoop(), stopNotificationLoop()]), deadline - Date.now());
  if (!drained || !background) {
    log.warn({ inFlight: listener.inFlight(), background }, `shutdown: ${e.shutdownTimeoutSeconds} s passed; cutting the remaining connections`);
  }
  server.closeAllConnections();
  await within(closed, 1000);
  await flushSourceRecords().catch((err: unknown) => log.error({ err }, 'shutdown: writing provider health records failed'));
  await flushDatasetUsage().catch((err: unknown) => log.error({ err }, 'shutdown: writing dataset usage counts failed'));
  await closeDatabase().catch((err: unknown) => log.error({ err }, 'shutdown: closing the database failed'));
  log.info({ drained }, 'shutdown complete');
  flushLogs();
}
