// GET /api/places/reverse, the map's "Čo je tu?" location on every click: p50/p95 over 200 random
// points inside Slovakia (seeded, the same every run), through the route handler, on the embedded
// PGlite (through its socket, as the server uses it) and on PostgreSQL (database
// portal_bench_reverse, created and dropped). Each backend is measured with the reference data as
// imported (streets and parts by their centre points) and again with a synthetic register of
// entrances with coordinates (`--addresses=N`, default 500,000; 0 skips it), the case where the
// nearest entrance is looked up by KNN among them. The baseline, measured in the same run: the
// nearest street by a scan of every street point measured on the spheroid (no index can help).
// Figures are printed, never asserted.
//
//   npm run bench -- reverse [--addresses=1500000] [--postgres-only]
import { GET } from '../../app/api/places/reverse/route';
import { setDatabase, type DatabaseHandle } from '../../lib/db';
import { env } from '../../lib/env';
import { resetMunicipalityIndex } from '../../lib/places/municipality-index';
import { importReferenceData } from '../../lib/reference/import';
import { prng } from '../resilience/common';
import { onBothDrivers, percentile, runIfMain } from './common';

const POINTS = 200;
const ROUNDS = 3;
const SLOVAKIA: [number, number, number, number] = [16.84, 47.74, 22.56, 49.6];

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
}

async function reverse(point: [number, number]): Promise<{ municipality: { code: string } | null; nearest: unknown }> {
  const res = await GET(new Request(`http://localhost/api/places/reverse?point=${point[0]},${point[1]}`), { params: Promise.resolve({}) });
  if (res.status !== 200) throw new Error(`reverse ${point}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as { municipality: { code: string } | null; nearest: unknown };
}

/** 200 random points of the bounding box that lie in a Slovak municipality. */
async function slovakPoints(): Promise<Array<[number, number]>> {
  const rnd = prng(2026); // deterministic: the same points every run
  const out: Array<[number, number]> = [];
  while (out.length < POINTS) {
    const p: [number, number] = [
      +(SLOVAKIA[0] + rnd() * (SLOVAKIA[2] - SLOVAKIA[0])).toFixed(5),
      +(SLOVAKIA[1] + rnd() * (SLOVAKIA[3] - SLOVAKIA[1])).toFixed(5),
    ];
    if ((await reverse(p)).municipality) out.push(p);
  }
  return out;
}

/** Synthetic entrances with coordinates around the streets' centre points (ids `synrev:`). */
async function addEntrances(h: DatabaseHandle, target: number): Promise<number> {
  const [{ streets }] = await h.sql<{ streets: number }[]>`select count(*)::int as streets from streets where point is not null`;
  const perStreet = Math.max(1, Math.ceil(target / streets));
  await h.sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await tx`
      insert into addresses (id, municipality_code, street_id, street_name, building_number, point, source)
      select 'synrev:' || s.id || ':' || n, s.municipality_code, s.id, s.name, n::text,
        ST_SetSRID(ST_Point(ST_X(s.point) + (n % 9 - 4) * 0.00015, ST_Y(s.point) + (n / 9 - 2) * 0.0001), 4326), 'synthetic'
      from streets s cross join generate_series(1, ${perStreet}) n
      where s.point is not null`;
  });
  await h.sql`analyze addresses`;
  const [{ n }] = await h.sql<{ n: number }[]>`select count(*)::int as n from addresses where point is not null`;
  return n;
}

async function measure(points: Array<[number, number]>): Promise<{ p50: number; p95: number; max: number; withNearest: number }> {
  for (const p of points.slice(0, 20)) await reverse(p); // warm plans and the municipality index
  const ms: number[] = [];
  let withNearest = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (const p of points) {
      const t = performance.now();
      const body = await reverse(p);
      ms.push(performance.now() - t);
      if (r === 0 && body.nearest) withNearest++;
    }
  }
  const s = ms.sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), max: s[s.length - 1], withNearest };
}

/** The naive baseline: the nearest street of all of them by spheroid distance, scanning every point. */
async function baseline(h: DatabaseHandle, points: Array<[number, number]>): Promise<number> {
  const ms: number[] = [];
  for (const [lon, lat] of points.slice(0, 30)) {
    const t = performance.now();
    await h.sql`
      select name, ST_Distance(point::geography, ST_SetSRID(ST_Point(${lon}, ${lat}), 4326)::geography) as d
      from streets where point is not null order by d limit 1`;
    ms.push(performance.now() - t);
  }
  return percentile(ms.sort((a, b) => a - b), 50);
}

async function benchBackend(label: string, h: DatabaseHandle, entrances: number, log: (s: string) => void): Promise<string[]> {
  setDatabase(Promise.resolve(h));
  resetMunicipalityIndex();
  const dir = env().referenceDataDir;
  if (!dir) throw new Error('REFERENCE_DATA_DIR (../shared/data/sk) is needed for the reverse bench');
  const imported = await importReferenceData(h, dir, { progress: false, log: () => undefined });
  log(`  reference import ${imported.seconds.toFixed(1)} s`);
  const points = await slovakPoints();
  const f = (x: number) => x.toFixed(1);
  const line = (what: string, m: Awaited<ReturnType<typeof measure>>) =>
    `${label.padEnd(10)} ${what.padEnd(34)} ${POINTS} points x ${ROUNDS}: p50 ${f(m.p50)} ms, p95 ${f(m.p95)} ms, max ${f(m.max)} ms; nearest street/part for ${m.withNearest}/${POINTS}`;
  const first = await measure(points);
  const base = await baseline(h, points);
  const lines = [`${line('reference data', first)} | street-scan baseline p50 ${f(base)} ms -> ${f(base / first.p50)}x slower than the whole answer`];
  log(`  ${lines[0]}`);
  if (entrances > 0) {
    const t = Date.now();
    const n = await addEntrances(h, entrances);
    log(`  ${n.toLocaleString('en-US')} entrances with coordinates in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    lines.push(line(`+ ${n.toLocaleString('en-US')} entrances`, await measure(points)));
    log(`  ${lines[1]}`);
  }
  return lines;
}

export async function run(): Promise<void> {
  const log = (s: string) => console.log(s);
  const entrances = option('addresses', 500_000);
  const lines = await onBothDrivers('reverse', (label, h) => benchBackend(label, h, entrances, log), {
    postgresOnly: process.argv.includes('--postgres-only'),
  });
  console.log('\nreverse bench results');
  for (const l of lines) console.log(l);
}

runIfMain(import.meta.filename, run);
