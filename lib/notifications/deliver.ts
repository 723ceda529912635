// Sending the outbox: through nodemailer to SMTP_URL, or, without SMTP settings, into the log (each
// message once, marked `log`). Runs after a change commits (never inside it: a slow or failing SMTP
// server can neither block nor undo the operator's action), on a timer in the server, and once more
// after an operator CLI command.
import nodemailer, { type Transporter } from 'nodemailer';
import { getDb, type Db } from '@/lib/db';
import { env } from '@/lib/env';
import { logger } from '@/lib/observability/log';
import { processWide } from '@/lib/process-state';
import { claimDueNotifications, markFailed, markSent } from './outbox';

/** How often the server looks for due messages (and outages, every OUTAGE_CHECK_EVERY rounds). */
const LOOP_MS = 5000;
const OUTAGE_CHECK_EVERY = 12;

interface State {
  transport?: { url: string; transporter: Transporter };
  running?: Promise<number>;
  loop?: { timer: NodeJS.Timeout; rounds: number };
}
const state = (): State => processWide<State>('notifications', () => ({}));

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

async function run(given?: Db): Promise<number> {
  const db = given ?? (await getDb());
  let sent = 0;
  for (;;) {
    const batch = await claimDueNotifications(db);
    if (!batch.length) return sent;
    for (const n of batch) {
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
      } catch (err) {
        logger().warn({ err, notification: n.id, provider: n.providerId }, 'notification: sending failed; it is retried later');
        await markFailed(db, n, err instanceof Error ? err.message : String(err)).catch(() => undefined);
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
