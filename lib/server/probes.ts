// The operator's endpoints, answered by server.ts before Next.js (also while the app is starting):
//   GET /healthz  the process is alive (200 always);
//   GET /readyz   200 when the instance can serve, else 503 naming the parts that are not ready;
//   GET /metrics  Prometheus text format.
// None is cached (Cache-Control: no-store).
import type http from 'node:http';
import { count, sum } from 'drizzle-orm';
import { dataState } from '@/lib/data/state';
import { databaseHandle } from '@/lib/db';
import { dataCache } from '@/lib/db/schema';
import { logger } from '@/lib/observability/log';
import { metrics, renderMetrics } from '@/lib/observability/metrics';
import { registrySnapshot } from '@/lib/providers/served';
import { lifecycle, readiness } from './lifecycle';

const NO_STORE = { 'Cache-Control': 'no-store' };

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...NO_STORE });
  res.end(text);
}

/** Answers /healthz, /readyz and /metrics; false for anything else. */
export function tryServeProbe(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): boolean {
  if (pathname !== '/healthz' && pathname !== '/readyz' && pathname !== '/metrics') return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendJson(res, 405, { error: `Method ${req.method} is not allowed on ${pathname}.`, code: 'method_not_allowed' });
    return true;
  }
  if (pathname === '/healthz') {
    sendJson(res, 200, { status: 'ok', uptimeSeconds: Math.round((Date.now() - lifecycle().startedAt) / 1000) });
    return true;
  }
  const answer = pathname === '/readyz' ? answerReadiness(res) : answerMetrics(res);
  answer.catch((err: unknown) => {
    logger().error({ err, route: pathname }, 'probe failed');
    if (!res.headersSent) sendJson(res, 500, { error: 'Internal error; it has been logged.', code: 'internal_error' });
    else res.destroy();
  });
  return true;
}

async function answerReadiness(res: http.ServerResponse): Promise<void> {
  const { ready, report } = await readiness();
  sendJson(res, ready ? 200 : 503, report);
}

async function answerMetrics(res: http.ServerResponse): Promise<void> {
  await updateScrapeGauges();
  const { contentType, body } = await renderMetrics();
  res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), ...NO_STORE });
  res.end(body);
}

/** Database-wide figures are read at most this often (every instance is scraped; one query each). */
const STORED_CACHE_INTERVAL_MS = 15_000;
let storedReadAt = 0;

/** Gauges read at scrape time: registry sizes, memory cache, stored cache, database pool. */
async function updateScrapeGauges(): Promise<void> {
  const m = metrics();
  const mem = dataState().memory;
  m.dataCacheMemoryBytes.set(mem.calculatedSize);
  m.dataCacheMemoryEntries.set(mem.size);
  if (lifecycle().steps.registry !== 'ok') return; // the database is not prepared yet

  const snap = await registrySnapshot();
  const providers = { approved: 0, pending_review: 0, rejected: 0 };
  for (const r of snap.records) providers[r.approval]++;
  for (const [approval, n] of Object.entries(providers)) m.registryProviders.set({ approval }, n);
  const datasets = { approved: 0, pending_review: 0 };
  for (const s of snap.served.values()) datasets[s.provider.approval]++;
  for (const [approval, n] of Object.entries(datasets)) m.registryDatasets.set({ approval }, n);

  const handle = await databaseHandle();
  const pool = await handle.poolStats();
  m.dbPoolMax.set(pool.max);
  for (const [state, n] of Object.entries(pool.connections)) m.dbConnections.set({ state }, n);

  if (Date.now() - storedReadAt >= STORED_CACHE_INTERVAL_MS) {
    storedReadAt = Date.now();
    const [row] = await handle.db.select({ bytes: sum(dataCache.bodySize), n: count() }).from(dataCache);
    m.dataCacheStoredBytes.set(Number(row.bytes ?? 0));
    m.dataCacheStoredEntries.set(row.n);
  }
}
