// Bench of the portal under a crowd (`npm run bench -- load`, or alone: `npx tsx scripts/bench/load.ts`).
//
// The mixed workload of `npm run resilience:load` (catalog, cached data, places, nearby, summary, MCP
// tools/call; 50 connections) against real production servers: the embedded PGlite with one worker,
// PostgreSQL (when reachable) with one and two workers (WEB_CONCURRENCY). Printed per configuration:
// requests/s, p50/p99 overall and per kind. Baseline, in the same run, same server and the same 50
// connections: a constant Next.js route handler (GET /ogc/conformance, a fixed JSON document through
// the same route wrapper), so the figures read as ratios to what the framework itself manages here.
//
// Then the crowd mix (scripts/bench/crowd.ts): thousands of distinct requests drawn with a seeded PRNG
// from the reference data (place names with and without diacritics, points near random
// municipalities for reverse and nearby, summaries of random municipalities, MCP tools/call with such
// arguments), sent with `Accept-Encoding: gzip`; printed with its ratio to the repeated mix above
// (15 requests the 1 s answer store carries) measured on the same server in the same run.
//
// Each measurement also prints the CPU it cost per request, read from /proc: the server's process
// tree (primary and workers; PGlite runs inside it) and, on PostgreSQL, the backends of the server's
// connections (PostgreSQL on this host). On a machine shared with other work, requests/s and latency
// follow whatever else runs; CPU milliseconds per request move far less, so before/after comparisons
// read those first.
//
// Options (after `--`):
//   --duration=<s>      seconds per measurement (default 20; `resilience:load` runs 60)
//   --connections=<n>   default 50
//   --drivers=embedded,postgres   default both (postgres only when 127.0.0.1:5432 answers)
//   --workers=1,2       PostgreSQL worker counts (default 1,2; the embedded database is always 1)
//   --kinds=places,mcp  only the kinds whose name contains one of these, in both mixes (profiling one kind at a time)
//   --profile=<dir>     run the servers with `--cpu-prof` into <dir> (one .cpuprofile per process)
//   --mixes=repeated,crowd   which mixes to measure (default both; the constant route always)
//   --seed=<n>          seed of the crowd mix (default 1); another seed is a held-out set
//   --crowd=<n>         distinct requests in the crowd mix (default 50000: more than a 20 s run sends at 2,000 req/s)
//   --fast-paths=all,none,data   one server per value of FAST_PATHS for each configuration (default all):
//                       what each fast path saves, measured in the same run; `+` joins names into one
//                       value (`--fast-paths=all,data+answers`: with and without the route fast path)
// BENCH_DATABASE_URL=<url> reuses a prepared PostgreSQL database instead of a throwaway one (whose
// first start imports the reference data); RESILIENCE_TEMPLATE=<dir> a prepared PGlite directory;
// RESILIENCE_PORTS=<from>-<to> and RESILIENCE_DB_PREFIX as for the resilience suite.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mb, request, sleep, table } from '../resilience/common';
import { percentile, runMix, workload, type Item, type KindStats } from '../resilience/load';
import { cleanupAll, createThrowawayDatabase, pgliteCopy, PG_HOST, startPortal, type Portal } from '../resilience/portal';
import { runIfMain } from './common';
import { crowdRequests, runCrowd } from './crowd';

interface Options {
  durationS: number;
  connections: number;
  drivers: Array<'embedded' | 'postgres'>;
  workers: number[];
  kinds: string[];
  profileDir: string | null;
  mixes: Array<'repeated' | 'crowd'>;
  seed: number;
  crowdSize: number;
  fastPaths: string[];
}

