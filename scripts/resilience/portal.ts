// Starts real portal servers for the resilience suite: the production Next build behind server.ts,
// one process each (node --import tsx, so the pid we read /proc of and SIGKILL is the server itself),
// on ports 3200-3299 (RESILIENCE_PORTS=4400-4498 picks another range), each with its own PGlite
// directory under /tmp or its own PostgreSQL database. The multi-instance suite (tests/deploy) uses
// the same launcher.
//
// The shared .next directory is rebuilt by others while we run. So the suite snapshots it once: under
// a SHARED flock on /tmp/build.lock (builds take it exclusively; a missing build is made under the
// exclusive lock) it copies .next into WORK_DIR/tree and links every other top-level entry of the
// project there. Servers run with that tree as their working directory and never see a rebuild; the
// lock is held only for the seconds of the copy. The lock holder is a `flock ... cat` child reading
// our stdin: if this process dies, the pipe closes and the lock is released.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { healthy, sleep } from './common';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WORK_DIR = path.join(os.tmpdir(), `resilience-${process.pid}`);
const BUILD_LOCK = '/tmp/build.lock';
const [PORT_MIN, PORT_MAX] = (() => {
  const m = /^(\d+)-(\d+)$/.exec(process.env.RESILIENCE_PORTS ?? '');
  return m ? [Number(m[1]), Number(m[2])] : [3200, 3299];
})();

const cleanups = new Set<() => void | Promise<void>>();
/** Registers something to undo when the suite ends or is interrupted (servers, databases). */
export function onCleanup(fn: () => void | Promise<void>): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}
export async function cleanupAll(keepWorkDir = false): Promise<void> {
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    await Promise.resolve(fn()).catch((e: unknown) => console.error('cleanup failed:', e));
  }
  if (!keepWorkDir) rmSync(WORK_DIR, { recursive: true, force: true });
}
let signalsHooked = false;
function hookSignals(): void {
  if (signalsHooked) return;
  signalsHooked = true;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      console.error(`\n${sig}: stopping the suite's servers`);
      void cleanupAll().finally(() => process.exit(130));
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Build and the shared build lock

function hasBuild(): boolean {
  return existsSync(path.join(ROOT, '.next', 'BUILD_ID'));
}

/** Holds a shared lock on /tmp/build.lock until the returned function is called (and resolves). */
async function sharedBuildLock(): Promise<() => Promise<void>> {
  if (process.env.RESILIENCE_BUILD_LOCK === '0') return async () => undefined;
  const child = spawn('flock', ['-s', '-w', '900', BUILD_LOCK, 'sh', '-c', 'echo locked; exec cat >/dev/null'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const gone = new Promise<void>((resolve) => {
    child.on('exit', () => resolve());
    child.on('error', () => resolve());
  });
  const got = await new Promise<boolean>((resolve) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve(true));
    void gone.then(() => resolve(false));
  });
  if (!got) {
    console.warn('resilience: could not take a shared lock on /tmp/build.lock within 15 min; going on without it');
    return async () => undefined;
  }
  // Ending our side of the pipe ends `cat`, hence flock, hence the lock.
  const release = async () => {
    unregister();
    child.stdin!.end();
    await gone;
  };
  const unregister = onCleanup(release);
  return release;
}

/** Builds Next under the exclusive lock when no build exists (CI checkouts; RESILIENCE_BUILD=1 forces). */
async function buildUnderLock(force: boolean): Promise<void> {
  console.log(force ? 'resilience: building (RESILIENCE_BUILD=1)' : 'resilience: no .next build: building under /tmp/build.lock');
  const script = force ? 'npx next build' : 'test -f .next/BUILD_ID || npx next build';
  const child = spawn('flock', [BUILD_LOCK, 'sh', '-c', script], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  if (status !== 0) throw new Error(`next build failed (exit ${status}); see the output above`);
}

let built = false;
/** Makes sure a build exists and holds the shared lock on it until the returned release. */
async function holdBuild(): Promise<() => Promise<void>> {
  hookSignals();
  if (!built && process.env.RESILIENCE_BUILD === '1') await buildUnderLock(true);
  built = true;
  for (let attempt = 0; attempt < 3; attempt++) {
    const release = await sharedBuildLock();
    if (hasBuild()) return release;
    await release();
    await buildUnderLock(false);
  }
  throw new Error('no .next build appeared after three attempts');
}

/** Top-level entries of the project the servers do not need (and must not share). */
const NOT_LINKED = new Set(['.next', '.git', 'data', 'test-results', 'playwright-report', '.scratch', '.cache']);

let tree: Promise<string> | undefined;
/** The private working directory of the suite's servers: a copy of the build, links to the rest. */
export function snapshotTree(): Promise<string> {
  tree ??= (async () => {
    const release = await holdBuild();
    try {
      const dir = path.join(WORK_DIR, 'tree');
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const cache = path.join(ROOT, '.next', 'cache');
      cpSync(path.join(ROOT, '.next'), path.join(dir, '.next'), { recursive: true, filter: (src) => !src.startsWith(cache) });
      for (const entry of readdirSync(ROOT)) {
        if (!NOT_LINKED.has(entry)) symlinkSync(path.join(ROOT, entry), path.join(dir, entry));
      }
      if (!existsSync(path.join(dir, '.next', 'BUILD_ID'))) throw new Error('the copied build has no BUILD_ID');
      console.log(`resilience: build ${readFileSync(path.join(dir, '.next', 'BUILD_ID'), 'utf8').trim()} copied to ${dir}`);
      return dir;
    } finally {
      await release();
    }
  })();
  return tree;
}

/** The reference data the project's default points at (../shared/data/sk from the project). */
function referenceDataDir(): string | undefined {
  if (process.env.REFERENCE_DATA_DIR) return path.resolve(process.env.REFERENCE_DATA_DIR);
  const d = path.resolve(ROOT, '..', 'shared', 'data', 'sk');
  return existsSync(d) ? d : undefined;
}

// ---------------------------------------------------------------------------------------------
// Ports

const taken = new Set<number>();

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, () => s.close(() => resolve(true)));
  });
}

