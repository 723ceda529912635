// How far V8 lets the JavaScript heap grow between full collections.
//
// V8 sets the next full (mark-compact) collection at the live size times a growing factor that
// rises to 4 when the process spends little time collecting, which is exactly the portal under a
// crowd (~97 % of the time in JavaScript, many short-lived answers): measured with --trace-gc during
// `npm run resilience:load` on the embedded database, ~150 MB live grew to 540 MB of heap in 30 s
// with no full collection, most of it garbage, and the server's RSS from 850 MB to 1.2 GB. A fixed
// factor of 1.5 collects at ~225 MB instead: the same throughput within noise, the RSS peak ~300 MB
// lower (README "Performance"). Young-generation collections are unchanged.
//
// Set at start-up through v8.setFlagsFromString, as the flag is read at every collection; a
// `--heap-growing-percent` given to node itself takes precedence.
import v8 from 'node:v8';

const HEAP_GROWING_PERCENT = 50;

export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((a) => a.startsWith('--heap-growing-percent') || a.startsWith('--heap_growing_percent'))) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
