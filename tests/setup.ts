// Points each test worker at the database prepared by global-setup.ts.
import { inject } from 'vitest';
import { resetEnvForTests } from '../lib/env';

const databaseUrl = inject('databaseUrl');
const pgliteDir = inject('pgliteDir');
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = pgliteDir;
}
resetEnvForTests();
