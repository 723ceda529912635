// Three portal processes (the production build behind server.ts) on one throwaway PostgreSQL, and
// providers on 127.0.0.1: what a deployment of several instances must guarantee.
//
// - start-up: /readyz answers 503 naming what is not ready until the instance is ready; a port in
//   use is reported before the database is touched; DATABASE_URL comes from .env.local;
// - 60 concurrent first requests for one dataset spread over the three -> one upstream request;
// - an operator approval (and a rejection) is visible in all three catalogs within 2 s;
// - one manifest refresh per interval across the three, counted at the provider;
// - the registration rate limit holds across instances (the 6th attempt from one address -> 429);
// - /metrics parses and its counters move with the requests;
// - provider health: /stav-zdrojov and the catalog status follow a provider failing and recovering;
// - SIGTERM during 20 slow requests: /readyz 503 at once, all 20 complete, exit code 0.
//
// `npm run test:deploy` (vitest.deploy.config.ts); CI runs it after the resilience suite. It builds
// Next under /tmp/build.lock when no build exists, like the resilience suite it shares the launcher with.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { json, request, sleep, type Reply } from '../../scripts/resilience/common';
import { cleanupAll, createThrowawayDatabase, freePort, operator, snapshotTree, startPortal, type Portal } from '../../scripts/resilience/portal';
import { bboxFiltered, pointCollection, pointGrid, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { parseMetrics, sampleSum, type Family } from '../helpers/prometheus';

const REFRESH_SECONDS = 3;
const OPERATOR_B = 'Obec B, oddelenie GIS';
const DATA_ROUTE = '/api/data/[provider]/[dataset]';

let provider: ProviderServer;
let flaky: ProviderServer;
let databaseUrl: string;
let noReferenceData: string;
let a: Portal;
let b: Portal;
let c: Portal;
let all: Portal[];
const startupReadiness: Array<{ status: number; body: Record<string, unknown> }> = [];

const suffix = Math.random().toString(36).slice(2, 8);
const ID = `deploy-${suffix}`;
const FLAKY_ID = `flaky-${suffix}`;

function manifest(id: string, datasets: Array<{ id: string; mode: 'full' | 'bbox' }>) {
  return {
    protocol: '0.1',
    provider: { id, name: `Skúšobný poskytovateľ ${id}` },
    license: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', attribution: `© ${id}` },
    datasets: datasets.map((d) => ({
      id: d.id,
      title: `Dataset ${d.id}`,
      description: 'Body na skúšku viacerých inštancií.',
      category: 'society',
      coverage: { bbox: [16.8, 47.7, 22.6, 49.6], area: 'Slovensko' },
      source: { type: 'geojson', url: `data/${d.id}.json`, ...(d.mode === 'bbox' ? { mode: 'bbox' } : {}) },
      presentation: { type: 'circle', color: '#c0392b' },
    })),
  };
}

function publish(server: ProviderServer, id: string, datasets: Array<{ id: string; mode: 'full' | 'bbox' }>): string {
  server.setBody(`/${id}/manifest.json`, manifest(id, datasets));
  // A bbox-mode source answers only the objects in the asked window (the validator's live test
  // refuses one that ignores the bbox with `bbox_ignored`).
  for (const d of datasets) {
    server.setBody(`/${id}/data/${d.id}.json`, d.mode === 'bbox' ? bboxFiltered(pointGrid([16.8, 47.7, 22.6, 49.6], 900)) : pointCollection(3));
  }
  return `${server.url}/${id}/manifest.json`;
}

/** A bbox of one z12 tile inside Slovakia, distinct per n (distinct cache keys). */
function tileBbox(n: number): string {
  const lon = 17.2 + (n % 40) * 0.088;
  const lat = 48.3 + Math.floor(n / 40) * 0.055;
  return `${lon.toFixed(4)},${lat.toFixed(4)},${(lon + 0.05).toFixed(4)},${(lat + 0.03).toFixed(4)}`;
}

async function catalogOf(p: Portal): Promise<{ providers: Array<Record<string, any>>; datasets: Array<Record<string, any>> }> {
  const r = await request(p.url, '/api/catalog', { timeoutMs: 15_000 });
  expect(r.status).toBe(200);
  return json(r) as never;
}

async function scrape(p: Portal): Promise<Family[]> {
  const r = await request(p.url, '/metrics', { timeoutMs: 15_000 });
  expect(r.status).toBe(200);
  expect(String(r.headers['content-type'])).toContain('text/plain');
  return parseMetrics(r.body.toString('utf8'));
}

const sumOver = (scrapes: Family[][], name: string, labels: Record<string, string> = {}) =>
  scrapes.reduce((s, f) => s + sampleSum(f, name, labels), 0);

/** Polls until `check` passes (it throws or returns false otherwise); returns the milliseconds it took. */
async function eventually(check: () => Promise<boolean>, timeoutMs: number, stepMs = 100): Promise<number> {
  const started = Date.now();
  let last: unknown;
  for (;;) {
    try {
      if (await check()) return Date.now() - started;
    } catch (e) {
      last = e;
    }
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await sleep(stepMs);
  }
}

function cli(args: string[]) {
  const r = operator({ databaseUrl, pgliteDir: undefined }, args, 120_000);
  expect(r.status, `operator ${args.join(' ')}: ${r.stderr}${r.stdout}`).toBe(0);
  return r;
}

async function register(p: Portal, manifestUrl: string, localAddress?: string): Promise<Reply> {
  return request(p.url, '/api/registration', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ manifestUrl }),
    timeoutMs: 60_000,
    localAddress,
  });
}