/** A free port in 3200-3299 (or RESILIENCE_PORTS), starting at a random offset (two suites may run at once). */
export async function freePort(): Promise<number> {
  const span = PORT_MAX - PORT_MIN + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = PORT_MIN + ((start + i) % span);
    if (taken.has(port)) continue;
    if (await portFree(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORT_MIN}-${PORT_MAX}`);
}

// ---------------------------------------------------------------------------------------------
// Servers

export interface PortalOptions {
  /** Names the log file and the default PGlite directory. */
  name: string;
  /** Embedded database directory (default WORK_DIR/<name>/pglite); ignored with databaseUrl. */
  pgliteDir?: string;
  databaseUrl?: string;
  /** Extra environment (ALLOW_INSECURE_SOURCES, TRUSTED_PROXIES, ...). */
  env?: Record<string, string>;
  /** Extra node options before the script (`--cpu-prof`, which NODE_OPTIONS may not carry). */
  nodeArgs?: string[];
  port?: number;
  /** Default 300 s: a first start on an empty database imports the reference data. */
  readyTimeoutMs?: number;
}

export interface Portal {
  name: string;
  url: string;
  port: number;
  pid: number;
  pgliteDir: string | undefined;
  databaseUrl: string | undefined;
  logFile: string;
  /** Milliseconds from spawn to the first 200 from /api/catalog. */
  startMs: number;
  alive(): boolean;
  /** VmRSS of the server process in kB (null once it is gone). */
  rssKb(): number | null;
  /** VmHWM (peak RSS) of the server process in kB. */
  peakRssKb(): number | null;
  /** SIGTERM, then SIGKILL after 20 s. */
  stop(): Promise<void>;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  /** Sends a signal and returns at once (see `exited`). */
  signal(sig: NodeJS.Signals): void;
  /** Resolves when the process is gone, with its exit code or signal. */
  exited(): Promise<{ code: number | null | undefined; signal: NodeJS.Signals | null }>;
  /** The last lines of the server's log. */
  logTail(lines?: number): string;
  /** Options to start the same server again (same port, database and environment). */
  options: PortalOptions;
}

function serverEnv(o: PortalOptions, port: number, pgliteDir: string | undefined): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env };
  for (const k of [
    'DATABASE_URL',
    'PGLITE_DIR',
    'PORT',
    'TEST_DATABASE_URL',
    'ALLOW_INSECURE_SOURCES',
    'TRUSTED_PROXIES',
    'PUBLIC_BASE_URL',
    'NODE_OPTIONS',
    'MANIFEST_REFRESH_MINUTES',
  ]) {
    delete e[k];
  }
  (e as Record<string, string>).NODE_ENV = 'production';
  e.PORT = String(port);
  if (o.databaseUrl) e.DATABASE_URL = o.databaseUrl;
  else e.PGLITE_DIR = pgliteDir;
  // The default is relative to the working directory, which is the snapshot tree.
  const ref = referenceDataDir();
  if (ref) e.REFERENCE_DATA_DIR = ref;
  return { ...e, ...o.env };
}

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export async function startPortal(o: PortalOptions): Promise<Portal> {
  hookSignals();
  const cwd = await snapshotTree();
  const dir = path.join(WORK_DIR, o.name);
  mkdirSync(dir, { recursive: true });
  const pgliteDir = o.databaseUrl ? undefined : (o.pgliteDir ?? path.join(dir, 'pglite'));
  const port = o.port ?? (await freePort());
  const logFile = path.join(dir, 'server.log');
  const fd = openSync(logFile, 'a');
  const spawned = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...(o.nodeArgs ?? []), '--import', 'tsx', 'server.ts'], {
    cwd,
    env: serverEnv(o, port, pgliteDir),
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const pid = child.pid!;
  let exitCode: number | null | undefined;
  let exitSignal: NodeJS.Signals | null = null;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exitCode = code;
      exitSignal = signal;
      resolve();
    }),
  );
  const alive = () => exitCode === undefined && exitSignal === null;
  const unregister = onCleanup(async () => {
    if (alive()) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + (o.readyTimeoutMs ?? 300_000);
  for (;;) {
    if (!alive()) {
      unregister();
      throw new Error(`server ${o.name} exited during start-up (code ${exitCode}, signal ${exitSignal}); log ${logFile}:\n${tail(logFile)}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      unregister();
      throw new Error(`server ${o.name} not ready within ${(o.readyTimeoutMs ?? 300_000) / 1000} s; log ${logFile}:\n${tail(logFile)}`);
    }
    if (await healthy(url)) break;
    await sleep(250);
  }
  const startMs = performance.now() - spawned;

  return {
    name: o.name,
    url,
    port,
    pid,
    pgliteDir,
    databaseUrl: o.databaseUrl,
    logFile,
    startMs,
    alive,
    rssKb: () => (alive() ? procStatus(pid, 'VmRSS') : null),
    peakRssKb: () => (alive() ? procStatus(pid, 'VmHWM') : null),
    async stop() {
      if (alive()) {
        child.kill('SIGTERM');
        const t = setTimeout(() => alive() && child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(t);
      }
      unregister();
    },
    async kill() {
      if (alive()) {
        child.kill('SIGKILL');
        await exited;
      }
      unregister();
    },
    signal(sig) {
      if (alive()) child.kill(sig);
    },
    async exited() {
      await exited;
      unregister();
      return { code: exitCode, signal: exitSignal };
    },
    logTail: (lines) => tail(logFile, lines),
    options: { ...o, port, pgliteDir },
  };
}

