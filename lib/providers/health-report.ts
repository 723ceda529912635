// /stav-zdrojov: every approved provider and dataset with its health (lib/health's figures over the
// registry's served content; the catalog joins the same summary).
import { datasetHealth, healthSummary, PAGE_SUMMARY_MAX_AGE_MS, providerHealth, type SourceHealth } from '@/lib/health/summary';
import { listApprovedDatasets, registrySnapshot } from './served';

export interface ProviderHealthReport {
  generated: string;
  providers: Array<{
    id: string;
    name: string;
    managedBy: 'provider' | 'portal';
    health: SourceHealth;
    datasets: Array<{ key: string; id: string; title: string; sourceType: 'geojson' | 'raster'; health: SourceHealth }>;
  }>;
}

/** Every approved provider and dataset with its health: the public page /stav-zdrojov. */
export async function providerHealthReport(): Promise<ProviderHealthReport> {
  const [snap, summary, approved] = await Promise.all([registrySnapshot(), healthSummary({ maxAgeMs: PAGE_SUMMARY_MAX_AGE_MS }), listApprovedDatasets()]);
  const providers: ProviderHealthReport['providers'] = [];
  for (const record of snap.records) {
    const datasets = approved.filter((s) => s.provider.id === record.id);
    if (!datasets.length) continue;
    providers.push({
      id: record.id,
      name: record.approvedManifest?.provider.name ?? record.name,
      managedBy: record.managedBy,
      health: providerHealth(summary, record.id, record.status, datasets.map((s) => s.key)),
      datasets: datasets.map((s) => ({
        key: s.key,
        id: s.dataset.id,
        title: s.dataset.title,
        sourceType: s.dataset.source.type,
        health: datasetHealth(summary, s.key),
      })),
    });
  }
  return { generated: new Date().toISOString(), providers };
}