function options(argv = process.argv.slice(2)): Options {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const list = (v: string | undefined) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []);
  const drivers = list(get('drivers')).filter((d): d is 'embedded' | 'postgres' => d === 'embedded' || d === 'postgres');
  const profile = get('profile');
  return {
    durationS: Math.max(1, Number(get('duration') ?? 20) || 20),
    connections: Math.max(1, Number(get('connections') ?? 50) || 50),
    drivers: drivers.length ? drivers : ['embedded', 'postgres'],
    workers: list(get('workers')).map(Number).filter((n) => Number.isInteger(n) && n >= 1).length
      ? list(get('workers')).map(Number).filter((n) => Number.isInteger(n) && n >= 1)
      : [1, 2],
    kinds: list(get('kinds')),
    profileDir: profile ? path.resolve(profile) : null,
    mixes: list(get('mixes')).filter((m): m is 'repeated' | 'crowd' => m === 'repeated' || m === 'crowd').length
      ? list(get('mixes')).filter((m): m is 'repeated' | 'crowd' => m === 'repeated' || m === 'crowd')
      : ['repeated', 'crowd'],
    seed: Number.isInteger(Number(get('seed'))) ? Number(get('seed')) : 1,
    crowdSize: Math.max(100, Number(get('crowd') ?? 50000) || 50000),
    fastPaths: list(get('fast-paths')).length ? list(get('fast-paths')) : ['all'],
  };
}

function postgresReachable(): boolean {
  const r = spawnSync('psql', ['-h', PG_HOST, '-d', 'postgres', '-Atc', 'select 1'], { encoding: 'utf8', timeout: 5000 });
  return r.status === 0 && r.stdout.trim() === '1';
}

interface Measured {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  perKind: Map<string, KindStats>;
  rssPeakMb: string;
  /** CPU milliseconds per request: the server's process tree, and PostgreSQL's backends (null: not measured). */
  serverCpuMs: number | null;
  postgresCpuMs: number | null;
  /** CPU milliseconds per request of this process, the load generator (autocannon), which shares the machine's cores. */
  clientCpuMs: number;
  load: string;
}

const BASELINE: Item = { kind: 'baseline: constant route', method: 'GET', path: '/ogc/conformance', weight: 1 };

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of one process in clock ticks, or null when it is gone (or /proc is absent). */
export function processTicks(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(/\s+/);
    return Number(f[11]) + Number(f[12]);
  } catch {
    return null;
  }
}

/** A process and its descendants (the primary's forked workers). */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${out[i]}/task`)) {
        const kids = readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').trim();
        if (kids) out.push(...kids.split(/\s+/).map(Number));
      }
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * PostgreSQL backends of a database serving the server's connections (application_name
 * `portal:<host>:<pid>`, lib/db; the host may be cut, the pid ends it), or all of its backends when
 * `serverPids` is null.
 */
export function postgresBackends(database: string, serverPids: number[] | null): number[] {
  const names = serverPids?.map((p) => `'%:${p}'`).join(',');
  const ofServers = names === undefined ? '' : ` and application_name like any (array[${names}])`;
  const r = spawnSync('psql', ['-h', PG_HOST, '-d', 'postgres', '-Atc', `select pid from pg_stat_activity where datname = '${database.replace(/'/g, "''")}'${ofServers}`], {
    encoding: 'utf8',
    timeout: 5000,
  });
  return r.status === 0 ? r.stdout.split('\n').filter(Boolean).map(Number) : [];
}

/** CPU ticks of a set of processes, by pid. */
function ticksOf(pids: number[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const p of pids) {
    const t = processTicks(p);
    if (t !== null) m.set(p, t);
  }
  return m;
}

/** Ticks spent between two readings; a process first seen in the second counts from its start. */
function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, t] of after) sum += t - (before.get(pid) ?? 0);
  return sum;
}

type Runner = (url: string, o: { connections: number; durationS: number }) => ReturnType<typeof runMix>;

