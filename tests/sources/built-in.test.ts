// The portal's built-in providers are answered in-process for URLs on its own origin under the
// built-in prefixes (lib/sources): no socket (the origin is loopback and plain http, which the policy
// refuses), and no exception for any other path of the origin. The guarded client alone (lib/fetch)
// knows no such URL.
import { describe, expect, test } from 'vitest';
import { env } from '@/lib/env';
import * as guarded from '@/lib/fetch';
import { builtInPrefixes, FetchError, fetchJson, safeFetch } from '@/lib/sources';
import { runLiveTest } from '@/lib/validator/live';

const base = () => env().publicBaseUrl;

describe('in-process dispatch of the built-in providers', () => {
  test('the prefixes are the two built-in providers', () => {
    expect(builtInPrefixes()).toEqual(['/poskytovatelia/sk-uzemie/', '/priklady/']);
  });

  test('a sample manifest is served in-process with the FetchResult shape', async () => {
    const url = `${base()}/priklady/manifest-complete.json`;
    const r = await safeFetch(url);
    expect(r.status).toBe(200);
    expect(r.url).toBe(url);
    expect(r.redirects).toEqual([]);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(r.body.toString('utf8'))).toMatchObject({ protocol: '0.1', datasets: expect.any(Array) });
  });

  test('the handler answers its own errors (unknown sample: 404)', async () => {
    const r = await safeFetch(`${base()}/priklady/neexistuje.json`);
    expect(r.status).toBe(404);
    const err = await fetchJson(`${base()}/priklady/neexistuje.json`).then(
      () => null,
      (e: unknown) => e as FetchError,
    );
    expect(err?.code).toBe('http_error');
    expect(err?.status).toBe(404);
  });

  test('the size limit holds in-process too', async () => {
    const err = await safeFetch(`${base()}/priklady/data-points.json`, { maxBytes: 100 }).then(
      () => null,
      (e: unknown) => e as FetchError,
    );
    expect(err?.code).toBe('response_too_large');
  });

  test('the guarded client alone refuses them like any loopback http URL', async () => {
    const err = await guarded.safeFetch(`${base()}/priklady/manifest-complete.json`).then(
      () => null,
      (e: unknown) => e as FetchError,
    );
    expect(err).toBeInstanceOf(FetchError);
    expect(['https_required', 'invalid_url']).toContain(err?.code);
  });

  test('other paths of the portal origin get no exception from the policy', async () => {
    for (const path of ['/api/catalog', '/priklady', '/poskytovatelia/iny/manifest.json']) {
      const err = await safeFetch(`${base()}${path}`).then(
        () => null,
        (e: unknown) => e as FetchError,
      );
      expect(err, path).toBeInstanceOf(FetchError);
      expect(['https_required', 'invalid_url']).toContain(err?.code);
    }
  });

  test('the minimal sample passes the live test as a provider', async () => {
    const { report, fingerprint, manifest } = await runLiveTest(`${base()}/priklady/manifest-minimal.json`);
    expect(report.errors).toEqual([]);
    expect(report.valid).toBe(true);
    expect(report.datasets.length).toBeGreaterThan(0);
    expect(report.datasets[0].featureCount).toBeGreaterThan(0);
    expect(report.datasets[0].request).toMatch(new RegExp(`^${base()}/priklady/data-points\\.json\\?limit=`));
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest?.datasets[0].source).toMatchObject({ url: `${base()}/priklady/data-points.json` });
  });

  test('the complete sample: every GeoJSON dataset passes its live query in-process', async () => {
    const { report, manifest } = await runLiveTest(`${base()}/priklady/manifest-complete.json`);
    expect(manifest).not.toBeNull();
    const geojson = manifest!.datasets.filter((d) => d.source.type === 'geojson').map((d) => d.id);
    expect(geojson.length).toBeGreaterThanOrEqual(2);
    for (const ds of report.datasets.filter((d) => geojson.includes(d.id))) {
      expect(ds.errors, ds.id).toEqual([]);
      expect(ds.featureCount, ds.id).toBeGreaterThan(0);
    }
  });
});
