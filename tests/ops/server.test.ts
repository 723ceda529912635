// The request listener of server.ts in-process (lib/server): probes and readiness through the
// start-up, ready and stopping phases; the request log line; the HTTP metrics with route templates;
// requests in flight and `Connection: close` for graceful shutdown. The Next.js handler is stood in
// for by a small handler; the real server is covered by tests/deploy.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setLogDestination } from '@/lib/observability/log';
import { lifecycle, markReady, markStopping, setStep } from '@/lib/server/lifecycle';
import { createRequestListener, type NextHandler, type RequestListener } from '@/lib/server/listener';
import { routeTemplate, UNMATCHED_ROUTE, type RouteTable } from '@/lib/server/routes';
import { parseMetrics, sampleSum } from '../helpers/prometheus';

const routes: RouteTable = {
  statics: new Set(['/', '/api/catalog', '/stav-zdrojov']),
  dynamics: [
    { page: '/api/data/[provider]/[dataset]', regex: /^\/api\/data\/([^/]+?)\/([^/]+?)(?:\/)?$/ },
    { page: '/api/[...path]', regex: /^\/api\/(.+?)(?:\/)?$/ },
    { page: '/[region]/[municipality]', regex: /^\/([^/]+?)\/([^/]+?)(?:\/)?$/ },
  ],
  methods: new Map([['/api/catalog', new Set(['GET', 'OPTIONS'])]]),
};

const lines: Array<Record<string, unknown>> = [];
let app: NextHandler | null = null;
let listener: RequestListener;
let server: http.Server;
let base: string;
let release: (() => void) | undefined;

/** A stand-in for Next: /slow waits until released, everything else answers 200 (or 404 for /nope). */
const fakeNext: NextHandler = async (req, res) => {
  if (req.url === '/slow') await new Promise<void>((r) => (release = r));
  res.statusCode = req.url?.startsWith('/nope') ? 404 : 200;
  res.setHeader('Content-Type', 'text/plain');
  res.end('ok');
};

/** Keep-alive, as browsers and proxies connect: `Connection: close` must come from the server. */
const agent = new http.Agent({ keepAlive: true });

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers, agent }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  setLogDestination(
    new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
  listener = createRequestListener({ app: () => app, routes: () => routes });
  server = http.createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  agent.destroy();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('route templates', () => {
  const cases = [
    ['/api/catalog', '/api/catalog'],
    ['/api/catalog/', '/api/catalog'],
    ['/api/data/sk-uzemie/obce?bbox=1,2,3,4', '/api/data/[provider]/[dataset]'],
    ['/api/whatever/deep/path', '/api/[...path]'],
    ['/bratislavsky-kraj/bratislava', '/[region]/[municipality]'],
    ['/a/b/c/d', UNMATCHED_ROUTE],
    ['/_next/static/chunks/app.js', '/_next/static/[...path]'],
    ['/readyz', '/readyz'],
  ] as const;
  for (const [target, template] of cases) test(`${target} -> ${template}`, () => expect(routeTemplate(routes, target)).toBe(template));
});

describe('start-up, ready, stopping', () => {
  test('while starting: /healthz 200, /readyz 503 naming the parts, other requests 503 starting', async () => {
    expect(lifecycle().phase).toBe('starting');
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
    setStep('database', 'ok');
    setStep('migrations', 'ok');
    setStep('referenceData', 'loading');
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(ready.body)).toMatchObject({
      status: 'starting',
      failing: ['referenceData', 'registry', 'app'],
      checks: { database: 'ok', migrations: 'ok', referenceData: 'loading', registry: 'pending', app: 'pending', shutdown: 'ok' },
      error: 'Not ready: referenceData (loading), registry (pending), app (pending).',
    });
    const other = await get('/api/catalog');
    expect(other.status).toBe(503);
    expect(other.headers['retry-after']).toBe('5');
    expect(JSON.parse(other.body)).toEqual({ error: 'The portal is starting; try again in a few seconds.', code: 'starting' });
  });

  test('ready: /readyz 200 after live checks of the database, migrations and registry', async () => {
    setStep('referenceData', 'not_configured');
    setStep('registry', 'ok');
    setStep('app', 'ok');
    app = fakeNext;
    markReady();
    const ready = await get('/readyz');
    expect(JSON.parse(ready.body)).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', referenceData: 'not_configured', registry: 'ok', app: 'ok', shutdown: 'ok' },
    });
    expect(ready.status).toBe(200);
    expect((await get('/api/catalog')).status).toBe(200);
  });
});