/** One measurement; `database`: the PostgreSQL database whose backends count (null on PGlite). */
async function measure(portal: Portal, label: string, runner: Runner, o: Options, database: string | null): Promise<Measured> {
  let rssPeak = portal.rssKb() ?? 0;
  const sampler = setInterval(() => {
    const v = portal.rssKb();
    if (v && v > rssPeak) rssPeak = v;
  }, 500);
  const cpu = () => {
    const server = processTree(portal.pid);
    return { server: ticksOf(server), postgres: database ? ticksOf(postgresBackends(database, server)) : null };
  };
  const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  const before = cpu();
  const clientBefore = process.cpuUsage();
  const { result, perKind } = await runner(portal.url, { connections: o.connections, durationS: o.durationS });
  const client = process.cpuUsage(clientBefore);
  const after = cpu();
  clearInterval(sampler);
  const requests = result.requests.total || 1;
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    perKind,
    rssPeakMb: mb(rssPeak),
    serverCpuMs: (ticksBetween(before.server, after.server) * CLOCK_TICK_MS) / requests,
    postgresCpuMs: before.postgres && after.postgres ? (ticksBetween(before.postgres, after.postgres) * CLOCK_TICK_MS) / requests : null,
    clientCpuMs: (client.user + client.system) / 1000 / requests,
    load: `${loadBefore} → ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
  };
}

/**
 * The crowd's datasets on this portal: the point datasets of the repeated mix for nearby, and for
 * summary every dataset of it that answers a per-municipality summary (checked once on one municipality).
 */
export async function crowdKeys(base: string, items: Item[]): Promise<{ pointKeys: string[]; summaryKeys: string[] }> {
  const dataKeys = items.filter((i) => i.path.startsWith('/api/data/')).map((i) => i.path.slice('/api/data/'.length));
  const candidates = [...new Set([...items.filter((i) => i.kind === 'summary').map((i) => i.path.split('?')[0].slice('/api/summary/'.length)), ...dataKeys])];
  const summaryKeys: string[] = [];
  for (const key of candidates) {
    const r = await request(base, `/api/summary/${key}?municipality=SK0101528595`, { timeoutMs: 60_000 });
    if (r.status === 200) summaryKeys.push(key);
    else console.warn(`bench load: crowd mix: no summary of ${key} (${r.status})`);
  }
  return { pointKeys: dataKeys.slice(0, 2), summaryKeys };
}

/** The crowd pool for this portal (crowdKeys), narrowed to --kinds. */
async function crowdPool(base: string, items: Item[], o: Options) {
  const pool = crowdRequests({ seed: o.seed, size: o.crowdSize, ...(await crowdKeys(base, items)) });
  return o.kinds.length ? pool.filter((i) => o.kinds.some((k) => i.kind.includes(k))) : pool;
}

async function runConfig(driver: 'embedded' | 'postgres', workers: number, fastPaths: string, o: Options, databaseUrl?: string): Promise<Measured[]> {
  const name = `bench-load-${driver}-${workers}-${fastPaths.replace(/[^a-z]+/g, '-')}`;
  const env: Record<string, string> = { WEB_CONCURRENCY: String(workers), FAST_PATHS: fastPaths.replace(/\+/g, ',') };
  // Workers are forked with the primary's execArgv, so each writes its own profile.
  const nodeArgs = o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(o.profileDir, `${driver}-${workers}`)}`] : [];
  const portal =
    driver === 'postgres'
      ? await startPortal({ name, databaseUrl, env, nodeArgs, readyTimeoutMs: 900_000 })
      : await startPortal({ name, pgliteDir: await pgliteCopy(name), env, nodeArgs, readyTimeoutMs: 900_000 });
  const database = driver === 'postgres' && databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null;
  try {
    // /healthz answers while a server starts; every worker must be ready (the primary hands each new
    // connection to the next worker, so consecutive 200s on new connections cover all of them).
    let consecutive = 0;
    const deadline = Date.now() + 900_000;
    while (consecutive < 4 * workers) {
      if (Date.now() > deadline) throw new Error(`${name}: not every worker became ready`);
      const r = await request(portal.url, '/readyz', { timeoutMs: 10_000 }).catch(() => null);
      consecutive = r?.status === 200 ? consecutive + 1 : 0;
      if (!consecutive) await sleep(500);
    }
    const { items: all, dropped } = await workload(portal.url);
    for (const d of dropped) console.warn(`bench load: left out of the mix: ${d}`);
    if (!all.length) throw new Error('no request of the mix answered 200');
    const items = o.kinds.length ? all.filter((i) => o.kinds.some((k) => i.kind.includes(k))) : all;
    const base = await request(portal.url, BASELINE.path, { headers: { accept: 'application/json' } });
    if (base.status !== 200) throw new Error(`the baseline route ${BASELINE.path} answered ${base.status}`);
    await sleep(1000);
    const label = `${driver === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${workers} worker${workers > 1 ? 's' : ''}${o.fastPaths.length > 1 || fastPaths !== 'all' ? `, fast paths ${fastPaths}` : ''}`;
    console.log(`bench load: ${label}: baseline ${o.durationS} s...`);
    const baseline = await measure(portal, `${label}: constant route`, (url, r) => runMix(url, [BASELINE], r), o, database);
    const out = [baseline];
    // The repeated mix has no reverse kind, for one: --kinds may leave it empty while the crowd has some.
    if (o.mixes.includes('repeated') && !items.length) console.warn(`bench load: the repeated mix has no request of the kinds ${o.kinds.join(', ')}; not measured`);
    else if (o.mixes.includes('repeated')) {
      console.log(`bench load: ${label}: repeated mix ${o.durationS} s...`);
      out.push(await measure(portal, `${label}: repeated mix`, (url, r) => runMix(url, items, r), o, database));
    }
    if (o.mixes.includes('crowd')) {
      // The whole repeated mix names the crowd's datasets; --kinds then filters the crowd itself.
      const pool = await crowdPool(portal.url, all, o);
      console.log(`bench load: ${label}: crowd mix (seed ${o.seed}, ${pool.length} distinct requests) ${o.durationS} s...`);
      out.push(await measure(portal, `${label}: crowd mix (seed ${o.seed})`, (url, r) => runCrowd(url, pool, r), o, database));
    }
    return out;
  } finally {
    await portal.stop();
  }
}

