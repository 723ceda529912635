// Load: autocannon against a real portal, 50 connections for 60 s (short form: 10 s), a mixed
// workload (catalog, cached data, place search, nearby, summary, MCP tools/call). Every request of
// the mix is checked once before the run (it must answer 200); during the run any error, time-out
// or non-2xx is a failure. Reports p50/p99 latency overall and per kind, requests/s, and the server
// process's VmRSS before, at its peak and after. On the embedded PGlite (a copy of the prepared
// directory) or, with --postgres, on a throwaway PostgreSQL database (the first start imports the
// reference data there).
//
//   npm run resilience:load [-- --short] [-- --postgres] [-- --duration=<s>] [-- --node-arg=<flag> ...]
//
// `--node-arg` passes a flag to the server's node (repeatable), e.g. `--node-arg=--trace-gc` to see
// the heap's growth in the part's server.log (kept with `--keep`).
import { createRequire } from 'node:module';
import path from 'node:path';
import { healthy, json, mb, parseArgs, printResult, request, sleep, table, type PartOptions, type PartResult } from './common';
import { cleanupAll, createThrowawayDatabase, pgliteCopy, startPortal, type Portal } from './portal';

export type LoadDriver = 'embedded' | 'postgres';

export interface AcRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AcRequest, context: Record<string, unknown>) => AcRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
interface AcHistogram {
  average: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  total: number;
  mean: number;
}
export interface AcResult {
  latency: AcHistogram;
  requests: AcHistogram & { sent: number };
  throughput: AcHistogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AcResult>;
// autocannon ships CommonJS without types.
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface Item {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  weight: number;
}

export const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function mcp(id: number, name: string, args: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
}

/** The mix, from what this portal serves; each item verified with one request. */
export async function workload(base: string): Promise<{ items: Item[]; dropped: string[] }> {
  const catalog = json(await request(base, '/api/catalog')) as {
    datasets: Array<{ key: string; source: { type: string; mode?: string }; links: { data?: string | null } }>;
  };
  const full = catalog.datasets.filter((d) => d.source.type === 'geojson' && d.source.mode !== 'bbox' && d.links.data);
  const dataKeys: string[] = [];
  for (const d of full) {
    if (dataKeys.length >= 4) break;
    const r = await request(base, `/api/data/${d.key}`, { timeoutMs: 60_000 });
    // Keep the mix about answers people get often: small and medium collections.
    if (r.status === 200 && r.body.length <= 2 * 1024 * 1024) dataKeys.push(d.key);
  }
  const pointKeys = dataKeys.slice(0, 2).join(',');
  const summaryKey = full.find((d) => d.key.startsWith('sk-uzemie/'))?.key ?? dataKeys[0];
  const candidates: Item[] = [
    { kind: 'catalog', method: 'GET', path: '/api/catalog', weight: 3 },
    ...dataKeys.map((k) => ({ kind: 'data (cache hit)', method: 'GET' as const, path: `/api/data/${k}`, weight: 2 })),
    { kind: 'places', method: 'GET', path: `/api/places?query=${encodeURIComponent('Bratislava')}`, weight: 2 },
    { kind: 'places', method: 'GET', path: `/api/places?query=${encodeURIComponent('Hlavná, Košice')}&max=10`, weight: 1 },
    { kind: 'places', method: 'GET', path: `/api/places?query=${encodeURIComponent('Žilina')}&max=3`, weight: 1 },
    { kind: 'nearby', method: 'GET', path: `/api/nearby?point=17.1077,48.1486&radius=2000&datasets=${encodeURIComponent(pointKeys)}`, weight: 2 },
    { kind: 'nearby', method: 'GET', path: `/api/nearby?point=21.2611,48.7164&radius=5000&max=10&datasets=${encodeURIComponent(pointKeys)}`, weight: 1 },
    { kind: 'summary', method: 'GET', path: `/api/summary/${summaryKey}`, weight: 1 },
    { kind: 'summary', method: 'GET', path: `/api/summary/${summaryKey}?municipality=${encodeURIComponent('Košice')}`, weight: 1 },
    { kind: 'mcp tools/call', method: 'POST', path: '/mcp', body: mcp(1, 'find_place', { query: 'Trnava', maxResults: 3 }), weight: 1 },
    { kind: 'mcp tools/call', method: 'POST', path: '/mcp', body: mcp(2, 'catalog', { search: 'ovzdušie' }), weight: 1 },
    { kind: 'mcp tools/call', method: 'POST', path: '/mcp', body: mcp(3, 'nearby', { point: [19.1462, 48.7363], datasets: dataKeys.slice(0, 2), radius: 3000 }), weight: 1 },
  ];
  const items: Item[] = [];
  const dropped: string[] = [];
  for (const it of candidates) {
    const r = await request(base, it.path, { method: it.method, body: it.body, headers: it.body ? MCP_HEADERS : {}, timeoutMs: 60_000 });
    const rpcError = it.body && (json(r) as { error?: unknown; result?: { isError?: boolean } })?.result?.isError;
    if (r.status === 200 && !rpcError) items.push(it);
    else dropped.push(`${it.method} ${it.path} answered ${r.status} before the run: ${r.body.toString().slice(0, 160)}`);
  }
  return { items, dropped };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface KindStats {
  latencies: number[];
  statuses: Map<number, number>;
}

/**
 * The mix under autocannon: a fixed interleaving by weight that every connection walks in a loop.
 * Latencies per kind are measured in the client (request sent to last byte).
 */
export async function runMix(
  url: string,
  items: Item[],
  o: { connections: number; durationS: number; headers?: Record<string, string> },
): Promise<{ result: AcResult; perKind: Map<string, KindStats> }> {
  const sequence: Item[] = [];
  const maxWeight = Math.max(...items.map((i) => i.weight));
  for (let round = 0; round < maxWeight; round++) for (const it of items) if (it.weight > round) sequence.push(it);
  const perKind = new Map<string, KindStats>();
  const acRequests: AcRequest[] = sequence.map((it) => ({
    method: it.method,
    path: it.path,
    headers: { ...(it.body ? MCP_HEADERS : { accept: 'application/json' }), ...o.headers },
    body: it.body,
    setupRequest: (req, context) => {
      context.t0 = performance.now();
      return req;
    },
    onResponse: (status, _body, context) => {
      const k = perKind.get(it.kind) ?? { latencies: [] as number[], statuses: new Map<number, number>() };
      perKind.set(it.kind, k);
      k.latencies.push(performance.now() - (context.t0 as number));
      k.statuses.set(status, (k.statuses.get(status) ?? 0) + 1);
    },
  }));
  const result = await autocannon({ url, connections: o.connections, duration: o.durationS, timeout: 15, requests: acRequests });
  return { result, perKind };
}

/** Options of a direct run (`npm run resilience:load`); the suite runs the defaults. */
const loadOptions: { durationS?: number; nodeArgs: string[] } = { nodeArgs: [] };
if (process.argv[1]?.endsWith(`resilience${path.sep}load.ts`)) {
  for (const a of process.argv.slice(2)) {
    if (a.startsWith('--duration=')) loadOptions.durationS = Number(a.slice('--duration='.length));
    else if (a.startsWith('--node-arg=')) loadOptions.nodeArgs.push(a.slice('--node-arg='.length));
  }
  if (loadOptions.durationS !== undefined && !(loadOptions.durationS > 0)) throw new Error('--duration=<seconds> must be a positive number');
}

export async function runLoad(opts: PartOptions, driver: LoadDriver = 'embedded'): Promise<PartResult> {
  const started = performance.now();
  const failures: string[] = [];
  const durationS = loadOptions.durationS ?? (opts.short ? 10 : 60);
  const connections = 50;
  let portal: Portal | undefined;
  try {
    portal =
      driver === 'postgres'
        ? await startPortal({ name: 'load-postgres', databaseUrl: createThrowawayDatabase('load'), readyTimeoutMs: 600_000, nodeArgs: loadOptions.nodeArgs })
        : await startPortal({ name: 'load', pgliteDir: await pgliteCopy('load'), nodeArgs: loadOptions.nodeArgs });
    if (driver === 'postgres') console.log(`load: PostgreSQL database prepared (migrations, reference data) in ${(portal.startMs / 1000).toFixed(1)} s`);
    const { items, dropped } = await workload(portal.url);
    for (const d of dropped) failures.push(`workload: ${d}`);
    if (!items.length) throw new Error('no request of the mix answered 200');

    // Settle after the warm-up, then measure memory before the run.
    await sleep(2_000);
    const rssBefore = portal.rssKb();
    let rssPeak = rssBefore ?? 0;
    const sampler = setInterval(() => {
      const v = portal?.rssKb();
      if (v && v > rssPeak) rssPeak = v;
    }, 500);

    console.log(`load: ${connections} connections, ${durationS} s, ${items.length} distinct requests in the mix`);
    const { result, perKind } = await runMix(portal.url, items, { connections, durationS });
    clearInterval(sampler);
    const rssEnd = portal.rssKb();
    await sleep(5_000);
    const rssAfter = portal.rssKb();
    const alive = portal.alive() && (await healthy(portal.url));

    if (result.errors) failures.push(`${result.errors} request error(s) (connection errors or time-outs)`);
    if (result.timeouts) failures.push(`${result.timeouts} time-out(s) (15 s)`);
    if (result.non2xx) {
      const codes = Object.entries(result.statusCodeStats)
        .filter(([c]) => !c.startsWith('2'))
        .map(([c, s]) => `${c}×${s.count}`)
        .join(' ');
      failures.push(`${result.non2xx} non-2xx answer(s): ${codes}`);
    }
    if (!alive) failures.push(`server not healthy after the run; log tail:\n${portal.logTail(20)}`);

    const rows = [['kind', 'requests', 'statuses', 'p50', 'p99', 'max']];
    for (const [kind, k] of [...perKind.entries()].sort()) {
      const sorted = [...k.latencies].sort((a, b) => a - b);
      rows.push([
        kind,
        String(sorted.length),
        [...k.statuses.entries()].map(([s, n]) => `${s}×${n}`).join(' '),
        `${percentile(sorted, 50).toFixed(1)} ms`,
        `${percentile(sorted, 99).toFixed(1)} ms`,
        `${(sorted[sorted.length - 1] ?? 0).toFixed(1)} ms`,
      ]);
    }
    console.log('\nload: per kind (latency measured in the client, request sent to last byte)');
    console.log(table(rows));
    const total = result['2xx'] + result.non2xx;
    return {
      name: driver === 'postgres' ? 'load (PostgreSQL)' : 'load',
      ok: failures.length === 0,
      durationMs: performance.now() - started,
      figures: [
        ['database', driver === 'postgres' ? 'PostgreSQL (throwaway database)' : 'embedded PGlite'],
        ['connections / duration', `${connections} / ${durationS} s`],
        ['requests answered', `${total} (${result['2xx']} 2xx, ${result.non2xx} non-2xx)`],
        ['requests/s (average)', result.requests.average.toFixed(1)],
        ['latency p50 / p99 / max', `${result.latency.p50} ms / ${result.latency.p99} ms / ${result.latency.max} ms`],
        ['errors / time-outs', `${result.errors} / ${result.timeouts}`],
        ['throughput (average)', `${(result.throughput.average / 1024 / 1024).toFixed(2)} MB/s`],
        ['server RSS before / peak / end / 5 s after', `${mb(rssBefore)} / ${mb(rssPeak)} / ${mb(rssEnd)} / ${mb(rssAfter)}`],
        ['mix', items.map((i) => `${i.kind}:${i.path.split('?')[0]}`).join(', ')],
        ['server healthy afterwards', alive ? 'yes' : 'NO'],
      ],
      failures,
    };
  } finally {
    await portal?.stop();
  }
}

if (process.argv[1]?.endsWith(`resilience${path.sep}load.ts`)) {
  const opts = parseArgs();
  runLoad(opts, process.argv.includes('--postgres') ? 'postgres' : 'embedded')
    .then(async (r) => {
      printResult(r);
      await cleanupAll(opts.keep);
      process.exit(r.ok ? 0 : 1);
    })
    .catch(async (e: unknown) => {
      console.error(e);
      await cleanupAll(opts.keep);
      process.exit(1);
    });
}
