// The route fast path of server.ts (lib/server/fast-path.ts): once a force-dynamic route handler has
// answered through Next.js, further requests of it are handed to the handler exported by the
// compiled module the build's app-paths manifest names, and its answer goes out as Next.js's did
// (status, headers, Vary, body, the server's gzip); what Next.js would route otherwise (a rewrite or
// header rule, a method the module does not export, a route that is not force-dynamic) stays Next's.
// A build directory with two compiled route modules (and their sources) stands in for `next build`; Next.js is stood in
// for by a handler that sets its Vary and writes the same module's Response.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRequestListener, type NextHandler } from '@/lib/server/listener';
import { loadRouteTable, routeTemplate, type RouteTable } from '@/lib/server/routes';

const NEXT_VARY = 'rsc, next-router-state-tree';

/** A compiled route module as Next.js's app-route template exports it. */
function compiledRoute(dynamic: string): string {
  return `
const userland = {
  dynamic: ${JSON.stringify(dynamic)},
  GET: async (req, ctx) => {
    const params = await ctx.params;
    if (new URL(req.url).searchParams.has('stream')) {
      // A body that goes on after a pause: its first chunk must not wait for the rest.
      const enc = new TextEncoder();
      return new Response(new ReadableStream({
        async start(c) {
          c.enqueue(enc.encode('first;'));
          await new Promise((r) => setTimeout(r, 400));
          c.enqueue(enc.encode('second'));
          c.close();
        },
      }), { status: 200, headers: { 'Content-Type': 'text/plain' } });
    }
    const body = JSON.stringify({ url: req.url, params, accept: req.headers.get('accept'), text: 'x'.repeat(2000) });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json', 'X-Route': 'yes', Vary: 'Accept' } });
  },
  POST: async (req) => new Response(JSON.stringify({ echo: await req.json() }), { status: 201, headers: { 'Content-Type': 'application/json' } }),
};
module.exports = { routeModule: { ensureUserland: async () => {}, userland } };
`;
}

let dir: string;
let routes: RouteTable;
let server: http.Server;
let base: string;
let nextCalls = 0;

/** Next.js as far as these routes go: its Vary, then the module's Response written out. */
const nextLike: NextHandler = async (req, res) => {
  nextCalls++;
  const pathname = new URL(req.url!, 'http://localhost').pathname;
  const page = routeTemplate(routes, pathname);
  const mod = createRequire(import.meta.url)(routes.handlers!.get(page)!) as { routeModule: { userland: Record<string, (r: Request, c: unknown) => Promise<Response>> } };
  const m = /^\/api\/items\/([^/]+)$/.exec(pathname);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.append(k, v);
  const body =
    req.method === 'POST'
      ? await new Promise<string>((resolve) => {
          const chunks: Buffer[] = [];
          req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks).toString()));
        })
      : undefined;
  const r = await mod.routeModule.userland[req.method!](new Request(`http://localhost:3000${req.url}`, { method: req.method, headers, body }), {
    params: Promise.resolve(m ? { id: decodeURIComponent(m[1]) } : {}),
  });
  res.appendHeader('vary', NEXT_VARY);
  r.headers.forEach((v, k) => (k === 'vary' ? res.appendHeader(k, v) : res.setHeader(k, v)));
  res.statusCode = r.status;
  res.write(Buffer.from(await r.arrayBuffer()));
  res.end();
};

