// GET /api/nearby/selection: nearby's automatic selection without querying, so the map can ask each
// dataset on its own. Its answer is exactly what GET /api/nearby chooses (order, limit, skipped),
// over datasets of a real provider on 127.0.0.1; and its errors are nearby's.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GET } from '@/app/api/nearby/selection/route';
import { MAX_NEARBY_DATASETS } from '@/lib/nearby';
import type { NearbySelectionResult } from '@/lib/nearby/schema';
import type { ManifestDataset } from '@/lib/protocol/types';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { addProvider, nearbyRequest, removeProvider, uniqueId, type TestProvider } from './helpers';

const BA: [number, number] = [17.1077, 48.1486];
let server: ProviderServer;
let restore: () => void;
let provider: TestProvider;
const tag = uniqueId('vyber').replace('-', '');

async function selection(qs: string): Promise<{ status: number; body: any }> {
  const res = await GET(new Request(`http://localhost/api/nearby/selection?${qs}`), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

function ds(id: string, extra: Partial<ManifestDataset> = {}): ManifestDataset {
  return {
    id,
    title: `Výber ${id}`,
    category: 'society',
    keywords: [tag],
    useCases: ['housing'],
    source: { type: 'geojson', url: `${server.url}/${id}.json` },
    presentation: { type: 'circle', color: '#336699' },
    ...extra,
  } as ManifestDataset;
}

beforeAll(async () => {
  server = await startProviderServer();
  restore = allowInsecureSources(server);
  server.setFault('*', { type: 'features', count: 3 });
  const datasets: ManifestDataset[] = [
    ...Array.from({ length: 10 }, (_, i) => ds(`ostatne-${String(i).padStart(2, '0')}`)),
    ds('rizika', { category: 'risks' }),
    ds('zosuvy', { title: 'Výber zosuvy', category: 'nature' }),
    ds('pasma', { title: 'Výber ochranné pásma', category: 'water' }),
    ds('podklad', { title: 'Výber ortofoto podklad', category: 'territory' }),
    // Never selected: outside its coverage, or unable to answer at a point.
    ds('kosice', { coverage: { bbox: [21.1, 48.6, 21.4, 48.8] } }),
    ds('dlazdice', { source: { type: 'raster', tiles: [`${server.url}/t/{z}/{x}/{y}.png`] } }),
  ];
  provider = await addProvider({ id: uniqueId('vyber'), baseUrl: server.url, datasets });
});

afterAll(async () => {
  if (provider) await removeProvider(provider);
  restore?.();
  await server?.close();
});

describe('GET /api/nearby/selection', () => {
  test('the datasets nearby chooses, in its order, the rest skipped; then each asked on its own', async () => {
    const { status, body } = await selection(`point=${BA.join(',')}&search=${tag}`);
    expect(status).toBe(200);
    const result = body as NearbySelectionResult;
    expect(result.point).toEqual(BA);
    expect(result.datasets).toHaveLength(MAX_NEARBY_DATASETS);
    const keys = result.datasets.map((d) => d.dataset);
    const id = (k: string) => k.split('/')[1];
    // Risks first, then restrictions, base maps last (here: over the limit).
    expect(keys.slice(0, 3).map(id)).toEqual(['rizika', 'zosuvy', 'pasma']);
    expect(result.skipped.map((d) => id(d.dataset))).toEqual(['ostatne-09', 'podklad']);
    expect([...keys, ...result.skipped.map((d) => d.dataset)]).not.toContain(`${provider.id}/kosice`);
    expect([...keys, ...result.skipped.map((d) => d.dataset)]).not.toContain(`${provider.id}/dlazdice`);
    expect(result.datasets[0]).toEqual({ dataset: `${provider.id}/rizika`, title: 'Výber rizika', provider: `Poskytovateľ ${provider.id}`, type: 'geojson', sample: false });

    const whole = await nearbyRequest(`point=${BA.join(',')}&search=${tag}&radius=2000`);
    expect(whole.status).toBe(200);
    expect(whole.body.results.map((r: { dataset: string }) => r.dataset)).toEqual(keys);
    expect(whole.body.skipped.map((s: { dataset: string }) => s.dataset)).toEqual(result.skipped.map((d) => d.dataset));

    // The map's way: one request per selected dataset, each its own answer.
    const single = await Promise.all(keys.slice(0, 3).map((k) => nearbyRequest(`point=${BA.join(',')}&datasets=${k}&radius=2000`)));
    for (const [i, r] of single.entries()) {
      expect(r.status).toBe(200);
      expect(r.body.results).toHaveLength(1);
      expect(r.body.results[0]).toMatchObject({ dataset: keys[i], title: whole.body.results[i].title, status: 'ok' });
    }
  });

  test('purpose selects by use case; the answer follows the point’s coverage', async () => {
    const ba = await selection(`point=${BA.join(',')}&purpose=housing`);
    expect(ba.status).toBe(200);
    const inBa = [...ba.body.datasets, ...ba.body.skipped].map((d: { dataset: string }) => d.dataset);
    expect(inBa).toContain(`${provider.id}/rizika`);
    expect(inBa).not.toContain(`${provider.id}/kosice`);
    const ke = await selection('point=21.2581,48.7203&purpose=housing');
    expect([...ke.body.datasets, ...ke.body.skipped].map((d: { dataset: string }) => d.dataset)).toContain(`${provider.id}/kosice`);
  });

  test('a place instead of a point', async () => {
    const { status, body } = await selection(`place=${encodeURIComponent('Hlavná, Košice')}&search=${tag}`);
    expect(status).toBe(200);
    expect(body.place).toMatchObject({ type: 'ulica' });
    expect(body.point).toEqual(body.place.point);
    expect([...body.datasets, ...body.skipped].map((d: { dataset: string }) => d.dataset)).toContain(`${provider.id}/kosice`);
  });

  const errors: Array<[string, () => string, number, string]> = [
    ['no selection', () => `point=${BA}`, 400, 'missing_dataset_selection'],
    ['both purpose and search', () => `point=${BA}&purpose=housing&search=x`, 400, 'missing_dataset_selection'],
    ['empty search', () => `point=${BA}&search=`, 400, 'missing_dataset_selection'],
    ['no point and no place', () => 'purpose=housing', 400, 'missing_place'],
    ['both point and place', () => `point=${BA}&place=Trnava&purpose=housing`, 400, 'invalid_query'],
    ['unknown place', () => `place=${encodeURIComponent('Qwxzyvk Plmntrs')}&purpose=housing`, 404, 'unknown_place'],
    ['unknown purpose', () => `point=${BA}&purpose=fishing`, 400, 'invalid_query'],
    ['point out of range', () => 'point=200,48&purpose=housing', 400, 'invalid_query'],
    ['point not numbers', () => 'point=a,b&purpose=housing', 400, 'invalid_query'],
  ];
  test.each(errors)('%s: %i %s', async (_name, qs, status, code) => {
    const res = await selection(qs());
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(typeof res.body.error).toBe('string');
  });
});
