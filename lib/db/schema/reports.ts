// Problems citizens report with the site or with a dataset ("Nahlásiť problém"): stored as sent
// (plain text only), listed and closed by the operator (`npm run operator -- reports`).
import { bigserial, doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const REPORT_KINDS = ['site', 'data'] as const;
export const REPORT_STATUSES = ['open', 'closed'] as const;

export const reports = pgTable('reports', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** `site`: the website; `data`: a dataset's data are wrong ("údaje sú nesprávne"). */
  kind: text('kind', { enum: REPORT_KINDS }).notNull(),
  message: text('message').notNull(),
  contactEmail: text('contact_email'),
  /** The page the report was sent from (path and query, no origin). */
  pagePath: text('page_path'),
  /** `provider/dataset` the report is about. */
  datasetKey: text('dataset_key'),
  pointLon: doublePrecision('point_lon'),
  pointLat: doublePrecision('point_lat'),
  /** The provider of `datasetKey` (its first part), for the operator's count per provider. */
  providerId: text('provider_id'),
  /** SHA-256 of the client address: enough to see repeated senders, not the address itself. */
  clientHash: text('client_hash').notNull(),
  status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
  closedAt: timestamp('closed_at', { withTimezone: true }),
}, (t) => [index('reports_status_idx').on(t.status, t.createdAt), index('reports_provider_idx').on(t.providerId, t.status)]);
export type ReportRow = typeof reports.$inferSelect;
