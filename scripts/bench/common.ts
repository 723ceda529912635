// Small pieces every benchmark shares.
import path from 'node:path';

/** The p-th percentile (0-100) of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs a bench module's `run` when the file is executed directly (`npx tsx scripts/bench/x.ts`). */
export function runIfMain(moduleFile: string, run: () => Promise<void>): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== path.resolve(moduleFile)) return;
  run().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
