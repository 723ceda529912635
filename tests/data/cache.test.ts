// The cache behaviour of GET /api/data against a real provider on 127.0.0.1: miss, hit, stale,
// revalidation, single-flight, 304, Postgres surviving a "restart".
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { clearMemoryCache, dataState, pruneDataCache } from '@/lib/data';
import { getSql } from '@/lib/db';
import type { ProviderServer, RecordedRequest } from '../helpers/provider-server';
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
const pid = uniqueId('t-cache');

const body = collection([point(17.1, 48.15, { name: 'A' }), point(19.1, 48.7, { name: 'B' })], { ttl: 600 });

beforeAll(async () => {
  ({ server, restore } = await startTestProvider());
  provider = await registerProvider(server, {
    id: pid,
    datasets: [
      geojsonDataset(server, 'body'),
      geojsonDataset(server, 'slow'),
      geojsonDataset(server, 'many'),
      geojsonDataset(server, 'tiles', { source: { type: 'geojson', url: `${server.url}/tiles.json`, mode: 'bbox', maxFeatures: 1000 } }),
    ],
  });
});

afterAll(async () => {
  await unregisterProvider(provider);
  await server.close();
  restore();
});

beforeEach(async () => {
  server.reset();
  await forgetEntries(provider);
  server.setBody('/body.json', body);
});

