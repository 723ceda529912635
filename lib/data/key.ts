// The cache key: one answer per dataset + the dataset's data definition + aligned bbox + tile zoom +
// normalised parameters + cursor. The data definition is the part of the manifest the stored answer
// depends on (see `dataDefinitionFingerprint`), not the whole manifest: a manifest change that leaves
// it alone (a title, keywords, the licence, another dataset, an approval) keeps the entries, so the
// last good copy stays usable as stale across the change; a changed source gets new entries.
import { hash } from 'node:crypto';
import type { ManifestDataset } from '@/lib/protocol/types';
import type { PreparedQuery } from './query';

/** Bumped when the stored body's format or the key's parts change, so old rows are never read as new ones. */
const KEY_VERSION = 2;

/**
 * SHA-256 of what decides the answer the proxy stores for a dataset: the source (absolute URL, mode,
 * maxFeatures: what is asked, and the limit sent), the parameter definitions (their defaults fill
 * the query), the coverage zoom range (the "zoom in" answer and what is asked) and the colour rule
 * (`__dm_trend` is computed from it into the stored body).
 */
export function dataDefinitionFingerprint(dataset: ManifestDataset): string {
  const color = (dataset.presentation as { color?: unknown } | undefined)?.color ?? null;
  const definition = {
    source: dataset.source,
    params: dataset.params ?? null,
    minZoom: dataset.coverage?.minZoom ?? null,
    maxZoom: dataset.coverage?.maxZoom ?? null,
    color,
  };
  return hash('sha256', JSON.stringify(definition), 'hex');
}

export function cacheKey(datasetKey: string, definition: string, q: PreparedQuery): string {
  // Below minZoom the answer is the same "zoom in" notice for every viewport: one entry per dataset.
  const parts = q.belowMinZoom ? [KEY_VERSION, datasetKey, definition, 'below-min-zoom'] : [
    KEY_VERSION,
    datasetKey,
    definition,
    q.mode === 'bbox' ? q.tileBbox : null,
    q.mode === 'bbox' ? q.tileZoom : null,
    Object.entries(q.params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    q.cursor ?? null,
  ];
  return hash('sha256', JSON.stringify(parts), 'hex');
}
