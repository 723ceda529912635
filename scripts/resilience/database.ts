// Database outage: a real portal on its own PostgreSQL cluster (initdb + pg_ctl from the installed
// PostgreSQL, as the postgres user, on a spare port; never the shared one) while a steady client
// asks for a cached dataset, place searches and the readiness probe every 100 ms. The cluster is
// then crashed (`pg_ctl stop -m immediate`) for 8 s and started again, and later restarted cleanly
// (`pg_ctl restart -m fast`). Expected: no 500 at all; every refusal is 503 `database_unavailable`
// (or `/readyz` not ready) with Retry-After; the cached dataset answers 200 throughout; place
// search answers 200 again within 10 s of the database's return, without restarting the portal.
// The pages a citizen opens (the map, a dataset's page, a municipality's page, each seen once before)
// answer 200 throughout from what the portal holds in memory; a municipality page first opened while
// the database is down answers 200 and says in Slovak which facts it cannot show.
//
//   npm run resilience -- --only=database
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { json, request, sleep, table, type PartOptions, type PartResult } from './common';
import { freePort, onCleanup, startPortal, WORK_DIR, type Portal } from './portal';

const OUTAGE_MS = 8_000;
const RECOVERY_LIMIT_MS = 10_000;
const TICK_MS = 100;
const DATASET = '/api/data/sk-uzemie/kraje';
/** Pages opened once before the outages, then by the steady client in turn. */
const PAGES = ['/', '/mapa/sk-uzemie/obce', '/zilinsky-kraj/zilina'];
/** A municipality page first opened while the database is down, and what it must say. */
const FRESH_PAGE = '/presovsky-kraj/presov';
const FRESH_PAGE_NOTICE = 'Databáza portálu práve neodpovedá';

/** The newest installed PostgreSQL's binaries (Debian: /usr/lib/postgresql/<major>/bin). */
function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((d) => /^\d+$/.test(d)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const m of majors) if (existsSync(path.join(root, m, 'bin', 'pg_ctl'))) return path.join(root, m, 'bin');
  throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql/<major>/bin');
}

