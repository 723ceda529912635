// fetch_data sized for an assistant: within the character budget, cut at a whole object, paged with
// the exact next call, shaped (properties, geometry forms, precision), counted (hits), checked
// against the reference data (79 districts in census2021/okresy.csv).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ExtractPage } from '@/lib/data/schema';
import { env } from '@/lib/env';
import type { DataFeature } from '@/lib/protocol/types';
import { connectMcp, jsonText, type McpTestClient } from '../helpers/mcp-client';

let mcp: McpTestClient;
beforeAll(async () => {
  mcp = await connectMcp();
});
afterAll(async () => {
  await mcp?.close();
});

type Answer = { features: DataFeature[]; dm: { total: number; truncated: boolean }; page: ExtractPage };

async function fetchData(args: Record<string, unknown>): Promise<{ answer: Answer; text: string; result: CallToolResult }> {
  const result = await mcp.call('fetch_data', args);
  expect(result.isError, jsonText(result).slice(0, 300)).toBeFalsy();
  return { answer: result.structuredContent as Answer, text: jsonText(result), result };
}

/** District codes of the reference data (census 2021 code list without "Zahraničie"). */
function referenceDistricts(): string[] {
  const csv = readFileSync(path.join(env().referenceDataDir!, 'census2021', 'okresy.csv'), 'utf8');
  return csv
    .split(/\r?\n/)
    .filter(Boolean)
    .map((l) => l.replace(/^\uFEFF/, '').split(';')[1])
    .filter((code) => /^SK0\w{3}$/.test(code));
}

describe('fetch_data within a size budget', () => {
  test('the default answer of the largest dataset stays under 20,000 characters, cut at a whole object, with the next call', async () => {
    const { answer, text } = await fetchData({ dataset: 'sk-uzemie/okresy' });
    expect(text.length).toBeLessThanOrEqual(20_000);
    expect(JSON.parse(text)).toEqual(answer);
    expect(answer.page).toMatchObject({ total: 79, offset: 0, truncated: true, cutBy: 'maxCharacters', maxCharacters: 20_000 });
    expect(answer.features.length).toBe(answer.page.returned);
    expect(answer.features.length).toBeGreaterThan(0);
    expect(answer.dm).toMatchObject({ total: 79, truncated: true });
    expect(answer.page.next).toEqual({ tool: 'fetch_data', arguments: { dataset: 'sk-uzemie/okresy', offset: answer.features.length } });
    expect(answer.page.links.data).toMatch(/^http:\/\/localhost:\d+\/api\/data\/sk-uzemie\/okresy$/);
    expect(answer.page.links.map).toMatch(/\/mapa\/sk-uzemie\/okresy$/);
    expect(answer.page.links.ogc).toMatch(/\/ogc\/collections\/sk-uzemie\.okresy\/items$/);
    expect(answer.page.hint).toMatch(/centroid|none/);
  });

  test('following page.next walks every district of the reference data exactly once', async () => {
    const expected = referenceDistricts();
    expect(expected).toHaveLength(79);
    const seen: string[] = [];
    let args: Record<string, unknown> | null = { dataset: 'sk-uzemie/okresy', geometry: 'simplified', maxCharacters: 60_000 };
    for (let i = 0; args && i < 30; i++) {
      const { answer, text } = await fetchData(args);
      expect(text.length).toBeLessThanOrEqual(60_000);
      seen.push(...answer.features.map((f) => String(f.properties?.kod)));
      args = answer.page.next?.arguments ?? null;
    }
    expect(args).toBeNull();
    expect([...seen].sort()).toEqual([...expected].sort());
  });

  test('geometry none and two properties: more objects per page, only those properties', async () => {
    const full = (await fetchData({ dataset: 'sk-uzemie/obce' })).answer;
    const none = (await fetchData({ dataset: 'sk-uzemie/obce', geometry: 'none' })).answer;
    const two = (await fetchData({ dataset: 'sk-uzemie/obce', geometry: 'none', properties: ['nazov', 'obyvatelia'] })).answer;
    expect(none.page.returned).toBeGreaterThan(full.page.returned);
    expect(two.page.returned).toBeGreaterThan(none.page.returned);
    expect(two.features.every((f) => f.geometry === null && Object.keys(f.properties ?? {}).sort().join() === 'nazov,obyvatelia')).toBe(true);
    expect(two.page.shaping).toEqual({ geometry: 'none', properties: ['nazov', 'obyvatelia'] });
  });

  test('resultType hits counts only; maxFeatures cuts with cutBy maxFeatures', async () => {
    const hits = (await fetchData({ dataset: 'sk-uzemie/okresy', resultType: 'hits' })).answer;
    expect(hits.features).toEqual([]);
    expect(hits.page).toMatchObject({ total: 79, returned: 0, truncated: false, next: null });
    const three = (await fetchData({ dataset: 'sk-uzemie/okresy', geometry: 'centroid', precision: 4, maxFeatures: 3 })).answer;
    expect(three.page).toMatchObject({ returned: 3, cutBy: 'maxFeatures', next: { arguments: { offset: 3, maxFeatures: 3, geometry: 'centroid', precision: 4 } } });
    for (const f of three.features) {
      expect(f.geometry?.type).toBe('Point');
      for (const c of (f.geometry as { coordinates: number[] }).coordinates) expect(Math.round(c * 1e4) / 1e4).toBe(c);
    }
  });

  test('a municipality: its objects only; a zoom chooses the simplification tolerance', async () => {
    const zilina = (await fetchData({ dataset: 'sk-uzemie/katastralne-uzemia', municipality: 'Žilina', geometry: 'simplified', zoom: 12, properties: ['nazov'] })).answer;
    expect(zilina.page.total).toBeGreaterThan(5);
    expect(zilina.page.shaping.toleranceMetres).toBeGreaterThan(10);
    expect(zilina.page.shaping.toleranceMetres).toBeLessThan(40);
    const coarse = (await fetchData({ dataset: 'sk-uzemie/katastralne-uzemia', municipality: 'Žilina', geometry: 'simplified', zoom: 8, properties: ['nazov'] })).answer;
    expect(coarse.page.shaping.toleranceMetres).toBeGreaterThan(zilina.page.shaping.toleranceMetres! * 10);
  });

  test('one object over the budget: none returned, the next call asks for a lighter geometry', async () => {
    const { answer, text } = await fetchData({ dataset: 'sk-uzemie/kraje', maxCharacters: 1000 });
    expect(text.length).toBeLessThanOrEqual(1000);
    expect(answer.features).toEqual([]);
    expect(answer.page).toMatchObject({ returned: 0, truncated: true, cutBy: 'maxCharacters', next: { arguments: { dataset: 'sk-uzemie/kraje', maxCharacters: 1000, geometry: 'simplified' } } });
  });

  test('shaping errors answer invalid_query naming the field', async () => {
    for (const [args, message] of [
      [{ properties: ['meno'] }, /^properties: no object has "meno"; the objects have: .*nazov/],
      [{ geometry: 'circle' }, /^geometry: /],
      [{ precision: 11 }, /^precision: /],
      [{ maxCharacters: 10 }, /^maxCharacters: /],
      [{ geometry: 'none', tolerance: 5 }, /^tolerance: applies only to geometry "simplified"/],
    ] as const) {
      const r = await mcp.call('fetch_data', { dataset: 'sk-uzemie/okresy', ...args });
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(JSON.parse(jsonText(r))).toMatchObject({ code: 'invalid_query', error: expect.stringMatching(message) });
    }
  });
});