function print(results: Measured[]): void {
  const rows = [['configuration', 'req/s', 'ratio to constant route', 'ratio to repeated mix', 'p50', 'p99', 'server CPU/req', 'PostgreSQL CPU/req', 'load generator CPU/req', 'errors', 'non-2xx', 'RSS peak', 'load average']];
  let baseRps = 0;
  let repeatedRps = 0;
  for (const r of results) {
    if (r.label.endsWith('constant route')) [baseRps, repeatedRps] = [r.rps, 0];
    if (r.label.endsWith('repeated mix')) repeatedRps = r.rps;
    rows.push([
      r.label,
      r.rps.toFixed(0),
      r.label.endsWith('constant route') ? '1.00' : baseRps ? (r.rps / baseRps).toFixed(2) : '-',
      r.label.includes('crowd mix') && repeatedRps ? (r.rps / repeatedRps).toFixed(2) : r.label.endsWith('repeated mix') ? '1.00' : '-',
      `${r.p50} ms`,
      `${r.p99} ms`,
      r.serverCpuMs === null ? '-' : `${r.serverCpuMs.toFixed(2)} ms`,
      r.postgresCpuMs === null ? '-' : `${r.postgresCpuMs.toFixed(2)} ms`,
      `${r.clientCpuMs.toFixed(2)} ms`,
      String(r.errors),
      String(r.non2xx),
      r.rssPeakMb,
      r.load,
    ]);
  }
  console.log(`\n${table(rows)}`);
  for (const r of results) {
    if (r.label.endsWith('constant route')) continue;
    const kindRows = [['kind', 'requests', 'p50', 'p99', 'statuses']];
    for (const [kind, k] of [...r.perKind.entries()].sort()) {
      const sorted = [...k.latencies].sort((a, b) => a - b);
      kindRows.push([
        kind,
        String(sorted.length),
        `${percentile(sorted, 50).toFixed(1)} ms`,
        `${percentile(sorted, 99).toFixed(1)} ms`,
        [...k.statuses.entries()].map(([s, n]) => `${s}×${n}`).join(' '),
      ]);
    }
    console.log(`\n${r.label}, per kind (client-side latency)\n${table(kindRows)}`);
  }
}

export async function run(): Promise<void> {
  const o = options();
  const results: Measured[] = [];
  try {
    if (o.drivers.includes('embedded')) for (const f of o.fastPaths) results.push(...(await runConfig('embedded', 1, f, o)));
    if (o.drivers.includes('postgres')) {
      if (!postgresReachable()) console.log(`bench load: PostgreSQL on ${PG_HOST}:5432 not reachable; skipped`);
      else {
        const url = process.env.BENCH_DATABASE_URL || createThrowawayDatabase('bench_load');
        for (const w of o.workers) {
          for (const f of o.fastPaths) {
            try {
              results.push(...(await runConfig('postgres', w, f, o, url)));
            } catch (err) {
              console.error(`bench load: PostgreSQL with ${w} workers (fast paths ${f}) failed:`, err);
            }
          }
        }
      }
    }
    print(results);
  } finally {
    await cleanupAll();
  }
}

runIfMain(import.meta.filename, run);
