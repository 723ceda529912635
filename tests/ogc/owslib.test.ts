// OWSLib (Debian's python3-owslib, run by Debian's own Python) as a real OGC API client: the
// conformance it reads, `collection_queryables`, items with a CQL2 filter in text and JSON, items
// in S-JTSK, and the portal's error body. The portal's links are on PUBLIC_BASE_URL, reached through
// the test server acting as the HTTP proxy (as for GDAL).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { env } from '@/lib/env';
import { toSjtsk } from '@/lib/protocol/shared/crs';
import { municipalityFeatures, serveOgcFixture } from './fixtures';

const run = promisify(execFile);
/** Debian's interpreter: python3-owslib is a Debian package (a python3 earlier on PATH may not see it). */
const PYTHON = '/usr/bin/python3';

const srv = serveOgcFixture();

interface OwsOut {
  conformsTo: string[];
  queryables: Record<string, string | null>;
  text: { ids: string[]; numberMatched: number };
  json: string[];
  sjtsk: { first: number[]; nazov: string };
  error: { code: string; error: string } | null;
}

describe('OWSLib', () => {
  test('queryables, filtered items (CQL2 text and JSON), S-JTSK coordinates and the error body', async () => {
    const script = path.join(import.meta.dirname, 'clients', 'owslib_check.py');
    const proxy = `http://${srv.app.proxy}`;
    const { stdout } = await run(PYTHON, [script, `${env().publicBaseUrl}/ogc`, srv.fx.ids.towns], {
      env: { ...process.env, HTTP_PROXY: proxy, http_proxy: proxy, NO_PROXY: '', no_proxy: '' },
      timeout: 120_000,
    });
    const out = JSON.parse(stdout) as OwsOut;
    expect(out.conformsTo).toEqual(
      expect.arrayContaining([
        'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
        'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
        'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
        'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
        'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
      ]),
    );
    expect(out.queryables).toMatchObject({ nazov: 'string', obyvatelia: 'integer', rozloha: 'number', geometry: null });
    const features = municipalityFeatures({ query: {} } as never).features;
    const expected = features.filter((f) => f.properties.kraj === 'Nitriansky' && f.properties.obyvatelia > 2000).map((f) => f.id);
    expect(expected.length).toBeGreaterThan(2);
    expect(out.text).toEqual({ ids: expected, numberMatched: expected.length });
    expect(out.json).toEqual(features.filter((f) => f.properties.nazov.startsWith('Žilina')).map((f) => f.properties.nazov).sort());
    // Sorted by name, the first is Nitra 3: its first vertex in S-JTSK (metres, to the millimetre).
    const first = [...features].sort((a, b) => a.properties.nazov.localeCompare(b.properties.nazov, 'sk', { numeric: true }))[0];
    expect(out.sjtsk.nazov).toBe(first.properties.nazov);
    const [e, n] = toSjtsk(first.geometry.coordinates[0][0][0], first.geometry.coordinates[0][0][1]);
    expect(Math.hypot(out.sjtsk.first[0] - e, out.sjtsk.first[1] - n)).toBeLessThan(0.002);
    expect(out.error).toMatchObject({ code: 'invalid_query', error: expect.stringContaining('ulica') });
  });
});
