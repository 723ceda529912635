// `npm run bench`: every benchmark of the portal. Each prints its figures as ratios against a
// baseline measured in the same run (never as pass/fail on wall-clock time).
// `npm run bench -- data places` runs only the named ones.
import { existsSync } from 'node:fs';
import path from 'node:path';

const BENCHES = ['data', 'places', 'reverse', 'nearby', 'summary', 'ogc'] as const;
/** Run only when named: `map` drives Chromium for minutes (the GeoJSON / vector tile threshold of the map), `load` runs production servers under 50 connections (`--duration=<s>`). */
const ON_REQUEST = ['map', 'load'] as const;

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const selected: readonly string[] = wanted.length ? [...BENCHES, ...ON_REQUEST].filter((b) => wanted.includes(b)) : BENCHES;

for (const name of selected) {
  const file = path.join(import.meta.dirname, `${name}.ts`);
  if (!existsSync(file)) continue;
  console.log(`\n=== bench: ${name}`);
  const started = Date.now();
  const mod = (await import(file)) as { run: () => Promise<void> };
  await mod.run();
  console.log(`=== ${name} done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
process.exit(0);
