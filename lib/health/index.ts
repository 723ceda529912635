// Provider health: what the portal saw of each provider's sources (lib/health/README.md).

export { flushSourceRecords, recordSourceRequest } from './record';
export {
  datasetHealth,
  HEALTH_RETENTION_DAYS,
  healthSummary,
  providerHealth,
  pruneSourceRequests,
  resetHealthSummary,
  statusOfRecent,
  type SourceHealth,
} from './summary';

