// The live test against a real provider on 127.0.0.1 with fault switches: each fault of the spec's
// live-test table is reported with its code, the test queries are the portal's own, and a healthy
// provider passes. The slow cases (10 s hang, 3.5 s answer) run concurrently.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Manifest, ManifestDataset } from '@/lib/protocol/types';
import { fillTileTemplate, imageFormat, runLiveTest, tileAt, viewportAround, type LiveReport } from '@/lib/validator/live';
import { allowInsecureSources, bboxFiltered, PNG_1X1, pointCollection, pointGrid, startProviderServer, type Fault, type ProviderServer } from '../helpers/provider-server';

let p: ProviderServer;
let restore: () => void;

beforeAll(async () => {
  p = await startProviderServer();
  restore = allowInsecureSources(p);
});
afterAll(async () => {
  restore();
  await p.close();
});

function geojsonDataset(id: string, source: Record<string, unknown>, extra: Partial<ManifestDataset> = {}): ManifestDataset {
  return {
    id,
    title: `Testovacie body ${id}`,
    description: 'Body na otestovanie živého testu.',
    category: 'sample',
    keywords: ['test', 'body'],
    useCases: ['public-administration'],
    coverage: { bbox: [16.8, 47.7, 22.6, 49.6], area: 'Slovensko' },
    source: { type: 'geojson', maxFeatures: 100, ...source } as ManifestDataset['source'],
    presentation: { type: 'circle', color: '#1f78b4' },
    fields: [
      { key: 'name', label: 'Názov' },
      { key: 'value', label: 'Hodnota', type: 'number' },
    ],
    ...extra,
  };
}

function rasterDataset(id: string, tiles: string[], extra: Partial<ManifestDataset> = {}): ManifestDataset {
  return {
    id,
    title: `Rastrová mapa ${id}`,
    description: 'Dlaždice na otestovanie živého testu.',
    category: 'sample',
    keywords: ['test', 'raster'],
    useCases: ['public-administration'],
    coverage: { bbox: [16.8, 47.7, 22.6, 49.6] },
    source: { type: 'raster', tiles, minZoom: 6, maxZoom: 18 },
    presentation: { type: 'raster', opacity: 0.8 },
    ...extra,
  };
}

function manifestOf(providerId: string, datasets: ManifestDataset[]): Manifest {
  return {
    protocol: '0.1',
    provider: { id: providerId, name: `Poskytovateľ ${providerId}`, homepage: 'https://example.com/' },
    license: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', attribution: '© Testovací poskytovateľ' },
    datasets,
  };
}

/** Publishes a manifest under /<name>/manifest.json and returns its URL. */
function publish(name: string, manifest: Manifest | string): string {
  p.setBody(`/${name}/manifest.json`, manifest, 'application/json');
  return `${p.url}/${name}/manifest.json`;
}

/**
 * Tile templates must be https (manifest schema) while the test server speaks plain http, so raster
 * manifests here always carry this one static finding; the live part is what these tests check.
 */
function isPlainHttpTemplate(f: { path: string; code: string }): boolean {
  return f.code === 'schema_invalid_format' && /^datasets\/\d+\/source\/tiles\/\d+$/.test(f.path);
}

function codes(r: LiveReport | LiveReport['datasets'][number], level: 'errors' | 'warnings'): string[] {
  return r[level].map((f) => f.code);
}

