// Prometheus metrics of the portal (prom-client), served by server.ts at GET /metrics.
//
// Label values are bounded: HTTP routes are route templates (lib/server/routes.ts), never raw paths;
// providers are registry ids; outcomes are the closed list of error codes. The metric objects are
// process-wide (lib/process-state.ts): /metrics must show what the routes count.
//
// Hot-path cost: a request is one counter increment and one histogram observation on label children
// cached per (method, route, status), so no label object is built per request.
import client, { type Counter, type Gauge, type Histogram, type Registry } from 'prom-client';
import { processWide } from '@/lib/process-state';

const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const UPSTREAM_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

export interface PortalMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  dataCacheRequests: Counter<'outcome'>;
  dataResponseBytes: Counter<'outcome'>;
  dataCacheMemoryBytes: Gauge;
  dataCacheMemoryEntries: Gauge;
  dataCacheStoredBytes: Gauge;
  dataCacheStoredEntries: Gauge;
  dataCacheLeaseWaits: Counter<'result'>;
  upstreamRequests: Counter<'provider' | 'kind' | 'outcome'>;
  upstreamDuration: Histogram<'provider' | 'kind'>;
  registryProviders: Gauge<'approval'>;
  registryDatasets: Gauge<'approval'>;
  dbPoolMax: Gauge;
  dbConnections: Gauge<'state'>;
  ready: Gauge;
  inFlight: Gauge;
  /** Cached label children of the HTTP metrics, keyed "method route status". */
  httpChildren: Map<string, { count: { inc(): void }; duration: { observe(v: number): void } }>;
  /** Cached label children of the data answer counters, keyed by outcome. */
  dataChildren: Map<string, { count: { inc(): void }; bytes: { inc(v: number): void } }>;
  defaultsStarted: boolean;
}


function create(): PortalMetrics {
  const registry = new client.Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new client.Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new client.Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from the request to the last byte handed to the socket, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    dataCacheRequests: new client.Counter({
      name: 'portal_data_cache_requests_total',
      help: 'Data proxy answers by cache outcome: hit, miss, stale (source failed, copy served), revalidating (expired copy served while it is refreshed).',
      labelNames: ['outcome'],
      registers,
    }),
    dataResponseBytes: new client.Counter({
      name: 'portal_data_response_bytes_total',
      help: 'Body bytes of data proxy answers (as sent, gzip or identity), by cache outcome.',
      labelNames: ['outcome'],
      registers,
    }),
    dataCacheMemoryBytes: new client.Gauge({
      name: 'portal_data_cache_memory_bytes',
      help: 'Bytes held by the in-memory data cache of this process (identity and gzip bodies).',
      registers,
    }),
    dataCacheMemoryEntries: new client.Gauge({
      name: 'portal_data_cache_memory_entries',
      help: 'Entries in the in-memory data cache of this process.',
      registers,
    }),
    dataCacheStoredBytes: new client.Gauge({
      name: 'portal_data_cache_stored_bytes',
      help: 'Gzipped bytes of the data cache in the database (shared by all instances).',
      registers,
    }),
    dataCacheStoredEntries: new client.Gauge({
      name: 'portal_data_cache_stored_entries',
      help: 'Entries of the data cache in the database (shared by all instances).',
      registers,
    }),
    dataCacheLeaseWaits: new client.Counter({
      name: 'portal_data_cache_lease_waits_total',
      help: 'Cache misses that waited for another instance fetching the same key, by result (entry, failure, takeover).',
      labelNames: ['result'],
      registers,
    }),
    upstreamRequests: new client.Counter({
      name: 'portal_upstream_requests_total',
      help: 'Requests to providers (data, manifest refresh, point queries), by provider, kind and outcome (ok or the error code).',
      labelNames: ['provider', 'kind', 'outcome'],
      registers,
    }),
    upstreamDuration: new client.Histogram({
      name: 'portal_upstream_request_duration_seconds',
      help: 'Duration of requests to providers, by provider and kind.',
      labelNames: ['provider', 'kind'],
      buckets: UPSTREAM_BUCKETS,
      registers,
    }),
    registryProviders: new client.Gauge({
      name: 'portal_registry_providers',
      help: 'Providers in the registry by approval (approved, pending_review, rejected).',
      labelNames: ['approval'],
      registers,
    }),
    registryDatasets: new client.Gauge({
      name: 'portal_registry_datasets',
      help: 'Datasets the portal serves, by approval of the content (approved, pending_review).',
      labelNames: ['approval'],
      registers,
    }),
    dbPoolMax: new client.Gauge({
      name: 'portal_db_pool_max_connections',
      help: 'Connections the database pool of this process may open.',
      registers,
    }),
    dbConnections: new client.Gauge({
      name: 'portal_db_pool_connections',
      help: 'Database connections of this process by state (PostgreSQL: active, idle, idle_in_transaction from pg_stat_activity; embedded: open, waiting for the session).',
      labelNames: ['state'],
      registers,
    }),
    ready: new client.Gauge({
      name: 'portal_ready',
      help: '1 while /readyz answers 200, else 0 (starting or shutting down).',
      registers,
    }),
    inFlight: new client.Gauge({
      name: 'portal_http_requests_in_flight',
      help: 'HTTP requests being answered now.',
      registers,
    }),
    httpChildren: new Map(),
    dataChildren: new Map(),
    defaultsStarted: false,
  };
}

export function metrics(): PortalMetrics {
  return processWide('metrics', create);
}

/**
 * Process metrics (CPU, memory, GC, event-loop lag as `nodejs_eventloop_lag_*`); started by the
 * server only, so tests and CLIs run no monitors.
 */
export function startProcessMetrics(): void {
  const m = metrics();
  if (m.defaultsStarted) return;
  m.defaultsStarted = true;
  client.collectDefaultMetrics({ register: m.registry, eventLoopMonitoringPrecision: 10 });
}

/** Counts one answered HTTP request. `seconds` from the request's arrival. */
export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
  const m = metrics();
  const key = `${method} ${route} ${status}`;
  let child = m.httpChildren.get(key);
  if (!child) {
    const labels = { method, route, status: String(status) };
    child = { count: m.httpRequests.labels(labels), duration: m.httpDuration.labels(labels) };
    m.httpChildren.set(key, child);
  }
  child.count.inc();
  child.duration.observe(seconds);
}

/** Counts one data proxy answer by its cache outcome (`X-DM-Cache`, or `revalidating`). */
export function observeDataAnswer(outcome: string, bytes: number): void {
  const m = metrics();
  let child = m.dataChildren.get(outcome);
  if (!child) {
    child = { count: m.dataCacheRequests.labels({ outcome }), bytes: m.dataResponseBytes.labels({ outcome }) };
    m.dataChildren.set(outcome, child);
  }
  child.count.inc();
  if (bytes) child.bytes.inc(bytes);
}

/** Counts one request to a provider. */
export function observeUpstream(provider: string, kind: string, outcome: string, seconds: number): void {
  const m = metrics();
  m.upstreamRequests.inc({ provider, kind, outcome });
  m.upstreamDuration.observe({ provider, kind }, seconds);
}

/** The exposition (Prometheus text format 0.0.4). */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const m = metrics();
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}