beforeAll(async () => {
  provider = await startProviderServer();
  flaky = await startProviderServer();
  databaseUrl = createThrowawayDatabase('ops_deploy');
  // Reference data are not what this suite is about: without them an instance starts in seconds.
  noReferenceData = mkdtempSync(path.join(os.tmpdir(), 'portal-no-reference-'));
  const tree = await snapshotTree();
  // DATABASE_URL only in .env.local of the servers' working directory: read before the database opens.
  const envLocal = path.join(tree, '.env.local');
  try {
    unlinkSync(envLocal); // a link to the project's own file, if it has one (the link only)
  } catch {
    // none
  }
  writeFileSync(envLocal, `DATABASE_URL=${databaseUrl}\n`);

  const env = (extra: Record<string, string> = {}) => ({
    ALLOW_INSECURE_SOURCES: `${provider.hostPort},${flaky.hostPort}`,
    MANIFEST_REFRESH_MINUTES: String(REFRESH_SECONDS / 60),
    REFERENCE_DATA_DIR: noReferenceData,
    ...extra,
  });

  // The first instance migrates an empty database; /readyz is polled from the moment it listens.
  const port = await freePort();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      try {
        const r = await request(`http://127.0.0.1:${port}`, '/readyz', { timeoutMs: 5000 });
        startupReadiness.push({ status: r.status, body: json(r) as Record<string, unknown> });
      } catch {
        // not listening yet
      }
      await sleep(25);
    }
  })();
  a = await startPortal({ name: 'a', port, env: env(), readyTimeoutMs: 240_000 });
  await eventually(async () => (await request(a.url, '/readyz')).status === 200, 30_000);
  polling = false;
  await poller;
  [b, c] = await Promise.all([
    // b has its own operator (the footer's contact is read per request, so one build serves both).
    startPortal({ name: 'b', env: env({ OPERATOR_NAME: OPERATOR_B, CONTACT_EMAIL: 'gis@obec-b.sk' }), readyTimeoutMs: 240_000 }),
    startPortal({ name: 'c', env: env({ SHUTDOWN_DELAY_SECONDS: '2' }), readyTimeoutMs: 240_000 }),
  ]);
  all = [a, b, c];
}, 900_000);

