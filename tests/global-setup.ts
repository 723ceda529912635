// Prepares the one database every test file uses: migrations, reference data, built-in providers.
// Embedded: a fresh PGlite in a temp dir, hosted by this process on its socket (workers connect as
// clients, exactly like the CLI does against a running server). PostgreSQL: TEST_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, type DatabaseHandle } from '../lib/db';
import { env } from '../lib/env';
import { loadContent } from '../lib/startup';

let handle: DatabaseHandle | undefined;
let dir: string | undefined;

export default async function setup(project: TestProject) {
  const url = env().testDatabaseUrl;
  if (url) {
    handle = await openDatabase({ databaseUrl: url, migrate: true });
    project.provide('databaseUrl', url);
    project.provide('pgliteDir', '');
  } else {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
    handle = await openDatabase({ pgliteDir: dir, migrate: true, requireHost: true });
    project.provide('databaseUrl', '');
    project.provide('pgliteDir', dir);
  }
  await loadContent(handle, { progress: false, log: () => undefined });
  return async () => {
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    pgliteDir: string;
  }
}
