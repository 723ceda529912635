// The heap growth limit set at start-up (lib/server/heap.ts): applied unless node was given its own
// --heap-growing-percent, and effective: a process that keeps ~90 MB live while objects are promoted
// and die in the old generation peaks at a much smaller heap (here ~196 MB against ~440 MB).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { limitHeapGrowth } from '@/lib/server/heap';

/** Runs a child that keeps ~60 MB reachable plus a ~30 MB ring of promoted objects; returns its largest heap (MB). */
function peakHeapMb(limit: boolean): number {
  const script = `
    ${limit ? `const { limitHeapGrowth } = await import(${JSON.stringify(path.resolve('lib/server/heap.ts'))}); limitHeapGrowth();` : ''}
    const live = [];
    for (let i = 0; i < 60; i++) live.push(new Array(128 * 1024).fill(i));
    let peak = 0;
    const v8 = await import('node:v8');
    // Objects that live long enough to be promoted, then die in the old generation (like the
    // answers in flight under load): a ring of ~30 MB replaced in order, ~400 MB allocated in all.
    const ring = new Array(15000);
    for (let n = 0; n < 200000; n++) {
      ring[n % ring.length] = new Array(256).fill(n);
      if (n % 1000 === 0) peak = Math.max(peak, v8.getHeapStatistics().total_heap_size / 1048576);
    }
    console.log(JSON.stringify({ peak, live: live.length }));
  `;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', cwd: process.cwd() });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').pop()!).peak as number;
}

describe('heap growth limit', () => {
  test('a --heap-growing-percent given to node takes precedence', () => {
    expect(limitHeapGrowth(['--heap-growing-percent=80'])).toBe(false);
    expect(limitHeapGrowth(['--heap_growing_percent=80'])).toBe(false);
  });

  test('set at run time, it keeps the heap smaller than the default growth', () => {
    const unlimited = peakHeapMb(false);
    const limited = peakHeapMb(true);
    console.log(`heap peak: default growth ${unlimited.toFixed(0)} MB, limited ${limited.toFixed(0)} MB`);
    expect(limited).toBeLessThan(unlimited * 0.75);
  });
});
