// Approval bound to the manifest fingerprint: approve, changed manifest after approval (the approved
// one stays served), failed refreshes keep the last good manifest, reject / unreject, audit rows.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getSql } from '@/lib/db';
import { flushSourceRecords, resetHealthSummary } from '@/lib/health';
import { approveProvider, rejectProvider, unrejectProvider } from '@/lib/providers/approval';
import { getCatalog } from '@/lib/providers/catalog';
import { listPendingProviders } from '@/lib/providers/pending';
import { refreshProvider } from '@/lib/providers/refresh';
import { findServedDataset, listApprovedDatasets } from '@/lib/providers/served';
import { isRegistryError } from '@/lib/providers/write';
import { allowInsecureSources, pointCollection, startProviderServer, type ProviderServer } from '../helpers/provider-server';
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

async function register(id: string): Promise<string> {
  created.push(id);
  const url = publish(server, testManifest(id, { title: 'Prvá verzia' }));
  const a = uniqueAddress();
  addresses.push(a);
  const r = await postRegistration({ manifestUrl: url }, a);
  expect(r.status).toBe(201);
  return url;
}

async function catalogTitles(id: string): Promise<string[]> {
  return (await getCatalog()).datasets.filter((d) => d.providerId === id).map((d) => d.title);
}

async function datasetRows(id: string): Promise<Array<{ dataset_id: string; approved: boolean; title: string }>> {
  const sql = await getSql();
  return sql`select dataset_id, approved, title from provider_datasets where provider_id = ${id} order by dataset_id`;
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

describe('approval and a changed manifest', () => {
  test('approved -> changed content -> pending_review while the approved manifest is served -> approved again', async () => {
    const id = uniqueId('life');
    await register(id);
    expect(await catalogTitles(id)).toEqual([]);
    expect((await listPendingProviders()).map((p) => p.id)).toContain(id);

    const approved = await approveProvider({ id });
    expect(approved).toMatchObject({ from: 'pending_review', to: 'approved', changed: true });
    expect(await catalogTitles(id)).toEqual(['Prvá verzia']);
    const catalogProvider = (await getCatalog()).providers.find((p) => p.id === id);
    expect(catalogProvider).toEqual({
      id,
      name: `Testovací poskytovateľ ${id}`,
      status: 'ok',
      datasetCount: 1,
      managedBy: 'provider',
      health: expect.objectContaining({ status: 'ok' }),
    });
    expect(await datasetRows(id)).toEqual([{ dataset_id: 'body', approved: true, title: 'Prvá verzia' }]);
    const firstFingerprint = (await providerRow(id))!.fingerprint;

    // Approving again changes nothing and writes no audit row.
    expect((await approveProvider({ id })).changed).toBe(false);

    // The provider changes its manifest: a new title and a new dataset.
    const changed = testManifest(id, { datasets: [{ id: 'body', title: 'Druhá verzia' }, { id: 'nove', title: 'Nový dataset' }] });
    publish(server, changed);
    const refreshed = await refreshProvider({ id });
    expect(refreshed).toMatchObject({ outcome: 'changed', approval: 'pending_review', status: 'ok' });
    const row = (await providerRow(id))!;
    expect(row.approval).toBe('pending_review');
    expect(row.fingerprint).not.toBe(firstFingerprint);
    expect(row.approved_fingerprint).toBe(firstFingerprint);

    // Meanwhile the approved manifest is what the catalog and the data proxy use...
    expect(await catalogTitles(id)).toEqual(['Prvá verzia']);
    const body = await findServedDataset(id, 'body');
    expect(body).toMatchObject({ dataset: { title: 'Prvá verzia' }, fingerprint: firstFingerprint, provider: { approval: 'approved' } });
    // ...and the new dataset is served as unapproved, outside the catalog.
    expect((await findServedDataset(id, 'nove'))?.provider.approval).toBe('pending_review');
    expect((await listApprovedDatasets()).map((d) => d.key)).not.toContain(`${id}/nove`);
    expect(await datasetRows(id)).toEqual([
      { dataset_id: 'body', approved: true, title: 'Prvá verzia' },
      { dataset_id: 'nove', approved: false, title: 'Nový dataset' },
    ]);
    const pending = (await listPendingProviders()).find((p) => p.id === id);
    expect(pending).toMatchObject({ previouslyApproved: true, datasets: [{ id: 'body' }, { id: 'nove' }] });

    // Registration of the same URL reports the current state.
    const a = uniqueAddress();
    addresses.push(a);
    const again = await postRegistration({ manifestUrl: `${server.url}/${id}/manifest.json` }, a);
    expect(again).toMatchObject({ status: 200, body: { status: 'pending_review', registered: false } });
    expect(again.body.links.datasets).toEqual([`/mapa/${id}/body`, `/mapa/${id}/nove`]);

    // An approval of content that changed since the review is refused.
    await expect(approveProvider({ id, fingerprint: firstFingerprint.slice(0, 12) })).rejects.toMatchObject({
      code: 'fingerprint_mismatch',
    });
    await approveProvider({ id, fingerprint: row.fingerprint.slice(0, 12) });
    expect(await catalogTitles(id)).toEqual(['Druhá verzia', 'Nový dataset']);

    expect(await eventsOf(id)).toEqual([
      expect.objectContaining({ action: 'registered', from: null, to: 'pending_review', actor: 'registration' }),
      expect.objectContaining({ action: 'approved', from: 'pending_review', to: 'approved', actor: 'operator', fingerprint: firstFingerprint }),
      expect.objectContaining({ action: 'manifest_changed', from: 'approved', to: 'pending_review', actor: 'refresh', fingerprint: row.fingerprint }),
      expect.objectContaining({ action: 'approved', from: 'pending_review', to: 'approved', actor: 'operator', fingerprint: row.fingerprint }),
    ]);
  });

  test('content returning to the approved fingerprint is approved again; an unchanged download writes nothing', async () => {
    const id = uniqueId('life');
    await register(id);
    await approveProvider({ id });
    const original = testManifest(id, { title: 'Prvá verzia' });
    publish(server, testManifest(id, { title: 'Omyl' }));
    expect((await refreshProvider({ id })).approval).toBe('pending_review');
    publish(server, original);
    const back = await refreshProvider({ id });
    expect(back).toMatchObject({ outcome: 'changed', approval: 'approved' });
    const events = (await eventsOf(id)).length;
    expect((await refreshProvider({ id })).outcome).toBe('unchanged');
    expect((await eventsOf(id)).length).toBe(events);
  });
});

describe('failed refreshes keep the last good manifest', () => {
  const cases = [
    // The catalog's status is the provider's health: a download that failed, as its only recent request, is `unavailable`.
    { name: 'source unreachable (HTTP 500)', status: 'source_unreachable', catalog: 'unavailable', break: (s: ProviderServer, id: string) => s.setFault(`/${id}/manifest.json`, '500') },
    { name: 'not JSON', status: 'invalid_manifest', catalog: 'invalid_manifest', break: (s: ProviderServer, id: string) => s.setFault(`/${id}/manifest.json`, 'invalid-json') },
    {
      name: 'schema violation',
      status: 'invalid_manifest',
      catalog: 'invalid_manifest',
      break: (s: ProviderServer, id: string) => s.setBody(`/${id}/manifest.json`, { ...testManifest(id), datasets: [] }),
    },
    {
      name: 'another provider id',
      status: 'id_mismatch',
      catalog: 'id_mismatch',
      break: (s: ProviderServer, id: string) => s.setBody(`/${id}/manifest.json`, testManifest(`${id}-x`)),
    },
  ] as const;
  for (const c of cases) {
    test(c.name, async () => {
      const id = uniqueId('fail');
      await register(id);
      await approveProvider({ id });
      const good = (await providerRow(id))!;
      c.break(server, id);
      const r = await refreshProvider({ id });
      expect(r).toMatchObject({ outcome: 'failed', status: c.status, approval: 'approved', fingerprint: good.fingerprint });
      const row = (await providerRow(id))!;
      expect(row).toMatchObject({ status: c.status, approval: 'approved', fingerprint: good.fingerprint });
      expect(row.manifest).toEqual(good.manifest);
      expect(row.status_message).toEqual(expect.any(String));
      await flushSourceRecords();
      resetHealthSummary();
      const listed = (await getCatalog()).providers.find((p) => p.id === id)!;
      expect(listed.status).toBe(c.catalog);
      expect(listed.health).toMatchObject({ status: c.catalog, lastError: { code: expect.any(String) }, lastSuccess: null });
      expect(await catalogTitles(id)).toEqual(['Prvá verzia']);

      // Fixed at the source: back to ok, with an audit row for the recovery.
      server.setFault(`/${id}/manifest.json`, null);
      publish(server, testManifest(id, { title: 'Prvá verzia' }));
      expect(await refreshProvider({ id })).toMatchObject({ outcome: 'unchanged', status: 'ok' });
      expect((await eventsOf(id)).map((e) => e.action)).toEqual(['registered', 'approved', 'refresh_failed', 'refreshed']);
    });
  }
});

describe('reject and unreject', () => {
  test('any state -> rejected -> pending_review; nothing is served while rejected', async () => {
    const id = uniqueId('rej');
    const url = await register(id);
    await approveProvider({ id });
    const rejected = await rejectProvider({ id, reason: 'nevhodný obsah' });
    expect(rejected).toMatchObject({ from: 'approved', to: 'rejected', changed: true });
    expect(await findServedDataset(id, 'body')).toBeNull();
    expect(await catalogTitles(id)).toEqual([]);
    expect(await datasetRows(id)).toEqual([]);
    expect((await providerRow(id))!).toMatchObject({ approval: 'rejected', approved_fingerprint: null, rejected_reason: 'nevhodný obsah' });

    await expect(approveProvider({ id })).rejects.toSatisfy(isRegistryError);
    await expect(unrejectProvider({ id: uniqueId('nobody') })).rejects.toMatchObject({ code: 'unknown_provider' });

    const back = await unrejectProvider({ id });
    expect(back).toMatchObject({ from: 'rejected', to: 'pending_review' });
    // The old approval stays void: nothing in the catalog until approved anew.
    expect(await catalogTitles(id)).toEqual([]);
    expect((await findServedDataset(id, 'body'))?.provider.approval).toBe('pending_review');
    const a = uniqueAddress();
    addresses.push(a);
    expect((await postRegistration({ manifestUrl: url }, a)).body.status).toBe('pending_review');
    await expect(unrejectProvider({ id })).rejects.toMatchObject({ code: 'invalid_transition' });

    // A pending provider can be rejected too.
    expect((await rejectProvider({ id })).from).toBe('pending_review');
    expect((await eventsOf(id)).map((e) => `${e.action}:${e.from}->${e.to}`)).toEqual([
      'registered:null->pending_review',
      'approved:pending_review->approved',
      'rejected:approved->rejected',
      'unrejected:rejected->pending_review',
      'rejected:pending_review->rejected',
    ]);
  });

  test('a served pending dataset answers with its data source resolved', async () => {
    const id = uniqueId('data');
    await register(id);
    server.setBody(`/${id}/data/${id}-body.json`, pointCollection(5));
    const s = await findServedDataset(id, 'body');
    expect(s).toMatchObject({
      key: `${id}/body`,
      displayOnly: false,
      attribution: `© ${id}`,
      license: { name: 'CC BY 4.0' },
      manifestUrl: `${server.url}/${id}/manifest.json`,
    });
    expect(s!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });
});
