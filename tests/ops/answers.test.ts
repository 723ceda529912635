// The stored-answer fast path of server.ts (lib/server/fast-path.ts, the store in lib/http-cache.ts): a repeated GET of
// catalog, places, reverse or nearby's selection is answered by the listener from the route's last answer for the same URL, with
// the same body, tag, lifetime and CORS headers, 304 and gzip as the route would give, and no longer
// once the registry changed or the reuse time passed. An answer is stored from the second time the
// route gives it (lib/doorkeeper.ts): a URL asked once leaves nothing in the store. Next.js is stood
// in for by a handler that calls the real route handlers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GET as catalogGET } from '@/app/api/catalog/route';
import { GET as selectionGET } from '@/app/api/nearby/selection/route';
import { GET as reverseGET } from '@/app/api/places/reverse/route';
import { GET as placesGET } from '@/app/api/places/route';
import { answerKey, answerStore, CACHE_LIFETIMES } from '@/lib/http-cache';
import { createRequestListener, type NextHandler } from '@/lib/server/listener';
import type { RouteTable } from '@/lib/server/routes';
import { addProvider, removeProvider, uniqueId } from '../nearby/helpers';

const routes: RouteTable = { statics: new Set(['/api/catalog', '/api/places', '/api/places/reverse', '/api/nearby/selection']), dynamics: [] };
const handlers: Record<string, unknown> = {
  '/api/catalog': catalogGET,
  '/api/places': placesGET,
  '/api/places/reverse': reverseGET,
  '/api/nearby/selection': selectionGET,
};
let calls = 0;

/** Next.js as far as these routes go: the route handler's Response written to the socket. */
const nextLike: NextHandler = async (req, res) => {
  calls++;
  // Paths outside the table (`/api/catalogue`) reach the catalog route here: only the call count matters.
  const handler = (handlers[new URL(req.url!, 'http://localhost').pathname] ?? catalogGET) as (r: Request, c: { params: Promise<never> }) => Promise<Response>;
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const r = await handler(new Request(`http://localhost${req.url}`, { headers }), { params: Promise.resolve({} as never) });
  res.writeHead(r.status, Object.fromEntries(r.headers));
  res.end(Buffer.from(await r.arrayBuffer()));
};

let server: http.Server;
let base: string;

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  server = http.createServer(createRequestListener({ app: () => nextLike, routes: () => routes }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** An empty store that has seen no URL. */
function emptyStore(): void {
  answerStore().entries.clear();
  answerStore().doorkeeper.clear();
}

/** Asks for `path` twice, as a second person would: the route answers both, the second is stored. */
async function twice(path: string, headers: Record<string, string> = {}) {
  const first = await get(path, headers);
  await get(path, headers);
  return first;
}

const PLACES = `/api/places?query=${encodeURIComponent('Žilina')}&max=3`;

describe('stored answers', () => {
  test('a repeated place search is answered without the route: same body, tag, lifetime and CORS', async () => {
    calls = 0;
    emptyStore();
    const first = await get(PLACES);
    expect(first.status).toBe(200);
    expect(calls).toBe(1);
    // Asked once: nothing stored; the second request goes to the route and its answer is kept.
    expect(answerStore().entries.size).toBe(0);
    await get(PLACES);
    expect(calls).toBe(2);
    expect(answerStore().entries.size).toBe(1);
    const again = await get(PLACES);
    expect(calls).toBe(2);
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    for (const h of ['etag', 'cache-control', 'content-type', 'access-control-allow-origin', 'access-control-expose-headers']) {
      expect(again.headers[h], h).toBe(first.headers[h]);
    }
    expect(again.headers['cache-control']).toBe(CACHE_LIFETIMES.places);
    expect(Number(again.headers['content-length'])).toBe(first.body.length);

    const notModified = await get(PLACES, { 'If-None-Match': String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(first.headers.etag);

    // Small answers go uncompressed (under 1 KB, as the server's compression does); larger ones gzipped.
    expect((await get(PLACES, { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
    expect(calls).toBe(2);
    const large = `/api/places?query=${encodeURIComponent('Nová')}&max=10`;
    const plain = await twice(large);
    expect(calls).toBe(4);
    expect(plain.body.length).toBeGreaterThan(1024);
    const zipped = await get(large, { 'Accept-Encoding': 'gzip, deflate' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(calls).toBe(4);
  });

  test('the query is keyed decoded: another encoding of the same members is the same answer', async () => {
    expect(answerKey('/api/nearby?point=17.1,48.1&datasets=a%2Fb%2Cc%2Fd')).toBe(answerKey('/api/nearby?point=17.1%2C48.1&datasets=a/b,c/d'));
    expect(answerKey('/api/places?query=a&max=3')).not.toBe(answerKey('/api/places?max=3&query=a'));
    calls = 0;
    emptyStore();
    await twice(`/api/places?query=${encodeURIComponent('Nitra, Slovensko')}`);
    await get('/api/places?query=Nitra%2C%20Slovensko');
    expect(calls).toBe(2);
  });

  test('the catalog is reused until the registry changes', async () => {
    calls = 0;
    emptyStore();
    const first = await twice('/api/catalog');
    await get('/api/catalog');
    expect(calls).toBe(2);
    const provider = await addProvider({
      id: uniqueId('answers'),
      datasets: [{ id: 'body', title: 'Body', category: 'society', source: { type: 'geojson', url: 'https://example.org/body.json' } }] as never,
    });
    try {
      const changed = await get('/api/catalog');
      expect(calls).toBe(3);
      expect(changed.headers.etag).not.toBe(first.headers.etag);
      expect(JSON.parse(changed.body.toString()).datasets.some((d: { key: string }) => d.key === `${provider.id}/body`)).toBe(true);
    } finally {
      await removeProvider(provider);
    }
  });

  test('an answer past its reuse time goes to the route again', async () => {
    calls = 0;
    emptyStore();
    await twice('/api/catalog');
    const entry = answerStore().entries.get(answerKey('/api/catalog'))!;
    entry.expires = Date.now() - 1;
    await get('/api/catalog');
    expect(calls).toBe(3);
    // Query strings the route ignores are other URLs; paths that only start alike are not the catalog.
    await get('/api/catalogue');
    expect(calls).toBe(4);
  });

  test('reverse is reused like places; the selection until the registry changes', async () => {
    calls = 0;
    emptyStore();
    const reverse = '/api/places/reverse?point=18.7394,49.2231';
    const first = await twice(reverse);
    expect(first.status).toBe(200);
    const again = await get(reverse);
    expect(calls).toBe(2);
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers['cache-control']).toBe(CACHE_LIFETIMES.reverse);
    expect(again.headers.etag).toBe(first.headers.etag);

    const selection = '/api/nearby/selection?point=17.1,48.14&purpose=construction';
    const s1 = await twice(selection);
    expect(s1.status).toBe(200);
    expect(s1.headers['cache-control']).toBe(CACHE_LIFETIMES.selection);
    await get(selection);
    expect(calls).toBe(4);
    const provider = await addProvider({
      id: uniqueId('answers-sel'),
      datasets: [{ id: 'body', title: 'Body', category: 'society', source: { type: 'geojson', url: 'https://example.org/body.json' } }] as never,
    });
    try {
      await get(selection);
      expect(calls).toBe(5);
    } finally {
      await removeProvider(provider);
    }
  });
});
