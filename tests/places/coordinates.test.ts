// Coordinates in the place search: the notations a person types (WGS84 decimal in either order,
// degrees-minutes-seconds, S-JTSK as GIS and as the cadastre writes it), read by parseCoordinates
// and answered by GET /api/places (and so MCP find_place) as one place of type `súradnice`.
import { describe, expect, test } from 'vitest';
import { GET } from '@/app/api/places/route';
import { parseCoordinates } from '@/lib/places/coordinates';
import { toCadastreYX, toSjtsk } from '@/lib/protocol/shared/crs';
import { haversine } from '@/lib/protocol/shared/geo';

/** Metres between two `[lon, lat]`. */
const metres = (a: readonly number[], b: readonly number[]) => haversine(a[0], a[1], b[0], b[1]);

/** Banská Bystrica, námestie SNP. */
const BB: [number, number] = [19.1462, 48.7363];
const [bbE, bbN] = toSjtsk(...BB);
const [bbY, bbX] = toCadastreYX(...BB);

const CASES: Array<{ query: string; notation: string; point: [number, number]; within: number }> = [
  { query: '48.7363, 19.1462', notation: 'wgs84', point: BB, within: 0.01 },
  { query: '48.7363,19.1462', notation: 'wgs84', point: BB, within: 0.01 },
  { query: '19.1462 48.7363', notation: 'wgs84', point: BB, within: 0.01 },
  { query: '48,7363 19,1462', notation: 'wgs84', point: BB, within: 0.01 },
  { query: '48,7363; 19,1462', notation: 'wgs84', point: BB, within: 0.01 },
  { query: `48°44'10.7"N 19°08'46.3"E`, notation: 'wgs84-dms', point: BB, within: 5 },
  { query: `19°08'46.3"E 48°44'10.7"N`, notation: 'wgs84-dms', point: BB, within: 5 },
  { query: '48°44′10.7″ s. š., 19°08′46.3″ v. d.', notation: 'wgs84-dms', point: BB, within: 5 },
  { query: `48° 44.178' N, 19° 8.772' E`, notation: 'wgs84-dms', point: BB, within: 1 },
  { query: 'N 48.7363 E 19.1462', notation: 'wgs84-dms', point: BB, within: 0.01 },
  { query: `${bbE.toFixed(2)}, ${bbN.toFixed(2)}`, notation: 'sjtsk', point: BB, within: 0.05 },
  { query: `${bbN.toFixed(2)} ${bbE.toFixed(2)}`, notation: 'sjtsk', point: BB, within: 0.05 },
  { query: `${bbY.toFixed(2)} ${bbX.toFixed(2)}`, notation: 'cadastre', point: BB, within: 0.05 },
  { query: `${bbY.toFixed(2).replace('.', ',')}; ${bbX.toFixed(2).replace('.', ',')}`, notation: 'cadastre', point: BB, within: 0.05 },
];

describe('parseCoordinates', () => {
  for (const { query, notation, point, within } of CASES) {
    test(`${query} → ${notation}`, () => {
      const c = parseCoordinates(query);
      expect(c?.notation).toBe(notation);
      expect(metres(c!.point, point)).toBeLessThan(within);
    });
  }

  test('the issue’s S-JTSK examples: EPSG:5514 and the cadastre’s Y X name the same point', () => {
    const gis = parseCoordinates('-458123.45, -1229345.67')!;
    const cadastre = parseCoordinates('458123.45 1229345.67')!;
    expect(gis.notation).toBe('sjtsk');
    expect(cadastre.notation).toBe('cadastre');
    expect(metres(gis.point, cadastre.point)).toBeLessThan(0.01);
    const [e, n] = toSjtsk(...gis.point);
    expect(e).toBeCloseTo(-458123.45, 1);
    expect(n).toBeCloseTo(-1229345.67, 1);
  });

  const NOT: string[] = ['Hlavná 12', 'Hlavná 12, Košice', 'Žilina', '12', 'E75', '-100 1229345.67', '458123.45 -1229345.67', '2000000 3000000', '95 200'];
  for (const query of NOT) test(`not coordinates: ${query}`, () => expect(parseCoordinates(query)).toBeNull());
});

describe('GET /api/places with coordinates', () => {
  async function places(query: string) {
    const res = await GET(new Request(`http://localhost/api/places?query=${encodeURIComponent(query)}`), { params: Promise.resolve({}) });
    return { status: res.status, body: await res.json() };
  }

  test('one place of type súradnice at the point, in the municipality holding it', async () => {
    const { status, body } = await places('48.7363, 19.1462');
    expect(status).toBe(200);
    expect(body.count).toBe(1);
    expect(body.places[0]).toMatchObject({ type: 'súradnice', name: '48.736300, 19.146200', point: [19.1462, 48.7363], municipality: { name: 'Banská Bystrica' } });
  });

  test('S-JTSK as the cadastre writes it', async () => {
    const { body } = await places(`${bbY.toFixed(2)} ${bbX.toFixed(2)}`);
    expect(body.places[0].type).toBe('súradnice');
    expect(body.places[0].name).toMatch(/^S-JTSK Y /);
    expect(metres(body.places[0].point, BB)).toBeLessThan(0.05);
  });

  test('a point outside Slovakia: the point, no municipality', async () => {
    const { body } = await places('50.0755, 14.4378');
    expect(body.places[0]).toMatchObject({ type: 'súradnice', point: [14.4378, 50.0755], municipality: null });
  });
});
