// GET and POST /api/validate through the route handlers: every body form answers 200 with a report,
// input that is none of them answers 400 invalid_input, and a missing manifestUrl is a 400.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GET, OPTIONS, POST } from '@/app/api/validate/route';
import type { Manifest } from '@/lib/protocol/types';
import { allowInsecureSources, pointCollection, startProviderServer, type ProviderServer } from '../helpers/provider-server';

const ctx = { params: Promise.resolve({}) };
let p: ProviderServer;
let restore: () => void;

const manifest: Manifest = {
  protocol: '0.1',
  provider: { id: 'validate-api-test', name: 'Test validácie', homepage: 'https://example.com/' },
  license: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', attribution: '© Test' },
  datasets: [
    {
      id: 'body',
      title: 'Body',
      description: 'Testovacie body.',
      category: 'sample',
      keywords: ['test'],
      useCases: ['public-administration'],
      coverage: { bbox: [16.8, 47.7, 22.6, 49.6] },
      source: { type: 'geojson', url: 'data.json', maxFeatures: 100 },
      presentation: { type: 'circle', color: '#ff0000' },
      fields: [
        { key: 'name', label: 'Názov' },
        { key: 'value', label: 'Hodnota', type: 'number' },
      ],
    },
  ],
};

beforeAll(async () => {
  p = await startProviderServer();
  restore = allowInsecureSources(p);
  p.setBody('/manifest.json', manifest, 'application/json');
  p.setBody('/data.json', pointCollection(5));
});
afterAll(async () => {
  restore();
  await p.close();
});

async function post(body: string | undefined, contentType = 'application/json'): Promise<Response> {
  return await POST(new Request('http://localhost/api/validate', { method: 'POST', body, headers: { 'content-type': contentType } }), ctx);
}

interface ReportBody {
  valid: boolean;
  summary: string;
  errors: Array<{ path: string; code: string; message: string }>;
  warnings: Array<{ path: string; code: string; message: string; hint?: string }>;
  provider?: { id: string; name: string } | null;
  datasets?: Array<{ id: string; request: string; durationMs: number; featureCount: number | null }>;
}

describe('GET /api/validate', () => {
  test('without manifestUrl: 400 invalid_input', async () => {
    for (const url of ['http://localhost/api/validate', 'http://localhost/api/validate?manifestUrl=', 'http://localhost/api/validate?manifestUrl=%20']) {
      const res = await GET(new Request(url), ctx);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: expect.any(String), code: 'invalid_input' });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  test('runs the live test: 200 with provider and datasets', async () => {
    const res = await GET(new Request(`http://localhost/api/validate?manifestUrl=${encodeURIComponent(`${p.url}/manifest.json`)}`), ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as ReportBody;
    expect(body.errors).toEqual([]);
    expect(body.valid).toBe(true);
    expect(body.provider).toEqual({ id: 'validate-api-test', name: 'Test validácie' });
    expect(body.datasets).toEqual([
      expect.objectContaining({ id: 'body', request: `${p.url}/data.json?limit=100`, featureCount: 5, durationMs: expect.any(Number) }),
    ]);
  });

  test('an unusable manifestUrl is a failed check (200), not a request error', async () => {
    const res = await GET(new Request('http://localhost/api/validate?manifestUrl=file:///etc/passwd'), ctx);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ReportBody;
    expect(body.valid).toBe(false);
    expect(body.errors.map((e) => e.code)).toEqual(['invalid_url']);
  });
});

describe('POST /api/validate: every body form answers 200 with a report', () => {
  const invalidManifest = { ...manifest, provider: { id: 'Bad Id!', name: '' } };
  const collection = pointCollection(3);
  const cases: Array<{ name: string; body: () => unknown; valid: boolean; code?: string; live?: boolean }> = [
    { name: 'a manifest', body: () => manifest, valid: true },
    { name: '{ manifest }', body: () => ({ manifest }), valid: true },
    { name: 'an invalid manifest', body: () => invalidManifest, valid: false, code: 'schema_invalid_format' },
    { name: '{ manifest } that is not an object', body: () => ({ manifest: 42 }), valid: false },
    { name: 'a FeatureCollection', body: () => collection, valid: true },
    { name: '{ data }', body: () => ({ data: collection }), valid: true },
    { name: '{ data, dataset }', body: () => ({ data: collection, dataset: manifest.datasets[0] }), valid: true },
    {
      name: '{ data, dataset } with coordinates out of range',
      body: () => ({ data: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [200, 100] }, properties: {} }] }, dataset: manifest.datasets[0] }),
      valid: false,
      code: 'coordinates_out_of_range',
    },
    { name: '{ manifestUrl }', body: () => ({ manifestUrl: `${p.url}/manifest.json` }), valid: true, live: true },
    { name: '{ manifestUrl } of a private address', body: () => ({ manifestUrl: 'https://192.168.0.1/manifest.json' }), valid: false, code: 'invalid_url', live: true },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const res = await post(JSON.stringify(c.body()));
      expect(res.status).toBe(200);
      const body = (await res.json()) as ReportBody;
      expect(body).toMatchObject({ valid: c.valid, summary: expect.any(String), errors: expect.any(Array), warnings: expect.any(Array) });
      if (c.valid) expect(body.errors).toEqual([]);
      else expect(body.errors.length).toBeGreaterThan(0);
      if (c.code) expect(body.errors.map((e) => e.code)).toContain(c.code);
      if (c.live) expect(body).toHaveProperty('datasets');
      else expect(body).not.toHaveProperty('datasets');
    });
  }
});

describe('POST /api/validate: input that is none of the forms is 400 invalid_input', () => {
  const cases: Array<{ name: string; raw: string | undefined }> = [
    { name: 'not JSON', raw: '{"manifest": ' },
    { name: 'plain text', raw: 'hello' },
    { name: 'an empty body', raw: undefined },
    { name: 'whitespace', raw: '   ' },
    { name: 'an array', raw: '[{"type":"FeatureCollection","features":[]}]' },
    { name: 'a number', raw: '42' },
    { name: 'a string', raw: '"https://example.com/manifest.json"' },
    { name: 'null', raw: 'null' },
    { name: 'an empty object', raw: '{}' },
    { name: 'an unrelated object', raw: '{"hello":"world"}' },
    { name: 'manifestUrl that is not a string', raw: '{"manifestUrl": 5}' },
    { name: 'an empty manifestUrl', raw: '{"manifestUrl": ""}' },
    { name: 'dataset that is not an object', raw: '{"data": {"type":"FeatureCollection","features":[]}, "dataset": "x"}' },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const res = await post(c.raw);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: expect.any(String), code: 'invalid_input' });
    });
  }
});

test('OPTIONS answers the preflight', () => {
  const res = OPTIONS();
  expect(res.status).toBe(204);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
});
