// The outbox (lib/db/schema/notifications.ts): a notification is written in the transaction of the
// change it tells of, then claimed and sent by any instance. Claims expire, so a crash while sending
// only delays a message; a failed send is retried with growing pauses, at most MAX_ATTEMPTS times.
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { notifications, type NotificationRow } from '@/lib/db/schema';
import type { Manifest } from '@/lib/protocol/types';
import type { Message } from './messages';

export type NotificationKind = NotificationRow['kind'];

/** A claimed message is held this long by its sender; then another instance may take it. */
const CLAIM_SECONDS = 120;
const MAX_ATTEMPTS = 8;

/** The contact address of a manifest (`provider.contact.email`), or null. */
export function contactOf(manifest: Pick<Manifest, 'provider'> | null | undefined): string | null {
  const email = manifest?.provider?.contact?.email;
  return typeof email === 'string' && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null;
}

/**
 * Queues an e-mail to the provider's contact address (nothing without one). With `dedupeKey`, a second
 * message of the same key is dropped (one `source_down` per outage, however many instances notice it).
 */
export async function enqueueNotification(
  db: DbOrTx,
  n: { providerId: string; kind: NotificationKind; recipient: string | null; message: Message; dedupeKey?: string; detail?: Record<string, unknown> },
): Promise<boolean> {
  if (!n.recipient) return false;
  const rows = await db
    .insert(notifications)
    .values({
      providerId: n.providerId,
      kind: n.kind,
      recipient: n.recipient,
      subject: n.message.subject,
      body: n.message.body,
      dedupeKey: n.dedupeKey ?? null,
      detail: n.detail ?? null,
    })
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  return rows.length === 1;
}

/** Takes up to `limit` due messages for this sender (SKIP LOCKED: instances never take the same one). */
export async function claimDueNotifications(db: DbOrTx, limit = 20): Promise<NotificationRow[]> {
  const due = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        isNull(notifications.sentAt),
        lte(notifications.nextAttemptAt, sql`now()`),
        or(isNull(notifications.claimedUntil), lte(notifications.claimedUntil, sql`now()`)),
        sql`${notifications.attempts} < ${MAX_ATTEMPTS}`,
      ),
    )
    .orderBy(asc(notifications.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notifications)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`, attempts: sql`${notifications.attempts} + 1` })
    .where(inArray(notifications.id, due))
    .returning();
}

export async function markSent(db: DbOrTx, id: number, via: 'smtp' | 'log'): Promise<void> {
  await db.update(notifications).set({ sentAt: sql`now()`, via, claimedUntil: null, lastError: null }).where(eq(notifications.id, id));
}

/** A failed send: retried after 1, 2, 4 … minutes (at most an hour), up to MAX_ATTEMPTS attempts. */
export async function markFailed(db: DbOrTx, row: NotificationRow, error: string): Promise<void> {
  const minutes = Math.min(60, 2 ** Math.max(0, row.attempts - 1));
  await db
    .update(notifications)
    .set({ lastError: error.slice(0, 500), claimedUntil: null, nextAttemptAt: sql`now() + make_interval(mins => ${minutes})` })
    // A message another sender delivered meanwhile (after releaseClaims) stays sent.
    .where(and(eq(notifications.id, row.id), isNull(notifications.sentAt)));
}

/**
 * Gives claimed but unsent messages back at once (a sender that stops before sending them, like the
 * operator CLI when its time is up), so the next round of any sender takes them instead of waiting
 * out the claim. The claim's attempt is not counted: the message was not tried to the end.
 */
export async function releaseClaims(db: DbOrTx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .update(notifications)
    .set({ claimedUntil: null, attempts: sql`greatest(${notifications.attempts} - 1, 0)` })
    .where(and(inArray(notifications.id, ids), isNull(notifications.sentAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** A provider's messages, newest first (its page shows what was sent to it). */
export async function listNotifications(db: DbOrTx, { providerId, limit = 20 }: { providerId: string; limit?: number }): Promise<NotificationRow[]> {
  return db.select().from(notifications).where(eq(notifications.providerId, providerId)).orderBy(desc(notifications.id)).limit(limit);
}
