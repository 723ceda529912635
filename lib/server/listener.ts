// The request listener of server.ts: the data fast path, probes (/healthz, /readyz, /metrics), the
// guards, then inside the server's compression the stored-answer fast path and Next.js (the fast
// paths: lib/server/fast-path.ts); around each request the access log line and the HTTP metrics, the
// request context the routes read (lib/process-state.ts: the peer address, that the server
// compresses), and the bookkeeping graceful shutdown needs (requests in flight, `Connection: close`
// while stopping).
//
// The data fast path answers cache hits at close to bare node:http speed, so what is added per
// request here is kept to a few cheap operations (no closures or listeners for fast-path hits, label
// children cached, a buffered log stream). `npm run bench -- data` measures this very listener.
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { performance } from 'node:perf_hooks';
import { ApiError } from '@/lib/errors';
import { clientAddressOf } from '@/lib/http';
import { logger } from '@/lib/observability/log';
import { metrics, observeHttpRequest } from '@/lib/observability/metrics';
import { rejectMethodNotAllowed, rejectUndecodablePath } from '@/lib/server-guards';
import { env } from '@/lib/env';
import { withRequestContext, type RequestContext } from '@/lib/process-state';
import { createCompression } from './compression';
import { createFastPaths, DATA_ROUTE } from './fast-path';
import { isStopping } from './lifecycle';
import { tryServeProbe } from './probes';
import { routeTemplate, type RouteTable } from './routes';

export type NextHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

export interface ListenerOptions {
  /** The Next.js request handler, or null while the app is starting (requests then get 503). */
  app: () => NextHandler | null;
  routes: () => RouteTable;
  /** The host and port of the URLs Next.js gives route handlers (the route fast path builds the same). */
  urlHost?: string;
}

export interface RequestListener extends http.RequestListener {
  /** Requests being answered now. */
  inFlight(): number;
  /** Resolves when no request is in flight. */
  drained(): Promise<void>;
  /** Responses not yet begun get `Connection: close` (shutdown). */
  closeConnectionsAfterResponses(): void;
}

const REQUEST_ID = /^[A-Za-z0-9._:@-]{1,80}$/;

/** Per-process prefix plus a counter: unique, sortable, and cheaper than a UUID per request. */
const idPrefix = randomBytes(4).toString('hex');
let idCounter = 0;

/** The path as Next.js routes it: read as a URL, so dot segments (`/./`, `/../`, `%2e`) are resolved. */
function routePath(raw: string): string {
  if (!raw.includes('/.') && !/%2e/i.test(raw)) return raw;
  try {
    return new URL(raw, 'http://localhost').pathname;
  } catch {
    return raw;
  }
}

function requestId(req: http.IncomingMessage, peer: string): string {
  // A request id set by our own reverse proxy (X-Request-Id) ties its log to ours.
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && REQUEST_ID.test(given) && env().trustedProxies.includes(peer)) return given;
  return `${idPrefix}-${(++idCounter).toString(36)}`;
}

export function createRequestListener(options: ListenerOptions): RequestListener {
  const compress = createCompression();
  const fast = createFastPaths({ enabled: env().fastPaths, routes: options.routes, urlHost: options.urlHost });
  const inFlightGauge = metrics().inFlight;
  const pending = new Set<http.ServerResponse>();
  let inFlight = 0;
  let waiters: Array<() => void> = [];

  const settle = () => {
    inFlight--;
    if (inFlight === 0 && waiters.length) {
      const w = waiters;
      waiters = [];
      for (const resolve of w) resolve();
    }
  };

  /** The log line and the metrics of one answered request. */
  const done = (req: http.IncomingMessage, res: http.ServerResponse, started: number, route: string, peer: string, id: string) => {
    const ms = performance.now() - started;
    const status = res.statusCode;
    const method = req.method ?? 'GET';
    observeHttpRequest(method, route, status, ms / 1000);
    const log = logger();
    if (log.isLevelEnabled('info')) {
      const cache = res.getHeader('x-dm-cache');
      const target = req.url ?? '/';
      const q = target.indexOf('?');
      log.info(
        {
          reqId: id,
          method,
          route,
          path: q < 0 ? target : target.slice(0, q),
          status,
          ms: Math.round(ms * 10) / 10,
          ...(cache ? { cache } : {}),
          client: clientAddressOf(peer, req.headers['x-forwarded-for'] as string | undefined),
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    }
  };

  const handler = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const started = performance.now();
    const peer = req.socket.remoteAddress ?? 'unknown';
    const id = requestId(req, peer);
    inFlight++;
    inFlightGauge.inc();
    if (isStopping()) res.setHeader('Connection', 'close');
    const target = req.url ?? '/';
    const q = target.indexOf('?');
    const pathname = routePath(q < 0 ? target : target.slice(0, q));
    const route = routeTemplate(options.routes(), pathname);

    // Fresh data-cache hits are answered before Next.js (tens of times cheaper; lib/server/fast-path.ts).
    // The answer is written synchronously, so it is complete (or handed to the socket) on return.
    if (route === DATA_ROUTE && options.app() && (await fast.data(req, res, pathname))) {
      inFlightGauge.dec();
      settle();
      done(req, res, started, route, peer, id);
      return;
    }

    pending.add(res);
    // The routes read the peer address and that the server compresses from the request context, and
    // leave on it the answer they stored.
    const context: RequestContext = { peer, serverCompresses: true };
    /** Who made the answer the fast paths may learn from: Next.js, or the route handler called by the route fast path. */
    let answeredBy: 'next' | 'route' | null = null;
    res.once('close', () => {
      pending.delete(res);
      inFlightGauge.dec();
      settle();
      if (answeredBy) fast.learn(req, res, route, answeredBy === 'next', context);
      done(req, res, started, route, peer, id);
    });

    if (tryServeProbe(req, res, pathname)) return;
    if (rejectUndecodablePath(req, res)) return;
    const app = options.app();
    if (!app) {
      const err = new ApiError('starting', 'The portal is starting; try again in a few seconds.');
      const body = JSON.stringify(err.toBody());
      res.writeHead(err.status, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
        'Retry-After': '5',
        'Access-Control-Allow-Origin': '*',
      });
      res.end(body);
      return;
    }
    if (rejectMethodNotAllowed(req, res, options.routes().methods?.get(route))) return;
    compress(req as never, res as never, () => {
      withRequestContext(context, async () => {
        // A repeated catalog, places, summary or nearby answer, through the same compression.
        if (await fast.answers(req, res)) return;
        // Any other request of a route handler Next.js calls per request, to the handler itself.
        answeredBy = 'route';
        if (await fast.route(req, res, route, pathname)) return;
        answeredBy = 'next';
        await app(req, res);
      }).catch((err: unknown) => {
        logger().error({ err, reqId: id, method: req.method, path: pathname }, 'request failed');
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        }
        res.end(JSON.stringify({ error: 'Internal error; it has been logged.', code: 'internal_error' }));
      });
    });
  };

  return Object.assign(handler, {
    inFlight: () => inFlight,
    drained: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    closeConnectionsAfterResponses: () => {
      for (const res of pending) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
  });
}
