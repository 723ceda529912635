// Citizens' questions an assistant answers in at most two tool calls, through the SDK's own client
// over HTTP, checked against the reference data (shared/data/sk), never against hard-coded answers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { CallToolResult, ImageContent } from '@modelcontextprotocol/sdk/types.js';
import { decode } from 'fast-png';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env } from '@/lib/env';
import type { TerritoryResult } from '@/lib/places/territory-schema';
import type { PlaceResult } from '@/lib/places/schema';
import { connectMcp, jsonText, type McpTestClient } from '../helpers/mcp-client';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { addProvider, removeProvider, uniqueId, type TestProvider } from '../nearby/helpers';

let mcp: McpTestClient;
let calls = 0;
let images: ImageContent[] = [];
let server: ProviderServer;
let restore: () => void;
let protectedAreas: TestProvider;
/** A protected area (a local provider's polygon) over the High Tatras above Štrbské Pleso. */
const TATRY = [[[20.0, 49.1], [20.12, 49.1], [20.12, 49.2], [20.0, 49.2], [20.0, 49.1]]];

beforeAll(async () => {
  server = await startProviderServer();
  restore = allowInsecureSources(server);
  server.setBody('/chranene.json', { type: 'FeatureCollection', features: [{ type: 'Feature', id: 'tanap', properties: { nazov: 'Tatranský národný park (test)' }, geometry: { type: 'Polygon', coordinates: TATRY } }] });
  protectedAreas = await addProvider({
    id: uniqueId('sop'),
    baseUrl: server.url,
    datasets: [
      { id: 'chranene-uzemia', title: 'Chránené územia', category: 'nature', keywords: ['chránené územia'], source: { type: 'geojson', url: `${server.url}/chranene.json` }, presentation: { type: 'fill', color: '#1b7837' } },
    ] as never,
  });
  mcp = await connectMcp('questions');
});
afterAll(async () => {
  await mcp?.close();
  await removeProvider(protectedAreas);
  restore?.();
  await server?.close();
});

/** One tool call of the assistant: counted, successful, its JSON text equal to structuredContent. */
async function ask<T>(tool: string, args: Record<string, unknown>): Promise<T> {
  calls += 1;
  const r: CallToolResult = await mcp.call(tool, args);
  expect(r.isError, JSON.stringify(r.content).slice(0, 500)).toBeFalsy();
  images = r.content.filter((c): c is ImageContent => c.type === 'image');
  expect(JSON.parse(jsonText(r))).toEqual(r.structuredContent);
  return r.structuredContent as T;
}

function question(text: string, maxCalls: number, body: () => Promise<void>) {
  test(`„${text}“ in at most ${maxCalls} calls`, async () => {
    calls = 0;
    await body();
    expect(calls).toBeLessThanOrEqual(maxCalls);
  });
}

const dataDir = () => env().referenceDataDir!;

/** derived/municipalities.csv as objects by column name. */
function municipalities(): Array<Record<string, string>> {
  const [head, ...rows] = readFileSync(path.join(dataDir(), 'derived', 'municipalities.csv'), 'utf8').trim().split('\n');
  const names = head.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [names[i], v])));
}

/** census2021/okresy.csv: the LAU1 code of a district by its name. */
function districtCode(name: string): string {
  const line = readFileSync(path.join(dataDir(), 'census2021', 'okresy.csv'), 'utf8')
    .split('\n')
    .find((l) => l.split(';')[3] === name);
  expect(line, name).toBeTruthy();
  return line!.split(';')[1];
}

