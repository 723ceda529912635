// Honest answers: the built-in sample datasets (catalog category `sample`, provider `priklady`)
// never enter an automatic selection over REST (GET /api/nearby, GET /api/nearby/selection), for
// any purpose or a search that matches their titles; they still answer when named by key; the
// catalog marks them `sample: true`. (MCP: tests/mcp/samples.test.ts.)
import { beforeAll, describe, expect, test } from 'vitest';
import { GET as catalogGET } from '@/app/api/catalog/route';
import { GET as selectionGET } from '@/app/api/nearby/selection/route';
import { answersAtPoint, coversPoint, matchScore } from '@/lib/nearby';
import { listApprovedDatasets, type CatalogDocument, type ServedDataset } from '@/lib/providers';
import { USE_CASES } from '@/lib/protocol/types';
import { nearbyRequest } from './helpers';

const ZVOLEN: [number, number] = [19.12, 48.58];
const POINTS: Array<[string, [number, number]]> = [
  ['Zvolen', ZVOLEN],
  ['Bratislava', [17.1077, 48.1486]],
  ['Žilina', [18.7394, 49.2231]],
];

let samples: ServedDataset[] = [];

beforeAll(async () => {
  samples = (await listApprovedDatasets()).filter((s) => s.dataset.category === 'sample');
});

async function selection(qs: string): Promise<{ status: number; body: any }> {
  const res = await selectionGET(new Request(`http://localhost/api/nearby/selection?${qs}`), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

const keysOf = (list: Array<{ dataset: string }>) => list.map((d) => d.dataset);
const sampleKeys = () => new Set(samples.map((s) => s.key));

/** The sample datasets an automatic selection would take at the point if samples were allowed. */
function eligibleSamples(point: [number, number], by: { purpose?: string; search?: string }): string[] {
  return samples
    .filter((s) => answersAtPoint(s) && coversPoint(s.dataset, point[0], point[1]))
    .filter((s) => (by.purpose ? (s.dataset.useCases ?? []).includes(by.purpose) : matchScore(s.dataset, by.search!) > 0))
    .map((s) => s.key);
}

describe('the built-in samples', () => {
  test('exist, and the catalog marks exactly them `sample: true`', async () => {
    expect(samples.length).toBeGreaterThan(3);
    const res = await catalogGET(new Request('http://localhost/api/catalog'), { params: Promise.resolve({}) });
    const catalog = (await res.json()) as CatalogDocument;
    for (const d of catalog.datasets) {
      if (d.category === 'sample') expect(d.sample, d.key).toBe(true);
      else expect(d.sample, d.key).toBeUndefined();
    }
    expect(catalog.datasets.filter((d) => d.sample).map((d) => d.key).sort()).toEqual([...sampleKeys()].sort());
  });

  test('purpose=construction near Zvolen: real datasets only, though samples carry that use case there', async () => {
    expect(eligibleSamples(ZVOLEN, { purpose: 'construction' }).length).toBeGreaterThan(0);
    const { status, body } = await nearbyRequest(`point=${ZVOLEN.join(',')}&purpose=construction`);
    expect(status).toBe(200);
    const listed = [...keysOf(body.results), ...keysOf(body.skipped)];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((k) => sampleKeys().has(k))).toEqual([]);
    expect(listed.filter((k) => k.startsWith('priklady/'))).toEqual([]);
  });

  describe.each(POINTS)('at %s', (_name, point) => {
    test.each([...USE_CASES])('purpose=%s: neither the selection nor nearby takes a sample', async (purpose) => {
      const sel = await selection(`point=${point.join(',')}&purpose=${purpose}`);
      expect(sel.status).toBe(200);
      const chosen = [...sel.body.datasets, ...sel.body.skipped] as Array<{ dataset: string; sample: boolean }>;
      expect(chosen.filter((d) => d.sample || sampleKeys().has(d.dataset))).toEqual([]);
      if (point === ZVOLEN) {
        const answer = await nearbyRequest(`point=${point.join(',')}&purpose=${purpose}&radius=100&max=1`);
        expect(answer.status).toBe(200);
        expect(keysOf(answer.body.results)).toEqual(keysOf(sel.body.datasets));
        expect([...keysOf(answer.body.results), ...keysOf(answer.body.skipped)].filter((k) => sampleKeys().has(k))).toEqual([]);
      }
    });
  });

  test('searches that match the samples’ own titles select no sample (REST nearby and the selection)', async () => {
    const searches = [...new Set([...samples.map((s) => s.dataset.title), 'ovzdušie', 'chránené územia', 'PM10', 'katastrálna mapa'])];
    let wouldHaveMatched = 0;
    for (const search of searches) {
      wouldHaveMatched += eligibleSamples(ZVOLEN, { search }).length;
      const q = `point=${ZVOLEN.join(',')}&search=${encodeURIComponent(search)}`;
      const sel = await selection(q);
      expect(sel.status, search).toBe(200);
      expect([...keysOf(sel.body.datasets), ...keysOf(sel.body.skipped)].filter((k) => sampleKeys().has(k)), search).toEqual([]);
      const answer = await nearbyRequest(`${q}&radius=100&max=1`);
      expect(answer.status, search).toBe(200);
      expect([...keysOf(answer.body.results), ...keysOf(answer.body.skipped)].filter((k) => sampleKeys().has(k)), search).toEqual([]);
    }
    expect(wouldHaveMatched).toBeGreaterThan(samples.length);
  });

  test('named by key, a sample still answers', async () => {
    const key = samples.find((s) => s.dataset.source.type === 'geojson')!.key;
    const { status, body } = await nearbyRequest(`point=${ZVOLEN.join(',')}&datasets=${key}&radius=20000&max=1`);
    expect(status).toBe(200);
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ dataset: key, status: 'ok' });
  });
});