// ---------------------------------------------------------------------------------------------
// A prepared embedded database (migrated, reference data imported, built-ins seeded), copied per part

let template: Promise<{ dir: string; importMs: number }> | undefined;

/**
 * Prepares the template once per suite run: a clean start on an empty directory, then a clean stop.
 * RESILIENCE_TEMPLATE=<dir> reuses a directory prepared before (it is only ever copied, never opened).
 */
export function preparedPglite(): Promise<{ dir: string; importMs: number }> {
  const reuse = process.env.RESILIENCE_TEMPLATE;
  if (!template && reuse && existsSync(path.join(reuse, 'PG_VERSION'))) template = Promise.resolve({ dir: reuse, importMs: 0 });
  template ??= (async () => {
    const dir = path.join(WORK_DIR, 'template', 'pglite');
    console.log('resilience: preparing an embedded database (migrations, reference data, built-in providers)...');
    const p = await startPortal({ name: 'template', pgliteDir: dir, readyTimeoutMs: 600_000 });
    await p.stop();
    console.log(`resilience: prepared in ${(p.startMs / 1000).toFixed(1)} s`);
    return { dir, importMs: p.startMs };
  })();
  return template;
}

/** A copy of the prepared embedded database for one part. */
export async function pgliteCopy(name: string): Promise<string> {
  const { dir } = await preparedPglite();
  const target = path.join(WORK_DIR, name, 'pglite');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(path.dirname(target), { recursive: true });
  cpSync(dir, target, { recursive: true });
  return target;
}

