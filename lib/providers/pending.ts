// Providers awaiting the operator's approval (the /neschvalene-data page and `operator list --pending`).
import { getDb, type Db } from '@/lib/db';
import { normalizeCategory } from './catalog';
import { datasetPagePath } from './links';
import { listProviders } from './queries';
import type { PendingProvider } from './types';

export async function listPendingProviders(db?: Db): Promise<PendingProvider[]> {
  const rows = await listProviders(db ?? (await getDb()), { approval: 'pending_review' });
  return rows
    .map((p) => ({
      id: p.id,
      name: p.manifest.provider.name,
      description: p.manifest.provider.description ?? null,
      homepage: p.manifest.provider.homepage ?? null,
      manifestUrl: p.manifestUrl,
      fingerprint: p.fingerprint,
      status: p.status,
      statusMessage: p.statusMessage,
      previouslyApproved: Boolean(p.approvedFingerprint),
      registeredAt: p.createdAt,
      updatedAt: p.updatedAt,
      datasets: p.manifest.datasets.map((d) => ({
        id: d.id,
        title: d.title,
        description: d.description ?? null,
        category: normalizeCategory(d.category),
        sourceType: d.source.type,
        link: datasetPagePath(p.id, d.id),
      })),
    }))
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
}
