// Provider health: every request the portal makes to a provider (data, manifest refresh, point
// queries), one row each, kept HEALTH_RETENTION_DAYS (lib/health) and summarised for the catalog,
// MCP and the public page /stav-zdrojov.
import { bigserial, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const sourceRequests = pgTable('source_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  providerId: text('provider_id').notNull(),
  /** The dataset asked for; null for the provider's manifest. */
  datasetId: text('dataset_id'),
  /** data | manifest | point */
  kind: text('kind', { enum: ['data', 'manifest', 'point'] }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  /** From the request to the whole answer read (or the failure). */
  ms: integer('ms').notNull(),
  /** `ok`, or the error code (timeout, http_error, source_unreachable, invalid_json, data_schema_mismatch, …). */
  outcome: text('outcome').notNull(),
  /** Bytes of the answer body as read (decompressed); 0 on failure. */
  bytes: integer('bytes').notNull().default(0),
  /** The HTTP status the source answered when it failed with one (`http_error`), else null. */
  httpStatus: integer('http_status'),
}, (t) => [
  index('source_requests_provider_at_idx').on(t.providerId, t.at),
  index('source_requests_at_idx').on(t.at),
]);
export type SourceRequestRow = typeof sourceRequests.$inferSelect;

/**
 * The use of each dataset's data: answers the portal served with it (GET /api/data, its fast path,
 * and the services that read the data: nearby, summaries, MCP fetch_data, OGC API), one row per
 * dataset and day (Europe/Bratislava), counted in memory and added in batches.
 */
export const datasetUsage = pgTable('dataset_usage', {
  providerId: text('provider_id').notNull(),
  datasetId: text('dataset_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  requests: integer('requests').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.providerId, t.datasetId, t.day] })]);
export type DatasetUsageRow = typeof datasetUsage.$inferSelect;
