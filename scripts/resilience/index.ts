// The resilience suite: fuzz, faults, load and crash safety against real portal servers, in sequence
// (never in parallel: the machine is shared), then a summary table. Exit code 1 when any part fails.
//
//   npm run resilience            the full run (10,000 fuzz requests, 60 s load, 20 kills per driver)
//   npm run resilience:short      the CI form (at most 10 minutes on 2 cores)
//   ... -- --seed=N               reproduce generated inputs and kill timings
//   ... -- --only=fuzz,load       run some parts (fuzz, faults, load, load-postgres, crash, database)
//   ... -- --json=<file>          also write the results as JSON
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { ms, parseArgs, printResult, table, type PartOptions, type PartResult } from './common';
import { runCrash } from './crash';
import { runDatabase } from './database';
import { runFaults } from './faults';
import { runFuzz } from './fuzz';
import { runLoad } from './load';
import { cleanupAll, preparedPglite } from './portal';

const PARTS: Record<string, (o: PartOptions) => Promise<PartResult>> = {
  fuzz: (o) => runFuzz(o),
  faults: runFaults,
  load: (o) => runLoad(o, 'embedded'),
  'load-postgres': (o) => runLoad(o, 'postgres'),
  crash: runCrash,
  database: runDatabase,
};

async function main(): Promise<number> {
  const opts = parseArgs();
  const only = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1]?.split(',');
  const jsonOut = process.argv.find((a) => a.startsWith('--json='))?.split('=')[1];
  const started = performance.now();
  const machine = `${os.cpus().length} CPU (${os.cpus()[0]?.model.trim() ?? '?'}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}`;
  console.log(`resilience: ${opts.short ? 'short' : 'full'} run, seed ${opts.seed}, ${new Date().toISOString()}, ${machine}`);

  const results: PartResult[] = [];
  let prepareMs = 0;
  try {
    // The database part brings its own PostgreSQL; the others start from the prepared embedded one.
    if (!only || only.some((p) => p !== 'database')) prepareMs = (await preparedPglite()).importMs;
  } catch (e) {
    console.error(`resilience: could not prepare a server: ${(e as Error).message}`);
    await cleanupAll(opts.keep);
    return 1;
  }
  for (const [name, run] of Object.entries(PARTS)) {
    if (only && !only.includes(name)) continue;
    const t0 = performance.now();
    let r: PartResult;
    try {
      r = await run(opts);
    } catch (e) {
      r = { name, ok: false, durationMs: performance.now() - t0, figures: [], failures: [`the part stopped: ${(e as Error).stack ?? String(e)}`] };
    }
    printResult(r);
    results.push(r);
  }
  await cleanupAll(opts.keep);

  const pick = (r: PartResult, keys: string[]) =>
    r.figures
      .filter(([k]) => keys.includes(k))
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
  const KEY: Record<string, string[]> = {
    fuzz: ['requests', 'responses >= 500 (other than documented 502 source failures)', '4xx without {error, code} / other property failures', 'no answer (60 s) or connection lost', 'server healthy afterwards'],
    faults: ['answered with the expected code or 200', 'stale copies served (where the fault is an error)', 'slowest answer without a copy'],
    load: ['requests/s (average)', 'latency p50 / p99 / max', 'errors / time-outs', 'server RSS before / peak / end / 5 s after'],
    'load (PostgreSQL)': ['requests/s (average)', 'latency p50 / p99 / max', 'errors / time-outs', 'server RSS before / peak / end / 5 s after'],
    database: ['crashed 8 s', 'restarted'],
    crash: ['SIGKILLs', 'registrations acknowledged (201) / found once and whole', 'approvals confirmed / in place', 'half-written registrations', 'cache rows checked / inconsistent'],
  };
  console.log(`\n== resilience summary (${opts.short ? 'short' : 'full'}, seed ${opts.seed}, ${ms(performance.now() - started)} in all, embedded database prepared in ${ms(prepareMs)})`);
  console.log(
    table([
      ['part', 'result', 'time', 'figures', 'failures'],
      ...results.map((r) => [r.name, r.ok ? 'PASS' : 'FAIL', ms(r.durationMs), pick(r, KEY[r.name] ?? []), String(r.failures.length)]),
    ]),
  );
  if (jsonOut) {
    writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), short: opts.short, seed: opts.seed, machine, prepareMs, results }, null, 2));
  }
  return results.every((r) => r.ok) && results.length > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  async (e: unknown) => {
    console.error(e);
    await cleanupAll();
    process.exit(1);
  },
);
