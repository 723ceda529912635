// QGIS 3.22 headless (Debian's python3-qgis; .ci/run installs it) as the GIS user's client: an OAPIF
// layer of a collection with a filter expression gets the right features, without the portal's
// __dm_* extras among its fields, and QGIS's own S-JTSK lands within a few metres of the portal's
// (QGIS picks PROJ's default S-JTSK operation, not EPSG:4836: the reason the portal offers crs=5514).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { env } from '@/lib/env';
import { toSjtsk } from '@/lib/protocol/shared/crs';
import { municipalityFeatures, serveOgcFixture } from './fixtures';

const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';

const srv = serveOgcFixture();

interface QgisOut {
  qgis: string;
  valid: boolean;
  fields: Record<string, string>;
  all: number;
  subset: string[];
  expression: string[];
  sjtsk: [number, number];
}

describe('QGIS (OAPIF provider, headless)', () => {
  test.runIf(existsSync('/usr/lib/python3/dist-packages/qgis'))('a layer with a filter expression gets the right features', async () => {
    const [host, port] = srv.app.proxy.split(':');
    const runtime = mkdtempSync(path.join(os.tmpdir(), 'qgis-runtime-'));
    const { stdout } = await run(PYTHON, [path.join(import.meta.dirname, 'clients', 'qgis_check.py'), `${env().publicBaseUrl}/ogc`, srv.fx.ids.towns, host, port], {
      env: { ...process.env, QT_QPA_PLATFORM: 'offscreen', XDG_RUNTIME_DIR: runtime, HOME: runtime },
      timeout: 180_000,
      maxBuffer: 1 << 24,
    });
    const out = JSON.parse(stdout.trim().split('\n').pop()!) as QgisOut;
    expect(out.valid).toBe(true);
    expect(out.all).toBe(40);
    // QGIS 3.22 types fields from the first page (not from describedby, as GDAL does): rozloha's whole numbers read as integers there.
    expect(out.fields).toMatchObject({ obyvatelia: expect.stringMatching(/^int/i), nazov: expect.stringMatching(/^string$/i) });
    expect(Object.keys(out.fields).some((k) => k.startsWith('__dm_'))).toBe(false);
    const features = municipalityFeatures({ query: {} } as never).features;
    expect(out.subset).toEqual(features.filter((f) => f.properties.kraj === 'Nitriansky' && f.properties.obyvatelia > 2000).map((f) => f.properties.nazov).sort());
    expect(out.expression).toEqual(features.filter((f) => f.properties.nazov.startsWith('Žilina')).map((f) => f.properties.nazov).sort());
    const nitra = features.find((f) => f.properties.nazov === 'Nitra 3')!;
    const [e, n] = toSjtsk(nitra.geometry.coordinates[0][0][0], nitra.geometry.coordinates[0][0][1]);
    expect(Math.hypot(out.sjtsk[0] - e, out.sjtsk[1] - n)).toBeLessThan(20);
    console.log(`QGIS ${out.qgis}: S-JTSK of the same vertex differs by ${Math.hypot(out.sjtsk[0] - e, out.sjtsk[1] - n).toFixed(2)} m from EPSG:4836 (the portal's)`);
  });
});
