// Provider and dataset ids, dataset keys `<provider>/<dataset>` and map-link parameter names
// `<provider>/<dataset>.<param>`: one pattern for the API, the map's URL state and OGC collection ids.

/** Provider and dataset ids: 1-64 lowercase letters, digits and hyphens, not at either end. */
export const ID_SOURCE = '[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?';
export const ID_PATTERN = new RegExp(`^${ID_SOURCE}$`);
export const DATASET_KEY_PATTERN = new RegExp(`^${ID_SOURCE}/${ID_SOURCE}$`);
/** A dataset parameter in a map link: `<provider>/<dataset>.<param>`. */
export const PARAM_NAME_SOURCE = '[A-Za-z0-9_.-]{1,64}';

export function isDatasetKey(s: string): boolean {
  return DATASET_KEY_PATTERN.test(s);
}
