// The server's fast path answers fresh in-memory hits exactly as the route would, and leaves
// everything else to the route.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { tryServeCachedData } from '@/lib/data';
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
  // The same shape as server.ts: the fast path first, then (here) a marker instead of Next.
  portal = http.createServer(async (req, res) => {
    if (await tryServeCachedData(req, res)) return;
    res.writeHead(599, { 'x-fell-through': '1' });
    res.end();
  });
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
  Object.fromEntries(['content-type', 'etag', 'x-dm-cache', 'vary', 'access-control-allow-origin', 'content-encoding'].map((k) => [k, h.get(k)]));

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

describe('tryServeCachedData', () => {
  test('a miss falls through; after the route stored it, the fast path answers with the same bytes and headers', async () => {
    const fell = await get(`/api/data/${pid}/points`);
    expect(fell.status).toBe(599);
    await getData(`/api/data/${pid}/points`);
    const viaRoute = await getData(`/api/data/${pid}/points`);
    const fast = await get(`/api/data/${pid}/points`);
    expect(fast.status).toBe(200);
    expect(pick(fast.headers)).toEqual(pick(viaRoute.headers));
    expect(fast.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(fast.body.toString()).toBe(await viaRoute.text());
    expect(server.requests('/points.json')).toBe(1);
  });

  test('304 on If-None-Match and gzip on Accept-Encoding, as the route does', async () => {
    const first = await getData(`/api/data/${pid}/points`);
    const etag = first.headers.get('etag')!;
    const nm = await get(`/api/data/${pid}/points`, { headers: { 'If-None-Match': etag } });
    expect(nm.status).toBe(304);
    expect(nm.headers.get('etag')).toBe(etag);
    expect(nm.body.length).toBe(0);
    const gz = await get(`/api/data/${pid}/points`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('etag')).toBe(`${etag.slice(0, -1)}-gz"`);
    expect(gunzipSync(gz.body).toString()).toBe(await first.text());
    const head = await get(`/api/data/${pid}/points`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.get('etag')).toBe(etag);
  });

  test('a viewport in the same tile and reordered parameters hit the same entry', async () => {
    await getData(`/api/data/${pid}/view?bbox=17.0,48.05,17.05,48.1&zoom=10`);
    // A cache-buster `_` is ignored; an unknown member is refused by the route (issue 25), not served.
    const res = await get(`/api/data/${pid}/view?zoom=10.4&bbox=17.1,48.1,17.2,48.2&_=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-dm-cache')).toBe('hit');
    expect((await get(`/api/data/${pid}/view?zoom=10.4&bbox=17.1,48.1,17.2,48.2&unrelated=1`)).status).toBe(599);
  });

  const fallThrough = [
    { name: 'an unknown dataset', path: () => `/api/data/${pid}/nothing` },
    { name: 'an invalid query', path: () => `/api/data/${pid}/view?bbox=1,2,3&zoom=10` },
    { name: 'another path', path: () => `/api/catalog` },
    { name: 'a deeper path', path: () => `/api/data/${pid}/points/extra` },
  ];
  for (const { name, path } of fallThrough) {
    test(`${name} falls through to the route`, async () => {
      await getData(`/api/data/${pid}/points`);
      const res = await get(path());
      expect(res.status).toBe(599);
    });
  }

  test('an expired entry falls through (the route revalidates it)', async () => {
    await getData(`/api/data/${pid}/points`);
    await expireEntries(`${pid}/points`);
    const res = await get(`/api/data/${pid}/points`);
    expect(res.status).toBe(599);
  });

  test('POST falls through', async () => {
    await getData(`/api/data/${pid}/points`);
    const res = await get(`/api/data/${pid}/points`, { method: 'POST' });
    expect(res.status).toBe(599);
  });

  // Last: it rejects the provider.
  test('after the registry changes (here: the provider is rejected) a remembered key is not used', async () => {
    await getData(`/api/data/${pid}/points`);
    expect((await get(`/api/data/${pid}/points`)).status).toBe(200);
    const { getDb } = await import('@/lib/db');
    const { bumpRegistryVersion, updateProvider } = await import('@/lib/providers/queries');
    const { invalidateRegistryCache } = await import('@/lib/providers/served');
    const db = await getDb();
    await updateProvider(db, pid, { approval: 'rejected' });
    await bumpRegistryVersion(db);
    invalidateRegistryCache();
    expect((await get(`/api/data/${pid}/points`)).status).toBe(599);
    expect((await getData(`/api/data/${pid}/points`)).status).toBe(404);
  });
});
