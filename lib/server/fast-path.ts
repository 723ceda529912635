// The server's fast paths: answers given before Next.js's request pipeline, because Next.js's own
// per-request work is most of the CPU of a request (README "Performance"; `npm run bench -- load
// --fast-paths=all,none,data,answers,routes` and `npm run bench -- data` measure what each saves). The
// only place of them; each can be switched off (FAST_PATHS).
//
// None makes an answer of its own. The body, tag and lifetime come from the route's own functions
// (the route handler itself, the data cache's answerFor, the answer the route stored in
// lib/http-cache.ts), and the headers Next.js adds from the route's answer as Next.js wrote it:
// `learn` notes them after they went out, so CORS and Vary are the route's and Next's, never a copy
// here. A path answers only once the route has answered through Next.js (the data route once, a
// stored answer's URL once, a route handler once).
// - data: fresh data-cache hits of the data route, its parameters read by the build's route table
//   (lib/server/routes.ts); the body is already in the coding the client takes (answerFor), written
//   synchronously.
// - answers: repeated catalog, places, summary and nearby answers (lib/http-cache.ts), written through
//   the server's compression like the route's answer.
// - routes: every other request of a route handler that declares `dynamic = 'force-dynamic'` (Next.js
//   then calls it once per request and keeps nothing of its answer) is handed to that handler's own
//   exported method in the compiled module Next.js loads (the build's app-paths manifest), with the
//   web Request Next.js would build (its URL, headers and body, but no abort signal: no route reads
//   one, the linter keeps it so, and undici's Request costs 18 instead of 7 µs with one) and the route's
//   parameters, and its Response is written as Next.js writes it (send-response: status, headers,
//   a WholeResponse's bytes (lib/http.ts) written at once, another body streamed through the server's
//   compression); only the Vary Next.js adds to every app route is
//   taken from the route's last 200 answer through Next.js (with the route's own Vary added). What is skipped is Next.js's routing: a path
//   any redirect, rewrite or header rule of the routes manifest matches, a catch-all route, or a
//   method the module does not export goes to Next.js. The handlers therefore must not use Next's
//   request APIs (next/headers, next/server's after, next/cache), which need Next's request stores:
//   the linter keeps them out of route handlers and lib/ (eslint.config.mjs).
import { createRequire } from 'node:module';
import type http from 'node:http';
import { freshDataAnswer, type DataRequest } from '@/lib/data';
import { tagMatches } from '@/lib/entity-tag';
import { reusableAnswer } from '@/lib/http-cache';
import { wholeBodyOf } from '@/lib/http';
import { logger } from '@/lib/observability/log';
import type { RequestContext } from '@/lib/process-state';
import { endWhole } from './compression';
import { routeParams, type RouteTable } from './routes';

type FastPathName = 'data' | 'answers' | 'routes';

/** The data route, as the build's route table names it. */
export const DATA_ROUTE = '/api/data/[provider]/[dataset]';

/** Headers of one message or of one coding of its body: never carried from one answer to another. */
const PER_MESSAGE = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive']);

function routeHeadersOf(res: http.ServerResponse): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(res.getHeaders())) if (v !== undefined && !PER_MESSAGE.has(k)) out[k] = v;
  return out;
}

export interface FastPaths {
  /** Answers a fresh data-cache hit (written synchronously) and returns true; false leaves it to Next. */
  data(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<boolean>;
  /** Answers from a stored answer and returns true; called where Next is, inside the server's compression. */
  answers(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean>;
  /**
   * Hands a request of a route handler to the handler itself and returns true once its answer is
   * written; false leaves it to Next. Called where Next is, inside the server's compression.
   */
  route(req: http.IncomingMessage, res: http.ServerResponse, route: string, pathname: string): Promise<boolean>;
  /**
   * After the route answered a request of `route` (through Next.js, or called by the route fast
   * path): notes the route's headers of a 200 GET answer (the data route's, or on the answer the
   * route stored, which the request context carries), and through Next.js the Vary of a 200 answer.
   */
  learn(req: http.IncomingMessage, res: http.ServerResponse, route: string, throughNext: boolean, context: RequestContext): void;
}

/** A route handler method as the compiled module exports it (app/**\/route.ts, wrapped by lib/http route()). */
type RouteMethod = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

/** What the route fast path knows of one route handler: its methods when Next.js calls it per request, and Next's Vary. */
interface HandlerEntry {
  /** null: not a per-request route handler (not force-dynamic, no module, not loaded yet). */
  methods: Readonly<Record<string, RouteMethod | undefined>> | null;
  /** The Vary header of the route's last 200 answer through Next.js (as the data path's); undefined until then. */
  vary?: string;
  loading?: Promise<void>;
}

/** The compiled route module's exports Next.js itself uses (build/templates/app-route). */
interface CompiledRouteModule {
  routeModule: { ensureUserland(): Promise<void>; userland: Record<string, unknown> & { dynamic?: string } };
}

/** Response headers Next.js does not pass on (send-response: the body may have been decoded). */
const NOT_PASSED_ON = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'x-middleware-set-cookie']);
/** Headers Next.js appends to rather than keeps the first of (send-response). */
const APPENDED = new Set(['set-cookie', 'www-authenticate', 'proxy-authenticate', 'vary']);