afterAll(async () => {
  await cleanupAll();
  await provider?.close();
  await flaky?.close();
  if (noReferenceData) rmSync(noReferenceData, { recursive: true, force: true });
});

describe('start-up', () => {
  test('/readyz answers 503 naming the parts not ready, then 200; /healthz is 200 throughout', async () => {
    const starting = startupReadiness.filter((r) => r.status === 503);
    expect(starting.length).toBeGreaterThan(0);
    for (const r of starting) {
      expect(r.body).toMatchObject({ status: 'starting', failing: expect.any(Array), error: expect.stringMatching(/^Not ready: /) });
      expect((r.body.failing as string[]).length).toBeGreaterThan(0);
    }
    expect(startupReadiness.at(-1)?.status).toBe(200);
    for (const p of all) {
      const ready = await request(p.url, '/readyz');
      expect(ready.status).toBe(200);
      expect(String(ready.headers['cache-control'])).toBe('no-store');
      // Reference data are not configured here: reported, and not a reason to be unready.
      expect(json(ready)).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', referenceData: 'not_configured', registry: 'ok', app: 'ok', shutdown: 'ok' },
      });
      expect((await request(p.url, '/healthz')).status).toBe(200);
    }
    // Every instance read DATABASE_URL from .env.local: they share one registry.
    expect(readFileSync(a.logFile, 'utf8')).toMatch(/"envFiles":\[[^\]]*"\.env\.local"/);
  });

  test('a port in use is reported before the database is prepared', async () => {
    // A second server on the first one's port: it must say so and exit before opening the database.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
      cwd: await snapshotTree(),
      env: { ...process.env, NODE_ENV: 'production', PORT: String(a.port), REFERENCE_DATA_DIR: noReferenceData, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(output).toContain(`Port ${a.port} is already in use`);
    expect(output).not.toContain('database:');
  }, 60_000);
});

describe('settings of each instance', () => {
  // Pages with nothing dynamic of their own (/mapy), the statement, a 404 and the map: the footer shows
  // the operator of the instance that answered, not the one the build was made with.
  test('one build, two operators: every page footer names its own instance\'s operator', async () => {
    for (const page of ['/mapy', '/dokumentacia', '/poskytovatelia', '/vyhlasenie-o-pristupnosti', '/neexistuje', '/']) {
      const fromA = await request(a.url, page);
      const fromB = await request(b.url, page);
      expect([fromA.status, fromB.status], page).toEqual(page === '/neexistuje' ? [404, 404] : [200, 200]);
      expect(fromA.body.toString(), page).toContain('Prevádzkovateľ: <!-- -->neuvedený');
      expect(fromB.body.toString(), page).toContain(`Prevádzkovateľ: <!-- -->${OPERATOR_B}`);
      expect(fromB.body.toString(), page).toContain('href="mailto:gis@obec-b.sk"');
    }
  });
});