describe('a healthy provider', () => {
  test('passes, with relative URLs resolved, the full-mode query and a fingerprint', async () => {
    p.setBody('/healthy/data/points.json', pointCollection(10));
    const url = publish('healthy', manifestOf('zdravy', [geojsonDataset('body', { url: 'data/points.json' })]));
    const { report, manifest, manifestBytes, fingerprint } = await runLiveTest(url);
    expect(report.errors).toEqual([]);
    expect(report.valid).toBe(true);
    expect(report.manifestUrl).toBe(url);
    expect(report.provider).toEqual({ id: 'zdravy', name: 'Poskytovateľ zdravy' });
    expect(report.datasets).toHaveLength(1);
    const ds = report.datasets[0];
    expect(ds).toMatchObject({ id: 'body', featureCount: 10, errors: [] });
    expect(ds.request).toBe(`${p.url}/healthy/data/points.json?limit=100`);
    expect(ds.durationMs).toBeGreaterThanOrEqual(0);
    expect(p.requests('/healthy/data/points.json')).toBe(1);
    expect(manifestBytes).not.toBeNull();
    expect(fingerprint).toBe(createHash('sha256').update(manifestBytes!).digest('hex'));
    expect(manifest?.datasets[0].source).toMatchObject({ url: `${p.url}/healthy/data/points.json` });
    expect(report.summary).toMatch(/^Živý test prešiel/);
  });

  test('bbox mode: the centre of coverage.bbox at zoom max(12, minZoom), with parameter defaults', async () => {
    // A source that filters by bbox (one ignoring it is bbox_ignored, below).
    p.setBody('/bbox/data', bboxFiltered(pointGrid([17.0, 48.0, 18.0, 49.0], 40_000)));
    const ds = geojsonDataset(
      'v-okoli',
      { url: `${p.url}/bbox/data?key=abc`, mode: 'bbox', maxFeatures: 500 },
      {
        coverage: { bbox: [17.0, 48.0, 18.0, 49.0], minZoom: 14 },
        params: [{ key: 'druh', label: 'Druh', type: 'enum', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }], default: 'b' }],
      },
    );
    const { report } = await runLiveTest(publish('bbox', manifestOf('bbox-test', [ds])));
    expect(report.errors).toEqual([]);
    // The test window first, then the window beside it (the bbox filter's second look).
    expect(p.requests('/bbox/data')).toBe(2);
    const seen = p.log('/bbox/data')[0];
    expect(seen.query.key).toBe('abc');
    expect(seen.query.zoom).toBe('14');
    expect(seen.query.limit).toBe('500');
    expect(seen.query.druh).toBe('b');
    const [minLon, minLat, maxLon, maxLat] = seen.query.bbox.split(',').map(Number);
    expect(minLon).toBeLessThan(17.5);
    expect(maxLon).toBeGreaterThan(17.5);
    expect(minLat).toBeLessThan(48.5);
    expect(maxLat).toBeGreaterThan(48.5);
    // A viewport, not the whole coverage.
    expect(maxLon - minLon).toBeLessThan(0.2);
    expect(report.datasets[0].request).toContain('zoom=14');
  });

  test('raster: one tile per template at a zoom inside its range; WMS bbox templates are filled', async () => {
    p.setFault('/tiles/*', 'png');
    p.setFault('/wms', 'png');
    const ds = rasterDataset('orto', [`${p.url}/tiles/{z}/{x}/{y}.png`]);
    const wms = rasterDataset('wms', [`${p.url}/wms?SERVICE=WMS&REQUEST=GetMap&LAYERS=x&CRS=EPSG:3857&BBOX={bbox-epsg-3857}&WIDTH=256&HEIGHT=256&FORMAT=image/png`], {
      source: { type: 'raster', tiles: [`${p.url}/wms?SERVICE=WMS&REQUEST=GetMap&LAYERS=x&CRS=EPSG:3857&BBOX={bbox-epsg-3857}&WIDTH=256&HEIGHT=256&FORMAT=image/png`], minZoom: 14, maxZoom: 16 },
    });
    const before = p.requests('/tiles/*');
    const { report } = await runLiveTest(publish('raster', manifestOf('raster-test', [ds, wms])));
    // The tiles themselves pass; the only errors are the static check's (a test server is plain http).
    expect(report.datasets.map((d) => d.errors)).toEqual([[], []]);
    expect(report.errors.filter((f) => !isPlainHttpTemplate(f))).toEqual([]);
    expect(p.requests('/tiles/*') - before).toBe(1);
    const t = tileAt(19.7, 48.65, 12);
    expect(report.datasets[0].request).toBe(`${p.url}/tiles/12/${t.x}/${t.y}.png`);
    expect(report.datasets[0].featureCount).toBeNull();
    const bbox = p.log('/wms').at(-1)!.query.BBOX.split(',').map(Number);
    expect(bbox).toHaveLength(4);
    // zoom 14 (the raster's minZoom): a tile is 2446 m wide.
    expect(Math.round(bbox[2] - bbox[0])).toBe(2446);
  });
});

