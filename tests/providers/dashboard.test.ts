// A provider's own page and GET /api/providers/{id}: approval and its history, each dataset's health
// (the last error with its HTTP status), cache state and requests served per day, the changes of a
// manifest awaiting approval; the page renders the same service's answer.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GET } from '@/app/api/providers/[id]/route';
import { ProviderPage } from '@/app/poskytovatelia/[id]/page';
import { databaseHandle, getSql, openDatabase, setDatabase } from '@/lib/db';
import { flushSourceRecords, resetHealthSummary } from '@/lib/health';
import { approveProvider } from '@/lib/providers/approval';
import { providerDashboard } from '@/lib/providers/dashboard';
import { refreshProvider } from '@/lib/providers/refresh';
import { getData } from '../data/helpers';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { postRegistration, publish, removeAttempts, removeProviders, testManifest, uniqueAddress, uniqueId } from './helpers';

let server: ProviderServer;
let restore: () => void;
const id = uniqueId('panel');
const address = uniqueAddress();

beforeAll(async () => {
  server = await startProviderServer();
  restore = allowInsecureSources(server);
  const manifest = testManifest(id, { datasets: [{ id: 'body', title: 'Zastávky' }, { id: 'plochy', title: 'Povolenia' }] });
  expect((await postRegistration({ manifestUrl: publish(server, manifest) }, address)).status).toBe(201);
  await approveProvider({ id });
  // Three answers with `body`, one with `plochy`; then `plochy`'s source fails with 503.
  for (let i = 0; i < 3; i++) expect((await getData(`/api/data/${id}/body`)).status).toBe(200);
  server.setFault(`/${id}/data/${id}-plochy.json`, '503');
  expect((await getData(`/api/data/${id}/plochy`)).status).toBe(502);
  await flushSourceRecords();
  resetHealthSummary();
  // A changed manifest: a title changed and a dataset added; it awaits approval.
  publish(server, testManifest(id, { datasets: [{ id: 'body', title: 'Autobusové zastávky' }, { id: 'plochy', title: 'Povolenia' }, { id: 'lampy', title: 'Lampy' }] }));
  expect((await refreshProvider({ id })).approval).toBe('pending_review');
});

afterAll(async () => {
  await removeProviders(id);
  await removeAttempts(address);
  const sql = await getSql();
  await sql`delete from source_requests where provider_id = ${id}`;
  await sql`delete from dataset_usage where provider_id = ${id}`;
  await sql`delete from notifications where provider_id = ${id}`;
  restore();
  await server.close();
});

describe('the dashboard', () => {
  test('approval with its history, the changes awaiting approval, datasets with health, cache and use', async () => {
    const d = await providerDashboard({ id });
    expect(d.approval).toBe('pending_review');
    expect(d.changedAwaitingApproval).toBe(true);
    expect(d.origin).toBe(server.url);
    expect(d.history.map((e) => e.action)).toEqual(['registered', 'approved', 'manifest_changed']);
    expect(d.changes).toEqual(
      expect.arrayContaining([
        { path: 'datasets/body/title', kind: 'changed', before: 'Zastávky', after: 'Autobusové zastávky' },
        expect.objectContaining({ path: 'datasets/lampy', kind: 'added' }),
      ]),
    );
    const byId = Object.fromEntries(d.datasets.map((x) => [x.id, x]));
    expect(Object.keys(byId)).toEqual(['body', 'plochy', 'lampy']);
    expect(byId.lampy.approved).toBe(false);
    expect(byId.body.requests30d).toBe(3);
    expect(byId.body.cache.entries).toBe(1);
    expect(byId.body.health.status).toBe('ok');
    expect(byId.plochy.health.lastError).toMatchObject({ code: 'http_error', httpStatus: 503 });
    expect(byId.plochy.requests30d).toBe(0); // a failure serves nothing
    expect(d.usage).toHaveLength(30);
    expect(d.usage.at(-1)!.total).toBe(3);
    expect(d.health.status).toBe('degraded');
    expect(d.lastRefresh).not.toBeNull();
  });

  test('GET /api/providers/{id}: the same answer; an unknown id is 404 unknown_provider, a bad one 400', async () => {
    const res = await GET(new Request(`http://localhost/api/providers/${id}`), { params: Promise.resolve({ id }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; changes: unknown[] };
    expect(body.id).toBe(id);
    expect(body.changes.length).toBeGreaterThan(0);
    const missing = await GET(new Request('http://localhost/api/providers/nikto-taky'), { params: Promise.resolve({ id: 'nikto-taky' }) });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'unknown_provider' });
    const bad = await GET(new Request('http://localhost/api/providers/Zl%C3%A9'), { params: Promise.resolve({ id: 'Zlé' }) });
    expect(bad.status).toBe(400);
  });

  test('the page shows the state, the datasets with the HTTP status, the use, the changes and how to act', async () => {
    const html = renderToStaticMarkup(await ProviderPage({ id }));
    expect(html).toContain('data-testid="provider-page"');
    expect(html).toContain('čaká na schválenie (zmena čaká na schválenie)');
    expect(html).toContain('(HTTP 503)');
    expect(html).toContain('Zmeny čakajúce na schválenie');
    expect(html).toContain('~ datasets/body/title: &quot;Zastávky&quot; → &quot;Autobusové zastávky&quot;');
    expect(html).toContain('data-testid="provider-usage-total">3<');
    // How to act for the provider: the steps with this provider's id and the origin it is bound to.
    expect(html).toContain('data-testid="provider-actions"');
    expect(html).toContain(`POST /api/providers/${id}/challenges`);
    expect(html).toContain(`${server.url}/.well-known/geodata-portal/&lt;token&gt;`);
  });

  test('with the database not answering, the page says so in Slovak instead of the generic error page', async () => {
    const original = databaseHandle();
    setDatabase(openDatabase({ databaseUrl: 'postgres://root@127.0.0.1:1/none', migrate: false, maxConnections: 1 }));
    try {
      const html = renderToStaticMarkup(await ProviderPage({ id }));
      expect(html).toContain('data-testid="provider-unavailable"');
      expect(html).toContain('Databáza portálu práve neodpovedá; skúste to o chvíľu znova.');
      expect(html).not.toContain('data-testid="provider-page"');
    } finally {
      await (await databaseHandle()).close();
      setDatabase(original);
    }
  });
});
