// Bench of the data proxy (`npm run bench -- data`, or alone: `npx tsx scripts/bench/data.ts`).
//
// Cache-hit throughput and latency for a ~10 KB and a ~1 MB answer, each printed as a ratio to a
// bare node:http server sending the same bytes, headers included (this machine's limit), measured in
// the same run, interleaved:
// - fast path: a node:http server with the request listener server.ts uses (lib/server/listener.ts:
//   request log line, HTTP and cache metrics, then the data fast path of lib/server/fast-path.ts, the route otherwise). A
//   production Next build is not made here, so the fallback calls the route handler directly; fresh
//   hits never reach it. The log goes to /dev/null through the same buffered pino stream as in
//   production (stdout there).
// - route handler: the Next route's exported GET called directly through a small node->web adapter
//   (what Next adds on top — routing, its own request objects — is not included, so the real route
//   is slower still);
// - constant handler: a route() handler returning the same constant Buffer through the same adapter,
//   the floor of any route-level answer.
// Plus: upstream requests for 100 concurrent misses on one key (single-flight; goal 1).
// Load comes from autocannon in a worker thread; the provider is a local fake on 127.0.0.1; the
// database is a throw-away PGlite (or DATABASE_URL, where the bench's provider is removed afterwards).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { benchRouteTable, runIfMain } from './common';

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { average: number; p50: number; p99: number };
  throughput: { average: number };
  errors: number;
  non2xx: number;
};
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;

/** Per server and body: ROUNDS runs of ROUND_S seconds, interleaved with the other servers' runs. */
const ROUNDS = 5;
const ROUND_S = 1;
/**
 * Concurrent connections per body size: 1 MB answers saturate loopback with few connections, and many
 * concurrent 1 MB streams only thrash socket buffers (measured here: 20 connections gave less than half
 * the throughput of 2).
 */
const CONNECTIONS = { small: 20, large: 2 } as const;

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  mbps: number;
  errors: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Interleaving keeps the comparison fair on a shared machine whose load drifts during the bench. */
