// Provider health: the status rules, and the figures computed from recorded source requests
// (availability and latency percentiles over 24 h and 7 days, last success, last error, retention).
import { afterAll, describe, expect, test } from 'vitest';
import { getSql } from '@/lib/db';
import {
  datasetHealth,
  flushSourceRecords,
  healthSummary,
  providerHealth,
  pruneSourceRequests,
  recordSourceRequest,
  resetHealthSummary,
  statusOfRecent,
} from '@/lib/health';
import { uniqueId } from '../data/helpers';

const ok = (ms = 100) => ({ ok: true, ms });
const failed = (ms = 100) => ({ ok: false, ms });

describe('status of the recent requests (newest first)', () => {
  const cases = [
    { name: 'no requests', recent: [], status: 'ok' },
    { name: 'all succeeded', recent: [ok(), ok(), ok()], status: 'ok' },
    { name: 'one failure among the last ten', recent: [ok(), ok(), failed(), ok()], status: 'degraded' },
    { name: 'the newest failed once', recent: [failed(), ok(), ok()], status: 'degraded' },
    { name: 'the newest three failed', recent: [failed(), failed(), failed(), ok(), ok()], status: 'unavailable' },
    { name: 'a single request, failed', recent: [failed()], status: 'unavailable' },
    { name: 'two requests, both failed', recent: [failed(), failed()], status: 'unavailable' },
    { name: 'slow successes (median over 5 s)', recent: [ok(6000), ok(7000), ok(100)], status: 'degraded' },
    { name: 'one slow success', recent: [ok(9000), ok(100), ok(100)], status: 'ok' },
  ] as const;
  for (const c of cases) {
    test(c.name, () => {
      expect(statusOfRecent([...c.recent])).toBe(c.status);
    });
  }
});

describe('figures from the recorded requests', () => {
  const pid = uniqueId('t-health');
  const other = uniqueId('t-health');
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);

  afterAll(async () => {
    const sql = await getSql();
    await sql`delete from source_requests where provider_id in (${pid}, ${other})`;
  });

  test('availability, p50/p95 over 24 h and 7 days, last success and last error per dataset and provider', async () => {
    // 24 h: 9 successes of dataset `a` (100..900 ms) and a time-out; 3 days ago: 10 failures of `b`.
    for (let i = 1; i <= 9; i++) recordSourceRequest({ providerId: pid, datasetId: 'a', kind: 'data', ms: i * 100, outcome: 'ok', bytes: 1000, at: hoursAgo(2) });
    recordSourceRequest({ providerId: pid, datasetId: 'a', kind: 'data', ms: 10_000, outcome: 'timeout', bytes: 0, at: hoursAgo(3) });
    for (let i = 0; i < 10; i++) recordSourceRequest({ providerId: pid, datasetId: 'b', kind: 'data', ms: 50, outcome: 'http_error', bytes: 0, at: hoursAgo(72) });
    // A manifest download just now, and a record past the retention period.
    recordSourceRequest({ providerId: pid, datasetId: null, kind: 'manifest', ms: 30, outcome: 'ok', bytes: 500 });
    recordSourceRequest({ providerId: other, datasetId: 'a', kind: 'data', ms: 10, outcome: 'ok', bytes: 1, at: hoursAgo(24 * 9) });
    await flushSourceRecords();
    resetHealthSummary();
    const summary = await healthSummary();

    const a = datasetHealth(summary, `${pid}/a`);
    expect(a.last24h).toEqual({ requests: 10, availability: 0.9, p50Ms: 500, p95Ms: 860 });
    expect(a.last7d).toEqual(a.last24h);
    expect(a.lastError?.code).toBe('timeout');
    expect(Math.abs(Date.parse(a.lastError!.at) - hoursAgo(3).getTime())).toBeLessThan(60_000);
    expect(Date.parse(a.lastSuccess!)).toBeGreaterThan(Date.parse(a.lastError!.at));
    // Its recent requests (the last hour) are none: nothing against it now.
    expect(a.status).toBe('ok');

    const b = datasetHealth(summary, `${pid}/b`);
    expect(b.last24h).toEqual({ requests: 0, availability: null, p50Ms: null, p95Ms: null });
    expect(b.last7d).toEqual({ requests: 10, availability: 0, p50Ms: null, p95Ms: null });
    expect(b.lastSuccess).toBeNull();
    expect(b.lastError?.code).toBe('http_error');

    // The provider: all its records, the manifest download included.
    const p = providerHealth(summary, pid, 'ok');
    expect(p.last24h.requests).toBe(11);
    expect(p.last7d).toMatchObject({ requests: 21, availability: 0.4762 });
    expect(p.status).toBe('ok');
    expect(p.lastError?.code).toBe('timeout');
    // The registry's manifest status is named first; a failed download degrades an otherwise healthy provider.
    expect(providerHealth(summary, pid, 'invalid_manifest').status).toBe('invalid_manifest');
    expect(providerHealth(summary, pid, 'source_unreachable').status).toBe('degraded');

    // Unknown datasets and providers have empty figures and `ok`.
    expect(datasetHealth(summary, `${pid}/none`)).toMatchObject({ status: 'ok', lastSuccess: null, lastError: null });
    // Past the retention period: not counted, and pruned.
    expect(datasetHealth(summary, `${other}/a`).last7d.requests).toBe(0);
    expect(await pruneSourceRequests()).toBeGreaterThanOrEqual(1);
    const sql = await getSql();
    expect((await sql`select 1 from source_requests where provider_id = ${other}`).length).toBe(0);
  });

  test('the status follows the newest requests of the last hour', async () => {
    const id = uniqueId('t-health');
    try {
      for (let i = 0; i < 3; i++) recordSourceRequest({ providerId: id, datasetId: 'x', kind: 'data', ms: 20, outcome: 'ok', bytes: 10 });
      await flushSourceRecords();
      resetHealthSummary();
      expect(datasetHealth(await healthSummary(), `${id}/x`).status).toBe('ok');

      for (let i = 0; i < 3; i++) recordSourceRequest({ providerId: id, datasetId: 'x', kind: 'data', ms: 20, outcome: 'source_unreachable', bytes: 0 });
      await flushSourceRecords();
      resetHealthSummary();
      let summary = await healthSummary();
      expect(datasetHealth(summary, `${id}/x`)).toMatchObject({ status: 'unavailable', lastError: { code: 'source_unreachable' } });
      expect(providerHealth(summary, id, 'ok').status).toBe('unavailable');

      for (let i = 0; i < 10; i++) recordSourceRequest({ providerId: id, datasetId: 'x', kind: 'data', ms: 20, outcome: 'ok', bytes: 10 });
      await flushSourceRecords();
      resetHealthSummary();
      summary = await healthSummary();
      expect(datasetHealth(summary, `${id}/x`).status).toBe('ok');
      expect(datasetHealth(summary, `${id}/x`).last24h).toMatchObject({ requests: 16, availability: 0.8125 });
    } finally {
      const sql = await getSql();
      await sql`delete from source_requests where provider_id = ${id}`;
    }
  });
});
