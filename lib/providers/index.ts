// The provider registry: registration, approval bound to the manifest fingerprint, refresh, the
// catalog and what the portal serves. See README.md for the states and what is served when.
export { approveProvider, rejectProvider, unrejectProvider, type TransitionResult } from './approval';
export { sourceFailureInfo, withSourceFailureInfo, type SourceFailureInfo } from './failure';
export { CATEGORY_LABELS, authorityLink, catalogEntry, getCatalog, isSampleDataset, normalizeCategory, originalServiceUrl } from './catalog';
export { datasetDataPath, datasetOgcPath, datasetPagePath, datasetTilesTemplate, reviewPath } from './links';
export { listPendingProviders } from './pending';
export {
  countPendingProviders,
  fingerprintOf,
  getProviderById,
  getProviderByManifestUrl,
  listProviderEvents,
  listProviders,
} from './queries';
export { MAX_ATTEMPTS_PER_WINDOW, ATTEMPT_WINDOW_SECONDS } from './rate-limit';
export { refreshAllProviders, refreshProvider, startManifestRefreshLoop, type RefreshResult } from './refresh';
export { MAX_PENDING_PROVIDERS, parseManifestUrl, registerProvider, type RegistrationOutcome } from './registration';
export { seedBuiltInProviders } from './seed';
export {
  findServedDataset,
  invalidateRegistryCache,
  listApprovedDatasets,
  listServedDatasetsOfProvider,
  registrySnapshot,
} from './served';
export type * from './types';
export { RegistryError, isRegistryError } from './write';
