// 20 parallel registrations of one manifest URL: exactly one 201, the rest 200, nothing duplicated.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getSql } from '@/lib/db';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { eventsOf, postRegistration, publish, removeAttempts, removeProviders, testManifest, uniqueAddress, uniqueId } from './helpers';

let server: ProviderServer;
let restoreEnv: () => void;
const id = uniqueId('race');
const addresses = Array.from({ length: 20 }, () => uniqueAddress());

beforeAll(async () => {
  server = await startProviderServer();
  restoreEnv = allowInsecureSources(server);
});

afterAll(async () => {
  await removeProviders(id);
  await removeAttempts(...addresses);
  restoreEnv();
  await server.close();
});

test('20 parallel registrations of one URL give exactly one 201', async () => {
  const url = publish(server, testManifest(id, { datasets: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }] }));
  const results = await Promise.all(addresses.map((a) => postRegistration({ manifestUrl: url }, a)));
  const statuses = results.map((r) => r.status).sort();
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 200)).toHaveLength(19);
  for (const r of results) expect(r.body).toMatchObject({ status: 'pending_review', provider: { id } });
  expect(results.filter((r) => r.body.registered === true)).toHaveLength(1);

  const sql = await getSql();
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from providers where id = ${id} or manifest_url = ${url}`;
  expect(n).toBe(1);
  const rows = await sql<{ dataset_id: string }[]>`select dataset_id from provider_datasets where provider_id = ${id} order by 1`;
  expect(rows.map((r) => r.dataset_id)).toEqual(['a', 'b']);
  expect((await eventsOf(id)).map((e) => e.action)).toEqual(['registered']);
});
