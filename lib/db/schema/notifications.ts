// The outbox of e-mails to providers' `contact.email` (lib/notifications): written in the same
// transaction as the state change it tells of, sent afterwards by whichever instance claims it, so
// sending never blocks or breaks the operator's action and nothing is sent twice across instances.
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const NOTIFICATION_KINDS = ['approved', 'rejected', 'changed', 'source_down', 'withdrawn', 'moved'] as const;

export const notifications = pgTable('notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  providerId: text('provider_id').notNull(),
  kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
  /** One message per key (e.g. one `source_down` per outage of a dataset): a repeated insert is a no-op. */
  dedupeKey: text('dedupe_key').unique(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Not before this (retries back off). */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  /** An instance sending it holds it until then (a crash frees it). */
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  /** When it was handed to the SMTP server, or logged when no SMTP server is configured. */
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** `smtp` or `log`. */
  via: text('via'),
}, (t) => [index('notifications_due_idx').on(t.sentAt, t.nextAttemptAt), index('notifications_provider_idx').on(t.providerId, t.createdAt)]);
export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