describe('questions of citizens', () => {
  question('koľko obyvateľov má okres Zvolen', 1, async () => {
    const code = districtCode('Zvolen');
    const expected = municipalities()
      .filter((m) => m.district_code === code)
      .reduce((s, m) => s + Number(m.population_2021), 0);
    expect(expected).toBeGreaterThan(60_000);
    const r = await ask<TerritoryResult>('territory', { query: 'okres Zvolen' });
    expect(r.territories).toHaveLength(1);
    expect(r.territories[0]).toMatchObject({ level: 'okres', code, population: expected });
  });

  question('ktoré obce patria do okresu Poltár', 1, async () => {
    const code = districtCode('Poltár');
    const expected = municipalities().filter((m) => m.district_code === code);
    const r = await ask<TerritoryResult>('territory', { query: 'okres Poltar' });
    const children = r.territories[0].children!;
    expect(children.type).toBe('obce');
    expect(children.count).toBe(expected.length);
    expect(children.items.map((c) => c.code).sort()).toEqual(expected.map((m) => m.code).sort());
    expect(children.items.map((c) => c.name).sort()).toEqual(expected.map((m) => m.name).sort());
  });

  question('v ktorom katastrálnom území leží bod 17.1077, 48.1486', 1, async () => {
    const point: [number, number] = [17.1077, 48.1486];
    const file = JSON.parse(readFileSync(path.join(dataDir(), 'boundaries', 'gku-2019', 'katastralne-uzemia.geojson'), 'utf8')) as FeatureCollection<Polygon | MultiPolygon, { IDN5: number; NM5: string; NM4: string }>;
    const holding = file.features.filter((f: Feature<Polygon | MultiPolygon>) => booleanPointInPolygon(point, f));
    expect(holding).toHaveLength(1);
    const expected = holding[0].properties;
    expect(expected.NM5).toBe('Staré Mesto');
    const r = await ask<TerritoryResult>('territory', { query: '17.1077, 48.1486', level: 'katastrálne územie' });
    expect(r.territories).toHaveLength(1);
    expect(r.territories[0]).toMatchObject({ level: 'katastrálne územie', code: String(expected.IDN5), name: expected.NM5, match: 'point' });
    expect(r.territories[0].parents.municipality?.name).toMatch(/Staré Mesto/);
  });

  question('ukáž mi mapu chránených území pri Štrbskom Plese', 2, async () => {
    // The reference data: Štrbské Pleso is a part of the municipality Štrba, with its register points.
    const [head, ...rows] = readFileSync(path.join(dataDir(), 'postal-codes', 'municipality_parts.csv'), 'utf8').trim().split('\n');
    const at = (name: string) => head.split(',').indexOf(name);
    const parts = rows.map((r) => r.split(',')).filter((f) => f[at('part_name')] === 'Štrbské Pleso');
    expect(parts.length).toBeGreaterThan(0);
    const code = parts[0][at('municipality_code')];
    const lats = parts.map((f) => Number(f[at('latitude')]));
    const lons = parts.map((f) => Number(f[at('longitude')]));

    const found = await ask<PlaceResult>('find_place', { query: 'Štrbské Pleso', maxResults: 1 });
    const place = found.places[0];
    expect(place).toMatchObject({ name: expect.stringMatching(/^Štrbské Pleso/), municipality: { code } });
    expect(place.point[1]).toBeGreaterThanOrEqual(Math.min(...lats) - 0.01);
    expect(place.point[1]).toBeLessThanOrEqual(Math.max(...lats) + 0.01);
    expect(place.point[0]).toBeGreaterThanOrEqual(Math.min(...lons) - 0.01);
    expect(place.point[0]).toBeLessThanOrEqual(Math.max(...lons) + 0.01);

    const map = await ask<{ layers: Array<{ dataset: string; drawn: boolean; count?: number }>; width: number; height: number }>('map_image', {
      point: place.point,
      zoom: 12,
      datasets: [`${protectedAreas.id}/chranene-uzemia`],
    });
    expect(map.layers).toEqual([expect.objectContaining({ drawn: true, count: 1 })]);
    expect(images).toHaveLength(1);
    const png = decode(Buffer.from(images[0].data, 'base64'));
    expect([png.width, png.height]).toEqual([map.width, map.height]);
  });
});
