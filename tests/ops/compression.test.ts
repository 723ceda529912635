// The server's compression: an answer ended whole (endWhole, encoded at once) has the same status,
// headers and decoded body as the same answer written through the middleware's stream, for every
// coding the client may take and every case the middleware leaves alone.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompression, endWhole, WHOLE_MAX_BYTES } from '@/lib/server/compression';

interface Case {
  type: string;
  cacheControl?: string;
  body: Buffer;
}

const json = (n: number) => Buffer.from(JSON.stringify(Array.from({ length: n }, (_, i) => ({ i, name: `Hlavná ${i}, Košice` }))));
const CASES: Record<string, Case> = {
  small: { type: 'application/json', body: json(3) },
  medium: { type: 'application/json', body: json(200) },
  large: { type: 'application/json', body: json(4000) },
  empty: { type: 'application/json', body: Buffer.alloc(0) },
  binary: { type: 'image/png', body: json(50) },
  tile: { type: 'application/vnd.mapbox-vector-tile', body: json(50) },
  noTransform: { type: 'application/json', cacheControl: 'public, no-transform', body: json(50) },
};

let server: http.Server;
let base = '';
beforeAll(async () => {
  const compress = createCompression();
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const c = CASES[url.searchParams.get('case') ?? ''];
    compress(req as never, res as never, () => {
      res.statusCode = 200;
      res.setHeader('content-type', c.type);
      if (c.cacheControl) res.setHeader('cache-control', c.cacheControl);
      // The stream's way (as the route fast path wrote a body of one chunk before): a write, then the end.
      if (url.pathname === '/stream') {
        res.write(c.body);
        res.end();
      } else endWhole(res, c.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, acceptEncoding: string | null, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const body =
          coding === 'gzip' ? zlib.gunzipSync(raw) : coding === 'br' ? zlib.brotliDecompressSync(raw) : coding === 'deflate' ? zlib.inflateSync(raw) : raw;
        const headers = { ...res.headers };
        delete headers.date;
        resolve({ status: res.statusCode ?? 0, headers, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('endWhole', () => {
  it('keeps the large case above the size it encodes at once', () => {
    expect(CASES.large.body.length).toBeGreaterThan(WHOLE_MAX_BYTES);
  });

  for (const name of Object.keys(CASES)) {
    for (const accept of ['gzip', 'gzip, deflate, br, zstd', 'deflate', 'identity', null]) {
      it(`answers ${name} with Accept-Encoding ${accept ?? '(none)'} as the stream does`, async () => {
        const [streamed, whole] = await Promise.all([get(`/stream?case=${name}`, accept), get(`/whole?case=${name}`, accept)]);
        expect(whole.status).toBe(streamed.status);
        expect(whole.headers).toEqual(streamed.headers);
        expect(whole.body.equals(CASES[name].body)).toBe(true);
        expect(streamed.body.equals(CASES[name].body)).toBe(true);
      });
    }
  }

  it('compresses what the middleware compresses', async () => {
    expect((await get('/whole?case=small', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/whole?case=small', 'gzip, deflate, br')).headers['content-encoding']).toBe('br');
    expect((await get('/whole?case=binary', 'gzip')).headers['content-encoding']).toBeUndefined();
    expect((await get('/whole?case=noTransform', 'gzip')).headers['content-encoding']).toBeUndefined();
  });
});
