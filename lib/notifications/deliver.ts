// Sending the outbox: through nodemailer to SMTP_URL, or, without SMTP settings, into the log (each
// message once, marked `log`). Runs after a change commits (never inside it: a slow or failing SMTP
// server can neither block nor undo the operator's action), on a timer in the server, and once more,
// within a time bound, after an operator CLI command (deliverNotificationsWithin).
import nodemailer, { type Transporter } from 'nodemailer';
import { getDb, type Db } from '@/lib/db';
import { env } from '@/lib/env';
import { logger } from '@/lib/observability/log';
import { processWide } from '@/lib/process-state';
import { claimDueNotifications, markFailed, markSent, releaseClaims } from './outbox';

/** How often the server looks for due messages (and outages, every OUTAGE_CHECK_EVERY rounds). */
const LOOP_MS = 5000;
const OUTAGE_CHECK_EVERY = 12;

interface State {
  transport?: { url: string; transporter: Transporter };
  running?: Promise<number>;
  /** Messages the running delivery claimed and has not finished (sent or failed) yet. */
  claimed: Set<number>;
  /** Set when a bounded delivery's time is up: the running one sends nothing more. */
  stopping: boolean;
  /** Messages sent (or logged) by this process so far. */
  sentTotal: number;
  loop?: { timer: NodeJS.Timeout; rounds: number };
}
const state = (): State => processWide<State>('notifications', () => ({ claimed: new Set(), stopping: false, sentTotal: 0 }));

function transporter(url: string): Transporter {
  const s = state();
  if (s.transport?.url !== url) {
    s.transport = {
      url,
      // Bounded waits: an unreachable SMTP server fails a send in seconds, it is retried later.
      transporter: nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never),
    };
  }
  return s.transport.transporter;
}

/** Sends (or logs) every due message; returns how many went out. Concurrent calls share one run. */
export function deliverNotifications(db?: Db): Promise<number> {
  const s = state();
  s.running ??= run(db).finally(() => (s.running = undefined));
  return s.running;
}

/**
 * Delivers for at most `ms` (the operator CLI before it exits). When the time is up, the messages this
 * process claimed but did not send are released at once (releaseClaims), so the server's loop sends
 * them in its next round (5 s) rather than after the claim's 120 s. A send already under way when the
 * time is up is released too: a message may then, rarely, arrive twice, rather than minutes late.
 */
export async function deliverNotificationsWithin(ms: number, given?: Db): Promise<{ sent: number; released: number; timedOut: boolean }> {
  const db = given ?? (await getDb());
  const s = state();
  const before = s.sentTotal;
  const delivery = deliverNotifications(db);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  try {
    const first = await Promise.race([delivery, deadline]);
    if (first !== 'late') return { sent: s.sentTotal - before, released: 0, timedOut: false };
  } finally {
    clearTimeout(timer);
  }
  s.stopping = true;
  const unsent = [...s.claimed];
  const released = await releaseClaims(db, unsent);
  for (const id of unsent) s.claimed.delete(id);
  return { sent: s.sentTotal - before, released, timedOut: true };
}

async function run(given?: Db): Promise<number> {
  const db = given ?? (await getDb());
  const s = state();
  s.stopping = false;
  let sent = 0;
  for (;;) {
    if (s.stopping) return sent;
    const batch = await claimDueNotifications(db);
    if (!batch.length) return sent;
    for (const n of batch) s.claimed.add(n.id);
    for (const n of batch) {
      if (s.stopping) return sent;
      const { smtpUrl, smtpFrom } = env();
      try {
        if (smtpUrl) {
          await transporter(smtpUrl).sendMail({ from: smtpFrom, to: n.recipient, subject: n.subject, text: n.body });
          await markSent(db, n.id, 'smtp');
        } else {
          logger().info({ notification: { id: n.id, provider: n.providerId, kind: n.kind, to: n.recipient, subject: n.subject, body: n.body } }, 'notification (not sent: SMTP_URL unset)');
          await markSent(db, n.id, 'log');
        }
        sent++;
        s.sentTotal++;
      } catch (err) {
        logger().warn({ err, notification: n.id, provider: n.providerId }, 'notification: sending failed; it is retried later');
        // A released message (deliverNotificationsWithin) is another sender's now: its failure here is not recorded.
        if (s.claimed.has(n.id)) await markFailed(db, n, err instanceof Error ? err.message : String(err)).catch(() => undefined);
      } finally {
        s.claimed.delete(n.id);
      }
    }
  }
}

/**
 * After a change committed: in the server (which runs the loop) delivery starts at once in the
 * background; elsewhere (the operator CLI) the caller delivers before it exits. Never throws.
 */
export function kickNotifications(): void {
  if (!state().loop) return;
  void deliverNotifications().catch((err: unknown) => logger().warn({ err }, 'notification delivery failed'));
}

/**
 * The server's loop: due messages every 5 s and, every minute, `everyMinute` (the long-outage check of
 * lib/providers/outages.ts, passed in: the registry sits above this module). Timers do not keep the
 * process alive.
 */
export function startNotificationLoop({ everyMinute }: { everyMinute?: () => Promise<unknown> } = {}): void {
  const s = state();
  if (s.loop) return;
  const loop = { rounds: 0, timer: setInterval(() => {
    loop.rounds++;
    const outages = everyMinute && loop.rounds % OUTAGE_CHECK_EVERY === 0 ? everyMinute() : Promise.resolve(0);
    void outages
      .then(() => deliverNotifications())
      .catch((err: unknown) => logger().warn({ err }, 'notification round failed'));
  }, LOOP_MS) };
  loop.timer.unref();
  s.loop = loop;
}

export async function stopNotificationLoop(): Promise<void> {
  const s = state();
  if (s.loop) clearInterval(s.loop.timer);
  s.loop = undefined;
  await s.running?.catch(() => undefined);
}
