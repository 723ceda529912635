// Shared by the data-proxy suites: a fake provider on 127.0.0.1 registered in the registry tables,
// and a way to call the /api/data route handler as Next does.
import { randomBytes } from 'node:crypto';
import { GET } from '@/app/api/data/[provider]/[dataset]/route';
import { getDb, getSql, type Db } from '@/lib/db';
import { clearMemoryCache, dataState, deleteCacheEntries } from '@/lib/data';
import type { Manifest, ManifestDataset } from '@/lib/protocol/types';
import { bumpRegistryVersion, deleteProvider, fingerprintOf, insertProvider, replaceProviderDatasets } from '@/lib/providers/queries';
import { invalidateRegistryCache } from '@/lib/providers/served';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';

export interface TestProvider {
  id: string;
  manifest: Manifest;
  approval: 'approved' | 'pending_review' | 'rejected';
}

export function uniqueId(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export function geojsonDataset(server: ProviderServer, id: string, extra: Partial<ManifestDataset> = {}): ManifestDataset {
  const { source, ...rest } = extra;
  return {
    id,
    title: `Test ${id}`,
    category: 'sample',
    source: { type: 'geojson', url: `${server.url}/${id}.json`, ...(source as object) } as ManifestDataset['source'],
    presentation: { type: 'circle', color: '#336699' },
    ...rest,
  };
}

/** The rows the registry keeps for a provider, written with the registry's own queries. */
export async function insertProviderRows(
  db: Db,
  p: { id: string; managedBy: 'provider' | 'portal'; manifestUrl: string; manifest: Manifest; fingerprint: string; approval: 'approved' | 'pending_review' | 'rejected' },
): Promise<void> {
  const inserted = await insertProvider(db, {
    id: p.id,
    name: p.manifest.provider.name,
    managedBy: p.managedBy,
    manifestUrl: p.manifestUrl,
    manifest: p.manifest,
    fingerprint: p.fingerprint,
    approval: p.approval,
    builtIn: false,
  });
  if (!inserted) throw new Error(`provider ${p.id} exists`);
  const approved = p.approval === 'approved';
  await replaceProviderDatasets(db, {
    id: p.id,
    approval: p.approval,
    manifest: p.manifest,
    approvedManifest: approved ? p.manifest : null,
    approvedFingerprint: approved ? p.fingerprint : null,
  });
}

/** Inserts a provider the way the registry stores one, and makes every process reload the registry. */
export async function registerProvider(
  server: ProviderServer,
  p: { id: string; datasets: ManifestDataset[]; approval?: 'approved' | 'pending_review' | 'rejected'; managedBy?: 'provider' | 'portal' },
): Promise<TestProvider> {
  const managedBy = p.managedBy ?? 'provider';
  const manifest: Manifest = {
    protocol: '0.1',
    provider: { id: p.id, name: `Testovací poskytovateľ ${p.id}`, managedBy },
    license: { name: 'CC BY 4.0', attribution: '© Test' },
    datasets: p.datasets,
  };
  const approval = p.approval ?? 'approved';
  const fingerprint = fingerprintOf(JSON.stringify(manifest));
  const db = await getDb();
  await insertProviderRows(db, { id: p.id, managedBy, manifestUrl: `${server.url}/${p.id}/manifest.json`, manifest, fingerprint, approval });
  await bumpRegistryVersion(db);
  invalidateRegistryCache();
  return { id: p.id, manifest, approval };
}

export async function unregisterProvider(provider: TestProvider): Promise<void> {
  const db = await getDb();
  for (const d of provider.manifest.datasets) await deleteCacheEntries({ datasetKey: `${provider.id}/${d.id}` });
  await deleteProvider(db, { id: provider.id });
  await bumpRegistryVersion(db);
  invalidateRegistryCache();
}

/** Marks a dataset's entries (memory and Postgres) as expired, as if their ttl had passed. */
export async function expireEntries(datasetKey: string): Promise<void> {
  const sql = await getSql();
  const past = new Date(Date.now() - 1000);
  // Timestamps travel as ISO text: the Drizzle-wrapped client passes Date parameters through unserialised.
  await sql`update data_cache set expires_at = ${past.toISOString()} where dataset_key = ${datasetKey}`;
  for (const entry of dataState().memory.values()) if (entry.datasetKey === datasetKey) entry.expiresAt = past.getTime();
}

/** Forgets every cached answer of the provider (memory and Postgres). */
export async function forgetEntries(provider: TestProvider): Promise<void> {
  clearMemoryCache();
  for (const d of provider.manifest.datasets) await deleteCacheEntries({ datasetKey: `${provider.id}/${d.id}` });
}

/** Calls the route handler exactly as Next.js does. */
export async function getData(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const m = /^\/api\/data\/([^/?]+)\/([^/?]+)/.exec(path);
  if (!m) throw new Error(`not a data path: ${path}`);
  return GET(new Request(`http://localhost${path}`, { headers }), {
    params: Promise.resolve({ provider: decodeURIComponent(m[1]), dataset: decodeURIComponent(m[2]) }),
  });
}

export async function startTestProvider(): Promise<{ server: ProviderServer; restore: () => void }> {
  const server = await startProviderServer();
  const restore = allowInsecureSources(server);
  return { server, restore };
}

export function point(lon: number, lat: number, properties: Record<string, unknown> = {}, dm?: Record<string, unknown>) {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties, ...(dm ? { dm } : {}) };
}

export function collection(features: unknown[], dm?: Record<string, unknown>) {
  return { type: 'FeatureCollection', features, ...(dm ? { dm } : {}) };
}
