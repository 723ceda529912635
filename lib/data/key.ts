// The cache key: one answer per dataset + manifest fingerprint + aligned bbox + tile zoom +
// normalised parameters + cursor. A changed manifest (new fingerprint) never reads old entries.
import { createHash } from 'node:crypto';
import type { PreparedQuery } from './query';

/** Bumped when the stored body's format changes, so old rows are never read as new ones. */
const KEY_VERSION = 1;

export function cacheKey(datasetKey: string, fingerprint: string, q: PreparedQuery): string {
  // Below minZoom the answer is the same "zoom in" notice for every viewport: one entry per dataset.
  const parts = q.belowMinZoom ? [KEY_VERSION, datasetKey, fingerprint, 'below-min-zoom'] : [
    KEY_VERSION,
    datasetKey,
    fingerprint,
    q.mode === 'bbox' ? q.tileBbox : null,
    q.mode === 'bbox' ? q.tileZoom : null,
    Object.entries(q.params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    q.cursor ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
