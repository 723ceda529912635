// The last good copy survives an approved manifest change that leaves the dataset's source alone: the
// cache key holds the dataset's data definition, not the manifest's fingerprint. A real provider on
// 127.0.0.1 serves the manifest and the data; the registry moves through refresh and approval.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Manifest } from '@/lib/protocol/types';
import { approveProvider } from '@/lib/providers/approval';
import { refreshProvider } from '@/lib/providers/refresh';
import { findServedDataset } from '@/lib/providers/served';
import { dataDefinitionFingerprint } from '@/lib/data/key';
import type { ProviderServer } from '../helpers/provider-server';
import { collection, expireEntries, geojsonDataset, getData, point, registerProvider, startTestProvider, uniqueId, unregisterProvider, type TestProvider } from './helpers';

let server: ProviderServer;
let restore: () => void;
let provider: TestProvider;
const id = uniqueId('zmena');

/** The manifest as the provider publishes it, with changes applied to its one dataset. */
function manifestWith(change: (m: Manifest) => void): Manifest {
  const m = structuredClone(provider.manifest);
  change(m);
  return m;
}

/** Publishes a changed manifest and takes it through the registry: refresh (pending_review), approval. */
async function publishAndApprove(m: Manifest): Promise<void> {
  server.setBody(`/${id}/manifest.json`, m);
  const r = await refreshProvider({ id });
  expect(r.outcome).toBe('changed');
  expect(r.approval).toBe('pending_review');
  expect((await approveProvider({ id })).to).toBe('approved');
}

beforeAll(async () => {
  ({ server, restore } = await startTestProvider());
  server.setBody(`/${id}-body.json`, collection([point(17.1, 48.15, { name: 'A' }), point(17.2, 48.16, { name: 'B' })], { ttl: 60 }));
  provider = await registerProvider(server, { id, datasets: [geojsonDataset(server, 'body', { source: { type: 'geojson', url: `${server.url}/${id}-body.json` } as never })] });
  server.setBody(`/${id}/manifest.json`, provider.manifest);
});

afterAll(async () => {
  await unregisterProvider(provider);
  restore();
  await server.close();
});

describe('stale after an approved manifest change', () => {
  test('a change of the title and keywords keeps the copy: fresh as a hit, then stale when the source fails', async () => {
    const first = await getData(`/api/data/${id}/body`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-dm-cache')).toBe('miss');
    const fingerprintBefore = (await findServedDataset(id, 'body'))!.fingerprint;

    await publishAndApprove(manifestWith((m) => {
      m.datasets[0].title = 'Zastávky autobusu';
      m.datasets[0].keywords = ['zastávka', 'autobus'];
      m.provider.name = 'Obec Zemplínska Teplica';
    }));
    const served = (await findServedDataset(id, 'body'))!;
    expect(served.fingerprint).not.toBe(fingerprintBefore);
    expect(served.dataset.title).toBe('Zastávky autobusu');

    // Still fresh: answered from the copy without asking the source.
    const asked = server.requests(`/${id}-body.json`);
    const hit = await getData(`/api/data/${id}/body`);
    expect(hit.headers.get('x-dm-cache')).toBe('hit');
    expect(server.requests(`/${id}-body.json`)).toBe(asked);

    // Expired and the source down: the last good copy answers as stale.
    await expireEntries(`${id}/body`);
    server.setFault(`/${id}-body.json`, '503');
    const stale = await getData(`/api/data/${id}/body`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-dm-cache')).toBe('stale');
    const body = (await stale.json()) as { features: unknown[]; dm: { notice: string } };
    expect(body.features).toHaveLength(2);
    expect(body.dm.notice).toMatch(/Zdroj je nedostupný/);
    server.setFault(`/${id}-body.json`, null);
  });

  test('a changed source is a new dataset definition: no copy of the old source is served for it', async () => {
    server.setBody(`/${id}-body-v2.json`, collection([point(17.3, 48.2, { name: 'C' })], { ttl: 60 }));
    const before = (await findServedDataset(id, 'body'))!.dataset;
    await publishAndApprove(manifestWith((m) => {
      m.datasets[0].source = { type: 'geojson', url: `${server.url}/${id}-body-v2.json` };
    }));
    const after = (await findServedDataset(id, 'body'))!.dataset;
    expect(dataDefinitionFingerprint(after)).not.toBe(dataDefinitionFingerprint(before));
    server.setFault(`/${id}-body-v2.json`, '503');
    const res = await getData(`/api/data/${id}/body`);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { code: string }).code).toBe('http_error');
    server.setFault(`/${id}-body-v2.json`, null);
    const ok = await getData(`/api/data/${id}/body`);
    expect(ok.headers.get('x-dm-cache')).toBe('miss');
    expect(((await ok.json()) as { features: unknown[] }).features).toHaveLength(1);
  });

  test('what the definition holds: source, parameters, zoom range, colour rule; not the words around them', () => {
    const ds = structuredClone(provider.manifest.datasets[0]);
    const base = dataDefinitionFingerprint(ds);
    expect(dataDefinitionFingerprint({ ...ds, title: 'Iný názov', description: 'Iný opis', keywords: ['x'], license: { name: 'CC0', attribution: 'x' } })).toBe(base);
    expect(dataDefinitionFingerprint({ ...ds, coverage: { ...ds.coverage, area: 'Obec' } })).toBe(base);
    expect(dataDefinitionFingerprint({ ...ds, source: { type: 'geojson', url: ds.source.type === 'geojson' ? ds.source.url : '', maxFeatures: 10 } })).not.toBe(base);
    expect(dataDefinitionFingerprint({ ...ds, coverage: { minZoom: 12 } })).not.toBe(base);
    expect(dataDefinitionFingerprint({ ...ds, presentation: { type: 'circle', color: { type: 'trend', threshold: 10 } } as never })).not.toBe(base);
  });
});
