// One source request per cache key across instances (lib/db/lease.ts): another instance is played
// by a lease row with a foreign holder, which then writes its entry or its failure the way an
// instance does. The route must wait and use that result instead of asking the source itself.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { clearMemoryCache } from '@/lib/data';
import { claimFetch, LEASE_KEEP_MINUTES, pruneFetchLeases } from '@/lib/db/lease';
import { prepareDataRequest } from '@/lib/data/proxy';
import { parseDataQuery } from '@/lib/data/query';
import { readCacheEntry, writeCacheEntry } from '@/lib/data/store';
import { getSql } from '@/lib/db';
import { findServedDataset } from '@/lib/providers/served';
import type { ProviderServer } from '../helpers/provider-server';
import { collection, forgetEntries, geojsonDataset, getData, point, registerProvider, startTestProvider, uniqueId, unregisterProvider, type TestProvider } from '../data/helpers';

let server: ProviderServer;
let restore: () => void;
let provider: TestProvider;
const pid = uniqueId('t-lease');
const body = collection([point(17.1, 48.15, { name: 'A' })], { ttl: 600 });

async function keyOf(dataset: string): Promise<string> {
  const served = await findServedDataset(pid, dataset);
  return prepareDataRequest(served!, parseDataQuery({})).key;
}

/** A lease held by "another instance". */
async function foreignLease(key: string, expiresInSeconds: number): Promise<string> {
  const sql = await getSql();
  const holder = `other-instance:${Math.random().toString(36).slice(2)}`;
  await sql`
    insert into data_fetches (key, holder, started_at, expires_at)
    values (${key}, ${holder}, clock_timestamp(), clock_timestamp() + make_interval(secs => ${expiresInSeconds}))
    on conflict (key) do update set holder = excluded.holder, started_at = excluded.started_at,
      expires_at = excluded.expires_at, outcome = null, message = null`;
  return holder;
}

async function finishForeign(key: string, holder: string, outcome: string, message: string | null = null): Promise<void> {
  const sql = await getSql();
  await sql`update data_fetches set outcome = ${outcome}, message = ${message}, expires_at = clock_timestamp() where key = ${key} and holder = ${holder}`;
}

beforeAll(async () => {
  ({ server, restore } = await startTestProvider());
  provider = await registerProvider(server, { id: pid, datasets: [geojsonDataset(server, 'body'), geojsonDataset(server, 'other')] });
});

afterAll(async () => {
  const sql = await getSql();
  for (const d of ['body', 'other']) await sql`delete from data_fetches where key = ${await keyOf(d)}`;
  await unregisterProvider(provider);
  await server.close();
  restore();
});

beforeEach(async () => {
  server.reset();
  await forgetEntries(provider);
  server.setBody('/body.json', body);
  server.setBody('/other.json', body);
});

describe('the lease', () => {
  test('one claim holds it; the next claim names the holder; a finished lease is claimable again', async () => {
    const key = await keyOf('other');
    const first = await claimFetch(key);
    expect(first.held).toBe(true);
    const second = await claimFetch(key);
    expect(second).toEqual({ held: false, holder: first.held ? first.lease.holder : '' });
    if (first.held) await first.lease.finish('ok');
    const third = await claimFetch(key);
    expect(third.held).toBe(true);
    if (third.held) await third.lease.finish('timeout', 'no answer');
  });

  test('pruning deletes leases ended more than LEASE_KEEP_MINUTES ago, nothing newer', async () => {
    const sql = await getSql();
    const old = `t-lease-old-${pid}`;
    const recent = `t-lease-recent-${pid}`;
    await sql`
      insert into data_fetches (key, holder, started_at, expires_at, outcome)
      values (${old}, 'x', now() - interval '1 hour', now() - make_interval(mins => ${LEASE_KEEP_MINUTES + 1}), 'ok'),
             (${recent}, 'x', now(), now() - make_interval(mins => ${LEASE_KEEP_MINUTES - 1}), 'ok')`;
    expect(await pruneFetchLeases()).toBeGreaterThanOrEqual(1);
    const left = await sql`select key from data_fetches where key in (${old}, ${recent})`;
    expect(left.map((r) => r.key)).toEqual([recent]);
    await sql`delete from data_fetches where key = ${recent}`;
  });
});

describe('a miss while another instance fetches the key', () => {
  test('waits for its entry and serves it without asking the source', async () => {
    // The entry "the other instance" will write: fetched once here, then forgotten.
    expect((await getData(`/api/data/${pid}/body`)).status).toBe(200);
    const key = await keyOf('body');
    const entry = (await readCacheEntry({ key }))!;
    await forgetEntries(provider);
    const upstream = server.requests('/body.json');

    const holder = await foreignLease(key, 10);
    const answer = getData(`/api/data/${pid}/body`);
    await new Promise((r) => setTimeout(r, 400));
    await writeCacheEntry({ ...entry, createdAt: Date.now(), expiresAt: Date.now() + 600_000, staleUntil: Date.now() + 3600_000 });
    await finishForeign(key, holder, 'ok');
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.headers.get('x-dm-cache')).toBe('miss');
    expect(await res.text()).toBe(entry.body.toString('utf8'));
    expect(server.requests('/body.json')).toBe(upstream);
  });

  test('answers with the failure the other instance met, without asking the source', async () => {
    const key = await keyOf('body');
    const holder = await foreignLease(key, 10);
    const answer = getData(`/api/data/${pid}/body`);
    await new Promise((r) => setTimeout(r, 300));
    await finishForeign(key, holder, 'timeout', 'Data source failed: no answer within 10 s.');
    const res = await answer;
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'Data source failed: no answer within 10 s.', code: 'timeout', retryable: true });
    expect(server.requests('/body.json')).toBe(0);
  });

  test('takes the key over when the other instance stops extending its lease (crashed)', async () => {
    const key = await keyOf('body');
    await foreignLease(key, 1);
    const started = Date.now();
    const res = await getData(`/api/data/${pid}/body`);
    expect(res.status).toBe(200);
    expect(server.requests('/body.json')).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  test('a finished lease does not hold anybody back', async () => {
    const key = await keyOf('body');
    const holder = await foreignLease(key, 60);
    await finishForeign(key, holder, 'ok');
    clearMemoryCache();
    const res = await getData(`/api/data/${pid}/body`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-dm-cache')).toBe('miss');
    expect(server.requests('/body.json')).toBe(1);
  });
});