describe('several instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const url = publish(provider, ID, [
      { id: 'body', mode: 'full' },
      { id: 'okna', mode: 'bbox' },
    ]);
    const r = await register(a, url);
    expect(r.status, r.body.toString()).toBe(201);
  }, 120_000);

  test('an approval, a rejection and an approval again reach all three catalogs within 2 s', async () => {
    const listed = async (p: Portal) => (await catalogOf(p)).providers.some((x) => x.id === ID);
    for (const p of all) expect(await listed(p)).toBe(false);

    const visible = async (want: boolean) =>
      Math.max(...(await Promise.all(all.map((p) => eventually(async () => (await listed(p)) === want, 10_000, 50)))));
    cli(['approve', ID]);
    const approvedMs = await visible(true);
    cli(['reject', ID, '--reason', 'skúška']);
    const rejectedMs = await visible(false);
    cli(['unreject', ID]);
    cli(['approve', ID]);
    const againMs = await visible(true);
    console.log(`approval visible on all three after ${approvedMs} ms, rejection ${rejectedMs} ms, approval again ${againMs} ms`);
    expect(approvedMs).toBeLessThanOrEqual(2000);
    expect(rejectedMs).toBeLessThanOrEqual(2000);
    expect(againMs).toBeLessThanOrEqual(2000);
  }, 300_000);

  test('60 concurrent first requests for one dataset over three instances: one upstream request; /metrics counts them', async () => {
    const dataPath = `/${ID}/data/body.json`;
    provider.setFault(dataPath, { type: 'delay', ms: 800 });
    const before = await Promise.all(all.map(scrape));
    const upstreamBefore = provider.requests(dataPath);

    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => request(all[i % 3].url, `/api/data/${ID}/body`, { timeoutMs: 30_000 })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(60).fill(200));
    expect(answers.every((r) => (json(r) as { features: unknown[] }).features.length === 3)).toBe(true);
    expect(provider.requests(dataPath) - upstreamBefore).toBe(1);

    await sleep(200);
    const after = await Promise.all(all.map(scrape));
    const delta = (name: string, labels: Record<string, string> = {}) => sumOver(after, name, labels) - sumOver(before, name, labels);
    expect(delta('portal_http_requests_total', { method: 'GET', route: DATA_ROUTE, status: '200' })).toBe(60);
    expect(delta('portal_data_cache_requests_total')).toBe(60);
    expect(delta('portal_upstream_requests_total', { provider: ID, kind: 'data', outcome: 'ok' })).toBe(1);
    // The two instances that did not fetch waited for the one that did and read its entry.
    expect(delta('portal_data_cache_lease_waits_total', { result: 'entry' })).toBe(2);
    for (const families of after) {
      const names = new Set(families.map((f) => f.name));
      for (const n of [
        'portal_http_request_duration_seconds',
        'portal_upstream_request_duration_seconds',
        'portal_data_cache_memory_bytes',
        'portal_data_cache_stored_bytes',
        'portal_registry_providers',
        'portal_db_pool_connections',
        'portal_db_pool_max_connections',
        'nodejs_eventloop_lag_seconds',
      ]) {
        expect(names, n).toContain(n);
      }
      expect(families.find((f) => f.name === 'portal_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
      // Route templates only: no raw path reaches a label.
      const routes = new Set(families.find((f) => f.name === 'portal_http_requests_total')!.metrics.map((m) => m.labels?.route));
      expect([...routes].some((r) => r?.includes(ID))).toBe(false);
      expect(sampleSum(families, 'portal_ready')).toBe(1);
      expect(sampleSum(families, 'portal_registry_providers', { approval: 'approved' })).toBeGreaterThan(0);
    }
    provider.setFault(dataPath, null);
  }, 120_000);

  test('one manifest refresh per interval across the three instances', async () => {
    const manifestPath = `/${ID}/manifest.json`;
    const windowS = 4 * REFRESH_SECONDS;
    const before = provider.requests(manifestPath);
    await sleep(windowS * 1000);
    const refreshes = provider.requests(manifestPath) - before;
    console.log(`${refreshes} manifest downloads in ${windowS} s with a ${REFRESH_SECONDS} s interval and three instances`);
    // Uncoordinated, every instance would download once per interval (3 per interval).
    expect(refreshes).toBeGreaterThanOrEqual(2);
    expect(refreshes).toBeLessThanOrEqual(windowS / REFRESH_SECONDS + 1);
  }, 60_000);

  test('the registration rate limit holds across instances: the 6th attempt from one address is 429', async () => {
    const address = '127.0.0.77';
    const statuses: number[] = [];
    let last: Reply | undefined;
    for (let i = 0; i < 6; i++) {
      last = await register(all[i % 3], `${provider.url}/nothing-${i}.json`, address);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
    expect(json(last!)).toMatchObject({ code: 'too_many_requests' });
  }, 120_000);
});

