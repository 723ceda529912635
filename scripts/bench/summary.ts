// Bench of the dataset summary (`npm run bench -- summary`, or alone: `npx tsx scripts/bench/summary.ts`).
//
// 5,000 points spread over Slovakia placed into the 2,927 municipalities and summarised for one
// municipality (count, step classes, rankings):
// - index build: the municipality grid index from the reference polygons as WKB (the server builds it
//   once per process from the municipalities table's ST_AsBinary; here from the same boundary file
//   the import reads (the 2019 GKÚ municipalities, or the 2010 TopoJSON in an older data directory),
//   encoded the same way, so the bench needs no imported database);
// - cold: summarizeCollection with no memoised placement (every point located), median of 20 runs and
//   the very first run;
// - warm: the same for other municipalities with the placement memoised (p50, p95);
// - baseline in the same run: a brute-force turf loop (booleanPointInPolygon over every municipality,
//   each with its bbox so turf skips far ones), the obvious implementation.
// Goals: cold <= 200 ms, warm <= 10 ms.
import { performance } from 'node:perf_hooks';
import { percentile, runIfMain } from './common';

const POINTS = 5000;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** ISO WKB (little endian) of a Polygon / MultiPolygon, as PostGIS ST_AsBinary sends it. */
function toWkb(g: { type: 'Polygon' | 'MultiPolygon'; coordinates: number[][][] | number[][][][] }): Uint8Array {
  const polys = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as number[][][][];
  let size = 9;
  for (const p of polys) {
    size += 9;
    for (const r of p) size += 4 + r.length * 16;
  }
  const buf = Buffer.alloc(size);
  let o = 0;
  const head = (type: number) => {
    buf.writeUInt8(1, o);
    buf.writeUInt32LE(type, o + 1);
    o += 5;
  };
  head(6);
  buf.writeUInt32LE(polys.length, o);
  o += 4;
  for (const p of polys) {
    head(3);
    buf.writeUInt32LE(p.length, o);
    o += 4;
    for (const r of p) {
      buf.writeUInt32LE(r.length, o);
      o += 4;
      for (const [x, y] of r) {
        buf.writeDoubleLE(x, o);
        buf.writeDoubleLE(y, o + 8);
        o += 16;
      }
    }
  }
  return buf;
}


