// POST /api/registration: every status code of the spec's table, against a real provider on 127.0.0.1.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseHandle, getSql, setDatabase, type DatabaseHandle } from '@/lib/db';
import { approveProvider, rejectProvider } from '@/lib/providers/approval';
import { getCatalog } from '@/lib/providers/catalog';
import { registrationLimits } from '@/lib/providers/registration';
import { findServedDataset } from '@/lib/providers/served';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import {
  eventsOf,
  postRegistration,
  providerRow,
  publish,
  removeAttempts,
  removeProviders,
  testManifest,
  uniqueAddress,
  uniqueId,
} from './helpers';

let server: ProviderServer;
let restoreEnv: () => void;
const created: string[] = [];
const addresses: string[] = [];

function address(): string {
  const a = uniqueAddress();
  addresses.push(a);
  return a;
}

function newId(prefix = 'reg'): string {
  const id = uniqueId(prefix);
  created.push(id);
  return id;
}

beforeAll(async () => {
  server = await startProviderServer();
  restoreEnv = allowInsecureSources(server);
});

afterAll(async () => {
  await removeProviders(...created);
  await removeAttempts(...addresses);
  restoreEnv();
  await server.close();
});

describe('400: invalid input and invalid URLs', () => {
  const cases: Array<{ name: string; body: unknown; code: string }> = [
    { name: 'empty body', body: '', code: 'invalid_input' },
    { name: 'not JSON', body: '{manifestUrl:', code: 'invalid_input' },
    { name: 'an array', body: [], code: 'invalid_input' },
    { name: 'manifestUrl missing', body: {}, code: 'invalid_input' },
    { name: 'manifestUrl blank', body: { manifestUrl: '  ' }, code: 'invalid_input' },
    { name: 'manifestUrl a number', body: { manifestUrl: 42 }, code: 'invalid_input' },
    { name: 'not a URL', body: { manifestUrl: 'manifest.json' }, code: 'invalid_url' },
    { name: 'ftp scheme', body: { manifestUrl: 'ftp://example.org/manifest.json' }, code: 'invalid_url' },
    { name: 'credentials', body: { manifestUrl: 'https://user:pw@example.org/m.json' }, code: 'invalid_url' },
    { name: 'too long', body: { manifestUrl: `https://example.org/${'a'.repeat(2100)}` }, code: 'invalid_url' },
  ];
  for (const { name, body, code } of cases) {
    test(name, async () => {
      const r = await postRegistration(body, address());
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code });
      expect(typeof r.body.error).toBe('string');
    });
  }
});