// Each case: a provider whose data (or tile, or manifest) endpoint has a fault, and the code the
// live test must report at the given level.
interface FaultCase {
  name: string;
  fault: Fault;
  kind?: 'geojson' | 'raster' | 'manifest';
  code: string;
  level: 'errors' | 'warnings';
  /** For the data endpoint: the body served when the fault serves the normal body. */
  body?: unknown;
}

const faultCases: FaultCase[] = [
  { name: 'a source that hangs past 10 s', fault: { type: 'hang' }, code: 'timeout', level: 'errors' },
  { name: 'a body that drips past 10 s', fault: { type: 'slow-body', intervalMs: 200 }, code: 'timeout', level: 'errors' },
  { name: 'HTTP 500', fault: { type: 'status', status: 500 }, code: 'http_error', level: 'errors' },
  { name: 'HTTP 503', fault: { type: 'status', status: 503 }, code: 'http_error', level: 'errors' },
  { name: 'connection reset', fault: { type: 'reset' }, code: 'source_unreachable', level: 'errors' },
  { name: 'invalid JSON', fault: { type: 'invalid-json' }, code: 'invalid_json', level: 'errors' },
  { name: 'empty body', fault: { type: 'empty-body' }, code: 'empty_body', level: 'errors' },
  { name: '16 MB body', fault: { type: 'big-body' }, code: 'response_too_large', level: 'errors' },
  { name: 'gzip bomb', fault: { type: 'gzip-bomb' }, code: 'response_too_large', level: 'errors' },
  { name: 'JSON that is not a FeatureCollection', fault: { type: 'ok' }, body: { type: 'Feature', features: 'none' }, code: 'data_schema_mismatch', level: 'errors' },
  { name: 'features without geometry key', fault: { type: 'ok' }, body: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {} }] }, code: 'data_schema_mismatch', level: 'errors' },
  { name: 'no objects at all', fault: { type: 'features', count: 0 }, code: 'empty_response', level: 'warnings' },
  { name: 'an answer after 3.5 s', fault: { type: 'delay', ms: 3500 }, body: pointCollection(3), code: 'slow_response', level: 'warnings' },
  { name: 'a tile that is not an image', kind: 'raster', fault: { type: 'not-image' }, code: 'tile_not_image', level: 'errors' },
  { name: 'a tile with HTTP 404', kind: 'raster', fault: { type: 'status', status: 404 }, code: 'tile_http_error', level: 'errors' },
  { name: 'a tile server that resets', kind: 'raster', fault: { type: 'reset' }, code: 'tile_unreachable', level: 'errors' },
  { name: 'a tile server that hangs', kind: 'raster', fault: { type: 'hang' }, code: 'tile_unreachable', level: 'errors' },
  { name: 'a tile after 3.5 s', kind: 'raster', fault: { type: 'delay', ms: 3500 }, body: PNG_1X1, code: 'slow_response', level: 'warnings' },
  { name: 'manifest: HTTP 502', kind: 'manifest', fault: { type: 'status', status: 502 }, code: 'http_error', level: 'errors' },
  { name: 'manifest: invalid JSON', kind: 'manifest', fault: { type: 'invalid-json' }, code: 'invalid_json', level: 'errors' },
  { name: 'manifest: empty body', kind: 'manifest', fault: { type: 'empty-body' }, code: 'empty_body', level: 'errors' },
  { name: 'manifest: connection reset', kind: 'manifest', fault: { type: 'reset' }, code: 'source_unreachable', level: 'errors' },
  { name: 'manifest: 16 MB', kind: 'manifest', fault: { type: 'big-body' }, code: 'response_too_large', level: 'errors' },
];