export async function run(): Promise<void> {
  const turf = { ...(await import('@turf/helpers')), ...(await import('@turf/bbox')), ...(await import('@turf/boolean-point-in-polygon')) };
  const { buildIndex } = await import('@/lib/summary/municipality-index');
  const { summarizeCollection, clearSummaryCache, interiorPoint } = await import('@/lib/summary/service');
  const { env } = await import('@/lib/env');
  const { readBoundaries } = await import('@/lib/reference/sources');

  const dir = env().referenceDataDir;
  if (!dir) {
    console.log('summary bench: no reference data directory (REFERENCE_DATA_DIR or ../shared/data/sk); skipped');
    return;
  }
  const boundaries = readBoundaries(dir);
  const obce = {
    features: [...boundaries.obce].map(([code, s]) => ({
      properties: { code, name: s.name },
      geometry: s.geometry as { type: 'Polygon' | 'MultiPolygon'; coordinates: number[][][] | number[][][][] },
    })),
  };
  const rows = obce.features.map((f) => {
    const polys = (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates) as number[][][][];
    const inner = interiorPoint(polys[0] as never)!;
    return { code: f.properties.code, name: f.properties.name, kind: 'municipality', city: null, g: toWkb(f.geometry), x: inner[0], y: inner[1] };
  });

  let t = performance.now();
  const index = buildIndex(rows);
  const buildMs = performance.now() - t;

  const r = rng(5);
  const features = Array.from({ length: POINTS }, (_, i) => ({
    type: 'Feature' as const,
    id: i + 1,
    geometry: { type: 'Point' as const, coordinates: [16.85 + r() * 5.7, 47.75 + r() * 1.85] as [number, number] },
    properties: { name: `Bod ${i + 1}`, hodnota: Math.round(r() * 1000) / 10 },
  }));
  const collection = { type: 'FeatureCollection' as const, features, dm: { generated: new Date().toISOString() } };
  const served = {
    key: 'bench/body',
    provider: { id: 'bench', name: 'Bench', managedBy: 'provider' as const, approval: 'approved' as const, status: 'ok' },
    dataset: {
      id: 'body',
      title: 'Body',
      source: { type: 'geojson' as const, url: 'https://example.org/body.json' },
      presentation: { type: 'circle' as const, color: { type: 'step' as const, field: 'hodnota', default: '#eeeeee', stops: [[25, '#fdae61'], [50, '#f46d43'], [75, '#d73027']] as Array<[number, string]> } },
      fields: [{ key: 'name', label: 'Názov' }, { key: 'hodnota', label: 'Hodnota', type: 'number' as const }],
    },
    manifestUrl: 'https://example.org/m.json',
    fingerprint: 'bench',
    displayOnly: false,
    attribution: 'Bench',
    license: null,
  };
  const municipalityOf = (i: number) => ({
    code: index.list[i].code,
    code6: index.list[i].code.slice(6),
    name: index.list[i].name,
    slug: 'x',
    regionSlug: 'y',
    district: null,
    region: 'kraj',
    population: null,
    kind: 'municipality' as const,
    status: 'municipality',
    overTenThousand: false,
  });
  const summarize = (m: number) => summarizeCollection(served, collection, { municipality: municipalityOf(m), index, params: {}, areaKey: 'all' });

  // Baseline: brute force with turf.
  const turfMunis = obce.features.map((f) => {
    const feat = turf.feature(f.geometry as never);
    feat.bbox = turf.bbox(feat);
    return { code: f.properties.code, feat };
  });
  t = performance.now();
  const brute = features.map((f) => {
    const pt = turf.point(f.geometry.coordinates);
    return turfMunis.find((m) => turf.booleanPointInPolygon(pt, m.feat as never))?.code;
  });
  const baselineMs = performance.now() - t;

  // Cold: the very first run, then the median of 20 with the memo cleared each time.
  clearSummaryCache();
  const trnava = index.list.findIndex((m) => m.name === 'Trnava');
  t = performance.now();
  const first = summarize(trnava);
  const firstColdMs = performance.now() - t;
  const cold: number[] = [];
  for (let i = 0; i < 20; i++) {
    clearSummaryCache();
    t = performance.now();
    summarize(trnava);
    cold.push(performance.now() - t);
  }
  cold.sort((a, b) => a - b);

  // Correctness against the brute force, as a sanity check of what was timed.
  const expected = brute.filter((c) => c === index.list[trnava].code).length;
  if (first.count !== expected) throw new Error(`summary count ${first.count} differs from brute force ${expected}`);

  // Warm: other municipalities, placement memoised.
  summarize(trnava);
  const warm: number[] = [];
  const r2 = rng(9);
  for (let i = 0; i < 200; i++) {
    const m = Math.floor(r2() * index.list.length);
    t = performance.now();
    summarize(m);
    warm.push(performance.now() - t);
  }
  warm.sort((a, b) => a - b);
  t = performance.now();
  summarizeCollection(served, collection, { municipality: null, index, params: {}, areaKey: 'all' });
  const wholeMs = performance.now() - t;

  const coldMedian = percentile(cold, 50);
  const warm50 = percentile(warm, 50);
  const warm95 = percentile(warm, 95);
  console.log(`summary: ${POINTS} points into ${index.list.length} municipalities (${brute.filter(Boolean).length} inside Slovakia; boundaries ${boundaries.vintage})`);
  console.log(`  index build (WKB -> flat rings + grid, once per process; the database read is not included): ${buildMs.toFixed(1)} ms`);
  console.log(`  baseline brute-force turf loop (placement only): ${baselineMs.toFixed(1)} ms`);
  console.log(`  cold summary (place all points + summarise): median ${coldMedian.toFixed(1)} ms, first run ${firstColdMs.toFixed(1)} ms; ratio to baseline ${(coldMedian / baselineMs).toFixed(4)}`);
  console.log(`  warm summary (placement memoised): p50 ${warm50.toFixed(2)} ms, p95 ${warm95.toFixed(2)} ms; ratio p95 to baseline ${(warm95 / baselineMs).toFixed(5)}`);
  console.log(`  whole-territory summary (no placement needed): ${wholeMs.toFixed(1)} ms`);
  console.log(`  goals: cold <= 200 ms -> ${Math.max(coldMedian, firstColdMs) <= 200 ? 'met' : 'NOT met'}; warm <= 10 ms -> ${warm95 <= 10 ? 'met' : 'NOT met'}`);
}

runIfMain(import.meta.filename, run);
