// Bench of GET /api/nearby (`npm run bench -- nearby`, or alone: `npx tsx scripts/bench/nearby.ts`).
//
// Twelve GeoJSON datasets of 5,000 objects each (points, lines and small areas mixed) from a local
// fake provider, all cached by the data proxy (memory hits after the first round); then `nearby()` at
// random points around Bratislava with the default radius, timed per request (p50, p95).
// Baseline, in the same run over the same twelve collections already parsed in memory: the naive
// answer — turf `pointToLineDistance` / `distance` / `booleanPointInPolygon` over every object of every
// dataset, then a sort. Printed as a ratio; the goal is p95 <= 50 ms for nearby itself.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { percentile, runIfMain } from './common';

const DATASETS = 12;
const OBJECTS = 5000;
const RUNS = 200;
const CENTRE: [number, number] = [17.1077, 48.1486];


function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** 5,000 objects within ~25 km of Bratislava: 80 % points, 10 % short lines, 10 % small squares. */
function collection(seed: number): unknown {
  const r = rng(seed);
  const features = Array.from({ length: OBJECTS }, (_, i) => {
    const lon = CENTRE[0] + (r() - 0.5) * 0.6;
    const lat = CENTRE[1] + (r() - 0.5) * 0.4;
    const kind = i % 10;
    const geometry =
      kind === 8
        ? { type: 'LineString', coordinates: [[lon, lat], [lon + 0.004, lat + 0.002], [lon + 0.008, lat + 0.001]] }
        : kind === 9
          ? { type: 'Polygon', coordinates: [[[lon, lat], [lon + 0.003, lat], [lon + 0.003, lat + 0.002], [lon, lat + 0.002], [lon, lat]]] }
          : { type: 'Point', coordinates: [+lon.toFixed(6), +lat.toFixed(6)] };
    return { type: 'Feature', id: i + 1, geometry, properties: { name: `Objekt ${i + 1}`, hodnota: i % 100, druh: ['a', 'b', 'c'][i % 3] } };
  });
  return { type: 'FeatureCollection', features };
}