function call(method: string, target: string, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    // A path as given (a URL string would resolve its dot segments first).
    const { hostname, port } = new URL(base);
    const req = http.request({ hostname, port, path: target, method, headers: { 'accept-encoding': 'gzip', accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString() });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Status, headers and body of an answer, without the headers of one message. */
function answer(r: Awaited<ReturnType<typeof call>>) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'transfer-encoding': _te, ...headers } = r.headers;
  return { status: r.status, headers, body: r.body };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'route-fast-path-'));
  const server_ = path.join(dir, '.next', 'server');
  mkdirSync(path.join(server_, 'app', 'api', 'items', '[id]'), { recursive: true });
  mkdirSync(path.join(server_, 'app', 'api', 'static'), { recursive: true });
  // The route sources, whose exported methods the route table reads (the fast path takes only those).
  const source = 'export const dynamic = "force-dynamic";\nexport const GET = route(read);\nexport const POST = route(write);\n';
  mkdirSync(path.join(dir, 'app', 'api', 'items', '[id]'), { recursive: true });
  mkdirSync(path.join(dir, 'app', 'api', 'static'), { recursive: true });
  writeFileSync(path.join(dir, 'app', 'api', 'items', '[id]', 'route.ts'), source);
  writeFileSync(path.join(dir, 'app', 'api', 'static', 'route.ts'), source);
  writeFileSync(path.join(server_, 'app', 'api', 'items', '[id]', 'route.js'), compiledRoute('force-dynamic'));
  writeFileSync(path.join(server_, 'app', 'api', 'static', 'route.js'), compiledRoute('auto'));
  writeFileSync(
    path.join(server_, 'app-paths-manifest.json'),
    JSON.stringify({ '/api/items/[id]/route': 'app/api/items/[id]/route.js', '/api/static/route': 'app/api/static/route.js' }),
  );
  writeFileSync(
    path.join(dir, '.next', 'routes-manifest.json'),
    JSON.stringify({
      staticRoutes: [{ page: '/api/static', regex: '^/api/static(?:/)?$' }],
      dynamicRoutes: [{ page: '/api/items/[id]', regex: '^/api/items/([^/]+?)(?:/)?$' }],
      redirects: [{ regex: '^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))/$' }],
      rewrites: { beforeFiles: [{ regex: '^/api/items/rewritten(?:/)?$' }], afterFiles: [], fallback: [] },
      headers: [],
    }),
  );
  routes = loadRouteTable(dir);
  server = http.createServer(createRequestListener({ app: () => nextLike, routes: () => routes, urlHost: 'localhost:3000' }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('route fast path', () => {
  test('the build names the compiled modules and the rules Next applies first', () => {
    expect(routes.handlers?.get('/api/items/[id]')).toBe(path.join(dir, '.next', 'server', 'app', 'api', 'items', '[id]', 'route.js'));
    expect(routes.nextRules?.some((r) => r.test('/api/items/rewritten'))).toBe(true);
    expect(loadRouteTable(dir, { handlers: false }).handlers).toBeUndefined();
  });

  test('after one answer through Next.js, the handler answers alike itself', async () => {
    nextCalls = 0;
    const first = await call('GET', '/api/items/a%20b?x=1');
    expect(nextCalls).toBe(1);
    await new Promise((r) => setTimeout(r, 50)); // the module is loaded once the answer went out
    const second = await call('GET', '/api/items/a%20b?x=1');
    const third = await call('GET', '/api/items/c?y=2');
    expect(nextCalls).toBe(1);
    expect(answer(second)).toEqual(answer(first));
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.headers.vary).toBe(`${NEXT_VARY}, Accept, Accept-Encoding`);
    expect(JSON.parse(third.body)).toMatchObject({ url: 'http://localhost:3000/api/items/c?y=2', params: { id: 'c' }, accept: 'application/json' });
  });

  test('a streamed body goes out as it comes; a whole one in one piece', async () => {
    const { hostname, port } = new URL(base);
    const arrivals = await new Promise<Array<{ ms: number; text: string }>>((resolve, reject) => {
      const t0 = performance.now();
      const out: Array<{ ms: number; text: string }> = [];
      http
        .get({ hostname, port, path: '/api/items/s?stream=1', agent: false }, (res) => {
          res.on('data', (c: Buffer) => out.push({ ms: performance.now() - t0, text: c.toString() }));
          res.on('end', () => resolve(out));
        })
        .on('error', reject);
    });
    expect(arrivals.map((a) => a.text).join('')).toBe('first;second');
    expect(arrivals[0].text).toBe('first;');
    expect(arrivals[arrivals.length - 1].ms - arrivals[0].ms).toBeGreaterThan(200);
    const whole = await call('GET', '/api/items/w?x=1');
    expect(whole.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(whole.body)).toMatchObject({ params: { id: 'w' } });
  });

  test('a body reaches the handler', async () => {
    const before = nextCalls;
    const r = await call('POST', '/api/items/p', '{"n":2}');
    expect(r.status).toBe(201);
    expect(JSON.parse(r.body)).toEqual({ echo: { n: 2 } });
    expect(nextCalls).toBe(before); // the route's Vary is known from its GET answers above
  });

  test('what Next.js routes otherwise stays Next', async () => {
    const before = nextCalls;
    await call('GET', '/api/items/rewritten'); // a rewrite rule
    await call('GET', '/api/items/a/'); // a redirect rule (trailing slash)
    await call('GET', '/api/items/./a'); // a path Next normalises
    await call('GET', '/api/static');
    await call('GET', '/api/static'); // not force-dynamic
    expect(nextCalls).toBe(before + 5);
  });
});
