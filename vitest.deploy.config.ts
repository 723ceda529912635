import path from 'node:path';
import { defineConfig } from 'vitest/config';

// `npm run test:deploy`: the multi-instance suite (tests/deploy). It starts production builds of the
// portal as separate processes on a throwaway PostgreSQL database, so it runs alone, one file at a
// time, outside `npm test` (which tests lib/ in-process on either database).
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['tests/deploy/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 900_000,
    teardownTimeout: 60_000,
  },
});