describe('miss and hit', () => {
  test('the first request asks the source, the second is a hit with the same bytes and validator', async () => {
    const first = await getData(`/api/data/${pid}/body`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-dm-cache')).toBe('miss');
    expect(first.headers.get('content-type')).toContain('application/geo+json');
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const cc = first.headers.get('cache-control') ?? '';
    expect(cc).toMatch(/public/);
    expect(Number(/max-age=(\d+)/.exec(cc)?.[1])).toBeGreaterThan(590);
    expect(cc).toMatch(/stale-while-revalidate=\d+/);
    const json1 = await first.text();

    const second = await getData(`/api/data/${pid}/body`);
    expect(second.headers.get('x-dm-cache')).toBe('hit');
    expect(second.headers.get('etag')).toBe(etag);
    expect(await second.text()).toBe(json1);
    expect(server.requests('/body.json')).toBe(1);

    const parsed = JSON.parse(json1);
    expect(parsed.dm).toMatchObject({ protocol: '0.1', dataset: `${pid}/body`, ttl: 600 });
    expect(parsed.features).toHaveLength(2);
  });

  test('If-None-Match with the ETag gets 304 without a body', async () => {
    const first = await getData(`/api/data/${pid}/body`);
    const etag = first.headers.get('etag')!;
    const again = await getData(`/api/data/${pid}/body`, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const weak = await getData(`/api/data/${pid}/body`, { 'If-None-Match': `"other", W/${etag}` });
    expect(weak.status).toBe(304);
    const other = await getData(`/api/data/${pid}/body`, { 'If-None-Match': '"something-else"' });
    expect(other.status).toBe(200);
  });

  test('gzip is sent to clients that accept it, with its own validator', async () => {
    const plain = await getData(`/api/data/${pid}/body`);
    const text = await plain.text();
    const gz = await getData(`/api/data/${pid}/body`, { 'Accept-Encoding': 'gzip, br' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const gzEtag = gz.headers.get('etag')!;
    expect(gzEtag).not.toBe(plain.headers.get('etag'));
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
    const notModified = await getData(`/api/data/${pid}/body`, { 'Accept-Encoding': 'gzip', 'If-None-Match': gzEtag });
    expect(notModified.status).toBe(304);
  });

  test('the entry survives a restart: with memory cleared and the source down, Postgres answers', async () => {
    const first = await getData(`/api/data/${pid}/body`);
    const text = await first.text();
    const sql = await getSql();
    const rows = await sql<{ body_size: number }[]>`select body_size from data_cache where dataset_key = ${`${pid}/body`}`;
    expect(rows).toHaveLength(1);
    expect(rows[0].body_size).toBeGreaterThan(0);
    expect(rows[0].body_size).toBeLessThan(Buffer.byteLength(text) + 64);

    clearMemoryCache();
    server.setFault('/body.json', '503');
    const after = await getData(`/api/data/${pid}/body`);
    expect(after.headers.get('x-dm-cache')).toBe('hit');
    expect(await after.text()).toBe(text);
    expect(after.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(server.requests('/body.json')).toBe(1);
  });
});

describe('source failures', () => {
  test('source down with a copy: stale with its notice, and the source is not asked again at once', async () => {
    const first = await (await getData(`/api/data/${pid}/body`)).json();
    await expireEntries(`${pid}/body`);
    server.setFault('/body.json', '503');
    const res = await getData(`/api/data/${pid}/body`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-dm-cache')).toBe('stale');
    const json = await res.json();
    expect(json.dm.notice).toMatch(/^Zdroj je nedostupný, zobrazujú sa posledné známe dáta z \d{1,2}\. \d{1,2}\. \d{4} \d{1,2}:\d{2}\.$/);
    expect(json.features).toEqual(first.features);
    expect(json.dm.generated).toBe(first.dm.generated);
    expect(server.requests('/body.json')).toBe(2);

    const again = await getData(`/api/data/${pid}/body`);
    expect(again.headers.get('x-dm-cache')).toBe('stale');
    expect(Number(/max-age=(\d+)/.exec(again.headers.get('cache-control') ?? '')?.[1])).toBeLessThanOrEqual(30);
    expect(server.requests('/body.json')).toBe(2);
  });

  for (const fault of ['reset', 'invalid-json', '500'] as const) {
    test(`a copy also answers as stale when the source fails with ${fault}`, async () => {
      await getData(`/api/data/${pid}/body`);
      await expireEntries(`${pid}/body`);
      server.setFault('/body.json', fault);
      const res = await getData(`/api/data/${pid}/body`);
      expect(res.headers.get('x-dm-cache')).toBe('stale');
      expect((await res.json()).dm.notice).toMatch(/^Zdroj je nedostupný/);
    });
  }

  test('invalid data with a copy: stale', async () => {
    await getData(`/api/data/${pid}/body`);
    await expireEntries(`${pid}/body`);
    server.setBody('/body.json', { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point' } }] });
    const res = await getData(`/api/data/${pid}/body`);
    expect(res.headers.get('x-dm-cache')).toBe('stale');
  });

  const cases = [
    { name: '503', fault: '503', code: 'http_error' },
    { name: '404', fault: '404', code: 'http_error' },
    { name: 'connection reset', fault: 'reset', code: 'source_unreachable' },
    { name: 'not JSON', fault: 'invalid-json', code: 'invalid_json' },
    { name: 'empty body', fault: 'empty-body', code: 'empty_body' },
    { name: 'over 15 MB', fault: 'big-body', code: 'response_too_large' },
    { name: 'no answer within 10 s', fault: 'hang', code: 'timeout' },
  ] as const;
  for (const { name, fault, code } of cases) {
    test(`source down without a copy (${name}): 502 ${code}`, async () => {
      server.setFault('/body.json', fault);
      const res = await getData(`/api/data/${pid}/body`);
      expect(res.status).toBe(502);
      const json = await res.json();
      expect(json.code).toBe(code);
      expect(typeof json.error).toBe('string');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }, 20_000);
  }

  test('data that fail the schema without a copy: 502 data_schema_mismatch', async () => {
    server.setBody('/body.json', { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Circle' }, properties: {} }] });
    const res = await getData(`/api/data/${pid}/body`);
    expect(res.status).toBe(502);
    expect((await res.json()).code).toBe('data_schema_mismatch');
  });

  test('after the source recovers and the backoff passed, a fresh answer replaces the copy', async () => {
    await getData(`/api/data/${pid}/body`);
    await expireEntries(`${pid}/body`);
    server.setFault('/body.json', '503');
    expect((await getData(`/api/data/${pid}/body`)).headers.get('x-dm-cache')).toBe('stale');
    // Pretend the backoff ran out.
    for (const e of dataState().memory.values()) if (e.failure) e.failure.at -= 60_000;
    server.setFault('/body.json', null);
    const res = await getData(`/api/data/${pid}/body`);
    expect(res.headers.get('x-dm-cache')).toBe('miss');
    expect((await res.json()).dm.notice).toBeUndefined();
  });
});

describe('stale-while-revalidate', () => {
  test('an expired copy answers at once while a slow source is asked in the background', async () => {
    server.setBody('/slow.json', body);
    await getData(`/api/data/${pid}/slow`);
    await expireEntries(`${pid}/slow`);
    server.setBody('/slow.json', collection([point(18, 48.5, { name: 'new' })], { ttl: 600 }));
    server.setFault('/slow.json', { type: 'delay', ms: 1500 });
    const started = Date.now();
    const res = await getData(`/api/data/${pid}/slow`);
    const took = Date.now() - started;
    expect(res.headers.get('x-dm-cache')).toBe('hit');
    expect(res.headers.get('cache-control')).toMatch(/max-age=0/);
    expect((await res.json()).features).toHaveLength(2);
    expect(took).toBeLessThan(1400);
    // The refresh lands in the background; the next request gets its result.
    await new Promise((r) => setTimeout(r, 1600));
    const later = await getData(`/api/data/${pid}/slow`);
    expect(later.headers.get('x-dm-cache')).toBe('hit');
    expect((await later.json()).features).toHaveLength(1);
    expect(server.requests('/slow.json')).toBe(2);
  });
});

describe('single-flight', () => {
  test('100 concurrent identical requests make one upstream request', async () => {
    server.setBody('/many.json', body);
    server.setFault('/many.json', { type: 'delay', ms: 300 });
    const answers = await Promise.all(Array.from({ length: 100 }, () => getData(`/api/data/${pid}/many`)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const texts = new Set(await Promise.all(answers.map((r) => r.text())));
    expect(texts.size).toBe(1);
    expect(server.requests('/many.json')).toBe(1);
  });

  test('two viewports inside one tile make one upstream request for the aligned tile bbox', async () => {
    server.setBody('/tiles.json', (req: RecordedRequest) => collection([point(17.1, 48.15, { bbox: req.query.bbox })]));
    // Both lie inside the zoom-10 tile x=560 (lon 16.875..17.2266, lat 47.9899..48.2247).
    const a = await getData(`/api/data/${pid}/tiles?bbox=17.0,48.05,17.05,48.1&zoom=10`);
    const b = await getData(`/api/data/${pid}/tiles?bbox=17.1,48.1,17.2,48.2&zoom=10.6`);
    expect(a.headers.get('x-dm-cache')).toBe('miss');
    expect(b.headers.get('x-dm-cache')).toBe('hit');
    expect(server.requests('/tiles.json')).toBe(1);
    const sent = server.log('/tiles.json')[0].query;
    const [minLon, minLat, maxLon, maxLat] = sent.bbox.split(',').map(Number);
    expect(minLon).toBeCloseTo(16.875, 3);
    expect(maxLon).toBeCloseTo(17.2265625, 3);
    expect(minLat).toBeCloseTo(47.9899216, 6);
    expect(maxLat).toBeCloseTo(48.2246727, 6);
    expect(sent.zoom).toBe('10');
    expect(sent.limit).toBe('1000');
    // A viewport crossing into the next tile is another entry.
    await getData(`/api/data/${pid}/tiles?bbox=17.2,48.1,17.3,48.2&zoom=10`);
    expect(server.requests('/tiles.json')).toBe(2);
  });
});

describe('bounds', () => {
  test('pruning removes entries past their stale limit, then the oldest beyond the size bound', async () => {
    const sql = await getSql();
    const key = (n: number) => `t-prune-${pid}-${n}`;
    const now = Date.now();
    // Older than anything the other suites write, so the bound takes ours first.
    const old = Date.UTC(2000, 0, 1);
    for (let n = 0; n < 3; n++) {
      await sql`insert into data_cache (key, dataset_key, fingerprint, body, body_size, etag, created_at, expires_at, stale_until)
        values (${key(n)}, ${`${pid}/prune`}, 'f', ${Buffer.alloc(10)}, 1000000, '"e"', ${new Date(old + n * 1000).toISOString()},
          ${new Date(old + n * 1000).toISOString()}, ${new Date(n === 2 ? now - 1 : now + 86_400_000).toISOString()})`;
    }
    const [{ s: others }] = await sql<{ s: number }[]>`
      select coalesce(sum(body_size), 0)::int as s from data_cache where dataset_key <> ${`${pid}/prune`}`;
    // Room for everything else plus one of ours: n = 2 is past its stale limit, n = 0 is the oldest.
    await pruneDataCache({ maxBytes: others + 1_500_000 });
    const left = await sql<{ key: string }[]>`select key from data_cache where dataset_key = ${`${pid}/prune`} order by key`;
    expect(left.map((r) => r.key)).toEqual([key(1)]);
    await sql`delete from data_cache where dataset_key = ${`${pid}/prune`}`;
  });
});
