// The data proxy's shared cache: gzipped response bodies keyed by dataset, data definition,
// aligned bbox, zoom, normalised parameters and cursor. Survives restarts; shared by instances.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './types';

export const dataCache = pgTable('data_cache', {
  /** SHA-256 of the normalised key parts. */
  key: text('key').primaryKey(),
  datasetKey: text('dataset_key').notNull(),
  fingerprint: text('fingerprint').notNull(),
  /** The response body, gzip-compressed. */
  body: bytea('body').notNull(),
  bodySize: integer('body_size').notNull(),
  etag: text('etag').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** Fresh until; after it the entry is stale and is revalidated. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Never served after this, even when the source is down. */
  staleUntil: timestamp('stale_until', { withTimezone: true }).notNull(),
}, (t) => [
  index('data_cache_dataset_idx').on(t.datasetKey),
  index('data_cache_stale_until_idx').on(t.staleUntil),
]);
export type DataCacheRow = typeof dataCache.$inferSelect;

/**
 * Who fetches a cache key from its source right now, across instances sharing the database: one
 * instance holds the lease (lib/db/lease.ts); the others wait for its outcome here and then read the
 * entry it wrote (or answer with the same failure). The holder extends `expires_at` while it fetches;
 * a lease that expired (its holder crashed) is taken over.
 */
export const dataFetches = pgTable('data_fetches', {
  key: text('key').primaryKey(),
  /** This claim (`<application name>:<random>:<n>`), unique per fetch. */
  holder: text('holder').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** null while fetching; then `ok` (the entry is in data_cache) or the source's error code. */
  outcome: text('outcome'),
  message: text('message'),
}, (t) => [index('data_fetches_expires_idx').on(t.expiresAt)]);
