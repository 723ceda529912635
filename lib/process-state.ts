// Process-wide state: the one place that says which state exists once per process and why.
//
// Module-level variables are not enough for these, for two reasons:
// 1. server.ts runs under tsx and loads lib/ itself (start-up, probes, lifecycle, shutdown), while the
//    routes and pages run from Next.js's compiled bundle, which holds its own copy of every lib/
//    module it uses. The same file is thus two modules in one process.
// 2. A bundler may instantiate a module once per route entry (webpack does; Turbopack shares one
//    runtime per process today), so even within the bundle module state is not guaranteed to be one.
// Everything below must be one per process whoever asks, so it lives in one slot map on globalThis,
// reached only through processWide(). Everything else (memos, parsed schemas, caches that are merely
// faster when shared) stays module-level on purpose: a second copy costs memory, not correctness.
// (Eslint's no-restricted-globals keeps globalThis out of every other file under lib/.)
//
// The request context (requestContext()) is here for the same reason: what server.ts knows of a
// request (the socket's peer address, that it compresses answers itself) reaches the route handlers,
// which see only a web Request, through one AsyncLocalStorage shared by both copies of the modules;
// what a route leaves for the listener (the answer it stored) goes back on the same object.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { OutgoingHttpHeaders } from 'node:http';

/**
 * Every process-wide piece of state, and why it must be one per process. Exported as the module's
 * documentation (knip: @public), read through `ProcessWideName`.
 * @public
 */
export const PROCESS_WIDE = {
  database:
    'The database handle (a pool of at most 10 connections, or the embedded PGlite host): server.ts opens and migrates it before serving and the routes query through it; a second copy would double the connections, and PGlite admits one host per directory.',
  logger:
    'The pino logger and its buffered stdout stream: one stream, so lines of server.ts and the routes never interleave mid-line and one flush on shutdown writes them all.',
  metrics:
    'The Prometheus registry and metric objects: /metrics (server.ts) must show what the routes count.',
  lifecycle:
    'Starting, ready or stopping, and the start-up steps: set by server.ts, read by /readyz and the request listener.',
  registry:
    'The registry snapshot and its generation: a write through either copy (an approval in a route, a refresh in the maintenance loop of server.ts) must drop the snapshot both serve from.',
  refreshLoop:
    'The maintenance loop (manifest refresh, pruning): started once by server.ts; shutdown stops that one loop and waits for its round.',
  dataCache:
    'The data proxy\'s memory LRU and its fetches and refreshes in flight: one fetch per key per process, and shutdown waits for the refreshes the routes started.',
  sourceRecorder:
    'Provider requests waiting to be written to source_requests: recorded by the routes, flushed by shutdown in server.ts.',
  healthSummary:
    'The provider health summary (three queries): computed once per process, shown by the catalog and /stav-zdrojov alike.',
  municipalityPolygons:
    'The municipality polygon index of summaries (tens of MB): built once, not once per copy of the module.',
  datasetUsage:
    'Counts of answers served with each dataset\'s data, waiting to be added to dataset_usage: counted by the routes and the fast path of server.ts, flushed by shutdown.',
  notifications:
    'The e-mail outbox loop and its SMTP transport: started once by server.ts, kicked by changes made in the routes, stopped by shutdown.',
  storedAnswers:
    'The answers server.ts reuses for repeated requests (lib/http-cache.ts): stored by the routes, read by the request listener.',
  mapViewImages:
    'The map view pictures (lib/mapimage/view.ts) and their drawings in flight: one drawing per view, warmed by server.ts and served by the route.',
  requestContext:
    'The AsyncLocalStorage of the request context: entered by the request listener of server.ts around Next.js, read by the routes (clientAddress, the data route).',
} as const;

export type ProcessWideName = keyof typeof PROCESS_WIDE;

const SLOTS = Symbol.for('geodata-portal.process-state');
type Slots = Map<ProcessWideName, unknown>;

function slots(): Slots {
  const g = globalThis as typeof globalThis & { [SLOTS]?: Slots };
  g[SLOTS] ??= new Map();
  return g[SLOTS];
}

/** The process's one `name`, created by `create` on first use. */
export function processWide<T>(name: ProcessWideName, create: () => T): T {
  const s = slots();
  if (s.has(name)) return s.get(name) as T;
  const value = create();
  s.set(name, value);
  return value;
}

/** What the server knows of a request that the route handler's web Request does not carry. */
export interface RequestContext {
  /** The socket's peer address (clientAddress() trusts X-Forwarded-For only from TRUSTED_PROXIES peers). */
  peer: string;
  /** The server compresses answers itself (server.ts; Next.js would drop a route's Content-Encoding). */
  serverCompresses: boolean;
  /**
   * The answer the route stored for this request (lib/http-cache.ts): the request listener notes on it
   * the headers its answer went out with, which the stored-answer fast path answers with later.
   */
  storedAnswer?: { headers?: OutgoingHttpHeaders };
}

function contextStorage(): AsyncLocalStorage<RequestContext> {
  return processWide('requestContext', () => new AsyncLocalStorage<RequestContext>());
}

/** Runs `handle` (the request's whole answer, Next.js included) with the request's context. */
export function withRequestContext<T>(context: RequestContext, handle: () => T): T {
  return contextStorage().run(context, handle);
}

/** The context of the request being answered; undefined outside one (a handler called directly). */
export function requestContext(): RequestContext | undefined {
  return contextStorage().getStore();
}
