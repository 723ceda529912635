// Place search restricted by `types`, with `total` and `truncated`: the service, GET /api/places
// (comma-separated types) and MCP find_place answer the same.
import { describe, expect, test } from 'vitest';
import { GET } from '@/app/api/places/route';
import { searchPlaces } from '@/lib/places';
import type { PlaceResult } from '@/lib/places/schema';
import { connectMcp, jsonText } from '../helpers/mcp-client';

async function rest(query: string): Promise<{ status: number; body: PlaceResult & { code?: string; error?: string } }> {
  const res = await GET(new Request(`http://localhost/api/places?${query}`), { params: Promise.resolve({}) });
  return { status: res.status, body: (await res.json()) as PlaceResult & { code?: string; error?: string } };
}

describe('types, total, truncated', () => {
  test('types keeps only the asked kinds: the district of Zvolen, not the town', async () => {
    const all = await searchPlaces('Zvolen', 5);
    expect(all.places[0]).toMatchObject({ type: 'mesto', name: 'Zvolen' });
    const district = await searchPlaces('Zvolen', 5, { types: ['okres'] });
    expect(district.places.map((p) => `${p.type}:${p.name}`)).toEqual(['okres:okres Zvolen']);
    expect(district).toMatchObject({ count: 1, total: 1, truncated: false });
    const streets = await searchPlaces('Zvolenská', 10, { types: ['ulica'] });
    expect(streets.places.length).toBeGreaterThan(1);
    expect(streets.places.every((p) => p.type === 'ulica')).toBe(true);
  });

  test('total counts the matches, truncated says max cut them', async () => {
    const one = await searchPlaces('Nová', 1);
    expect(one).toMatchObject({ count: 1, truncated: true });
    expect(one.total).toBeGreaterThan(10);
    const ten = await searchPlaces('Nová', 10);
    expect(ten.total).toBe(one.total);
    // The three villages named Lúčky fill max 3 exactly; asked for more, similar names follow and count too.
    const villages = await searchPlaces('Lúčky', 3, { types: ['obec'] });
    expect(villages).toMatchObject({ count: 3, total: 3, truncated: false });
    expect(villages.places.every((p) => p.name === 'Lúčky')).toBe(true);
    const more = await searchPlaces('Lúčky', 10, { types: ['obec'] });
    expect(more.total).toBeGreaterThan(3);
    expect(more.places.slice(0, 3).every((p) => p.name === 'Lúčky')).toBe(true);
  });

  test('coordinates answer only when súradnice is among the types', async () => {
    expect((await searchPlaces('48.7363, 19.1462', 5, { types: ['okres'] })).places).toEqual([]);
    expect((await searchPlaces('48.7363, 19.1462', 5, { types: ['súradnice'] })).places[0].type).toBe('súradnice');
  });

  test('GET /api/places takes types comma-separated; an unknown type is a 400 naming it', async () => {
    const ok = await rest('query=Poltár&types=okres,kraj');
    expect(ok.status).toBe(200);
    expect(ok.body.places.map((p) => p.name)).toEqual(['okres Poltár']);
    expect(ok.body).toMatchObject({ total: 1, truncated: false });
    const spaced = await rest(`query=Petržalka&types=${encodeURIComponent('mestská časť')}`);
    expect(spaced.body.places[0]).toMatchObject({ type: 'mestská časť' });
    const bad = await rest('query=Poltár&types=okres,village');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_query', error: expect.stringMatching(/^types\.1: /) });
  });

  test('MCP find_place: the same answer, types as an array', async () => {
    const mcp = await connectMcp();
    try {
      const r = await mcp.call('find_place', { query: 'Poltár', types: ['okres'] });
      expect(JSON.parse(jsonText(r))).toEqual(await searchPlaces('Poltár', 5, { types: ['okres'] }));
      expect((r.structuredContent as PlaceResult).places[0].municipality?.district).toBe('Poltár');
    } finally {
      await mcp.close();
    }
  });
});
