// GET /api/data's shaping members against a real provider on 127.0.0.1: properties, geometry forms,
// precision, hits, paging with the Link header; without them the answer is the plain cached one.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { prepareShaping, shapeFeature } from '@/lib/data/shape';
import type { DataFeature } from '@/lib/protocol/types';
import type { ProviderServer } from '../helpers/provider-server';
import { collection, forgetEntries, geojsonDataset, getData, point, registerProvider, startTestProvider, uniqueId, unregisterProvider, type TestProvider } from './helpers';

let server: ProviderServer;
let restore: () => void;
let provider: TestProvider;
const pid = uniqueId('t-shape');

/** A circle-like polygon of `n` vertices around (lon, lat), radius in degrees. */
function ring(lon: number, lat: number, r: number, n: number): number[][] {
  const pts = Array.from({ length: n }, (_, i) => [lon + r * Math.cos((2 * Math.PI * i) / n), lat + r * Math.sin((2 * Math.PI * i) / n) * 0.66]);
  return [...pts, pts[0]];
}

function area(i: number) {
  return {
    type: 'Feature',
    id: `a${i}`,
    geometry: { type: 'Polygon', coordinates: [ring(17 + i * 0.1, 48.5, 0.04, 400)] },
    properties: { nazov: `Plocha ${i}`, kod: i, poznamka: 'x'.repeat(50) },
  };
}
const areas = collection(Array.from({ length: 12 }, (_, i) => area(i)), { ttl: 600 });

beforeAll(async () => {
  ({ server, restore } = await startTestProvider());
  provider = await registerProvider(server, {
    id: pid,
    datasets: [
      geojsonDataset(server, 'areas', { presentation: { type: 'fill', color: '#336699' }, fields: [{ key: 'nazov', label: 'Názov' }, { key: 'plocha', label: 'Plocha' }] }),
      geojsonDataset(server, 'paged'),
    ],
  });
});

afterAll(async () => {
  await unregisterProvider(provider);
  await server.close();
  restore();
});

beforeEach(async () => {
  server.reset();
  await forgetEntries(provider);
  server.setBody('/areas.json', areas);
  server.setBody('/paged.json', collection([point(17.1, 48.1, { n: 1 }), point(17.2, 48.2, { n: 2 })], { next: 'page-2', total: 40 }));
});

async function json(path: string): Promise<{ res: Response; body: { features: DataFeature[]; dm: Record<string, unknown> } }> {
  const res = await getData(path);
  return { res, body: (await res.json()) as { features: DataFeature[]; dm: Record<string, unknown> } };
}

