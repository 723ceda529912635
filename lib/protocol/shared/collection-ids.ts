// Collection ids: a dataset key `<provider>/<dataset>` cannot be one path segment, so a collection
// is `<provider>.<dataset>` (ids are lowercase letters, digits and hyphens, so the dot is unambiguous).
import { ID_SOURCE } from '@/lib/protocol/shared/keys';

const COLLECTION_ID = new RegExp(`^(${ID_SOURCE})\\.(${ID_SOURCE})$`);

export function collectionIdOf(datasetKey: string): string {
  return datasetKey.replace('/', '.');
}

/** `{ providerId, datasetId }` of a collection id, or null when it cannot name a dataset. */
export function parseCollectionId(collectionId: string): { providerId: string; datasetId: string } | null {
  const m = COLLECTION_ID.exec(collectionId);
  return m ? { providerId: m[1], datasetId: m[2] } : null;
}

/**
 * Dataset parameters travel as `param.<key>` in /ogc, so that no client takes them for attribute
 * filters (GDAL turns `-where "x='y'"` into `?x=y` for every query parameter the OpenAPI lists).
 */
export const PARAM_PREFIX = 'param.';

/** A data request's query (`ukazovatel=hustota&...`) as the same dataset parameters of an /ogc request (tiles). */
export function ogcParamsQuery(dataQuery: string): string {
  const out = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(dataQuery)) out.set(`${PARAM_PREFIX}${k}`, v);
  return out.toString().replace(/%2C/gi, ',');
}
