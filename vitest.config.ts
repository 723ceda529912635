import { defineConfig } from 'vitest/config';

// Every suite runs against one database prepared once per run by tests/global-setup.ts: an
// embedded PGlite (default) or the PostgreSQL named by TEST_DATABASE_URL.
export default defineConfig({
  resolve: { alias: { '@': import.meta.dirname } },
  test: {
    include: ['tests/**/*.test.ts'],
    // Separate processes on PostgreSQL, run by `npm run test:deploy` (vitest.deploy.config.ts).
    exclude: ['tests/deploy/**', '**/node_modules/**'],
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
