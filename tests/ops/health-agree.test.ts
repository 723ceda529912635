// /stav-zdrojov and the catalog say the same of a provider: its status comes from its datasets' (a
// provider with 2 of 4 datasets failing is `degraded` in both, not `unavailable` on the page), the
// page does not lag behind the records, and the last error carries the source's HTTP status.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import SourceHealthPage from '@/app/stav-zdrojov/page';
import { getSql } from '@/lib/db';
import { flushSourceRecords, healthSummary, recordSourceRequest, resetHealthSummary } from '@/lib/health';
import { providerHealthReport } from '@/lib/providers/health-report';
import { getCatalog } from '@/lib/providers/catalog';
import type { ProviderServer } from '../helpers/provider-server';
import { collection, geojsonDataset, getData, point, registerProvider, startTestProvider, uniqueId, unregisterProvider, type TestProvider } from '../data/helpers';

let server: ProviderServer;
let restore: () => void;
const providers: TestProvider[] = [];
const mixed = uniqueId('stav');
const down = uniqueId('stav');
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  ({ server, restore } = await startTestProvider());
  for (const id of [mixed, down]) {
    providers.push(await registerProvider(server, { id, datasets: ['a', 'b', 'c', 'd'].map((d) => geojsonDataset(server, `${id}-${d}`, { category: 'society' })) }));
  }
  // `mixed`: datasets a and b answer, c and d failed in the last minutes (the newest requests).
  for (const d of ['a', 'b']) for (let i = 0; i < 4; i++) recordSourceRequest({ providerId: mixed, datasetId: `${mixed}-${d}`, kind: 'data', ms: 80, outcome: 'ok', bytes: 100, at: minutesAgo(20 - i) });
  for (const d of ['c', 'd']) for (let i = 0; i < 4; i++) recordSourceRequest({ providerId: mixed, datasetId: `${mixed}-${d}`, kind: 'data', ms: 40, outcome: 'http_error', bytes: 0, httpStatus: 503, at: minutesAgo(5 - i) });
  // `down`: every dataset failed.
  for (const d of ['a', 'b', 'c', 'd']) for (let i = 0; i < 3; i++) recordSourceRequest({ providerId: down, datasetId: `${down}-${d}`, kind: 'data', ms: 10_000, outcome: 'timeout', bytes: 0, at: minutesAgo(10 - i) });
  await flushSourceRecords();
  resetHealthSummary();
});

afterAll(async () => {
  for (const p of providers) await unregisterProvider(p);
  const sql = await getSql();
  await sql`delete from source_requests where provider_id in (${mixed}, ${down})`;
  restore();
  await server.close();
});

describe('the page and the catalog agree', () => {
  test('2 of 4 datasets failing: degraded in both, with the same figures; all failing: unavailable in both', async () => {
    const report = await providerHealthReport();
    const catalog = await getCatalog();
    for (const [id, status] of [[mixed, 'degraded'], [down, 'unavailable']] as const) {
      const page = report.providers.find((p) => p.id === id)!;
      const listed = catalog.providers.find((p) => p.id === id)!;
      expect(page.health.status, id).toBe(status);
      expect(listed.status, id).toBe(status);
      expect(listed.health).toEqual(page.health);
      for (const d of page.datasets) {
        expect(catalog.datasets.find((c) => c.key === d.key)!.health).toEqual(d.health);
      }
    }
    const page = report.providers.find((p) => p.id === mixed)!;
    expect(page.datasets.map((d) => d.health.status)).toEqual(['ok', 'ok', 'unavailable', 'unavailable']);
    // 8 of 16 requests failed: availability is the provider's share, the status its datasets' verdict.
    expect(page.health.last24h.availability).toBe(0.5);
  });

  test('the page shows the provider as obmedzený (not nedostupný) and the last error with its HTTP status', async () => {
    const html = renderToStaticMarkup(await SourceHealthPage());
    const section = html.slice(html.indexOf(`data-provider="${mixed}"`));
    const row = section.slice(section.indexOf('data-testid="health-provider-row"'));
    const providerRow = row.slice(0, row.indexOf('</tr>'));
    expect(providerRow).toContain('data-status="degraded"');
    expect(providerRow).toContain('obmedzený');
    expect(providerRow).toContain('<code>http_error</code>');
    expect(providerRow).toContain('(HTTP 503)');
  });

  test('the page does not lag: records another instance wrote show once the summary is 2 s old', async () => {
    const extra = uniqueId('stav');
    providers.push(await registerProvider(server, { id: extra, datasets: [geojsonDataset(server, `${extra}-a`, { category: 'society' })] }));
    await healthSummary(); // a summary exists (computed now)
    const sql = await getSql();
    await sql`insert into source_requests (provider_id, dataset_id, kind, at, ms, outcome, bytes, http_status)
              values (${extra}, ${`${extra}-a`}, 'data', now(), 50, 'http_error', 0, 502)`;
    await new Promise((r) => setTimeout(r, 2100));
    const page = (await providerHealthReport()).providers.find((p) => p.id === extra)!;
    expect(page.health.status).toBe('unavailable');
    expect(page.datasets[0].health.lastError).toMatchObject({ code: 'http_error', httpStatus: 502 });
    // The catalog uses the summary the page just computed.
    expect((await getCatalog()).providers.find((p) => p.id === extra)!.status).toBe('unavailable');
    await sql`delete from source_requests where provider_id = ${extra}`;
  });
});

describe('the HTTP status of a real failure', () => {
  test('a source answering 503 is recorded as http_error with HTTP 503', async () => {
    const id = uniqueId('stav');
    server.setBody(`/${id}-z.json`, collection([point(17.1, 48.1)]));
    server.setFault(`/${id}-z.json`, '503');
    providers.push(await registerProvider(server, { id, datasets: [geojsonDataset(server, `${id}-z`, { category: 'society' })] }));
    const res = await getData(`/api/data/${id}/${id}-z`);
    expect(res.status).toBe(502);
    await flushSourceRecords();
    resetHealthSummary();
    const listed = (await getCatalog()).datasets.find((d) => d.key === `${id}/${id}-z`)!;
    expect(listed.health.lastError).toMatchObject({ code: 'http_error', httpStatus: 503 });
    await (await getSql())`delete from source_requests where provider_id = ${id}`;
  });
});