/** Vary tokens of `add` not yet in `vary`, appended (case-insensitive, as the compression's vary does). */
function mergeVary(vary: string, add: string): string {
  const have = new Set(vary.split(',').map((t) => t.trim().toLowerCase()));
  const extra = add
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t && !have.has(t.toLowerCase()));
  return extra.length ? `${vary}, ${extra.join(', ')}` : vary;
}

const NOT_YET = Symbol('not yet');
/** Resolves on the next turn of the event loop, after every pending promise job. */
function nextTurn(): Promise<typeof NOT_YET> {
  return new Promise((resolve) => setImmediate(resolve, NOT_YET));
}

/** Writes a route's Response as Next.js's send-response does (status, headers, body), through `res` as given. */
async function writeResponse(req: http.IncomingMessage, res: http.ServerResponse, response: Response, vary: string): Promise<void> {
  res.statusCode = response.status;
  res.statusMessage = response.statusText;
  res.setHeader('vary', vary);
  response.headers.forEach((value, name) => {
    if (NOT_PASSED_ON.has(name)) return;
    if (name === 'set-cookie') for (const cookie of response.headers.getSetCookie()) res.appendHeader(name, cookie);
    else if (name === 'vary') res.setHeader('vary', mergeVary(String(res.getHeader('vary')), value));
    else if (APPENDED.has(name) || res.getHeader(name) === undefined) res.appendHeader(name, value);
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  // A body complete in memory (the JSON answers, lib/http.ts) is written at once, its stream never made.
  const whole = wholeBodyOf(response);
  if (whole) {
    endWhole(res, whole);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    let result = await reader.read();
    let first = true;
    while (!result.done) {
      const value = result.value;
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      // The first chunk's next read is begun now (the race below takes its failure); later ones after
      // the write, as before.
      let pending: ReturnType<typeof reader.read> | undefined;
      if (first) {
        first = false;
        pending = reader.read();
        // A body complete in its first chunk (most API answers: the stream is closed by the next turn
        // of the event loop) ends whole, encoded at once; a stream still open goes on as it comes.
        // A failing read fails below, after the first chunk went out, as before.
        const next = await Promise.race([pending, nextTurn()]).catch((): typeof NOT_YET => NOT_YET);
        if (next !== NOT_YET && next.done) {
          endWhole(res, value);
          return;
        }
      }
      // The server's compression forwards 'drain' of its stream (one listener at a time, as Next).
      if (!res.write(value)) await new Promise<void>((resolve) => {
        const go = () => {
          res.off('close', go);
          resolve();
        };
        res.once('drain', go);
        res.once('close', go);
      });
      result = await (pending ?? reader.read());
    }
  } finally {
    reader.releaseLock();
  }
  res.end();
}

export function createFastPaths(options: {
  enabled: readonly FastPathName[];
  routes: () => RouteTable;
  /** The host and port of the URLs Next.js gives route handlers (next()'s hostname and port). */
  urlHost?: string;
}): FastPaths {
  const data = options.enabled.includes('data');
  const answers = options.enabled.includes('answers');
  const routes = options.enabled.includes('routes') && options.urlHost !== undefined;
  const requireModule = createRequire(import.meta.url);
  const handlers = new Map<string, HandlerEntry>();

  /**
   * Loads a page's route module after Next answered it (as Next.js loads it: the same file, so the same
   * instance). The methods taken from it are those the route table read from the route file, the list
   * the listener's method guard answers 405 by: no second list of HTTP methods here.
   */
  const load = (page: string, entry: HandlerEntry): void => {
    const table = options.routes();
    const file = table.handlers?.get(page);
    const exported = table.methods?.get(page);
    if (!file || !exported || entry.loading) return;
    entry.loading = (async () => {
      const mod = requireModule(file) as CompiledRouteModule;
      await mod.routeModule.ensureUserland();
      const userland = mod.routeModule.userland;
      if (userland.dynamic !== 'force-dynamic') return;
      const methods: Record<string, RouteMethod | undefined> = {};
      for (const m of exported) if (typeof userland[m] === 'function') methods[m] = userland[m] as RouteMethod;
      entry.methods = methods;
    })().catch((err: unknown) => logger().error({ err, page }, 'route fast path: the route module did not load'));
  };
  /** The data route's headers beside those of its answer (CORS, Vary), from its last 200 answer. */
  let dataRouteHeaders: http.OutgoingHttpHeaders | null = null;

  return {
    async data(req, res, pathname) {
      if (!data || !dataRouteHeaders || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
      const target = req.url ?? '/';
      const read = (): DataRequest | null => {
        const params = routeParams(options.routes(), DATA_ROUTE, pathname);
        if (!params) return null;
        const query: Record<string, string> = {};
        // As the route reads them (lib/http searchParams): the last of repeated members wins.
        const q = target.indexOf('?');
        if (q >= 0) for (const [k, v] of new URLSearchParams(target.slice(q + 1))) query[k] = v;
        return { providerId: params.provider, datasetId: params.dataset, query };
      };
      const head = req.method === 'HEAD';
      try {
        const answer = await freshDataAnswer(target, read, { ifNoneMatch: req.headers['if-none-match'], acceptEncoding: req.headers['accept-encoding'] }, head);
        if (!answer) return false;
        // Object.assign, not a spread literal: V8 builds the latter far slower here (measured).
        const headers: http.OutgoingHttpHeaders = Object.assign({}, dataRouteHeaders);
        for (const [k, v] of Object.entries(answer.headers)) {
          const name = k.toLowerCase();
          // Vary as the route's answer went out (the server's compression and Next add to it).
          if (name !== 'vary' || headers.vary === undefined) headers[name] = v;
        }
        if (answer.body) headers['content-length'] = answer.body.length;
        res.writeHead(answer.status, headers);
        res.end(head ? undefined : (answer.body ?? undefined));
        return true;
      } catch (err) {
        // Never take the server down from here: the route can still answer unless we already began to.
        logger().error({ err, path: pathname }, 'data fast path failed');
        if (!res.headersSent) return false;
        res.destroy();
        return true;
      }
    },

    async answers(req, res) {
      if (!answers || req.method !== 'GET' || !req.url?.startsWith('/api/')) return false;
      const stored = await reusableAnswer(req.url);
      if (!stored?.headers) return false;
      if (tagMatches(req.headers['if-none-match'] as string | undefined, stored.etag)) {
        const { 'content-type': _type, ...headers } = stored.headers;
        res.writeHead(304, headers);
        res.end();
        return true;
      }
      res.writeHead(200, Object.assign({}, stored.headers, { 'content-length': stored.body.length }));
      endWhole(res, stored.body);
      return true;
    },

    async route(req, res, route, pathname) {
      if (!routes) return false;
      const entry = handlers.get(route);
      const method = entry?.vary === undefined ? undefined : entry.methods?.[req.method ?? ''];
      if (!entry || !method) return false;
      const table = options.routes();
      // What Next.js would route otherwise (a redirect, rewrite or header rule) is Next's; so is a path
      // Next normalises (dot segments, read as a URL by the listener).
      const target = req.url ?? '/';
      const q = target.indexOf('?');
      if ((q < 0 ? target : target.slice(0, q)) !== pathname) return false;
      if (table.nextRules?.some((r) => r.test(pathname))) return false;
      const params = table.statics.has(route) ? {} : routeParams(table, route, pathname);
      if (!params) return false;
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (v === undefined) continue;
        if (Array.isArray(v)) for (const one of v) headers.append(k, one);
        else headers.append(k, v);
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const forwarded = req.headers['x-forwarded-proto'];
      const protocol = typeof forwarded === 'string' && forwarded.includes('https') ? 'https' : 'http';
      const request = new Request(`${protocol}://${options.urlHost}${target}`, {
        method: req.method,
        headers,
        ...(hasBody ? { body: req as unknown as ReadableStream, duplex: 'half' } : {}),
      } as RequestInit);
      const response = await method(request, { params: Promise.resolve(params) });
      await writeResponse(req, res, response, entry.vary!);
      return true;
    },

    learn(req, res, route, throughNext, context) {
      if (routes && throughNext && res.statusCode === 200 && res.headersSent && options.routes().handlers?.has(route)) {
        let entry = handlers.get(route);
        if (!entry) handlers.set(route, (entry = { methods: null }));
        const vary = res.getHeader('vary');
        if (vary !== undefined) entry.vary = String(vary);
        load(route, entry);
      }
      if (req.method !== 'GET' || res.statusCode !== 200 || !res.headersSent) return;
      if (route === DATA_ROUTE) {
        if (data && !dataRouteHeaders) dataRouteHeaders = routeHeadersOf(res);
      } else if (answers && context.storedAnswer && !context.storedAnswer.headers) {
        context.storedAnswer.headers = routeHeadersOf(res);
      }
    },
  };
}
