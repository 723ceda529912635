// E-mails to a provider's contact.email through a real SMTP server on 127.0.0.1: approval, rejection,
// a changed manifest awaiting approval (with its changes), a source down for over an hour (once per
// outage). Sending never blocks or breaks the operator's action: with the SMTP server failing the
// approval still succeeds and the message waits in the outbox; without SMTP settings it is logged.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getDb, getSql } from '@/lib/db';
import { resetEnvForTests } from '@/lib/env';
import { deliverNotifications, deliverNotificationsWithin, listNotifications } from '@/lib/notifications';
import { notifyLongOutages } from '@/lib/providers/outages';
import { approveProvider, rejectProvider } from '@/lib/providers/approval';
import { refreshProvider } from '@/lib/providers/refresh';
import type { Manifest } from '@/lib/protocol/types';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { startSmtpServer, type SmtpTestServer } from '../helpers/smtp-server';
import { postRegistration, publish, removeAttempts, removeProviders, testManifest, uniqueAddress, uniqueId } from './helpers';

let server: ProviderServer;
let smtp: SmtpTestServer;
let restoreInsecure: () => void;
const created: string[] = [];
const addresses: string[] = [];
const previousSmtp = process.env.SMTP_URL;

function useSmtp(url: string | undefined): void {
  if (url === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = url;
  resetEnvForTests();
}

/** Registers a provider whose manifest names a contact address; returns its id and manifest. */
async function registered(prefix: string): Promise<{ id: string; manifest: Manifest; email: string }> {
  const id = uniqueId(prefix);
  created.push(id);
  const email = `gis@${id}.example.sk`;
  const manifest = testManifest(id, { name: `Obec ${id}` });
  manifest.provider.contact = { email };
  const a = uniqueAddress();
  addresses.push(a);
  expect((await postRegistration({ manifestUrl: publish(server, manifest) }, a)).status).toBe(201);
  return { id, manifest, email };
}

beforeAll(async () => {
  server = await startProviderServer();
  restoreInsecure = allowInsecureSources(server);
  smtp = await startSmtpServer();
  useSmtp(smtp.url);
});

afterAll(async () => {
  useSmtp(previousSmtp);
  restoreInsecure();
  await removeProviders(...created);
  await removeAttempts(...addresses);
  const sql = await getSql();
  await sql`delete from notifications where provider_id in ${sql(created)}`;
  await sql`delete from source_requests where provider_id in ${sql(created)}`;
  await smtp.close();
  await server.close();
});

describe('e-mails through SMTP', () => {
  test('approval: the contact hears that the data are in the catalog, with links', async () => {
    const p = await registered('mail-ok');
    await approveProvider({ id: p.id });
    await deliverNotifications();
    const mail = await smtp.waitFor((m) => m.to.includes(p.email));
    expect(mail.subject).toBe(`Dáta poskytovateľa Obec ${p.id} sú schválené`);
    expect(mail.text).toContain(`/mapa/${p.id}/body`);
    expect(mail.text).toContain(`/poskytovatelia/${p.id}`);
    expect(mail.from).toMatch(/^noreply@/);
  });

  test('a changed manifest awaiting approval: the changes are listed; rejection with the reason', async () => {
    const p = await registered('mail-zmena');
    await approveProvider({ id: p.id });
    const changed = structuredClone(p.manifest);
    changed.datasets[0].title = 'Lavičky v parku';
    changed.datasets.push({ ...changed.datasets[0], id: 'lampy', title: 'Verejné osvetlenie' });
    publish(server, changed);
    const r = await refreshProvider({ id: p.id });
    expect(r.approval).toBe('pending_review');
    await deliverNotifications();
    const mail = await smtp.waitFor((m) => m.to.includes(p.email) && m.subject.includes('čaká na schválenie'));
    expect(mail.text).toContain('~ datasets/body/title: "Testovacie body" → "Lavičky v parku"');
    expect(mail.text).toContain('+ datasets/lampy:');

    await rejectProvider({ id: p.id, reason: 'Dáta nie sú verejné.' });
    await deliverNotifications();
    const rejected = await smtp.waitFor((m) => m.to.includes(p.email) && m.subject.includes('zamietnutá'));
    expect(rejected.text).toContain('Dôvod: Dáta nie sú verejné.');
  });

  test('a source down for more than an hour: one e-mail per outage, with the HTTP status', async () => {
    const p = await registered('mail-vypadok');
    await approveProvider({ id: p.id });
    const sql = await getSql();
    await sql`insert into source_requests (provider_id, dataset_id, kind, at, ms, outcome, bytes, http_status) values
      (${p.id}, 'body', 'data', now() - interval '3 hours', 50, 'ok', 100, null),
      (${p.id}, 'body', 'data', now() - interval '90 minutes', 50, 'http_error', 0, 503),
      (${p.id}, 'body', 'data', now() - interval '2 minutes', 50, 'http_error', 0, 503)`;
    expect(await notifyLongOutages()).toBeGreaterThanOrEqual(1);
    expect(await notifyLongOutages()).toBe(0); // the same outage again: nothing new
    await deliverNotifications();
    const mail = await smtp.waitFor((m) => m.to.includes(p.email) && m.subject.includes('nedostupný viac ako hodinu'));
    expect(mail.text).toContain('Zdroj datasetu „Testovacie body“');
    expect(mail.text).toContain('http_error (HTTP 503)');
    expect(smtp.messages.filter((m) => m.to.includes(p.email) && m.subject.includes('nedostupný')).length).toBe(1);
  });

  test('a short failure is no outage', async () => {
    const p = await registered('mail-kratko');
    await approveProvider({ id: p.id });
    const sql = await getSql();
    await sql`insert into source_requests (provider_id, dataset_id, kind, at, ms, outcome, bytes) values
      (${p.id}, 'body', 'data', now() - interval '20 minutes', 50, 'timeout', 0)`;
    await notifyLongOutages();
    expect((await listNotifications(await getDb(), { providerId: p.id })).map((n) => n.kind)).toEqual(['approved']);
  });
});

describe('sending never blocks or breaks the action', () => {
  test('an SMTP server that refuses: the approval succeeds, the message waits with its error and goes out later', async () => {
    const p = await registered('mail-chyba');
    smtp.setFailing(true);
    const r = await approveProvider({ id: p.id });
    expect(r.to).toBe('approved');
    await deliverNotifications();
    const [waiting] = await listNotifications(await getDb(), { providerId: p.id });
    expect(waiting.sentAt).toBeNull();
    expect(waiting.lastError).toMatch(/451|unavailable/i);
    smtp.setFailing(false);
    const sql = await getSql();
    await sql`update notifications set next_attempt_at = now() where id = ${waiting.id}`;
    await deliverNotifications();
    await smtp.waitFor((m) => m.to.includes(p.email));
    const [sent] = await listNotifications(await getDb(), { providerId: p.id });
    expect(sent.via).toBe('smtp');
    expect(sent.attempts).toBe(2);
  });

  test('no SMTP server listening at all: the approval is as quick as ever and the message stays queued', async () => {
    const p = await registered('mail-nikde');
    useSmtp('smtp://127.0.0.1:9'); // nothing listens on the discard port
    try {
      expect((await approveProvider({ id: p.id })).to).toBe('approved');
      await deliverNotifications();
      const [n] = await listNotifications(await getDb(), { providerId: p.id });
      expect(n.sentAt).toBeNull();
      expect(n.lastError).toBeTruthy();
    } finally {
      useSmtp(smtp.url);
    }
  });

  test('a bounded delivery whose time is up releases its claims: the next round sends the message, not 2 minutes later', async () => {
    const p = await registered('mail-pusti');
    // An SMTP server that accepts the connection and never greets: the send hangs (greeting time-out 10 s).
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    useSmtp(`smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`);
    try {
      await approveProvider({ id: p.id });
      const r = await deliverNotificationsWithin(500);
      expect(r).toMatchObject({ timedOut: true, sent: 0 });
      expect(r.released).toBeGreaterThanOrEqual(1);
      const [released] = await listNotifications(await getDb(), { providerId: p.id });
      expect(released).toMatchObject({ sentAt: null, claimedUntil: null, attempts: 0, lastError: null });
      expect(new Date(released.nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    } finally {
      useSmtp(smtp.url);
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
    // The hung send fails now; the stopped delivery records nothing for the released message.
    await deliverNotifications();
    const [stillDue] = await listNotifications(await getDb(), { providerId: p.id });
    expect(stillDue.lastError).toBeNull();
    await deliverNotifications();
    await smtp.waitFor((m) => m.to.includes(p.email));
    const [sent] = await listNotifications(await getDb(), { providerId: p.id });
    expect(sent).toMatchObject({ via: 'smtp', attempts: 1 });
  });

  test('without SMTP settings the message is logged instead and marked so', async () => {
    const p = await registered('mail-log');
    useSmtp(undefined);
    try {
      await approveProvider({ id: p.id });
      await deliverNotifications();
      const [n] = await listNotifications(await getDb(), { providerId: p.id });
      expect(n.via).toBe('log');
      expect(n.sentAt).not.toBeNull();
      expect(smtp.messages.some((m) => m.to.includes(p.email))).toBe(false);
    } finally {
      useSmtp(smtp.url);
    }
  });
});