describe('request log and metrics', () => {
  test('one JSON line per request: id, method, route template, path, status, ms, client', async () => {
    lines.length = 0;
    await get('/bratislavsky-kraj/bratislava?x=1');
    await get('/nope/a/b/c');
    await new Promise((r) => setTimeout(r, 20));
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/[region]/[municipality]',
      path: '/bratislavsky-kraj/bratislava',
      status: 200,
      client: '127.0.0.1',
    });
    expect(requests[0].reqId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(requests[0].reqId).not.toBe(requests[1].reqId);
    expect(typeof requests[0].ms).toBe('number');
    expect(typeof requests[0].time).toBe('string');
    expect(requests[1]).toMatchObject({ route: UNMATCHED_ROUTE, status: 404 });
  });

  test('a client cannot choose its request id (only a trusted proxy can)', async () => {
    lines.length = 0;
    await get('/api/catalog', { 'x-request-id': 'chosen-by-client' });
    await new Promise((r) => setTimeout(r, 20));
    expect(lines.find((l) => l.msg === 'request')?.reqId).not.toBe('chosen-by-client');
  });

  test('/metrics parses as Prometheus text and its counters move with the requests', async () => {
    const before = parseMetrics((await get('/metrics')).body);
    for (let i = 0; i < 5; i++) await get('/api/catalog');
    await get('/api/data/p/d-that-does-not-exist');
    const res = await get('/metrics');
    expect(res.headers['content-type']).toContain('text/plain');
    const after = parseMetrics(res.body);
    const delta = (labels: Record<string, string>) =>
      sampleSum(after, 'portal_http_requests_total', labels) - sampleSum(before, 'portal_http_requests_total', labels);
    expect(delta({ method: 'GET', route: '/api/catalog', status: '200' })).toBe(5);
    expect(delta({ route: '/api/data/[provider]/[dataset]' })).toBe(1);
    const duration = after.find((f) => f.name === 'portal_http_request_duration_seconds');
    expect(duration?.type).toBe('HISTOGRAM');
    // No raw path in any label value.
    expect(res.body).not.toContain('d-that-does-not-exist');
  });
});

describe('guards before Next.js', () => {
  test('a method the route does not export: 405 method_not_allowed with CORS, Next not asked', async () => {
    let asked = 0;
    const before = app;
    app = async (req, res) => {
      asked++;
      await before!(req, res);
    };
    const post = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/api/catalog`, { method: 'POST', agent }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end('{}');
    });
    expect(post.status).toBe(405);
    expect(JSON.parse(post.body)).toEqual({ error: 'Method POST is not allowed on /api/catalog.', code: 'method_not_allowed' });
    expect(post.headers['access-control-allow-origin']).toBe('*');
    expect(asked).toBe(0);
    // Dot segments are resolved as Next.js resolves them before routing.
    const dotted = await new Promise<number>((resolve, reject) => http.request(`${base}/api/x/../catalog`, { method: 'PUT', agent }, (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0))).on('error', reject).end());
    expect(dotted).toBe(405);
    expect(asked).toBe(0);
    // GET, HEAD (where GET is) and OPTIONS go to Next, as do routes whose methods are not known.
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      await new Promise<void>((resolve, reject) => http.request(`${base}/api/catalog`, { method, agent }, (res) => res.resume().on('end', resolve)).on('error', reject).end());
    }
    await new Promise<void>((resolve, reject) => http.request(`${base}/api/whatever`, { method: 'DELETE', agent }, (res) => res.resume().on('end', resolve)).on('error', reject).end());
    expect(asked).toBe(4);
    app = before;
  });

  test('a path that does not percent-decode: 400 invalid_query', async () => {
    const res = await get('/api/data/%E0%A4%A/x');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'invalid_query' });
  });
});

describe('shutdown bookkeeping', () => {
  test('requests in flight are counted, drained, and answered with Connection: close once stopping', async () => {
    const before = await get('/api/catalog');
    expect(before.headers.connection).toBe('keep-alive');
    const slow = get('/slow');
    await new Promise((r) => setTimeout(r, 100));
    expect(listener.inFlight()).toBe(1);
    let drained = false;
    const draining = listener.drained().then(() => (drained = true));
    markStopping();
    listener.closeConnectionsAfterResponses();
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'stopping', failing: ['shutdown'] });
    expect(ready.headers.connection).toBe('close');
    expect(drained).toBe(false);
    release?.();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
    await draining;
    expect(listener.inFlight()).toBe(0);
  });
});
