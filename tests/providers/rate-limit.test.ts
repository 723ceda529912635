// More than 5 registration attempts a minute from one address answer 429 too_many_requests, counted
// in the database so the limit holds across restarts; X-Forwarded-For counts only from trusted proxies.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeDatabase, getDb, getSql } from '@/lib/db';
import { resetEnvForTests } from '@/lib/env';
import { pruneRegistrationAttempts } from '@/lib/providers/rate-limit';
import { invalidateRegistryCache } from '@/lib/providers/served';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { postRegistration, removeAttempts, uniqueAddress } from './helpers';

let server: ProviderServer;
let restoreEnv: () => void;
const addresses: string[] = [];

function address(): string {
  const a = uniqueAddress();
  addresses.push(a);
  return a;
}

/** An attempt that passes input validation and fails the live test quickly (404 manifest): 422. */
function attempt(from: string, headers: Record<string, string> = {}) {
  return postRegistration({ manifestUrl: `${server.url}/missing/manifest.json` }, from, headers);
}

beforeAll(async () => {
  server = await startProviderServer();
  restoreEnv = allowInsecureSources(server);
});

afterAll(async () => {
  await removeAttempts(...addresses);
  delete process.env.TRUSTED_PROXIES;
  restoreEnv();
  await server.close();
});

describe('registration attempts per client address', () => {
  test('the 6th attempt within a minute answers 429 before anything is downloaded', async () => {
    const from = address();
    for (let i = 0; i < 5; i++) expect((await attempt(from)).status).toBe(422);
    const fetched = server.requests('/missing/manifest.json');
    const sixth = await attempt(from);
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('too_many_requests');
    expect(sixth.headers.get('retry-after')).toBe('60');
    expect(server.requests('/missing/manifest.json')).toBe(fetched);
    // Another address is not affected.
    expect((await attempt(address())).status).toBe(422);
  });

  test('the count survives a restart (database handle closed and reopened, caches cleared)', async () => {
    const from = address();
    for (let i = 0; i < 3; i++) expect((await attempt(from)).status).toBe(422);
    await closeDatabase();
    invalidateRegistryCache();
    resetEnvForTests();
    for (let i = 0; i < 2; i++) expect((await attempt(from)).status).toBe(422);
    expect((await attempt(from)).status).toBe(429);
    expect(await (await getSql())`select 1 as ok`).toEqual([{ ok: 1 }]);
  });

  test('attempts older than an hour are pruned, newer ones kept', async () => {
    const from = address();
    const sql = await getSql();
    await sql`
      insert into registration_attempts (client_address, at)
      values (${from}, now() - interval '61 minutes'), (${from}, now() - interval '59 minutes')`;
    await pruneRegistrationAttempts(await getDb());
    expect(await sql`select count(*)::int as n from registration_attempts where client_address = ${from}`).toEqual([{ n: 1 }]);
  });

  test('parallel attempts cannot slip past the limit', async () => {
    const from = address();
    const results = await Promise.all(Array.from({ length: 8 }, () => attempt(from)));
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
  });

  test('X-Forwarded-For is believed only from a trusted proxy', async () => {
    const proxy = address();
    // From an untrusted peer a forged header changes nothing: all attempts count for the peer.
    for (let i = 0; i < 5; i++) await attempt(proxy, { 'x-forwarded-for': address() });
    expect((await attempt(proxy, { 'x-forwarded-for': address() })).status).toBe(429);

    const trusted = address();
    process.env.TRUSTED_PROXIES = trusted;
    resetEnvForTests();
    const clientA = address();
    const clientB = address();
    for (let i = 0; i < 5; i++) expect((await attempt(trusted, { 'x-forwarded-for': clientA })).status).toBe(422);
    expect((await attempt(trusted, { 'x-forwarded-for': clientA })).status).toBe(429);
    expect((await attempt(trusted, { 'x-forwarded-for': clientB })).status).toBe(422);
    const sql = await getSql();
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from registration_attempts where client_address = ${trusted}`;
    expect(n).toBe(0);
  });
});
