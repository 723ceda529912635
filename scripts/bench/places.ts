// Place search at the size of the whole address register: a synthetic register of 1.5 million
// addresses (the real streets times house numbers), a fixed query mix, p50/p95 latency and
// requests per second, on the embedded PGlite (through its socket, as the server uses it) and on
// PostgreSQL (database portal_bench_places on postgres://root@127.0.0.1:5432, created and dropped),
// each against a plain ILIKE search over the same rows measured in the same run.
//
//   npm run bench -- places
import { setDatabase, type DatabaseHandle } from '../../lib/db';
import { env } from '../../lib/env';
import { searchPlaces } from '../../lib/places';
import { resetMunicipalityIndex } from '../../lib/places/municipality-index';
import { resetPlaceSearchCache } from '../../lib/places/search';
import { importReferenceData } from '../../lib/reference/import';
import { onBothDrivers, percentile } from './common';

const TARGET_ADDRESSES = 1_500_000;
const ROUNDS = 4;
const BASELINE_QUERIES = 24;

interface Figures {
  p50: number;
  p95: number;
  rps: number;
  n: number;
}


function figures(latencies: number[], wallMs: number): Figures {
  const s = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), rps: (latencies.length * 1000) / wallMs, n: latencies.length };
}

/** Fills the address table with streets x house numbers (ids `syn:`), points spread along the street. */
async function generateRegister(h: DatabaseHandle, log: (s: string) => void): Promise<number> {
  const sql = h.sql;
  const [{ streets }] = await sql<{ streets: number }[]>`select count(*)::int as streets from streets`;
  const perStreet = Math.ceil(TARGET_ADDRESSES / streets);
  const started = Date.now();
  const ids = (await sql<{ id: string }[]>`select id from streets order by id`).map((r) => r.id);
  const CHUNK = 2500;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    await sql.begin(async (tx) => {
      // A throwaway database: skip the per-row foreign-key triggers of a bulk load.
      await tx`set local session_replication_role = replica`;
      await tx`
        insert into addresses (id, municipality_code, street_id, street_name, street_norm, registration_number,
          building_number, number_norm, postal_code, point, source)
        select 'syn:' || s.id || ':' || n, s.municipality_code, s.id, s.name, s.name_norm, (1000 + n)::text,
          n::text, n::text, s.postal_codes[1],
          ST_SetSRID(ST_Point(ST_X(p.pt) + (n % 9 - 4) * 0.00012, ST_Y(p.pt) + (n / 9 - 2) * 0.00008), 4326), 'synthetic'
        from streets s
        join municipalities m on m.code = s.municipality_code
        cross join lateral (select coalesce(s.point, m.label_point) as pt) p
        cross join generate_series(1, ${perStreet}) n
        where s.id = any(${chunk})`;
    });
    if ((i / CHUNK) % 4 === 0) log(`  generated ${Math.min(i + CHUNK, ids.length)}/${ids.length} streets`);
  }
  await sql`analyze addresses`;
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from addresses`;
  log(`  synthetic register: ${n.toLocaleString('en-US')} addresses (${streets} streets x ${perStreet}) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return n;
}

/** The fixed query mix: municipalities, districts, prefixes, typos, streets, and addresses drawn from the data. */
async function queryMix(h: DatabaseHandle): Promise<string[]> {
  const fixed = [
    'Žilina', 'zilina', 'Bratislava', 'Kosice', 'Petržalka', 'Staré Mesto', 'Nové Mes', 'Banská Bys',
    'Nove Mesto nad Vahon', 'Bystrica Banská', 'Zilna', 'Ruzomberk', 'Lúčky', 'Porúbka', 'Nová Ves',
    'Mojšova Lúčka', 'sturova', 'Obchodná', 'Hlavná', 'Námestie SNP, Banská Bystrica', 'Hlavná, Košice',
    'Michalská, Bratislava', 'Dlhá', 'Zvolen', 'Presov', 'Spisska Nova Ves', 'Piestany', 'Karlova Ves',
  ];
  // Addresses: every 700th street (deterministic), a house number and its municipality.
  const rows = await h.sql<{ street: string; muni: string; n: number }[]>`
    select s.name as street, m.name as muni, 1 + (row_number() over (order by s.id) % 40)::int as n
    from streets s join municipalities m on m.code = s.municipality_code
    order by s.id`;
  const addresses = rows.filter((_, i) => i % 700 === 0).map((r) => `${r.street} ${r.n}, ${r.muni}`);
  const plain = rows.filter((_, i) => i % 1400 === 7).map((r) => `${r.street} ${r.n}`);
  return [...fixed, ...addresses, ...plain];
}

