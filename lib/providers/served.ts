// What the portal serves from the registry, kept in memory per process. The data proxy, nearby,
// summaries, MCP and the pages ask on every request, so the copy is checked against the registry
// version (one single-row query) at most once a second and reloaded only when a write happened
// anywhere (this process, the operator CLI, another instance). Writes in this process drop the copy
// at once.
import { heldCheck, isDatabaseUnavailable, type HeldCheck } from '@/lib/db/unavailable';
import { getDb } from '@/lib/db';
import { processWide } from '@/lib/process-state';
import { resolveSourceUrls } from '@/lib/protocol/request';
import type { License, Manifest, ManifestDataset } from '@/lib/protocol/types';
import { getRegistryVersion, listProviders } from './queries';
import type { CatalogBase, CatalogDocument, ProviderRecord, ServedDataset } from './types';

/** How long a verified copy is trusted before the version is checked again. */
const VERIFY_INTERVAL_MS = 1000;

/** The catalog answer serialised once per registry version and health summary, around its `generated` time. */
interface SerializedCatalog {
  /** `{"protocol":"0.1","generated":"` */
  head: string;
  /** `","providers":[...],"datasets":[...]}` */
  tail: string;
  /** Weak tag of the answer without its time. */
  etag: string;
}

export interface RegistrySnapshot {
  version: number;
  verifiedAt: number;
  records: ProviderRecord[];
  /** Every served dataset by key: approved content and content awaiting approval. */
  served: Map<string, ServedDataset>;
  /** Approved datasets in catalog order. */
  approved: ServedDataset[];
  /** The catalog without its `generated` time, built on first use. */
  catalog?: CatalogBase;
  /** The catalog's providers and datasets with their health, for one health summary (lib/health). */
  catalogHealth?: { summary: object; serialized?: SerializedCatalog } & Pick<CatalogDocument, 'providers' | 'datasets'>;
}

interface Holder {
  snapshot?: RegistrySnapshot;
  checking?: HeldCheck<RegistrySnapshot>;
  generation: number;
}

// Process-wide (lib/process-state.ts): a write through either copy of this module must drop the snapshot of both.
function holder(): Holder {
  return processWide<Holder>('registry', () => ({ generation: 0 }));
}

/** Drops this process's copy; called after every registry write (and by tests to simulate a restart). */
export function invalidateRegistryCache(): void {
  const h = holder();
  h.generation++;
  h.snapshot = undefined;
  h.checking = undefined;
}

export async function registrySnapshot(): Promise<RegistrySnapshot> {
  const h = holder();
  const current = h.snapshot;
  if (current && Date.now() - current.verifiedAt < VERIFY_INTERVAL_MS) return current;
  if (!h.checking) {
    const generation = h.generation;
    const loading = (async () => {
      let version: number;
      const db = await getDb();
      try {
        version = await getRegistryVersion(db);
      } catch (err) {
        // A database outage: the registry held in memory keeps serving (checked again in 2 s).
        if (current && isDatabaseUnavailable(err)) {
          current.verifiedAt = Date.now();
          return current;
        }
        throw err;
      }
      if (current && current.version === version) {
        current.verifiedAt = Date.now();
        return current;
      }
      return buildSnapshot(version, await listProviders(db));
    })();
    // A database that is slow to answer (restarting, cut off mid-connect) does not hold requests up:
    // after a short wait they are served the registry held in memory while the check goes on.
    const checking = heldCheck(loading, current);
    h.checking = checking;
    loading
      .then((snap) => {
        if (h.generation === generation) h.snapshot = snap;
      })
      .catch(() => undefined)
      .finally(() => {
        if (h.checking === checking) h.checking = undefined;
      });
  }
  return h.checking.answer;
}

function buildSnapshot(version: number, records: ProviderRecord[]): RegistrySnapshot {
  const served = new Map<string, ServedDataset>();
  const approved: ServedDataset[] = [];
  for (const record of records) {
    for (const s of servedDatasetsOf(record)) {
      served.set(s.key, s);
      if (s.provider.approval === 'approved') approved.push(s);
    }
  }
  return { version, verifiedAt: Date.now(), records, served, approved };
}

/**
 * The datasets a provider's row makes the portal serve. Approved content is the approved manifest,
 * also while a changed manifest awaits review; a manifest awaiting review adds only the datasets the
 * approved one lacks. Rejected providers serve nothing.
 */
function servedDatasetsOf(record: ProviderRecord): ServedDataset[] {
  if (record.approval === 'rejected') return [];
  const out: ServedDataset[] = [];
  const seen = new Set<string>();
  if (record.approvedManifest && record.approvedFingerprint) {
    for (const d of resolved(record, record.approvedManifest).datasets) {
      seen.add(d.id);
      out.push(servedDataset(record, record.approvedManifest, d, 'approved', record.approvedFingerprint));
    }
  }
  if (record.approval === 'pending_review') {
    for (const d of resolved(record, record.manifest).datasets) {
      if (!seen.has(d.id)) out.push(servedDataset(record, record.manifest, d, 'pending_review', record.fingerprint));
    }
  }
  return out;
}

function resolved(record: ProviderRecord, manifest: Manifest): Manifest {
  return record.manifestUrl ? resolveSourceUrls(manifest, record.manifestUrl) : manifest;
}

function servedDataset(
  record: ProviderRecord,
  manifest: Manifest,
  dataset: ManifestDataset,
  approval: 'approved' | 'pending_review',
  fingerprint: string,
): ServedDataset {
  const license: License | null = dataset.license ?? manifest.license ?? null;
  const name = manifest.provider.name;
  const homepage = manifest.provider.homepage ?? manifest.provider.contact?.url;
  return {
    key: `${record.id}/${dataset.id}`,
    provider: { id: record.id, name, managedBy: record.managedBy, approval, status: record.status, ...(homepage ? { homepage } : {}) },
    dataset,
    manifestUrl: record.manifestUrl ?? `content/providers/${record.id}.json`,
    fingerprint,
    displayOnly: record.managedBy === 'portal' && dataset.displayOnly === true,
    attribution: license?.attribution ?? name,
    license,
  };
}

/** A dataset the portal serves (approved, or awaiting approval); null when unknown or rejected. */
export async function findServedDataset(providerId: string, datasetId: string): Promise<ServedDataset | null> {
  return (await registrySnapshot()).served.get(`${providerId}/${datasetId}`) ?? null;
}

/** Approved datasets only (catalog, search, llms.txt, MCP catalog, municipality pages). */
export async function listApprovedDatasets(): Promise<ServedDataset[]> {
  return (await registrySnapshot()).approved;
}
