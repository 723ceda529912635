// The embedded database: one process (the host) opens the PGlite directory, migrates it and serves
// it on a Unix socket; every other process (CLI, importer, benches) connects to that socket with
// the ordinary postgres driver. A lock file names the host's pid, so a second host is refused and
// a lock or socket left behind by a killed host (SIGKILL) is recognised as stale and removed.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Extension, PGlite } from '@electric-sql/pglite';
import { slimPostgisBundle } from './postgis-bundle';
import { servePgliteOnSocket, type PgliteSocketServer } from './pglite-server';

const LOCK_FILE = 'portal.lock';

function socketPathFor(dir: string): string {
  const inDir = path.join(dir, '.s.PGSQL.5432');
  // Unix socket paths are limited to ~107 bytes; fall back to a stable name in the temp dir.
  if (Buffer.byteLength(inDir) < 100) return inDir;
  const digest = createHash('sha256').update(dir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `portal-pglite-${digest}.sock`);
}

interface LockInfo {
  pid: number;
  socket: string;
  startedAt: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(dir: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

/** The socket of a live host process for this directory, or null when nobody holds it. */
export function liveHostSocket(dir: string): string | null {
  const lock = readLock(dir);
  if (!lock || lock.pid === process.pid || !isAlive(lock.pid)) return null;
  return existsSync(lock.socket) ? lock.socket : null;
}

function acquireLock(dir: string, socket: string): void {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, socket, startedAt: new Date().toISOString() }), {
        flag: 'wx',
      });
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const lock = readLock(dir);
      if (lock && lock.pid !== process.pid && isAlive(lock.pid)) {
        throw new Error(
          `The embedded database in ${dir} is held by process ${lock.pid}. Stop it, or connect through its socket.`,
        );
      }
      // Stale lock from a killed process (or a torn write): take it over.
      unlinkSync(file);
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function releaseLock(dir: string): void {
  const lock = readLock(dir);
  if (lock?.pid === process.pid) unlinkSync(path.join(dir, LOCK_FILE));
}

async function createPglite(dir: string | undefined): Promise<PGlite> {
  // Imported lazily: the WASM modules are large and only the host needs them.
  const [{ PGlite }, { postgis }, { pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-postgis'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  // PostGIS from the slim bundle (postgis-bundle.ts): the package's own setup (environment for PROJ),
  // then the bundle without raster, topology and the rest PGlite would otherwise load into memory.
  const slimPostgis: Extension = {
    name: postgis.name,
    async setup(pg, emscriptenOpts) {
      const result = await postgis.setup(pg, emscriptenOpts);
      return result.bundlePath ? { ...result, bundlePath: await slimPostgisBundle(result.bundlePath) } : result;
    },
  };
  return PGlite.create(dir ?? 'memory://', { extensions: { postgis: slimPostgis, pg_trgm, unaccent } });
}

export interface EmbeddedHost {
  pglite: PGlite;
  socketPath: string;
  server: PgliteSocketServer;
  stop(): Promise<void>;
}

/**
 * Opens the PGlite directory as its host: lock, open, run `prepare` (migrations) on the PGlite
 * driver before anyone else can connect, then serve it on the socket.
 */
export async function hostEmbedded(
  dir: string,
  prepare: (pglite: PGlite) => Promise<void>,
): Promise<EmbeddedHost> {
  mkdirSync(dir, { recursive: true });
  const socketPath = socketPathFor(dir);
  acquireLock(dir, socketPath);
  let pglite: PGlite | undefined;
  try {
    pglite = await createPglite(dir);
    await prepare(pglite);
    // We hold the lock, so a socket file here was left by a killed host.
    if (existsSync(socketPath)) unlinkSync(socketPath);
    const server = await servePgliteOnSocket(pglite, socketPath);
    const db = pglite;
    let stopped = false;
    return {
      pglite: db,
      socketPath,
      server,
      async stop() {
        if (stopped) return;
        stopped = true;
        await server.stop();
        await db.close();
        if (existsSync(socketPath)) unlinkSync(socketPath);
        releaseLock(dir);
      },
    };
  } catch (e) {
    await pglite?.close().catch(() => undefined);
    releaseLock(dir);
    throw e;
  }
}
