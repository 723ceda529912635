// The server's fast paths: answers given before Next.js to requests whose answer a route has already
// made, because Next.js's own per-request work is most of the CPU of such a request (README
// "Performance", `npm run bench -- load --fast-paths=all,none,data,answers` and `npm run bench -- data`
// measure what each saves). The only place of them; each can be switched off (FAST_PATHS).
//
// Neither makes an answer of its own. The body, tag and lifetime come from the route's own functions
// (the data cache's answerFor, the answer the route stored in lib/http-cache.ts), and every other
// header from the route's answer as Next.js wrote it: `learn` notes the headers of the route's 200
// answers after they went out, so CORS and Vary are the route's and Next's, never a copy here. A
// path answers only once the route has answered (the data route once, a stored answer's URL once).
// - data: fresh data-cache hits of the data route, its parameters read by the build's route table
//   (lib/server/routes.ts); the body is already in the coding the client takes (answerFor), written
//   synchronously.
// - answers: repeated catalog, places, summary and nearby answers (lib/http-cache.ts), written through
//   the server's compression like the route's answer.
import type http from 'node:http';
import { freshDataAnswer, type DataRequest } from '@/lib/data';
import { tagMatches } from '@/lib/entity-tag';
import { noteAnswerHeaders, reusableAnswer } from '@/lib/http-cache';
import { logger } from '@/lib/observability/log';
import { routeParams, type RouteTable } from './routes';

type FastPathName = 'data' | 'answers';

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
  /** After Next.js answered a request of `route`: notes the route's headers of a 200 GET answer. */
  learn(req: http.IncomingMessage, res: http.ServerResponse, route: string): void;
}

export function createFastPaths(options: { enabled: readonly FastPathName[]; routes: () => RouteTable }): FastPaths {
  const data = options.enabled.includes('data');
  const answers = options.enabled.includes('answers');
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
      res.end(stored.body);
      return true;
    },

    learn(req, res, route) {
      if (req.method !== 'GET' || res.statusCode !== 200 || !res.headersSent) return;
      if (route === DATA_ROUTE) {
        if (data && !dataRouteHeaders) dataRouteHeaders = routeHeadersOf(res);
      } else if (answers && req.url?.startsWith('/api/')) {
        noteAnswerHeaders(req.url, routeHeadersOf(res));
      }
    },
  };
}
