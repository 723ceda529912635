import { defineConfig } from 'drizzle-kit';

// Migrations are generated from lib/db/schema/*.ts and applied at start-up by lib/db/migrate.ts,
// for PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema/index.ts',
  out: './drizzle',
});
