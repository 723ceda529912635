// Shared by the nearby and summary suites: providers inserted into the registry the way the registry
// stores them (approved, or awaiting review), routes called as Next.js calls them, and an
// independent haversine to check distances against.
import { randomBytes } from 'node:crypto';
import { GET as nearbyGET } from '@/app/api/nearby/route';
import { GET as summaryGET } from '@/app/api/summary/[provider]/[dataset]/route';
import { getDb } from '@/lib/db';
import { clearMemoryCache, deleteCacheEntries } from '@/lib/data';
import type { Manifest, ManifestDataset } from '@/lib/protocol/types';
import { bumpRegistryVersion, deleteProvider, fingerprintOf, insertProvider, replaceProviderDatasets } from '@/lib/providers/queries';
import { invalidateRegistryCache } from '@/lib/providers/served';

export function uniqueId(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export interface TestProvider {
  id: string;
  manifest: Manifest;
}

/** Inserts a provider with its datasets (approved unless said otherwise) and drops every registry copy. */
export async function addProvider(p: {
  id: string;
  datasets: ManifestDataset[];
  approval?: 'approved' | 'pending_review';
  managedBy?: 'provider' | 'portal';
  name?: string;
  baseUrl?: string;
  /** The manifest's provider.homepage (the authority's own site). */
  homepage?: string;
}): Promise<TestProvider> {
  const managedBy = p.managedBy ?? 'provider';
  const manifest: Manifest = {
    protocol: '0.1',
    provider: { id: p.id, name: p.name ?? `Poskytovateľ ${p.id}`, managedBy, ...(p.homepage ? { homepage: p.homepage } : {}) },
    license: { name: 'CC BY 4.0', attribution: `© ${p.id}` },
    datasets: p.datasets,
  };
  const approval = p.approval ?? 'approved';
  const fingerprint = fingerprintOf(JSON.stringify(manifest));
  const db = await getDb();
  const inserted = await insertProvider(db, {
    id: p.id,
    name: manifest.provider.name,
    managedBy,
    manifestUrl: `${p.baseUrl ?? 'https://example.org'}/${p.id}/manifest.json`,
    manifest,
    fingerprint,
    approval,
    builtIn: false,
  });
  if (!inserted) throw new Error(`provider ${p.id} exists`);
  await replaceProviderDatasets(db, {
    id: p.id,
    approval,
    manifest,
    approvedManifest: approval === 'approved' ? manifest : null,
    approvedFingerprint: approval === 'approved' ? fingerprint : null,
  });
  await bumpRegistryVersion(db);
  invalidateRegistryCache();
  return { id: p.id, manifest };
}

export async function removeProvider(provider: TestProvider): Promise<void> {
  const db = await getDb();
  for (const d of provider.manifest.datasets) await deleteCacheEntries({ datasetKey: `${provider.id}/${d.id}` });
  await deleteProvider(db, { id: provider.id });
  await bumpRegistryVersion(db);
  invalidateRegistryCache();
  clearMemoryCache();
}

export async function nearbyRequest(query: string): Promise<{ status: number; body: any }> {
  const res = await nearbyGET(new Request(`http://localhost/api/nearby?${query}`), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

export async function summaryRequest(provider: string, dataset: string, query = ''): Promise<{ status: number; body: any }> {
  const res = await summaryGET(new Request(`http://localhost/api/summary/${provider}/${dataset}${query ? `?${query}` : ''}`), {
    params: Promise.resolve({ provider, dataset }),
  });
  return { status: res.status, body: await res.json() };
}

/** Haversine written independently of lib/nearby (atan2 form, degrees in, metres out). */
export function referenceHaversine(a: [number, number], b: [number, number]): number {
  const R = 6371008.8;
  const toRad = (d: number) => (d * Math.PI) / 180;
  const φ1 = toRad(a[1]);
  const φ2 = toRad(b[1]);
  const Δφ = toRad(b[1] - a[1]);
  const Δλ = toRad(b[0] - a[0]);
  const h = Math.sin(Δφ / 2) * Math.sin(Δφ / 2) + Math.cos(φ1) * Math.cos(φ2) * Math.sin(Δλ / 2) * Math.sin(Δλ / 2);
  return R * 2 * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}

/** A deterministic pseudo-random generator (tests must not depend on luck). */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
