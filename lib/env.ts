// The only place that reads process.env. Everything is validated once, on first use, and frozen.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const hostPort = z
  .string()
  .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/, 'expected host or host:port');

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL').optional()),
  PGLITE_DIR: z.string().trim().min(1).default('./data/pglite'),
  REFERENCE_DATA_DIR: z.string().trim().optional(),
  PUBLIC_BASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
    .pipe(z.url({ protocol: /^https?$/ }).optional()),
  ALLOW_INSECURE_SOURCES: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(hostPort)),
  MCP_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(hostPort)),
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  BASEMAP_STYLE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  MANIFEST_REFRESH_MINUTES: z.coerce.number().int().min(0).default(360),
  CONTACT_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email().optional()),
  TEST_DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
});

export type Env = {
  port: number;
  databaseUrl: string | undefined;
  pgliteDir: string;
  referenceDataDir: string | undefined;
  publicBaseUrl: string;
  /** Whether PUBLIC_BASE_URL was set (else the local default, wrong for a public portal). */
  publicBaseUrlSet: boolean;
  allowInsecureSources: string[];
  /** Extra `host[:port]` names the MCP endpoint answers besides PUBLIC_BASE_URL's host (DNS-rebinding allowlist). */
  mcpAllowedHosts: string[];
  trustedProxies: string[];
  basemapStyleUrl: string | undefined;
  manifestRefreshMinutes: number;
  /** The operator's contact address shown in the documentation (o-projekte, zdroje.md); optional. */
  contactEmail: string | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  /** Only for the test suite: run it against this PostgreSQL instead of an embedded PGlite. */
  testDatabaseUrl: string | undefined;
};

const DEFAULT_REFERENCE_DIR = '../shared/data/sk';

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const referenceDataDir = e.REFERENCE_DATA_DIR
    ? path.resolve(e.REFERENCE_DATA_DIR)
    : existsSync(DEFAULT_REFERENCE_DIR)
      ? path.resolve(DEFAULT_REFERENCE_DIR)
      : undefined;
  return Object.freeze({
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.resolve(e.PGLITE_DIR),
    referenceDataDir,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`,
    publicBaseUrlSet: e.PUBLIC_BASE_URL !== undefined,
    allowInsecureSources: e.ALLOW_INSECURE_SOURCES,
    mcpAllowedHosts: e.MCP_ALLOWED_HOSTS,
    trustedProxies: e.TRUSTED_PROXIES,
    basemapStyleUrl: e.BASEMAP_STYLE_URL,
    manifestRefreshMinutes: e.MANIFEST_REFRESH_MINUTES,
    contactEmail: e.CONTACT_EMAIL,
    nodeEnv: e.NODE_ENV,
    testDatabaseUrl: e.TEST_DATABASE_URL,
  });
}

/** Problems of a valid but doubtful configuration, logged once at start-up. */
export function environmentWarnings(e: Env = env()): string[] {
  const out: string[] = [];
  if (e.nodeEnv === 'production' && !e.publicBaseUrlSet) {
    out.push(
      `PUBLIC_BASE_URL is not set: absolute links (nearby map links, MCP links, llms.txt, OpenAPI servers) point at ${e.publicBaseUrl} and the MCP endpoint answers only that host. Set PUBLIC_BASE_URL to the portal's public address (e.g. https://geodata.example.sk).`,
    );
  }
  return out;
}

let cached: Env | undefined;

/** The validated environment; throws with every problem listed when it is invalid. */
export function env(): Env {
  cached ??= load();
  return cached;
}

/** Tests and CLIs that change variables before first use may re-read them. */
export function resetEnvForTests(): void {
  cached = undefined;
}