async function measureInterleaved(autocannon: Autocannon, connections: number, urls: Record<string, string>): Promise<Record<string, Measured>> {
  const runs: Record<string, AutocannonResult[]> = Object.fromEntries(Object.keys(urls).map((k) => [k, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [kind, url] of Object.entries(urls)) {
      runs[kind].push(await autocannon({ url, connections, duration: ROUND_S, workers: 1 }));
    }
  }
  const out: Record<string, Measured> = {};
  for (const [kind, rs] of Object.entries(runs)) {
    out[kind] = {
      rps: rs.reduce((a, r) => a + r.requests.average, 0) / rs.length,
      p50: median(rs.map((r) => r.latency.p50)),
      p99: median(rs.map((r) => r.latency.p99)),
      mbps: rs.reduce((a, r) => a + r.throughput.average, 0) / rs.length / 1024 / 1024,
      errors: rs.reduce((a, r) => a + r.errors + r.non2xx, 0),
    };
  }
  return out;
}

function listen(listener: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(listener);
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

type WebHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

/** Calls a web route handler for a node request, as a framework would (without its other costs). */
function adapter(handler: WebHandler, params: (pathname: string) => Record<string, string>): http.RequestListener {
  return (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const response = await handler(new Request(url, { method: req.method, headers }), { params: Promise.resolve(params(url.pathname)) });
      const out: Record<string, string> = {};
      response.headers.forEach((v, k) => (out[k] = v));
      res.writeHead(response.status, out);
      if (response.body) await pipeline(Readable.fromWeb(response.body as never), res);
      else res.end();
    })().catch((err: unknown) => {
      // autocannon closing its sockets at the end of a run is not an error worth printing.
      if ((err as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error(err);
      res.destroy();
    });
  };
}

/** A FeatureCollection whose portal answer is about `bytes` long (a feature comes out at ~400 bytes). */
function bodyOfSize(bytes: number): unknown {
  const perFeature = 400;
  const count = Math.max(1, Math.round(bytes / perFeature));
  const pad = 'x'.repeat(perFeature - 180);
  return {
    type: 'FeatureCollection',
    features: Array.from({ length: count }, (_, i) => ({
      type: 'Feature',
      id: i + 1,
      geometry: { type: 'Point', coordinates: [17 + (i % 500) / 100, 47.8 + (i % 170) / 100] },
      properties: { name: `Objekt ${i + 1}`, value: i % 100, note: pad },
      dm: { title: `Objekt ${i + 1}` },
    })),
    dm: { ttl: 3600 },
  };
}

/** A plain node:http GET (fetch() would ask for gzip), with the raw headers and body. */
function get(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

export async function run(): Promise<void> {
  const { startProviderServer } = await import('../../tests/helpers/provider-server');
  const provider = await startProviderServer();
  process.env.ALLOW_INSECURE_SOURCES = [process.env.ALLOW_INSECURE_SOURCES, provider.hostPort].filter(Boolean).join(',');
  const { env, resetEnvForTests } = await import('@/lib/env');
  resetEnvForTests();

  const db = await import('@/lib/db');
  let tmp: string | undefined;
  if (env().databaseUrl) {
    db.setDatabase(db.openDatabase({ migrate: true }));
  } else {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-data-'));
    db.setDatabase(db.openDatabase({ pgliteDir: tmp, migrate: true, requireHost: true }));
  }
  const registryDb = await db.getDb();

  const { bumpRegistryVersion, deleteProvider, fingerprintOf } = await import('@/lib/providers/queries');
  const { insertProviderRows } = await import('../../tests/data/helpers');
  const { invalidateRegistryCache } = await import('@/lib/providers/served');
  const { route } = await import('@/lib/http');
  const data = await import('@/lib/data');
  const { createRequestListener } = await import('@/lib/server/listener');
  const { setLogDestination } = await import('@/lib/observability/log');
  const { default: pino } = await import('pino');
  setLogDestination(pino.destination({ dest: '/dev/null', sync: false, minLength: 4096 }));
  const { GET } = await import('@/app/api/data/[provider]/[dataset]/route');

  const pid = `bench-data-${process.pid}`;
  const ds = (id: string) => ({
    id,
    title: id,
    source: { type: 'geojson' as const, url: `${provider.url}/${id}.json` },
    presentation: { type: 'circle', color: '#336699' },
  });
  const manifest = {
    protocol: '0.1',
    provider: { id: pid, name: 'Bench' },
    license: { name: 'CC BY 4.0', attribution: 'Bench' },
    datasets: [ds('small'), ds('large'), ds('flight')],
  };
  const fingerprint = fingerprintOf(JSON.stringify(manifest));
  await insertProviderRows(registryDb, { id: pid, managedBy: 'provider', manifestUrl: `${provider.url}/manifest.json`, manifest, fingerprint, approval: 'approved' });
  await bumpRegistryVersion(registryDb);
  invalidateRegistryCache();

  // autocannon ships no type declarations; the shape used here is declared above.
  const autocannonModule = 'autocannon';
  const autocannon = ((await import(autocannonModule)) as { default: Autocannon }).default;
  const servers: http.Server[] = [];
  try {
    provider.setBody('/small.json', bodyOfSize(10 * 1024));
    provider.setBody('/large.json', bodyOfSize(1024 * 1024));

    const paramsOf = (pathname: string) => {
      const [, , , providerId, datasetId] = pathname.split('/');
      return { provider: providerId, dataset: datasetId };
    };
    const routeListener = adapter(GET as WebHandler, paramsOf);
    // The listener server.ts installs: probes, log and metrics, the fast path, then (there) Next.
    const routes = await benchRouteTable();
    /** Requests the fast-path server left to the route (Next's place): a hit must not be one. */
    let routeAnswers = 0;
    const fast = await listen(
      createRequestListener({
        app: () => async (req, res) => {
          routeAnswers++;
          await routeListener(req, res);
        },
        routes: () => routes,
      }),
    );
    const direct = await listen(routeListener);
    servers.push(fast.server, direct.server);

    console.log(
      `autocannon: ${CONNECTIONS.small} connections (10 KB) / ${CONNECTIONS.large} (1 MB), ${ROUNDS} interleaved runs of ${ROUND_S} s per server, load from a worker thread; identity encoding; p50/p99 = median over runs`,
    );
    const rows: string[][] = [];
    const summary: string[] = [];
    for (const name of ['small', 'large'] as const) {
      const target = `/api/data/${pid}/${name}`;
      // Prime: one miss through the route, then check the fast path answers hits.
      await get(`${direct.url}${target}`);
      const hit = await get(`${fast.url}${target}`);
      if (hit.headers['x-dm-cache'] !== 'hit') throw new Error(`fast path did not hit for ${name}`);
      // The first answer through the fast-path server may be the route's (the fast path learns the
      // route's headers from it); the next hit must be the fast path's own.
      const before = routeAnswers;
      await get(`${fast.url}${target}`);
      if (routeAnswers !== before) throw new Error(`the fast path left a hit of ${name} to the route`);
      const bytes = hit.body;
      // The baseline sends the same bytes: the hit's body and its headers (node adds Date and
      // Connection to both), so the ratio is the portal's own cost, not a difference in header size.
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(hit.headers)) if (typeof v === 'string' && k !== 'date' && k !== 'connection' && k !== 'keep-alive') headers[k] = v;
      const bare = await listen((_req, res) => {
        res.writeHead(200, headers);
        res.end(bytes);
      });
      const { 'content-length': _length, ...routeHeaders } = headers;
      const constant = await listen(adapter(route(async () => new Response(new Uint8Array(bytes), { headers: routeHeaders })), paramsOf));
      servers.push(bare.server, constant.server);

      const results = await measureInterleaved(autocannon, CONNECTIONS[name], {
        bare: `${bare.url}${target}`,
        'fast path': `${fast.url}${target}`,
        'route handler': `${direct.url}${target}`,
        'constant handler': `${constant.url}${target}`,
      });
      const base = results.bare.rps;
      const label = `${name} (${fmt(bytes.length / 1024, 1)} KB)`;
      for (const [kind, r] of Object.entries(results)) {
        rows.push([label, kind, fmt(r.rps), fmt(r.rps / base, 2), fmt(r.p50, 1), fmt(r.p99, 1), fmt(r.mbps, 0), String(r.errors)]);
      }
      const fastRps = results['fast path'].rps;
      summary.push(`${label}: fast-path hits ${fmt(fastRps)}/s = ${fmt(fastRps / base, 2)} of bare node:http (${fmt(base)}/s)`);
    }

    const head = ['body', 'server', 'req/s', 'ratio', 'p50 ms', 'p99 ms', 'MB/s', 'errors'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(line(head));
    for (const r of rows) console.log(line(r));

    // 100 concurrent misses on one key through the fast-path server (they all fall through to the route).
    provider.setBody('/flight.json', bodyOfSize(10 * 1024));
    provider.setFault('/flight.json', { type: 'delay', ms: 300 });
    const before = provider.requests('/flight.json');
    const answers = await Promise.all(Array.from({ length: 100 }, () => get(`${fast.url}/api/data/${pid}/flight`)));
    const upstream = provider.requests('/flight.json') - before;
    const ok = answers.filter((a) => a.status === 200).length;
    console.log(`\n100 concurrent misses on one key: ${upstream} upstream request(s), ${ok}/100 answered 200`);
    for (const s of summary) console.log(s);
    console.log('goals: hit throughput >= 0.8 of bare node:http; 1 MB hits >= 500/s');
  } finally {
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
    await data.deleteCacheEntries({ datasetKey: `${pid}/small` }).catch(() => undefined);
    await data.deleteCacheEntries({ datasetKey: `${pid}/large` }).catch(() => undefined);
    await data.deleteCacheEntries({ datasetKey: `${pid}/flight` }).catch(() => undefined);
    await deleteProvider(registryDb, { id: pid }).catch(() => undefined);
    await bumpRegistryVersion(registryDb).catch(() => undefined);
    await provider.close();
    await db.closeDatabase();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

runIfMain(import.meta.filename, run);