describe.concurrent('each source fault is reported with its code', () => {
  for (const [i, c] of faultCases.entries()) {
    test(c.name, async ({ expect }) => {
      const name = `fault-${i}`;
      let url: string;
      if (c.kind === 'manifest') {
        url = publish(name, manifestOf(`fault-${i}`, [geojsonDataset('body', { url: 'data.json' })]));
        p.setFault(`/${name}/manifest.json`, c.fault);
      } else if (c.kind === 'raster') {
        if (c.body !== undefined) p.setBody(`/${name}/tiles/*`, c.body, 'image/png');
        p.setFault(`/${name}/tiles/*`, c.fault);
        url = publish(name, manifestOf(`fault-${i}`, [rasterDataset('mapa', [`${p.url}/${name}/tiles/{z}/{x}/{y}.png`])]));
      } else {
        p.setBody(`/${name}/data.json`, c.body ?? pointCollection(5));
        p.setFault(`/${name}/data.json`, c.fault);
        url = publish(name, manifestOf(`fault-${i}`, [geojsonDataset('body', { url: 'data.json' })]));
      }
      const { report, manifest, fingerprint } = await runLiveTest(url);
      expect(codes(report, c.level)).toContain(c.code);
      if (c.kind === 'raster') {
        expect(report.errors.filter((f) => !isPlainHttpTemplate(f)).length === 0).toBe(c.level === 'warnings');
      } else {
        expect(report.valid).toBe(c.level === 'warnings');
      }
      if (c.kind === 'manifest') {
        expect(report.provider).toBeNull();
        expect(report.datasets).toEqual([]);
        expect(manifest).toBeNull();
        expect(fingerprint).toBeNull();
        expect(report.errors.find((f) => f.code === c.code)?.path).toBe('manifestUrl');
      } else {
        // The dataset's own report carries it, with the top-level copy pointing at the dataset.
        expect(codes(report.datasets[0], c.level)).toContain(c.code);
        expect(report[c.level].find((f) => f.code === c.code)?.path).toMatch(/^datasets\/0\/source/);
        expect(report.provider).toEqual({ id: `fault-${i}`, name: `Poskytovateľ fault-${i}` });
      }
    });
  }
});

describe.concurrent('a silent server', () => {
  test('is asked once per concurrent slot, later datasets on it are reported without a request', async ({ expect }) => {
    const datasets = Array.from({ length: 7 }, (_, i) => geojsonDataset(`d${i}`, { url: `dead/${i}.json` }));
    p.setFault('/silent/dead/*', 'hang');
    const { report } = await runLiveTest(publish('silent', manifestOf('silent', datasets)));
    expect(report.datasets.map((d) => codes(d, 'errors'))).toEqual(Array.from({ length: 7 }, () => ['timeout']));
    expect(p.requests('/silent/dead/*')).toBe(4);
    expect(report.datasets[6].errors[0].message).toMatch(/neodpovedal už pri datasete d\d/);
  });

  test('a dead tile server is not asked again once it failed', async ({ expect }) => {
    p.setFault('/silent-tiles/*', 'reset');
    const datasets = Array.from({ length: 6 }, (_, i) => rasterDataset(`r${i}`, [`${p.url}/silent-tiles/${i}/{z}/{x}/{y}.png`]));
    // The first four run together; by the time the fifth starts the server is known to be dead.
    const { report } = await runLiveTest(publish('silent-tiles-m', manifestOf('silent-tiles', datasets)));
    expect(report.datasets.every((d) => codes(d, 'errors').includes('tile_unreachable'))).toBe(true);
    expect(p.requests('/silent-tiles/*')).toBeLessThan(6);
  });
});

