// Honest answers over MCP: the `nearby` tool's automatic selection (every purpose, searches that
// match the samples' titles) never takes a built-in sample dataset, and the `catalog` tool leaves
// them out unless asked (`samples: true`: after every real dataset, marked `sample: true`). (REST: tests/nearby/samples.test.ts.)
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as mcpRoute from '@/app/mcp/route';
import { resetEnvForTests } from '@/lib/env';
import { listApprovedDatasets } from '@/lib/providers';
import { USE_CASES } from '@/lib/protocol/types';
import { serveRoutes, type RouteServer } from '../helpers/route-server';

const ZVOLEN: [number, number] = [19.12, 48.58];

let server: RouteServer;
let client: Client;
let sampleKeys = new Set<string>();
let sampleTitles: string[] = [];

beforeAll(async () => {
  server = await serveRoutes({ '/mcp': mcpRoute as never });
  process.env.PUBLIC_BASE_URL = `http://localhost:${process.env.PORT ?? 3000}`;
  process.env.PORT = String(server.port);
  resetEnvForTests();
  client = new Client({ name: 'portal-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  const samples = (await listApprovedDatasets()).filter((s) => s.dataset.category === 'sample');
  sampleKeys = new Set(samples.map((s) => s.key));
  sampleTitles = samples.map((s) => s.dataset.title);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

type NearbyAnswer = { results: Array<{ dataset: string }>; skipped: Array<{ dataset: string }> };
type CatalogAnswer = { datasets: Array<{ key: string; category: string; sample?: boolean; score: number }> };

async function call<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  return r.structuredContent as T;
}

const samplesIn = (a: NearbyAnswer) => [...a.results, ...a.skipped].map((d) => d.dataset).filter((k) => sampleKeys.has(k));

describe('MCP nearby and catalog with the built-in samples', () => {
  test.each([...USE_CASES])('nearby purpose=%s near Zvolen takes no sample', async (purpose) => {
    expect(sampleKeys.size).toBeGreaterThan(3);
    const a = await call<NearbyAnswer>('nearby', { point: ZVOLEN, purpose, radius: 100, maxFeatures: 1 });
    expect(samplesIn(a)).toEqual([]);
  });

  test('nearby with searches that match the samples’ titles takes no sample', async () => {
    for (const search of [...sampleTitles, 'ovzdušie', 'chránené územia']) {
      const a = await call<NearbyAnswer>('nearby', { point: ZVOLEN, search, radius: 100, maxFeatures: 1 });
      expect(samplesIn(a), search).toEqual([]);
    }
  });

  test('nearby with a sample named in `datasets` answers for it', async () => {
    const key = [...sampleKeys].find((k) => k !== 'priklady/katastralna-mapa')!;
    const a = await call<NearbyAnswer & { results: Array<{ dataset: string; status: string }> }>('nearby', { point: ZVOLEN, datasets: [key], radius: 20000, maxFeatures: 1 });
    expect(a.results).toEqual([expect.objectContaining({ dataset: key, status: 'ok' })]);
  });

  test('catalog: no sample by default, whatever the search or point', async () => {
    for (const args of [{}, { search: 'chránené územia' }, { search: 'ovzdušie' }, { search: sampleTitles[0] }, { point: ZVOLEN }]) {
      const { datasets } = await call<CatalogAnswer>('catalog', args);
      expect(datasets.filter((d) => sampleKeys.has(d.key) || d.sample), JSON.stringify(args)).toEqual([]);
    }
    expect((await call<CatalogAnswer>('catalog', {})).datasets.length).toBeGreaterThan(5);
  });

  test('catalog with `samples: true`: samples after every real dataset (even when they match best), marked `sample: true`', async () => {
    for (const args of [{}, { search: 'chránené územia' }, { search: 'ovzdušie' }, { search: sampleTitles[0] }, { point: ZVOLEN }]) {
      const { datasets } = await call<CatalogAnswer>('catalog', { ...args, samples: true });
      const firstSample = datasets.findIndex((d) => d.sample);
      const real = datasets.filter((d) => !d.sample);
      if (firstSample >= 0) {
        expect(datasets.slice(firstSample).every((d) => d.sample), JSON.stringify(args)).toBe(true);
        expect(firstSample, JSON.stringify(args)).toBe(real.length);
      }
      for (const d of datasets) expect(Boolean(d.sample), d.key).toBe(d.category === 'sample');
    }
    // A sample title matches its sample best, yet real datasets come first when any match.
    const { datasets } = await call<CatalogAnswer>('catalog', { search: 'chránené územia', samples: true });
    expect(datasets.some((d) => d.sample)).toBe(true);
    expect(datasets[0].sample).toBeUndefined();
  });

  test('catalog names a sample by key without `samples`', async () => {
    const key = [...sampleKeys][0];
    const { datasets } = await call<CatalogAnswer>('catalog', { dataset: key });
    expect(datasets).toEqual([expect.objectContaining({ key, sample: true })]);
  });
});
