// The samples as a live provider: /priklady/{name}.json honours limit, cursor and the parameters,
// answers unknown names with 404 unknown_example, and works in-process as well as over the route.
import { describe, expect, test } from 'vitest';
import * as priklady from '@/app/priklady/[file]/route';
import { EXAMPLE_NAMES, EXAMPLES, exampleDocument, handleExampleRequest } from '@/lib/protocol/examples';
import type { DataCollection, Manifest } from '@/lib/protocol/types';
import { checkManifest } from '@/lib/validator';

const get = (pathAndQuery: string) => handleExampleRequest(new URL(`https://portal.example.sk${pathAndQuery}`));
const json = async (res: Response) => (await res.json()) as DataCollection;

describe('/priklady', () => {
  test('the route and the in-process handler answer the same bytes', async () => {
    const viaRoute = await priklady.GET(new Request('http://localhost/priklady/data-points.json?limit=2'), { params: Promise.resolve({ file: 'data-points.json' }) });
    const direct = await get('/priklady/data-points.json?limit=2');
    expect(await viaRoute.text()).toBe(await direct.text());
  });

  for (const path of ['/priklady/neexistuje.json', '/priklady/data-points', '/priklady/../schema/0.1/data.json', '/priklady/data-points.json/x']) {
    test(`${path} is 404 unknown_example`, async () => {
      const res = await get(path);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { code: string; error: string; available: string[] };
      expect(body.code).toBe('unknown_example');
      expect(body.available).toEqual(EXAMPLE_NAMES.map((n) => `${n}.json`));
    });
  }

  test('limit and cursor page through the stations', async () => {
    const all = await json(await get('/priklady/data-points.json'));
    const first = await json(await get('/priklady/data-points.json?limit=5'));
    expect(first.features).toHaveLength(5);
    expect(first.dm).toMatchObject({ total: all.features.length, truncated: true, next: '5' });
    const second = await json(await get('/priklady/data-points.json?limit=5&cursor=5'));
    expect(second.features.map((f) => f.id)).toEqual(all.features.slice(5, 10).map((f) => f.id));
    const last = await json(await get(`/priklady/data-points.json?limit=5000&cursor=${all.features.length - 1}`));
    expect(last.dm).toMatchObject({ truncated: false });
    expect(last.dm?.next).toBeUndefined();
  });

  test('the period parameter picks the value and the highlighted period', async () => {
    const d = await json(await get('/priklady/data-points.json?rok=2018,2020'));
    const f = d.features[0];
    expect(f.properties?.rok).toBe(2020);
    expect(f.dm?.chart?.highlight).toEqual({ from: '2018', to: '2020' });
    expect(f.properties?.pm10).toBe(f.dm!.chart!.points.find((p) => p.period === '2020')!.value);
    expect(d.dm?.timeline).toHaveLength(10); // the whole period, independent of the selection
  });

  test('filters: station types, categories, dates, size and text', async () => {
    const ind = await json(await get('/priklady/data-points.json?typ=priemyselna'));
    expect(ind.features.length).toBeGreaterThan(0);
    expect(ind.features.every((f) => f.properties?.typ === 'priemyselna')).toBe(true);
    const np = await json(await get('/priklady/data-polygons.json?kategoria=np&vyhlasenie=1949-01-01,1980-12-31'));
    expect(np.features.map((f) => f.id)).toEqual(['tanap', 'pieniny', 'napant']);
    const big = await json(await get('/priklady/data-polygons.json?min-rozloha=70000'));
    expect(big.features.every((f) => (f.properties?.rozloha_ha as number) >= 70000)).toBe(true);
    const text = await json(await get('/priklady/data-polygons.json?hladat=MAL'));
    expect(text.features.map((f) => f.id).sort()).toEqual(['mala-fatra', 'male-karpaty']);
  });

  test('invalid parameters are 400 invalid_query naming them', async () => {
    for (const [q, name] of [['?rok=2030,2031', 'rok'], ['?limit=0', 'limit'], ['?typ=letiskova', 'typ']]) {
      const res = await get(`/priklady/data-points.json${q}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; error: string };
      expect(body.code).toBe('invalid_query');
      expect(body.error).toContain(`"${name}"`);
    }
  });

  test('manifest-complete uses every part of the protocol', () => {
    const m = EXAMPLES['manifest-complete'] as Manifest;
    const params = m.datasets.flatMap((d) => d.params ?? []);
    expect(new Set(params.map((p) => p.type))).toEqual(new Set(['enum', 'multi-enum', 'range', 'date-range', 'number', 'text']));
    const presentations = new Set(m.datasets.map((d) => d.presentation?.type));
    expect(presentations).toEqual(new Set(['circle', 'fill', 'line', 'symbol', 'heatmap', 'raster']));
    const colors = m.datasets.map((d) => (d.presentation as { color?: unknown }).color).filter(Boolean);
    const forms = new Set(colors.map((c) => (typeof c === 'string' ? 'constant' : (c as { type: string }).type)));
    expect(forms).toEqual(new Set(['constant', 'categorical', 'interpolate', 'step', 'trend']));
    expect(m.datasets.some((d) => d.temporal?.param)).toBe(true);
    expect(new Set(m.datasets.map((d) => d.source.type))).toEqual(new Set(['geojson', 'raster']));
    expect(new Set(m.datasets.flatMap((d) => (d.source.type === 'geojson' ? [d.source.url] : [])))).toEqual(new Set(['data-points.json', 'data-polygons.json']));
    expect(m.datasets.some((d) => d.displayOnly)).toBe(true);
    expect(checkManifest(m)).toMatchObject({ valid: true, errors: [], warnings: [] });
  });

  test('data-points carries dm.chart on features and dm.timeline and dm.chart on the collection', () => {
    const d = EXAMPLES['data-points'] as DataCollection;
    expect(d.features.every((f) => (f.dm?.chart?.points.length ?? 0) >= 2)).toBe(true);
    expect(d.dm?.timeline?.length).toBeGreaterThan(1);
    expect(d.dm?.chart?.points.length).toBeGreaterThan(1);
  });

  test('exampleDocument gives unknown_example with the names available', () => {
    expect(exampleDocument('data-polygons')).toMatchObject({ type: 'FeatureCollection' });
    expect(() => exampleDocument('manifest')).toThrow(expect.objectContaining({ code: 'unknown_example', extra: { available: [...EXAMPLE_NAMES] } }));
  });
});
