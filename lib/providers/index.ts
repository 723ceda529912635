// The provider registry: registration, approval bound to the manifest fingerprint, refresh, the
// catalog and what the portal serves. See README.md for the states and what is served when.
export { sourceFailureInfo, withSourceFailureInfo } from './failure';
export { catalogEntry, getCatalog, isSampleDataset, originalServiceUrl } from './catalog';
export { datasetDataPath, datasetPagePath } from './links';
export {
  findServedDataset,
  listApprovedDatasets,
  registrySnapshot,
} from './served';
export type * from './types';
