// The slim PostGIS bundle the embedded database loads (lib/db/postgis-bundle.ts): what it keeps and
// drops, made from the installed package's bundle. Every PGlite test database runs
// `CREATE EXTENSION postgis` and the PostGIS queries from it, so this file only pins the contents.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as tar from 'tar';
import { describe, expect, it } from 'vitest';
import { keepInSlimBundle, slimPostgisBundle } from '@/lib/db/postgis-bundle';

function packageBundle(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite-postgis');
  return path.join(path.dirname(entry), 'postgis.tar.gz');
}

async function entries(file: string): Promise<string[]> {
  const names: string[] = [];
  await tar.t({ file, onReadEntry: (e) => names.push(e.path.replace(/^\.\//, '')) });
  return names;
}

describe('slim PostGIS bundle', () => {
  it('keeps the module, PROJ data, control file and install script; drops raster, topology, TIGER and upgrade scripts', () => {
    for (const p of [
      'lib/postgresql/postgis-3.so',
      'share/proj/proj.db',
      'share/postgresql/extension/postgis.control',
      'share/postgresql/extension/postgis--3.6.2.sql',
    ]) {
      expect(keepInSlimBundle(p), p).toBe(true);
    }
    for (const p of [
      'lib/postgresql/postgis_raster-3.so',
      'lib/postgresql/postgis_topology-3.so',
      'share/postgresql/extension/postgis--ANY--3.6.2.sql',
      'share/postgresql/extension/postgis--unpackaged--3.6.2.sql',
      'share/postgresql/extension/postgis--3.5.0--3.6.2.sql',
      'share/postgresql/extension/postgis_raster.control',
      'share/postgresql/extension/postgis_tiger_geocoder--3.6.2.sql',
      'share/postgresql/contrib/postgis-3.6/spatial_ref_sys.sql',
    ]) {
      expect(keepInSlimBundle(p), p).toBe(false);
    }
  });

  it('is made from the installed bundle once and reused', async () => {
    const source = packageBundle();
    const first = await slimPostgisBundle(pathToFileURL(source));
    const again = await slimPostgisBundle(pathToFileURL(source));
    expect(again.href).toBe(first.href);
    const slim = fileURLToPath(first);

    const all = await entries(source);
    const kept = await entries(slim);
    expect(kept.sort()).toEqual(all.filter((p) => !p.endsWith('/') && keepInSlimBundle(p)).sort());
    expect(kept).toContain('lib/postgresql/postgis-3.so');
    expect(kept.some((p) => p.includes('raster') || p.includes('topology'))).toBe(false);
    // Under half the package's bundle (about 7.6 of 19.8 MB compressed).
    expect(statSync(slim).size).toBeLessThan(statSync(source).size / 2);
  });
});
