// A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every message it receives,
// parsed (mailparser), for the notification suites and the provider e2e. Nothing is mocked: the
// portal's nodemailer transport connects to it over a socket.
//
//   const smtp = await startSmtpServer();          // or startSmtpServer({ port: 4896 })
//   process.env.SMTP_URL = smtp.url;               // smtp://127.0.0.1:<port>
//   await smtp.waitFor((m) => m.subject.includes('schválené'));
//   smtp.setFailing(true);                         // answer 451 to every message (a server in trouble)
//   await smtp.close();
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpTestServer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving within `timeoutMs`) that matches. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  setFailing(failing: boolean): void;
  close(): Promise<void>;
}

export async function startSmtpServer({ port = 0 }: { port?: number } = {}): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let failing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          if (failing) return callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          for (const w of waiters) w();
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    messages,
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = messages.find(match);
          if (!hit) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms; received: ${messages.map((m) => m.subject).join(' | ') || 'none'}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    setFailing(f) {
      failing = f;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