export async function run(): Promise<void> {
  const { startProviderServer } = await import('../../tests/helpers/provider-server');
  const provider = await startProviderServer();
  process.env.ALLOW_INSECURE_SOURCES = [process.env.ALLOW_INSECURE_SOURCES, provider.hostPort].filter(Boolean).join(',');
  const { env, resetEnvForTests } = await import('@/lib/env');
  resetEnvForTests();
  const db = await import('@/lib/db');
  let tmp: string | undefined;
  if (env().databaseUrl) db.setDatabase(db.openDatabase({ migrate: true }));
  else {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-nearby-'));
    db.setDatabase(db.openDatabase({ pgliteDir: tmp, migrate: true, requireHost: true }));
  }
  const registryDb = await db.getDb();
  const { bumpRegistryVersion, deleteProvider, fingerprintOf, insertProvider, replaceProviderDatasets } = await import('@/lib/providers/queries');
  const { invalidateRegistryCache, findServedDataset } = await import('@/lib/providers/served');
  const data = await import('@/lib/data');
  const { nearby } = await import('@/lib/nearby');
  const turf = {
    ...(await import('@turf/helpers')),
    ...(await import('@turf/distance')),
    ...(await import('@turf/point-to-line-distance')),
    ...(await import('@turf/boolean-point-in-polygon')),
  };

  const pid = `bench-nearby-${process.pid}`;
  const ids = Array.from({ length: DATASETS }, (_, i) => `d${i + 1}`);
  const manifest = {
    protocol: '0.1',
    provider: { id: pid, name: 'Bench' },
    license: { name: 'CC BY 4.0', attribution: 'Bench' },
    datasets: ids.map((id) => ({
      id,
      title: `Dataset ${id}`,
      source: { type: 'geojson' as const, url: `${provider.url}/${id}.json` },
      presentation: { type: 'circle' as const, color: '#336699' },
      fields: [{ key: 'name', label: 'Názov' }, { key: 'hodnota', label: 'Hodnota', type: 'number' as const }],
    })),
  };
  ids.forEach((id, i) => provider.setBody(`/${id}.json`, collection(1000 + i)));
  const fingerprint = fingerprintOf(JSON.stringify(manifest));
  try {
    await insertProvider(registryDb, { id: pid, name: 'Bench', managedBy: 'provider', manifestUrl: `${provider.url}/manifest.json`, manifest, fingerprint, approval: 'approved', builtIn: false });
    await replaceProviderDatasets(registryDb, { id: pid, approval: 'approved', manifest, approvedManifest: manifest, approvedFingerprint: fingerprint });
    await bumpRegistryVersion(registryDb);
    invalidateRegistryCache();

    const keys = ids.map((id) => `${pid}/${id}`);
    const r = rng(7);
    const point = (): [number, number] => [CENTRE[0] + (r() - 0.5) * 0.5, CENTRE[1] + (r() - 0.5) * 0.3];

    // First round: misses fill the cache (not timed as nearby figures).
    const warmStart = performance.now();
    await nearby({ point: CENTRE, datasets: keys });
    console.log(`first request (12 cache misses, sources asked): ${(performance.now() - warmStart).toFixed(0)} ms`);
    for (let i = 0; i < 10; i++) await nearby({ point: point(), datasets: keys });

    // What the data proxy costs per request (12 cached collections handed over).
    const served = await Promise.all(ids.map((id) => findServedDataset(pid, id)));
    const loadTimes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      for (const s of served) await data.loadDatasetCollection(s!, { params: {} });
      loadTimes.push(performance.now() - t);
    }
    loadTimes.sort((a, b) => a - b);

    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < RUNS; i++) {
      const p = point();
      const t = performance.now();
      const res = await nearby({ point: p, datasets: keys });
      times.push(performance.now() - t);
      hits += res.results.reduce((a, x) => a + x.count!, 0);
    }
    times.sort((a, b) => a - b);

    // Baseline: naive turf over every object of the same (already parsed) collections.
    const collections = await Promise.all(served.map(async (s) => (await data.loadDatasetCollection(s!, { params: {} })).collection));
    const naive = (p: [number, number]) => {
      const pt = turf.point(p);
      for (const c of collections) {
        const found: Array<{ d: number }> = [];
        for (const f of c.features) {
          const g = f.geometry as never as { type: string; coordinates: never };
          let d: number;
          if (g.type === 'Point') d = turf.distance(pt, turf.point(g.coordinates), { units: 'meters' });
          else if (g.type === 'LineString') d = turf.pointToLineDistance(pt, turf.lineString(g.coordinates), { units: 'meters' });
          else d = turf.booleanPointInPolygon(pt, turf.polygon(g.coordinates)) ? 0 : turf.pointToLineDistance(pt, turf.lineString((g.coordinates as number[][][])[0]), { units: 'meters' });
          if (d <= 500) found.push({ d });
        }
        found.sort((a, b) => a.d - b.d);
      }
    };
    const base: number[] = [];
    const r2 = rng(7);
    for (let i = 0; i < 20; i++) {
      const p: [number, number] = [CENTRE[0] + (r2() - 0.5) * 0.5, CENTRE[1] + (r2() - 0.5) * 0.3];
      const t = performance.now();
      naive(p);
      base.push(performance.now() - t);
    }
    base.sort((a, b) => a - b);

    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const b50 = percentile(base, 50);
    console.log(`nearby, ${DATASETS} cached datasets x ${OBJECTS} objects, radius 500 m, ${RUNS} requests (avg ${(hits / RUNS).toFixed(1)} objects in range):`);
    console.log(`  p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`);
    console.log(`  of which the data proxy handing over 12 cached collections: p50 ${percentile(loadTimes, 50).toFixed(1)} ms`);
    console.log(`  baseline (naive turf over every object, collections in memory): p50 ${b50.toFixed(1)} ms`);
    console.log(`  ratio nearby p50 / baseline p50 = ${(p50 / b50).toFixed(3)}; nearby p95 / baseline p50 = ${(p95 / b50).toFixed(3)}`);
    console.log(`  goal: p95 <= 50 ms -> ${p95 <= 50 ? 'met' : 'NOT met'}`);
  } finally {
    for (const id of ids) await data.deleteCacheEntries({ datasetKey: `${pid}/${id}` }).catch(() => undefined);
    await deleteProvider(registryDb, { id: pid }).catch(() => undefined);
    await bumpRegistryVersion(registryDb).catch(() => undefined);
    await provider.close();
    await db.closeDatabase();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

runIfMain(import.meta.filename, run);