// ---------------------------------------------------------------------------------------------
// Throwaway PostgreSQL databases

export const PG_HOST = '127.0.0.1';

/** createdb portal_[<RESILIENCE_DB_PREFIX>_]<label>_<pid>; dropped at cleanup. */
export function createThrowawayDatabase(label: string): string {
  const prefix = process.env.RESILIENCE_DB_PREFIX ? `${process.env.RESILIENCE_DB_PREFIX}_` : '';
  const name = `portal_${prefix}${label}_${process.pid}`;
  spawnSync('dropdb', ['-h', PG_HOST, '--if-exists', '--force', name], { stdio: 'ignore' });
  const r = spawnSync('createdb', ['-h', PG_HOST, name], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`createdb ${name} failed: ${r.stderr}`);
  onCleanup(() => {
    spawnSync('dropdb', ['-h', PG_HOST, '--if-exists', '--force', name], { stdio: 'ignore' });
  });
  return `postgres://root@${PG_HOST}:5432/${name}`;
}

/** Runs the operator CLI against a server's database (through its socket for PGlite). */
export function operator(portal: Pick<Portal, 'pgliteDir' | 'databaseUrl'>, args: string[], timeoutMs = 60_000) {
  const e: NodeJS.ProcessEnv = { ...process.env };
  delete e.DATABASE_URL;
  delete e.PGLITE_DIR;
  delete e.NODE_OPTIONS;
  if (portal.databaseUrl) e.DATABASE_URL = portal.databaseUrl;
  else e.PGLITE_DIR = portal.pgliteDir;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', ...args], {
    cwd: ROOT,
    env: e,
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** The operator CLI asynchronously (the crash test runs it while the server is being killed). */
export function operatorAsync(
  portal: Pick<Portal, 'pgliteDir' | 'databaseUrl'>,
  args: string[],
  timeoutMs = 60_000,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const e: NodeJS.ProcessEnv = { ...process.env };
  delete e.DATABASE_URL;
  delete e.PGLITE_DIR;
  delete e.NODE_OPTIONS;
  if (portal.databaseUrl) e.DATABASE_URL = portal.databaseUrl;
  else e.PGLITE_DIR = portal.pgliteDir;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', ...args], { cwd: ROOT, env: e });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (status) => {
      clearTimeout(t);
      resolve({ status, stdout, stderr });
    });
  });
}
