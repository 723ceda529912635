// The territory lookup (MCP `territory`, GET /api/territory) against the reference data: districts,
// regions, municipalities and cadastral territories by name or code, their parents, children,
// census population, boundary on request; ambiguous names answer every equal match.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as territoryRoute from '@/app/api/territory/route';
import { env } from '@/lib/env';
import type { TerritoryResult } from '@/lib/places/territory-schema';
import { connectMcp, jsonText, type McpTestClient } from '../helpers/mcp-client';

let mcp: McpTestClient;
beforeAll(async () => {
  mcp = await connectMcp();
});
afterAll(async () => {
  await mcp?.close();
});

interface Row {
  code: string;
  name: string;
  district: string;
  region: string;
  population: number;
}

/** derived/municipalities.csv: code, district code, region code and census 2021 population per municipality. */
function municipalities(): Row[] {
  const lines = readFileSync(path.join(env().referenceDataDir!, 'derived', 'municipalities.csv'), 'utf8').trim().split('\n');
  const head = lines[0].split(',');
  const at = (name: string) => head.indexOf(name);
  return lines.slice(1).map((l) => {
    const f = l.split(',');
    return { code: f[at('code')], name: f[at('name')], district: f[at('district_code')], region: f[at('region_code')], population: Number(f[at('population_2021')] || 0) };
  });
}

async function territory(args: Record<string, unknown>): Promise<TerritoryResult> {
  const r = await mcp.call('territory', args);
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  expect(JSON.parse(jsonText(r))).toEqual(r.structuredContent);
  return r.structuredContent as TerritoryResult;
}

describe('territory', () => {
  test('a district by name without diacritics: parents, its municipalities, the census population', async () => {
    const rows = municipalities().filter((m) => m.district === 'SK032B');
    const r = await territory({ query: 'okres zvolen' });
    expect(r.count).toBe(1);
    const [t] = r.territories;
    expect(t).toMatchObject({ level: 'okres', code: 'SK032B', name: 'Zvolen', match: 'exact', parents: { region: { code: 'SK032' } } });
    expect(t.population).toBe(rows.reduce((s, m) => s + m.population, 0));
    expect(t.children?.items.map((c) => c.code).sort()).toEqual(rows.map((m) => m.code).sort());
    expect(t.areaKm2).toBeGreaterThan(700);
    expect(t.boundary).toBeUndefined();
  });

  test('a region by its adjective, with its districts; the same by code', async () => {
    const r = await territory({ query: 'Banskobystricky kraj' });
    expect(r.territories[0]).toMatchObject({ level: 'kraj', code: 'SK032' });
    expect(r.territories[0].children?.count).toBe(13);
    const total = municipalities().filter((m) => m.region === 'SK032').reduce((s, m) => s + m.population, 0);
    expect(r.territories[0].population).toBe(total);
    const byCode = await territory({ query: 'SK032' });
    expect(byCode.territories[0]).toMatchObject({ code: 'SK032', match: 'code' });
  });

  test('an ambiguous name answers every exact match; level narrows it; max truncates', async () => {
    const r = await territory({ query: 'Zvolen' });
    expect(r.territories.map((t) => t.level).sort()).toEqual(['katastrálne územie', 'obec', 'okres']);
    expect(r.total).toBe(3);
    const one = await territory({ query: 'Zvolen', max: 1 });
    expect(one).toMatchObject({ count: 1, total: 3, truncated: true });
    const town = await territory({ query: 'Zvolen', level: 'obec' });
    expect(town.territories[0]).toMatchObject({ type: 'mesto', parents: { district: { code: 'SK032B' } } });
    expect(town.territories[0].children?.items.map((c) => c.name)).toContain('Zvolen');
  });

  test('a cadastral territory with its municipality; the simplified boundary on request', async () => {
    const r = await territory({ query: 'k. ú. Staré Mesto', boundary: 'simplified' });
    const t = r.territories.find((x) => x.parents.municipality?.code === 'SK0101528595');
    expect(t).toMatchObject({ level: 'katastrálne územie', children: null, population: null });
    expect(t?.boundary?.type).toMatch(/Polygon/);
    const [w, s, e, n] = t!.bbox!;
    expect(t!.point[0]).toBeGreaterThan(w);
    expect(t!.point[0]).toBeLessThan(e);
    expect(t!.point[1]).toBeGreaterThan(s);
    expect(t!.point[1]).toBeLessThan(n);
  });

  test('nothing matching is unknown_place; a bad level is invalid_query', async () => {
    const none = await mcp.call('territory', { query: 'Qqqxxzz' });
    expect(none.isError).toBe(true);
    expect(JSON.parse(jsonText(none))).toMatchObject({ code: 'unknown_place' });
    const bad = await mcp.call('territory', { query: 'Zvolen', level: 'mesto' });
    expect(JSON.parse(jsonText(bad))).toMatchObject({ code: 'invalid_query' });
  });

  test('GET /api/territory answers the same; a typo finds the similar name', async () => {
    const res = await territoryRoute.GET(new Request('http://localhost/api/territory?query=Poltar&level=okres'), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as TerritoryResult;
    expect(body.territories[0]).toMatchObject({ code: 'SK0327', level: 'okres' });
    const typo = await territory({ query: 'Banska Bystrca', level: 'obec' });
    expect(typo.territories[0]).toMatchObject({ name: 'Banská Bystrica', match: 'similar' });
    const bad = await territoryRoute.GET(new Request('http://localhost/api/territory?query=Poltar&max=99'), { params: Promise.resolve({}) });
    expect(bad.status).toBe(400);
  });
});