describe('GET /api/data shaping members', () => {
  test('without them the answer is the cached body as before; with them only the shaped copy changes', async () => {
    const plain = await getData(`/api/data/${pid}/areas`);
    const plainText = await plain.text();
    expect(JSON.parse(plainText).features).toHaveLength(12);
    const shaped = await getData(`/api/data/${pid}/areas?geometryForm=none`);
    expect(shaped.status).toBe(200);
    expect(shaped.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    expect(shaped.headers.get('x-dm-cache')).toBe('hit');
    const again = await getData(`/api/data/${pid}/areas`);
    expect(await again.text()).toBe(plainText);
    expect(server.requests('/areas.json')).toBe(1);
  });

  test('propertyNames keeps the named properties; a name no object has is a 400 listing the names', async () => {
    const { body } = await json(`/api/data/${pid}/areas?propertyNames=nazov,kod`);
    expect(body.features[0].properties).toEqual({ nazov: 'Plocha 0', kod: 0 });
    const bad = await getData(`/api/data/${pid}/areas?propertyNames=nazov,meno`);
    expect(bad.status).toBe(400);
    const err = (await bad.json()) as { code: string; error: string };
    expect(err.code).toBe('invalid_query');
    expect(err.error).toMatch(/^propertyNames: no object has "meno"; the objects have: .*nazov.*kod.*poznamka/);
    // A declared field the objects happen to lack is no typo.
    expect((await getData(`/api/data/${pid}/areas?propertyNames=plocha`)).status).toBe(200);
  });

  test('geometryForm: simplified has fewer vertices, centroid a point inside, bbox the extent, none nothing', async () => {
    const full = (await json(`/api/data/${pid}/areas`)).body.features[0];
    const fullRing = (full.geometry as { coordinates: number[][][] }).coordinates[0];
    const simplified = (await json(`/api/data/${pid}/areas?geometryForm=simplified&simplifyTolerance=200`)).body.features[0];
    const simpleRing = (simplified.geometry as { coordinates: number[][][] }).coordinates[0];
    expect(simpleRing.length).toBeLessThan(fullRing.length / 4);
    expect(simpleRing.length).toBeGreaterThanOrEqual(4);
    expect(simpleRing[0]).toEqual(simpleRing[simpleRing.length - 1]);
    const centroid = (await json(`/api/data/${pid}/areas?geometryForm=centroid`)).body.features[0];
    expect(centroid.geometry?.type).toBe('Point');
    const [cx, cy] = (centroid.geometry as { coordinates: number[] }).coordinates;
    expect(cx).toBeCloseTo(17, 3);
    expect(cy).toBeCloseTo(48.5, 3);
    const bbox = (await json(`/api/data/${pid}/areas?geometryForm=bbox`)).body.features[0];
    expect(bbox.geometry).toBeNull();
    expect(bbox.bbox?.[0]).toBeCloseTo(16.96, 5);
    expect(bbox.bbox?.[2]).toBeCloseTo(17.04, 5);
    const none = (await json(`/api/data/${pid}/areas?geometryForm=none`)).body.features[0];
    expect(none.geometry).toBeNull();
    expect(none.properties).toMatchObject({ nazov: 'Plocha 0' });
    expect((await getData(`/api/data/${pid}/areas?geometryForm=round`)).status).toBe(400);
    const misplaced = await getData(`/api/data/${pid}/areas?geometryForm=none&simplifyTolerance=50`);
    expect(misplaced.status).toBe(400);
    expect(((await misplaced.json()) as { error: string }).error).toMatch(/^simplifyTolerance: applies only to geometryForm "simplified"/);
  });

  test('the tolerance without a given one follows zoom: closer zoom, more vertices', async () => {
    const count = async (q: string) =>
      ((await json(`/api/data/${pid}/areas?geometryForm=simplified${q}`)).body.features[0].geometry as { coordinates: number[][][] }).coordinates[0].length;
    const far = await count('&zoom=9');
    const near = await count('&zoom=15');
    expect(near).toBeGreaterThan(far);
  });

  test('coordPrecision rounds every coordinate', async () => {
    const { body } = await json(`/api/data/${pid}/areas?coordPrecision=3`);
    for (const [x, y] of (body.features[0].geometry as { coordinates: number[][][] }).coordinates[0]) {
      expect(Math.round(x * 1000) / 1000).toBe(x);
      expect(Math.round(y * 1000) / 1000).toBe(y);
    }
    expect((await getData(`/api/data/${pid}/areas?coordPrecision=11`)).status).toBe(400);
  });

  test('resultType=hits counts without objects', async () => {
    const { body } = await json(`/api/data/${pid}/areas?resultType=hits`);
    expect(body.features).toEqual([]);
    expect(body.dm.total).toBe(12);
  });

  test('startIndex and maxFeatures page through the objects; the Link header names the next page', async () => {
    const seen: string[] = [];
    let path: string | null = `/api/data/${pid}/areas?maxFeatures=5&geometryForm=none`;
    for (let i = 0; path && i < 5; i++) {
      const { res, body } = await json(path);
      seen.push(...body.features.map((f) => String(f.id)));
      expect(body.dm.total).toBe(12);
      const link = res.headers.get('link');
      expect(body.dm.truncated).toBe(link !== null);
      path = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : null;
    }
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `a${i}`));
  });

  test('the source’s own cursor is offered on the page that reaches its end', async () => {
    const first = await json(`/api/data/${pid}/paged?maxFeatures=1`);
    expect(first.body.dm.next).toBeUndefined();
    expect(first.res.headers.get('link')).toContain('startIndex=1');
    const last = await json(`/api/data/${pid}/paged?maxFeatures=1&startIndex=1`);
    expect(last.body.dm).toMatchObject({ next: 'page-2', total: 40 });
    expect(last.res.headers.get('link')).toBe(`</api/data/${pid}/paged?maxFeatures=1&cursor=page-2>; rel="next"`);
  });
});

describe('shapeFeature', () => {
  const f: DataFeature = { type: 'Feature', id: 1, geometry: { type: 'LineString', coordinates: [[17.123456789, 48.1], [17.2, 48.2]] }, properties: { a: 1, b: 2 } };

  test('full geometry and no options leave the object as it is', () => {
    expect(shapeFeature(f, prepareShaping([f], {}))).toBe(f);
  });

  test('simplified keeps points as they are and reports the tolerance used', () => {
    const p: DataFeature = { type: 'Feature', geometry: { type: 'Point', coordinates: [17, 48] }, properties: {} };
    const s = prepareShaping([p], { geometry: 'simplified', tolerance: 25 });
    expect(s).toEqual({ geometry: 'simplified', toleranceMetres: 25 });
    expect(shapeFeature(p, s).geometry).toEqual(p.geometry);
  });

  test('an empty property list keeps none', () => {
    expect(shapeFeature(f, prepareShaping([f], { properties: [] })).properties).toEqual({});
  });
});