async function measure(
  queries: string[],
  run: (q: string) => Promise<unknown>,
  rounds: number,
  perQuery?: Map<string, number[]>,
): Promise<Figures> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const t = performance.now();
      await run(q);
      const ms = performance.now() - t;
      latencies.push(ms);
      perQuery?.set(q, [...(perQuery.get(q) ?? []), ms]);
    }
  }
  return figures(latencies, performance.now() - started);
}

/** The queries with the highest median latency, to see where the tail comes from. */
function slowest(perQuery: Map<string, number[]>, n: number): string {
  const medians = [...perQuery].map(([q, ms]) => [q, [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]] as const);
  return medians
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([q, ms]) => `"${q}" ${ms.toFixed(1)} ms`)
    .join(', ');
}

/** The search itself, every round: the answer memo (repeated queries) would otherwise be measured. */
const NO_MEMO = { memo: false } as const;

/** The naive baseline: one ILIKE '%query%' over the names and the addresses (no index can help). */
function ilikeSearch(h: DatabaseHandle) {
  return async (q: string) => {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return h.sql`
      (select name, ST_X(point) as lon, ST_Y(point) as lat from place_names where name ilike ${pattern} limit 5)
      union all
      (select street_name || ' ' || building_number, ST_X(point), ST_Y(point) from addresses
        where street_name || ' ' || building_number ilike ${pattern} limit 5)
      limit 5`;
  };
}

async function benchBackend(label: string, h: DatabaseHandle, log: (s: string) => void): Promise<string> {
  setDatabase(Promise.resolve(h));
  resetMunicipalityIndex();
  resetPlaceSearchCache();
  const dir = env().referenceDataDir;
  if (!dir) throw new Error('REFERENCE_DATA_DIR (../shared/data/sk) is needed for the places bench');
  const t = Date.now();
  const imported = await importReferenceData(h, dir, { progress: false, log: () => undefined });
  log(`  reference import ${imported.seconds.toFixed(1)} s`);
  const addresses = await generateRegister(h, log);
  const queries = await queryMix(h);
  for (const q of queries) await searchPlaces(q); // warm caches and plans
  const found = await Promise.all(queries.slice(0, 5).map((q) => searchPlaces(q, 1)));
  log(`  sample: ${found.map((r) => `${r.query} -> ${r.places[0]?.type} ${r.places[0]?.name}`).join(' | ')}`);
  const addressHits = (await Promise.all(queries.filter((q) => q.includes(',') && /\d/.test(q)).slice(0, 20).map((q) => searchPlaces(q, 1))))
    .filter((r) => r.places[0]?.type === 'adresa').length;
  log(`  address queries answered with an address: ${addressHits}/20`);

  const perQuery = new Map<string, number[]>();
  const seq = await measure(queries, (q) => searchPlaces(q, undefined, NO_MEMO), ROUNDS, perQuery);
  log(`  slowest (median): ${slowest(perQuery, 6)}`);
  // Concurrency 4: what a server sees under load (PGlite serialises them on one session).
  const conc: number[] = [];
  const started = performance.now();
  const work = [...Array(ROUNDS)].flatMap(() => queries);
  await Promise.all(
    [0, 1, 2, 3].map(async (w) => {
      for (let i = w; i < work.length; i += 4) {
        const t0 = performance.now();
        await searchPlaces(work[i], undefined, NO_MEMO);
        conc.push(performance.now() - t0);
      }
    }),
  );
  const par = figures(conc, performance.now() - started);

  const baselineQueries = queries.filter((_, i) => i % Math.ceil(queries.length / BASELINE_QUERIES) === 0);
  const base = await measure(baselineQueries, ilikeSearch(h), 1);
  const f = (x: number) => x.toFixed(1);
  log(`  done in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  return (
    `${label.padEnd(10)} ${addresses.toLocaleString('en-US').padStart(10)} addr, ${queries.length} queries x ${ROUNDS}: ` +
    `p50 ${f(seq.p50)} ms, p95 ${f(seq.p95)} ms, ${f(seq.rps)} req/s sequential; ` +
    `concurrency 4: p95 ${f(par.p95)} ms, ${f(par.rps)} req/s | ILIKE baseline (${base.n} queries): ` +
    `p50 ${f(base.p50)} ms, p95 ${f(base.p95)} ms -> search is ${f(base.p50 / seq.p50)}x faster at p50, ${f(base.p95 / seq.p95)}x at p95`
  );
}

export async function run(): Promise<void> {
  const log = (s: string) => console.log(s);
  const lines = await onBothDrivers('places', async (label, h) => [await benchBackend(label, h, log)]);
  console.log('\nplaces bench results');
  for (const l of lines) console.log(l);
}