/** Runs a PostgreSQL tool as the postgres user (initdb and the server refuse root). */
function asPostgres(bin: string, args: string[], timeoutMs = 60_000): { status: number | null; out: string } {
  const asRoot = process.getuid?.() === 0;
  const r = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(pgBin(), bin), ...args], { encoding: 'utf8', timeout: timeoutMs })
    : spawnSync(path.join(pgBin(), bin), args, { encoding: 'utf8', timeout: timeoutMs });
  return { status: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/** The same, without blocking: the steady client keeps asking while the cluster stops and starts. */
function asPostgresAsync(bin: string, args: string[], timeoutMs = 90_000): Promise<{ status: number | null; out: string }> {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(pgBin(), bin), ...args]] : [path.join(pgBin(), bin), args];
  return new Promise((resolve) => {
    execFile(cmd, argv, { encoding: 'utf8', timeout: timeoutMs }, (err, stdout, stderr) => {
      resolve({ status: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

interface Cluster {
  url: string;
  crash(): Promise<void>;
  start(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A throwaway cluster in WORK_DIR on a free port, removed at cleanup. */
async function startCluster(): Promise<Cluster> {
  const dir = path.join(WORK_DIR, 'pg-outage');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const data = path.join(dir, 'data');
  const sockets = path.join(dir, 'run');
  mkdirSync(sockets);
  if (process.getuid?.() === 0) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    for (const p of [dir, sockets]) chownSync(p, Number(ids.stdout.trim()), Number(gid.stdout.trim()));
  }
  const init = asPostgres('initdb', ['-D', data, '-U', 'portal', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'], 120_000);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.out}`);
  const port = await freePort();
  const options = `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1 -c max_connections=40 -c fsync=off`;
  const log = path.join(dir, 'postgres.log');
  const ctl = async (args: string[]) => {
    const r = await asPostgresAsync('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', ...args], 90_000);
    if (r.status !== 0) throw new Error(`pg_ctl ${args.join(' ')} failed: ${r.out}`);
  };
  await ctl(['start']);
  onCleanup(() => {
    asPostgres('pg_ctl', ['-D', data, 'stop', '-m', 'immediate'], 30_000);
    rmSync(dir, { recursive: true, force: true });
  });
  const created = asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'portal', 'portal']);
  if (created.status !== 0) throw new Error(`createdb failed: ${created.out}`);
  return {
    url: `postgres://portal@127.0.0.1:${port}/portal`,
    crash: () => ctl(['stop', '-m', 'immediate']),
    start: () => ctl(['start']),
    restart: () => ctl(['restart', '-m', 'fast']),
    stop: () => ctl(['stop', '-m', 'fast']),
  };
}

interface Sample {
  at: number;
  kind: 'data' | 'places' | 'ready' | 'page';
  status: number;
  code?: string;
  retryAfter?: string;
  cache?: string;
}

/** The steady client: one request of each kind every tick until stopped. */
function steadyClient(portal: Portal): { samples: Sample[]; stop: () => Promise<void> } {
  const samples: Sample[] = [];
  let running = true;
  let n = 0;
  const one = async (kind: Sample['kind'], p: string) => {
    const at = Date.now();
    try {
      const r = await request(portal.url, p, { timeoutMs: 20_000 });
      const body = json(r) as { code?: string; status?: string } | undefined;
      samples.push({
        at,
        kind,
        status: r.status,
        code: r.status >= 400 ? (body?.code ?? body?.status) : undefined,
        retryAfter: r.headers['retry-after'] as string | undefined,
        cache: r.headers['x-dm-cache'] as string | undefined,
      });
    } catch (e) {
      samples.push({ at, kind, status: 0, code: (e as Error).message });
    }
  };
  const loop = (async () => {
    while (running) {
      n++;
      // Different searches, so that stored answers cannot stand in for the database.
      const q = encodeURIComponent(`Hlavná ${n % 97}`);
      await Promise.all([
        one('data', DATASET),
        one('places', `/api/places?query=${q}&max=3`),
        one('ready', '/readyz'),
        one('page', PAGES[n % PAGES.length]),
        sleep(TICK_MS),
      ]);
    }
  })();
  return {
    samples,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

interface Phase {
  name: string;
  failures: string[];
  figures: string[];
}

/** Checks the samples of one outage: from `down` (database gone) to `up` (back) and the recovery after it. */
function judge(name: string, samples: Sample[], down: number, up: number): Phase {
  const failures: string[] = [];
  const during = samples.filter((s) => s.at >= down);
  const by = (k: Sample['kind']) => during.filter((s) => s.kind === k);
  const fiveHundreds = during.filter((s) => s.status >= 500 && s.status !== 503);
  if (fiveHundreds.length) failures.push(`${name}: ${fiveHundreds.length} answers ${[...new Set(fiveHundreds.map((s) => `${s.status} ${s.code ?? ''}`))].join(', ')}`);
  const noAnswer = during.filter((s) => s.status === 0);
  if (noAnswer.length) failures.push(`${name}: ${noAnswer.length} requests got no answer (${noAnswer[0].code})`);
  const refused = during.filter((s) => s.status === 503 && s.kind !== 'ready' && s.kind !== 'page');
  const badRefusal = refused.filter((s) => s.code !== 'database_unavailable' || !s.retryAfter);
  if (badRefusal.length) failures.push(`${name}: ${badRefusal.length} 503 answers without database_unavailable and Retry-After (${badRefusal[0].code}, ${badRefusal[0].retryAfter})`);
  const otherErrors = during.filter((s) => s.status >= 400 && s.status !== 503);
  if (otherErrors.length) failures.push(`${name}: ${otherErrors.length} other errors (${otherErrors[0].status} ${otherErrors[0].code})`);
  const data = by('data');
  const dataOk = data.filter((s) => s.status === 200).length;
  if (dataOk !== data.length) failures.push(`${name}: the cached dataset answered ${dataOk} of ${data.length} requests`);
  const pages = by('page');
  const pagesOk = pages.filter((s) => s.status === 200).length;
  if (pagesOk !== pages.length) failures.push(`${name}: the pages answered ${pagesOk} of ${pages.length} requests with 200 (${[...new Set(pages.filter((s) => s.status !== 200).map((s) => s.status))].join(', ')})`);
  const places = by('places');
  const placesDown = places.filter((s) => s.at >= down && s.at < up);
  const refusedPlaces = placesDown.filter((s) => s.status === 503).length;
  // An outage the client never noticed would prove nothing.
  if (name.startsWith('crashed') && refusedPlaces === 0) failures.push(`${name}: no place search was refused while the database was down (the outage was not observed)`);
  const lastRefusal = places.filter((s) => s.status !== 200).reduce((m, s) => Math.max(m, s.at), 0);
  const recoveredAfterMs = lastRefusal ? Math.max(0, lastRefusal + TICK_MS - up) : 0;
  const lastPlaces = places.filter((s) => s.at >= up + RECOVERY_LIMIT_MS);
  if (!lastPlaces.length || lastPlaces.some((s) => s.status !== 200)) failures.push(`${name}: place search not back within ${RECOVERY_LIMIT_MS / 1000} s of the database's return`);
  if (recoveredAfterMs > RECOVERY_LIMIT_MS) failures.push(`${name}: place search refused until ${(recoveredAfterMs / 1000).toFixed(1)} s after the database's return`);
  const ready = by('ready');
  const notReady = ready.filter((s) => s.status === 503).length;
  return {
    name,
    failures,
    figures: [
      name,
      String(during.length),
      String(fiveHundreds.length),
      `${dataOk}/${data.length}`,
      `${pagesOk}/${pages.length}`,
      `${refusedPlaces}/${placesDown.length}`,
      `${(recoveredAfterMs / 1000).toFixed(1)} s`,
      String(notReady),
    ],
  };
}

export async function runDatabase(_opts: PartOptions): Promise<PartResult> {
  const started = performance.now();
  const failures: string[] = [];
  const rows: string[][] = [];
  let portal: Portal | undefined;
  try {
    const cluster = await startCluster();
    portal = await startPortal({ name: 'database', databaseUrl: cluster.url, readyTimeoutMs: 600_000 });
    // Warm: the dataset into the memory cache, the place search once.
    const warm = await request(portal.url, DATASET, { timeoutMs: 60_000 });
    if (warm.status !== 200) throw new Error(`warming ${DATASET}: HTTP ${warm.status}`);
    const placesWarm = await request(portal.url, '/api/places?query=Bratislava', { timeoutMs: 60_000 });
    if (placesWarm.status !== 200) throw new Error(`place search before the outage: HTTP ${placesWarm.status}`);
    for (const p of PAGES) {
      const r = await request(portal.url, p, { timeoutMs: 60_000 });
      if (r.status !== 200) throw new Error(`warming ${p}: HTTP ${r.status}`);
    }
    let fresh = '';

    for (const kind of ['crash', 'restart'] as const) {
      const client = steadyClient(portal);
      await sleep(1_500);
      const down = Date.now();
      let up: number;
      if (kind === 'crash') {
        await cluster.crash();
        await sleep(OUTAGE_MS / 2);
        const r = await request(portal.url, FRESH_PAGE, { timeoutMs: 20_000 }).catch((e: Error) => ({ status: 0, body: Buffer.from(e.message) }));
        const says = r.body.toString().includes(FRESH_PAGE_NOTICE);
        fresh = `${r.status}${says ? ', says the database is not answering' : ''}`;
        if (r.status !== 200 || !says) failures.push(`${FRESH_PAGE} first opened while the database was down: HTTP ${r.status}, ${says ? 'says so' : 'does not say the database is not answering'}`);
        await sleep(OUTAGE_MS / 2);
        await cluster.start();
        up = Date.now();
      } else {
        // A clean restart: the server shuts down (57P01 to every session), then comes back.
        await cluster.restart();
        up = Date.now();
      }
      await sleep(RECOVERY_LIMIT_MS + 2_000);
      await client.stop();
      const phase = judge(kind === 'crash' ? `crashed ${OUTAGE_MS / 1000} s` : 'restarted', client.samples, down, up);
      failures.push(...phase.failures);
      rows.push(phase.figures);
    }
    rows.push(['fresh page', FRESH_PAGE, fresh, '', '', '', '', '']);
    if (!portal.alive()) failures.push('the portal exited during the outages');
    await cluster.stop();
  } catch (e) {
    failures.push(`database outage part stopped: ${(e as Error).stack ?? String(e)}`);
    if (portal) failures.push(`server log:\n${portal.logTail(20)}`);
  } finally {
    await portal?.stop();
  }
  console.log(table([['outage', 'requests', '5xx (not 503)', 'cached data 200', 'pages 200', 'places 503 while down', 'places back after', 'readyz 503'], ...rows]));
  return {
    name: 'database',
    ok: failures.length === 0,
    durationMs: performance.now() - started,
    figures: rows.map((r) =>
      r[0] === 'fresh page'
        ? ([r[0], `${r[1]} opened while down: HTTP ${r[2]}`] as [string, string])
        : ([r[0], `${r[1]} requests, ${r[2]} answers 5xx other than 503, cached data ${r[3]}, pages ${r[4]}, places back after ${r[6]}`] as [string, string]),
    ),
    failures,
  };
}
