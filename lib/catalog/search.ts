// Catalog search for assistants and the website: approved datasets ordered by how well they match a
// text, and marked when they can answer a point query at a given point (`pointQuery`).
import { datasetHealth, healthSummary, providerHealth } from '@/lib/health/summary';
import { answersAtPoint, coversPoint, priorityOf } from '@/lib/nearby/selection';
import { swappedPointHint } from '@/lib/operation/fields';
import { catalogEntry, isSampleDataset, listApprovedDatasets } from '@/lib/providers';
import { categorySuggestions, matchScore } from '@/lib/providers/keywords';
import { registrySnapshot } from '@/lib/providers/served';
import type { CatalogSearchEntry, CatalogSearchResult } from './schema';

/**
 * The built-in samples (category `sample`) are left out unless `samples` is true: they are examples
 * for providers, not data, so a person or an assistant sees them only when asking for them.
 */
export async function searchCatalog(input: { search?: string; point?: [number, number]; samples?: boolean }): Promise<CatalogSearchResult> {
  const text = input.search?.trim() || null;
  // The point's range is checked by the operation's input (lib/catalog/operation.ts).
  const point = input.point ?? null;
  const rows: Array<CatalogSearchEntry & { priority: number }> = [];
  const summary = await healthSummary();
  for (const served of await listApprovedDatasets()) {
    if (!input.samples && isSampleDataset(served.dataset)) continue;
    const score = text ? matchScore(served.dataset, text) : 0;
    if (text && score === 0) continue;
    const entry: CatalogSearchEntry & { priority: number } = {
      ...catalogEntry(served),
      health: datasetHealth(summary, served.key),
      score,
      priority: priorityOf(served.dataset),
    };
    if (point) entry.pointQuery = answersAtPoint(served) && coversPoint(served.dataset, point[0], point[1]);
    rows.push(entry);
  }
  // Built-in samples (when asked for) come after every real dataset, whatever their match.
  rows.sort(
    (a, b) =>
      Number(a.sample ?? false) - Number(b.sample ?? false) ||
      b.score - a.score ||
      Number(b.pointQuery ?? false) - Number(a.pointQuery ?? false) ||
      a.priority - b.priority ||
      a.title.localeCompare(b.title, 'sk'),
  );
  const datasets = rows.map(({ priority: _priority, ...rest }) => rest);
  const listed = new Set(datasets.map((d) => d.providerId));
  const providers = (await registrySnapshot()).records
    .filter((r) => listed.has(r.id))
    .map((r) => {
      const health = providerHealth(summary, r.id, r.status);
      return { id: r.id, name: r.approvedManifest?.provider.name ?? r.name, status: health.status, health };
    });
  const hint = swappedPointHint(point);
  const suggestions = text && !datasets.length ? categorySuggestions(text, await listApprovedDatasets()) : undefined;
  return { search: text, point, ...(hint ? { hint } : {}), count: datasets.length, datasets, ...(suggestions ? { suggestions } : {}), providers };
}