describe('provider health', () => {
  let n = 0;
  const get = (p: Portal) => request(p.url, `/api/data/${FLAKY_ID}/meranie?bbox=${tileBbox(n++)}&zoom=12`, { timeoutMs: 30_000 });
  const datasetStatus = async () => (await catalogOf(a)).datasets.find((d) => d.key === `${FLAKY_ID}/meranie`)?.health?.status;
  const providerEntry = async () => (await catalogOf(a)).providers.find((p) => p.id === FLAKY_ID);
  const pageStatus = async () => {
    const html = (await request(a.url, '/stav-zdrojov', { timeoutMs: 30_000 })).body.toString('utf8');
    const row = html.split('data-testid="health-dataset-row"').find((part) => part.includes(`data-dataset="${FLAKY_ID}/meranie"`));
    return /data-status="([a-z_]+)"/.exec(row ?? '')?.[1];
  };

  beforeAll(async () => {
    const r = await register(a, publish(flaky, FLAKY_ID, [{ id: 'meranie', mode: 'bbox' }]));
    expect(r.status, r.body.toString()).toBe(201);
    cli(['approve', FLAKY_ID]);
    await eventually(async () => (await providerEntry()) !== undefined, 10_000);
  }, 120_000);

  test('the catalog status and /stav-zdrojov follow a provider that fails and recovers', async () => {
    const health = async () => (await catalogOf(a)).datasets.find((d) => d.key === `${FLAKY_ID}/meranie`)!.health;
    for (let i = 0; i < 3; i++) expect((await get(a)).status).toBe(200);
    // Recorded within a second, summarised within a few more.
    await eventually(async () => (await health()).last24h.requests >= 3 && (await pageStatus()) === 'ok', 30_000, 500);
    const healthy = await health();
    expect(healthy.status).toBe('ok');
    expect(healthy.last24h.availability).toBe(1);
    expect(healthy.lastSuccess).toEqual(expect.any(String));

    flaky.setFault('*', '500');
    for (let i = 0; i < 3; i++) expect((await get(a)).status).toBe(502);
    await eventually(async () => (await datasetStatus()) === 'unavailable' && (await pageStatus()) === 'unavailable', 30_000, 500);
    const down = await providerEntry();
    expect(down?.status).not.toBe('ok');
    expect(down?.health.lastError).toMatchObject({ code: 'http_error' });
    const failing = await health();
    expect(failing.last24h.availability).toBeLessThan(1);
    expect(failing.lastError).toMatchObject({ code: 'http_error' });

    flaky.setFault('*', null);
    for (let i = 0; i < 10; i++) expect((await get(a)).status).toBe(200);
    await eventually(
      async () => (await datasetStatus()) === 'ok' && (await pageStatus()) === 'ok' && (await providerEntry())?.status === 'ok',
      60_000,
      500,
    );
  }, 180_000);
});

describe('graceful shutdown', () => {
  test('SIGTERM during 20 slow requests: /readyz 503 at once, all 20 complete, exit code 0', async () => {
    const dataPath = `/${ID}/data/okna.json`;
    provider.setFault(dataPath, { type: 'delay', ms: 3000 });
    const before = provider.requests(dataPath);
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      request(c.url, `/api/data/${ID}/okna?bbox=${tileBbox(100 + i)}&zoom=12`, { timeoutMs: 30_000 }),
    );
    await eventually(async () => provider.requests(dataPath) - before === 20, 20_000, 20);
    c.signal('SIGTERM');
    // The signal arrives asynchronously; from then on (SHUTDOWN_DELAY_SECONDS=2 keeps it accepting) /readyz is 503.
    let ready: Reply | undefined;
    await eventually(async () => (ready = await request(c.url, '/readyz', { timeoutMs: 5000 })).status === 503, 1500, 20);
    expect(json(ready!)).toMatchObject({ status: 'stopping', failing: ['shutdown'] });
    const answers = await Promise.all(inFlight);
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await c.exited()).toEqual({ code: 0, signal: null });
    expect(c.logTail(50)).toContain('shutdown complete');
    provider.setFault(dataPath, null);
    // The others keep serving.
    expect((await request(a.url, '/readyz')).status).toBe(200);
  }, 120_000);
});
