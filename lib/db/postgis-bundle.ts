// The embedded PostGIS, without what the portal never loads.
//
// @electric-sql/pglite-postgis ships one 91 MB bundle: PostGIS itself, postgis_raster and
// postgis_topology (31 MB of WebAssembly), the TIGER geocoder, upgrade scripts and psql scripts.
// PGlite extracts the whole bundle into its in-memory file system at every start and compiles every
// `.so` in it, used or not: about 400 MB of the server's memory, most of it for the two modules
// no migration creates. The slim bundle keeps what `CREATE EXTENSION postgis` and its functions
// need: the `postgis-3` module, PROJ's data (`share/proj`: transformations look their CRS up in
// proj.db), the control file and the install script. It is made once from the package's bundle and
// kept in a cache directory keyed by that bundle's size and time, so an upgrade of the package
// makes a new one.
//
// What this leaves out on purpose: `ALTER EXTENSION postgis UPDATE` (needs the `--ANY--` scripts)
// and the raster, topology and TIGER extensions. A PostGIS minor upgrade in the package keeps
// working without it: the functions load `$libdir/postgis-3`, which is the new module.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as tar from 'tar';

/** Bump when `keepInSlimBundle` changes, so existing cached bundles are not reused. */
const SLIM_RULES_VERSION = 1;

/** Whether a path of the PostGIS bundle belongs in the slim bundle. */
export function keepInSlimBundle(entry: string): boolean {
  const p = entry.replace(/^\.\//, '');
  if (p === 'lib/postgresql/postgis-3.so') return true;
  if (p.startsWith('share/proj/')) return true;
  const ext = /^share\/postgresql\/extension\/(.+)$/.exec(p);
  if (!ext) return false;
  // The control file and the install script of one version (`postgis--3.6.2.sql`); not the
  // upgrade paths (`postgis--3.5.0--3.6.2.sql`, `--ANY--`, `--unpackaged--`).
  return ext[1] === 'postgis.control' || /^postgis--\d+(\.\d+)*\.sql$/.test(ext[1]);
}

function cacheDir(): string {
  // node_modules/.cache is where build tools keep derived files next to the packages they come
  // from; a read-only installation falls back to the temp directory.
  for (const dir of [path.join(process.cwd(), 'node_modules', '.cache', 'geodata-portal'), path.join(os.tmpdir(), 'geodata-portal-cache')]) {
    try {
      mkdirSync(dir, { recursive: true });
      return dir;
    } catch {
      // try the next
    }
  }
  throw new Error('no writable cache directory for the slim PostGIS bundle');
}

/**
 * The slim bundle for the package's bundle at `source` (a file URL), made on first use. Concurrent
 * makers (test workers, a host and an importer) each write their own temporary file and rename it
 * into place, so a reader never sees half a file.
 */
export async function slimPostgisBundle(source: URL): Promise<URL> {
  const sourcePath = fileURLToPath(source);
  const st = statSync(sourcePath);
  const dir = cacheDir();
  const target = path.join(dir, `postgis-slim-v${SLIM_RULES_VERSION}-${st.size}-${Math.trunc(st.mtimeMs)}.tar.gz`);
  if (existsSync(target)) return pathToFileURL(target);

  const work = mkdtempSync(path.join(dir, 'postgis-'));
  try {
    const kept: string[] = [];
    await tar.x({
      file: sourcePath,
      cwd: work,
      filter: (entry) => {
        const keep = keepInSlimBundle(entry);
        if (keep) kept.push(entry.replace(/^\.\//, ''));
        return keep;
      },
    });
    if (!kept.includes('lib/postgresql/postgis-3.so') || !kept.some((p) => p.startsWith('share/postgresql/extension/postgis--'))) {
      throw new Error(`the PostGIS bundle ${sourcePath} does not have the expected layout (kept: ${kept.join(', ') || 'nothing'})`);
    }
    const partial = path.join(dir, `.${randomUUID()}.tar.gz`);
    // Entry names as in the package's bundle (relative, no `./`): PGlite extracts them below its prefix.
    await tar.c({ gzip: true, file: partial, cwd: work, portable: true }, kept.filter((p) => !p.endsWith('/')));
    renameSync(partial, target);
    return pathToFileURL(target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
