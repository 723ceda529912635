// The server's data fast path (lib/server/fast-path.ts) answers fresh in-memory hits exactly as the
// route would, with the route's own headers, and leaves everything else to the route. The request
// listener of server.ts is used as is; Next.js is stood in for by a handler calling the real route.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { GET } from '@/app/api/data/[provider]/[dataset]/route';
import { DATA_ROUTE } from '@/lib/server/fast-path';
import { createRequestListener, type NextHandler } from '@/lib/server/listener';
import type { RouteTable } from '@/lib/server/routes';
import type { ProviderServer } from '../helpers/provider-server';
import {
  collection,
  expireEntries,
  forgetEntries,
  geojsonDataset,
  getData,
  point,
  registerProvider,
  startTestProvider,
  uniqueId,
  unregisterProvider,
  type TestProvider,
} from './helpers';

const routes: RouteTable = {
  statics: new Set(['/api/catalog']),
  dynamics: [{ page: DATA_ROUTE, regex: /^\/api\/data\/([^/]+?)\/([^/]+?)(?:\/)?$/, names: ['provider', 'dataset'] }],
};

/** Requests the route answered (the fast path did not). */
let routeCalls = 0;

/** Next.js as far as the data route goes: the route's Response written out, with a header Next would add. */
const nextLike: NextHandler = async (req, res) => {
  routeCalls++;
  const m = /^\/api\/data\/([^/?]+)\/([^/?]+)$/.exec(req.url!.split('?')[0]);
  if (!m) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no route","code":"not_found"}');
    return;
  }
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const r = await GET(new Request(`http://localhost${req.url}`, { method: req.method, headers }), {
    params: Promise.resolve({ provider: decodeURIComponent(m[1]), dataset: decodeURIComponent(m[2]) }),
  });
  res.writeHead(r.status, { ...Object.fromEntries(r.headers), 'x-next-like': 'route' });
  res.end(Buffer.from(await r.arrayBuffer()));
};

let server: ProviderServer;
let restore: () => void;
let provider: TestProvider;
let portal: http.Server;
let base: string;
const pid = uniqueId('t-fast');

beforeAll(async () => {
  ({ server, restore } = await startTestProvider());
  provider = await registerProvider(server, {
    id: pid,
    datasets: [
      geojsonDataset(server, 'points'),
      geojsonDataset(server, 'view', { source: { type: 'geojson', url: `${server.url}/view.json`, mode: 'bbox', maxFeatures: 100 } }),
    ],
  });
  portal = http.createServer(createRequestListener({ app: () => nextLike, routes: () => routes }));
  await new Promise<void>((r) => portal.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => portal.close(() => r()));
  await unregisterProvider(provider);
  await server.close();
  restore();
});

beforeEach(async () => {
  server.reset();
  await forgetEntries(provider);
  server.setBody('/points.json', collection([point(17.1, 48.1, { name: 'A' }, { title: 'T' })]));
  server.setBody('/view.json', collection([point(17.05, 48.05)]));
});

const pick = (h: Headers) =>
  Object.fromEntries(['content-type', 'etag', 'x-dm-cache', 'vary', 'access-control-allow-origin', 'access-control-expose-headers', 'content-encoding', 'x-next-like'].map((k) => [k, h.get(k)]));

/** Whether the route answered `path` (else the fast path did). */
async function byRoute(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const before = routeCalls;
  const res = await get(path, init);
  return { ...res, route: routeCalls > before };
}

/** A plain node:http request (fetch() would add Accept-Encoding and decode on its own). */
function get(path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(init.method === 'POST' ? '{}' : undefined);
  });
}

