// Two running portals (two builds: before and after a change) under the crowd mix in alternating
// slices, so that both see the same machine: on a shared VM whose speed drifts by half within minutes,
// two `npm run bench -- load` runs a minute apart compare the machine more than the code.
//
//   npx tsx scripts/bench/alternate.ts --a=http://127.0.0.1:4661 --b=http://127.0.0.1:4662
//     [--slices=16] [--seconds=3] [--warmup=2] [--seed=2] [--connections=50] [--database=<name>]
//
// Each slice sends the same requests of the crowd pool (scripts/bench/crowd.ts) to A and to B, one
// after the other, in the order A-B, then B-A, and so on. Per slice and side it prints req/s, p99 and
// the server's CPU per request (process_cpu_seconds_total of its /metrics, so every thread of the
// server counts); with --database, also the CPU of that local PostgreSQL database's backends (only one
// server is loaded at a time, so the backends' CPU in a slice is that server's, with autovacuum's on that
// database if it runs meanwhile). The first --warmup
// slices (the route fast paths learn each route from its first answer through Next.js) are printed
// but left out of the totals. Start both servers on the same prepared database, e.g.
//   (cd ../before && NODE_ENV=production PORT=4661 DATABASE_URL=… node --import tsx server.ts) &
import { workload } from '../resilience/load';
import { crowdRequests, runCrowd } from './crowd';
import { crowdKeys, postgresBackends, processTicks } from './load';

const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const num = (name: string, fallback: number) => Math.max(0, Number(arg(name) ?? fallback) || fallback);

async function serverCpuSeconds(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const m = text.match(/^process_cpu_seconds_total (\S+)$/m);
  if (!m) throw new Error(`${url}/metrics has no process_cpu_seconds_total`);
  return Number(m[1]);
}

/** CPU seconds of every backend of a local PostgreSQL database. */
function postgresCpuSeconds(database: string): number {
  return postgresBackends(database, null).reduce((sum, pid) => sum + (processTicks(pid) ?? 0), 0) / 100;
}

interface Side {
  requests: number;
  seconds: number;
  cpu: number;
  pg: number;
  p99: number[];
}

async function main(): Promise<void> {
  const a = arg('a');
  const b = arg('b');
  if (!a || !b) throw new Error('usage: alternate.ts --a=<url of portal A> --b=<url of portal B> [--slices=16] [--seconds=3] [--warmup=2] [--seed=2] [--connections=50] [--database=<name>]');
  const slices = num('slices', 16);
  const seconds = num('seconds', 3);
  const warmup = Math.min(num('warmup', 2), Math.max(0, slices - 1));
  const connections = num('connections', 50);
  const database = arg('database');
  // Enough distinct requests per slice for 1,600 req/s: no request repeats within a slice.
  const perSlice = Math.ceil(seconds * 1600);
  // Both portals serve one database, so A's datasets are B's.
  const pool = crowdRequests({ seed: num('seed', 2), size: perSlice * slices, ...(await crowdKeys(a, (await workload(a)).items)) });
  if (pool.length < perSlice * slices) console.warn(`alternate: only ${pool.length} distinct requests; later slices repeat earlier ones`);
  const sides: Record<'A' | 'B', Side> = {
    A: { requests: 0, seconds: 0, cpu: 0, pg: 0, p99: [] },
    B: { requests: 0, seconds: 0, cpu: 0, pg: 0, p99: [] },
  };
  const pairs: Array<{ a: number; b: number }> = [];
  console.log(`| slice | order | A req/s | A p99 | A server CPU/req | ${database ? 'A PostgreSQL CPU/req | ' : ''}B req/s | B p99 | B server CPU/req |${database ? ' B PostgreSQL CPU/req |' : ''}`);
  console.log(`|---|---|---|---|---|${database ? '---|' : ''}---|---|---|${database ? '---|' : ''}`);
  for (let s = 0; s < slices; s++) {
    const part = pool.slice((s * perSlice) % pool.length).concat(pool).slice(0, perSlice);
    const order: Array<'A' | 'B'> = s % 2 ? ['B', 'A'] : ['A', 'B'];
    const cells: Record<'A' | 'B', string[]> = { A: [], B: [] };
    const cpuPerReq: Record<'A' | 'B', number> = { A: 0, B: 0 };
    for (const side of order) {
      const url = side === 'A' ? a : b;
      const cpu0 = await serverCpuSeconds(url);
      const pg0 = database ? postgresCpuSeconds(database) : 0;
      const { result } = await runCrowd(url, part, { connections, durationS: seconds });
      const cpu = (await serverCpuSeconds(url)) - cpu0;
      const pg = database ? postgresCpuSeconds(database) - pg0 : 0;
      const n = result.requests.total || 1;
      cpuPerReq[side] = (cpu * 1000) / n;
      cells[side] = [`${Math.round(n / seconds)}`, `${result.latency.p99} ms`, `${cpuPerReq[side].toFixed(2)} ms`, ...(database ? [`${((pg * 1000) / n).toFixed(2)} ms`] : [])];
      if (s >= warmup) {
        const t = sides[side];
        t.requests += n;
        t.seconds += seconds;
        t.cpu += cpu;
        t.pg += pg;
        t.p99.push(result.latency.p99);
      }
    }
    if (s >= warmup) pairs.push({ a: cpuPerReq.A, b: cpuPerReq.B });
    console.log(`| ${s}${s < warmup ? ' (warm-up)' : ''} | ${order.join('-')} | ${cells.A.join(' | ')} | ${cells.B.join(' | ')} |`);
  }
  const median = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)] ?? 0;
  console.log('');
  for (const side of ['A', 'B'] as const) {
    const t = sides[side];
    console.log(
      `${side}: ${Math.round(t.requests / t.seconds)} req/s, server CPU ${((t.cpu * 1000) / t.requests).toFixed(3)} ms/req` +
        `${database ? `, PostgreSQL CPU ${((t.pg * 1000) / t.requests).toFixed(3)} ms/req` : ''}, median p99 ${median(t.p99)} ms over ${t.requests} requests`,
    );
  }
  console.log(`B's server CPU per request below A's in ${pairs.filter((p) => p.b < p.a).length} of ${pairs.length} slice pairs`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