describe('the state table', () => {
  test('201 pending_review for a new provider, then 200 with the current status', async () => {
    const id = newId();
    const url = publish(server, testManifest(id));
    const first = await postRegistration({ manifestUrl: url }, address());
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      registered: true,
      status: 'pending_review',
      message: expect.any(String),
      provider: { id, name: `Testovací poskytovateľ ${id}` },
      links: { review: `/neschvalene-data#${id}`, datasets: [`/mapa/${id}/body`] },
      check: { summary: expect.any(String), warnings: expect.any(Array) },
    });
    expect(first.headers.get('access-control-allow-origin')).toBe('*');

    const row = await providerRow(id);
    expect(row).toMatchObject({ approval: 'pending_review', managed_by: 'provider', manifest_url: url, status: 'ok', built_in: false });
    expect(row!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.approved_fingerprint).toBeNull();
    expect(await eventsOf(id)).toEqual([
      { action: 'registered', from: null, to: 'pending_review', actor: 'registration', fingerprint: row!.fingerprint },
    ]);

    // Pending data is served (with a warning on its pages) but kept out of the catalog.
    const served = await findServedDataset(id, 'body');
    expect(served?.provider.approval).toBe('pending_review');
    expect(served?.dataset.source).toMatchObject({ type: 'geojson', url: `${server.url}/${id}/data/${id}-body.json` });
    expect((await getCatalog()).providers.map((p) => p.id)).not.toContain(id);

    const again = await postRegistration({ manifestUrl: url }, address());
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ registered: false, status: 'pending_review', provider: { id } });
    expect(again.body.links.review).toBe(`/neschvalene-data#${id}`);

    await approveProvider({ id });
    const approved = await postRegistration({ manifestUrl: url }, address());
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ registered: false, status: 'approved', provider: { id } });
    expect((await eventsOf(id)).map((e) => e.action)).toEqual(['registered', 'approved']);
  });

  test('200 with changed: a manifest changed after approval awaits approval again; the approved one stays served', async () => {
    const id = newId('chg');
    const url = publish(server, testManifest(id, { title: 'Pôvodné body' }));
    expect((await postRegistration({ manifestUrl: url }, address())).status).toBe(201);
    await approveProvider({ id });
    const approvedFingerprint = (await providerRow(id))!.fingerprint;

    // The same URL now serves other bytes: a new title and a new dataset.
    publish(server, testManifest(id, { datasets: [{ id: 'body', title: 'Zmenené body' }, { id: 'nove', title: 'Nové body' }] }));
    const again = await postRegistration({ manifestUrl: url }, address());
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ registered: false, status: 'pending_review', changed: true, provider: { id } });
    expect(again.body.message).toMatch(/čaká na schválenie/);
    expect(again.body.links.datasets).toEqual(expect.arrayContaining([`/mapa/${id}/body`, `/mapa/${id}/nove`]));

    const row = await providerRow(id);
    expect(row).toMatchObject({ approval: 'pending_review', approved_fingerprint: approvedFingerprint });
    expect(row!.fingerprint).not.toBe(approvedFingerprint);
    expect((await eventsOf(id)).map((e) => `${e.action}:${e.actor}`)).toEqual(['registered:registration', 'approved:operator', 'manifest_changed:registration']);
    // The approved content is what the catalog and the data proxy serve; the new dataset is not in the catalog.
    expect((await findServedDataset(id, 'body'))?.dataset.title).toBe('Pôvodné body');
    expect((await findServedDataset(id, 'body'))?.provider.approval).toBe('approved');
    const catalog = await getCatalog();
    expect(catalog.datasets.filter((d) => d.providerId === id).map((d) => d.title)).toEqual(['Pôvodné body']);

    // Registering the same bytes again changes nothing more.
    const third = await postRegistration({ manifestUrl: url }, address());
    expect(third.body).toMatchObject({ status: 'pending_review' });
    expect(third.body.changed).toBeUndefined();
    expect((await eventsOf(id)).length).toBe(3);
  });

  test('409 id_taken: the same provider id from another URL', async () => {
    const id = newId();
    publish(server, testManifest(id));
    expect((await postRegistration({ manifestUrl: `${server.url}/${id}/manifest.json` }, address())).status).toBe(201);
    const otherUrl = publish(server, testManifest(id), `/${id}/copy/manifest.json`);
    const r = await postRegistration({ manifestUrl: otherUrl }, address());
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('id_taken');
  });

  test('409 url_registered: the registered URL now declares another id', async () => {
    const id = newId();
    const url = publish(server, testManifest(id));
    expect((await postRegistration({ manifestUrl: url }, address())).status).toBe(201);
    const other = newId();
    server.setBody(`/${id}/manifest.json`, testManifest(other));
    server.setBody(`/${id}/data/${other}-body.json`, { type: 'FeatureCollection', features: [] });
    const r = await postRegistration({ manifestUrl: url }, address());
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('url_registered');
    expect(await providerRow(other)).toBeUndefined();
  });

  test('422 manifest_rejected with the whole live report in check', async () => {
    const id = newId();
    const bad = { ...testManifest(id), protocol: 'one' };
    const url = publish(server, bad as never);
    const r = await postRegistration({ manifestUrl: url }, address());
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('manifest_rejected');
    expect(r.body.check).toMatchObject({ valid: false, manifestUrl: url, summary: expect.any(String) });
    expect(r.body.check.errors.length).toBeGreaterThan(0);
    expect(Array.isArray(r.body.check.datasets)).toBe(true);
    expect(await providerRow(id)).toBeUndefined();
  });

  test('422 when a dataset fails its test query, and when the manifest is unreachable', async () => {
    const id = newId();
    const url = publish(server, testManifest(id));
    server.setFault(`/${id}/data/${id}-body.json`, '500');
    const failing = await postRegistration({ manifestUrl: url }, address());
    expect(failing.status).toBe(422);
    expect(failing.body.check.datasets[0].errors[0].code).toBe('http_error');

    const missing = await postRegistration({ manifestUrl: `${server.url}/${newId()}/nothing.json` }, address());
    expect(missing.status).toBe(422);
    expect(missing.body.check.valid).toBe(false);
  });

  test('403 rejected: registration after rejection, by URL and by id', async () => {
    const id = newId();
    const url = publish(server, testManifest(id));
    expect((await postRegistration({ manifestUrl: url }, address())).status).toBe(201);
    await rejectProvider({ id, reason: 'spam' });
    const before = server.requests(`/${id}/manifest.json`);
    const byUrl = await postRegistration({ manifestUrl: url }, address());
    expect(byUrl.status).toBe(403);
    expect(byUrl.body.code).toBe('rejected');
    expect(byUrl.body.error).toContain('spam');
    // Refused before anything is downloaded.
    expect(server.requests(`/${id}/manifest.json`)).toBe(before);

    const otherUrl = publish(server, testManifest(id), `/${id}/moved/manifest.json`);
    const byId = await postRegistration({ manifestUrl: otherUrl }, address());
    expect(byId.status).toBe(403);
    expect(byId.body.code).toBe('rejected');
  });

  test('429 queue_full when too many providers await approval', async () => {
    const saved = registrationLimits.maxPending;
    registrationLimits.maxPending = 0;
    try {
      const id = newId();
      const r = await postRegistration({ manifestUrl: publish(server, testManifest(id)) }, address());
      expect(r.status).toBe(429);
      expect(r.body.code).toBe('queue_full');
      expect(await providerRow(id)).toBeUndefined();
    } finally {
      registrationLimits.maxPending = saved;
    }
  });

  test('503 registration_unavailable when the registry cannot be written', async () => {
    const real = databaseHandle();
    const broken = postgres({ host: '127.0.0.1', port: 1, connect_timeout: 2, max: 1, onnotice: () => undefined });
    const handle = { sql: broken, db: null, mode: 'postgres', describe: 'unreachable', close: () => broken.end() };
    setDatabase(Promise.resolve(handle as unknown as DatabaseHandle));
    try {
      const id = newId();
      const r = await postRegistration({ manifestUrl: publish(server, testManifest(id)) }, address());
      expect(r.status).toBe(503);
      expect(r.body.code).toBe('registration_unavailable');
    } finally {
      setDatabase(real);
      await broken.end({ timeout: 1 });
    }
    // The real registry is untouched and usable again.
    expect(await (await getSql())`select 1 as one`).toEqual([{ one: 1 }]);
  });
});