describe('the data fast path', () => {
  test('a miss goes to the route; then the fast path answers with the same bytes and the route\'s headers', async () => {
    const miss = await byRoute(`/api/data/${pid}/points`);
    expect(miss.route).toBe(true);
    expect(miss.headers.get('x-dm-cache')).toBe('miss');
    const fast = await byRoute(`/api/data/${pid}/points`);
    expect(fast.route).toBe(false);
    expect(fast.status).toBe(200);
    const viaRoute = await getData(`/api/data/${pid}/points`);
    // The headers the route's answer went out with (CORS, and here the stand-in's own), the answer's own.
    expect(pick(fast.headers)).toEqual({ ...pick(viaRoute.headers), 'x-next-like': 'route' });
    expect(fast.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(fast.body.toString()).toBe(await viaRoute.text());
    expect(server.requests('/points.json')).toBe(1);
  });

  test('304 on If-None-Match and gzip on Accept-Encoding, as the route does', async () => {
    await byRoute(`/api/data/${pid}/points`);
    const first = await getData(`/api/data/${pid}/points`);
    const etag = first.headers.get('etag')!;
    const nm = await byRoute(`/api/data/${pid}/points`, { headers: { 'If-None-Match': etag } });
    expect(nm.route).toBe(false);
    expect(nm.status).toBe(304);
    expect(nm.headers.get('etag')).toBe(etag);
    expect(nm.body.length).toBe(0);
    const gz = await byRoute(`/api/data/${pid}/points`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.route).toBe(false);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('etag')).toBe(`${etag.slice(0, -1)}-gz"`);
    expect(gunzipSync(gz.body).toString()).toBe(await first.text());
    const head = await byRoute(`/api/data/${pid}/points`, { method: 'HEAD' });
    expect(head.route).toBe(false);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.get('etag')).toBe(etag);
  });

  test('a viewport in the same tile and reordered parameters hit the same entry', async () => {
    await byRoute(`/api/data/${pid}/view?bbox=17.0,48.05,17.05,48.1&zoom=10`);
    // A cache-buster `_` is ignored; an unknown member is refused by the route (issue 25), not served.
    const res = await byRoute(`/api/data/${pid}/view?zoom=10.4&bbox=17.1,48.1,17.2,48.2&_=1`);
    expect(res.route).toBe(false);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-dm-cache')).toBe('hit');
    const unknown = await byRoute(`/api/data/${pid}/view?zoom=10.4&bbox=17.1,48.1,17.2,48.2&unrelated=1`);
    expect(unknown.route).toBe(true);
    expect(unknown.status).toBe(400);
  });

  const fallThrough = [
    { name: 'an unknown dataset', path: () => `/api/data/${pid}/nothing` },
    { name: 'an invalid query', path: () => `/api/data/${pid}/view?bbox=1,2,3&zoom=10` },
    { name: 'another path', path: () => `/api/catalog` },
    { name: 'a deeper path', path: () => `/api/data/${pid}/points/extra` },
    { name: 'a path that does not decode', path: () => `/api/data/${pid}/%E0%A4%A` },
  ];
  for (const { name, path } of fallThrough) {
    test(`${name} goes to the route`, async () => {
      await byRoute(`/api/data/${pid}/points`);
      expect((await byRoute(`/api/data/${pid}/points`)).route).toBe(false);
      const res = await byRoute(path());
      expect(res.status).not.toBe(200);
      if (!name.includes('decode')) expect(res.route).toBe(true);
    });
  }

  test('an expired entry goes to the route (which revalidates it)', async () => {
    await byRoute(`/api/data/${pid}/points`);
    await expireEntries(`${pid}/points`);
    expect((await byRoute(`/api/data/${pid}/points`)).route).toBe(true);
  });

  test('POST goes to the route', async () => {
    await byRoute(`/api/data/${pid}/points`);
    expect((await byRoute(`/api/data/${pid}/points`, { method: 'POST' })).route).toBe(true);
  });

  // Last: it rejects the provider.
  test('after the registry changes (here: the provider is rejected) a remembered key is not used', async () => {
    await byRoute(`/api/data/${pid}/points`);
    expect((await byRoute(`/api/data/${pid}/points`)).route).toBe(false);
    const { getDb } = await import('@/lib/db');
    const { bumpRegistryVersion, updateProvider } = await import('@/lib/providers/queries');
    const { invalidateRegistryCache } = await import('@/lib/providers/served');
    const db = await getDb();
    await updateProvider(db, pid, { approval: 'rejected' });
    await bumpRegistryVersion(db);
    invalidateRegistryCache();
    const after = await byRoute(`/api/data/${pid}/points`);
    expect(after.route).toBe(true);
    expect(after.status).toBe(404);
  });
});
