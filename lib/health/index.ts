// Provider health: what the portal saw of each provider's sources (lib/health/README.md).

export { flushSourceRecords, recordSourceRequest, type SourceKind, type SourceRecord } from './record';
export {
  datasetHealth,
  emptyHealth,
  HEALTH_RETENTION_DAYS,
  HEALTH_STATUSES,
  healthSummary,
  providerHealth,
  pruneSourceRequests,
  resetHealthSummary,
  statusOfRecent,
  type HealthStatus,
  type HealthSummary,
  type SourceHealth,
  type WindowFigures,
} from './summary';