describe('URL problems', () => {
  const cases: Array<{ name: string; manifestUrl: () => string; code: string }> = [
    { name: 'manifest URL that is not a URL', manifestUrl: () => 'manifest.json', code: 'invalid_url' },
    { name: 'manifest over plain http', manifestUrl: () => 'http://example.com/manifest.json', code: 'https_required' },
    { name: 'manifest on a private address', manifestUrl: () => 'https://10.1.2.3/manifest.json', code: 'invalid_url' },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const { report } = await runLiveTest(c.manifestUrl());
      expect(report.valid).toBe(false);
      expect(report.errors.map((f) => f.code)).toEqual([c.code]);
      expect(report.errors[0].path).toBe('manifestUrl');
    });
  }

  test('a data source over plain http is https_required, a private tile host invalid_url', async () => {
    const url = publish(
      'urls',
      manifestOf('urls', [
        geojsonDataset('http-zdroj', { url: 'http://example.com/data.json' }),
        rasterDataset('sukromna', ['https://192.168.1.10/tiles/{z}/{x}/{y}.png']),
      ]),
    );
    const { report } = await runLiveTest(url);
    expect(codes(report.datasets[0], 'errors')).toContain('https_required');
    expect(codes(report.datasets[1], 'errors')).toContain('invalid_url');
    expect(report.valid).toBe(false);
  });

  test('datasets are tested concurrently, at most 4 at a time', async () => {
    const datasets = Array.from({ length: 8 }, (_, i) => geojsonDataset(`d${i}`, { url: `slow/${i}.json` }));
    for (let i = 0; i < 8; i++) {
      p.setBody(`/conc/slow/${i}.json`, pointCollection(1));
      p.setFault(`/conc/slow/${i}.json`, { type: 'delay', ms: 1000 });
    }
    const { report } = await runLiveTest(publish('conc', manifestOf('conc', datasets)));
    expect(report.valid).toBe(true);
    // Each answer takes 1 s: the first four requests arrive together, the fifth only when one is done.
    const starts = p.log('/conc/slow/*').map((r) => r.at).sort((a, b) => a - b);
    expect(starts).toHaveLength(8);
    expect(starts[3] - starts[0]).toBeLessThan(900);
    expect(starts[4] - starts[0]).toBeGreaterThanOrEqual(900);
  });
});

describe('helpers', () => {
  test('image formats are recognised by their bytes', () => {
    expect(imageFormat(PNG_1X1)).toBe('PNG');
    expect(imageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('JPEG');
    expect(imageFormat(Buffer.from('GIF89a....'))).toBe('GIF');
    expect(imageFormat(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('WebP');
    expect(imageFormat(Buffer.from('<?xml version="1.0"?><ServiceExceptionReport/>'))).toBeNull();
    expect(imageFormat(Buffer.alloc(0))).toBeNull();
  });

  test('tile templates are filled like MapLibre does', () => {
    const t = { z: 1, x: 1, y: 0 };
    expect(fillTileTemplate('https://t/{z}/{x}/{y}.png', t)).toBe('https://t/1/1/0.png');
    expect(fillTileTemplate('https://t/{z}/{x}/{-y}.png', t)).toBe('https://t/1/1/1.png');
    expect(fillTileTemplate('https://t/{quadkey}', { z: 3, x: 3, y: 5 })).toBe('https://t/213');
    expect(fillTileTemplate('https://t?bbox={bbox-epsg-3857}', t)).toBe('https://t?bbox=0,0,20037508.342789,20037508.342789');
  });

  test('the bbox test viewport surrounds its centre', () => {
    const [a, b, c, d] = viewportAround([19.7, 48.7], 12);
    expect(a).toBeLessThan(19.7);
    expect(c).toBeGreaterThan(19.7);
    expect(b).toBeLessThan(48.7);
    expect(d).toBeGreaterThan(48.7);
  });
});
