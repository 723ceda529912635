// The only place that reads process.env. Everything is validated once, on first use, and frozen.
// `.env` files are read first (Next.js's own loader and order: the real environment wins, then
// .env.$NODE_ENV.local, .env.local (not in tests), .env.$NODE_ENV, .env), so a DATABASE_URL kept in
// .env.local reaches the server before it opens the database, exactly as Next would see it.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
// A bundled CommonJS module whose named exports Node's ESM loader cannot see: the default import.
import nextEnv from '@next/env';
import { z } from 'zod';

const hostPort = z
  .string()
  .regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/, 'expected host or host:port');

/** A comma-separated setting as the list of its trimmed, non-empty items (each through `normalize`). */
function commaList(normalize: (item: string) => string = (item) => item) {
  return z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => normalize(s.trim()))
        .filter(Boolean),
    );
}

/** The server's fast paths (lib/server/fast-path.ts), each switched off by leaving it out of FAST_PATHS. */
const FAST_PATH_NAMES = ['data', 'answers', 'routes'] as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL').optional()),
  // Connections to PostgreSQL per process (worker). Default: this machine's cores + 1, 2 to 10 (lib/db).
  DATABASE_POOL_SIZE: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? Number(v) : Math.min(10, Math.max(2, availableParallelism() + 1))))
    .pipe(z.number().int('expected a whole number of connections').min(1).max(100)),
  PGLITE_DIR: z.string().trim().min(1).default('./data/pglite'),
  REFERENCE_DATA_DIR: z.string().trim().optional(),
  PUBLIC_BASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
    .pipe(z.url({ protocol: /^https?$/ }).optional()),
  ALLOW_INSECURE_SOURCES: commaList((s) => s.toLowerCase()).pipe(z.array(hostPort)),
  MCP_ALLOWED_HOSTS: commaList((s) => s.toLowerCase()).pipe(z.array(hostPort)),
  TRUSTED_PROXIES: commaList(),
  // The server's fast paths (lib/server/fast-path.ts): `all` (default), `none`, or a list of them.
  FAST_PATHS: commaList((s) => s.toLowerCase())
    .transform((v) => (v.length === 0 || v.includes('all') ? [...FAST_PATH_NAMES] : v.includes('none') ? [] : v))
    .pipe(z.array(z.enum(FAST_PATH_NAMES, 'expected all, none, or a comma-separated list of data, answers, routes'))),
  BASEMAP_STYLE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  // Fractions allowed (0.05 = every 3 s), for tests of the refresh loop.
  MANIFEST_REFRESH_MINUTES: z.coerce.number().min(0).default(360),
  LOG_LEVEL: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.enum(LOG_LEVELS).optional()),
  LOG_FORMAT: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.enum(['json', 'pretty']).optional()),
  // Worker processes sharing the port (node:cluster); `auto` = one per core. PostgreSQL only.
  WEB_CONCURRENCY: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (!v ? 1 : v === 'auto' ? availableParallelism() : Number(v)))
    .pipe(z.number().int('expected a whole number of workers or auto').min(1).max(64)),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(600).default(0),
  OPERATOR_NAME: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().max(200).optional()),
  CONTACT_PHONE: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().regex(/^\+?[0-9 ()/-]{6,30}$/, 'expected a phone number, e.g. +421 2 1234 5678').optional()),
  CONTACT_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email().optional()),
  // Outgoing e-mail to providers (lib/notifications): smtp://user:pass@host:587 or smtps://…:465.
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().regex(/^smtps?:\/\/[^\s]+$/, 'expected smtp://[user:password@]host[:port] or smtps://…').optional()),
  SMTP_FROM: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  TEST_DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
});

export type Env = {
  port: number;
  /** Interface to listen on; undefined = every interface (IPv4 and IPv6). */
  host: string | undefined;
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
  /** The fast paths the server answers with before Next.js (FAST_PATHS; all by default, for measuring without them). */
  fastPaths: ReadonlyArray<(typeof FAST_PATH_NAMES)[number]>;
  basemapStyleUrl: string | undefined;
  manifestRefreshMinutes: number;
  /** The operator's contact address shown in the documentation (o-projekte, zdroje.md); optional. */
  contactEmail: string | undefined;
  /** The operator's name shown in every page's footer, o-projekte and the accessibility statement; optional. */
  operatorName: string | undefined;
  /** The operator's phone shown beside the e-mail; optional. */
  contactPhone: string | undefined;
  /** Connections to PostgreSQL per process (DATABASE_POOL_SIZE; default cores + 1, 2 to 10). */
  databasePoolSize: number;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: (typeof LOG_LEVELS)[number];
  /** `pretty` for a person at a terminal (default in development), else one JSON object per line. */
  logFormat: 'json' | 'pretty';
  /** Worker processes started by server.ts (node:cluster, one port); 1 = no cluster. Needs PostgreSQL when > 1. */
  webConcurrency: number;
  /** After SIGTERM: how long requests in flight may take before their connections are cut. */
  shutdownTimeoutSeconds: number;
  /** After SIGTERM: how long the server keeps accepting (with /readyz failing) so that a load balancer notices first. */
  shutdownDelaySeconds: number;
  /** The .env files read at start, for the start-up log. */
  envFiles: string[];
  /** The SMTP server e-mails to providers go through; unset = each e-mail is written to the log instead. */
  smtpUrl: string | undefined;
  /** The From address of those e-mails (default `Geodáta Slovenska <noreply@<PUBLIC_BASE_URL host>>`). */
  smtpFrom: string;
  /** Only for the test suite: run it against this PostgreSQL instead of an embedded PGlite. */
  testDatabaseUrl: string | undefined;
};

const DEFAULT_REFERENCE_DIR = '../shared/data/sk';

let loadedEnvFiles: string[] | undefined;

/**
 * Reads .env files into process.env once (variables already set are kept). `dev` picks
 * .env.development*; by default NODE_ENV decides. The server calls it first with its --dev flag.
 */
export function loadEnvFiles(options: { dev?: boolean; dir?: string } = {}): string[] {
  if (loadedEnvFiles) return loadedEnvFiles;
  const dev = options.dev ?? process.env.NODE_ENV === 'development';
  const quiet = { info: () => undefined, error: () => undefined };
  const dir = options.dir ?? process.cwd();
  const { loadedEnvFiles: files } = nextEnv.loadEnvConfig(dir, dev, quiet);
  loadedEnvFiles = files.map((f) => path.relative(dir, f.path) || f.path);
  return loadedEnvFiles;
}

function load(): Env {
  const envFiles = loadEnvFiles();
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
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteDir: path.resolve(e.PGLITE_DIR),
    referenceDataDir,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`,
    publicBaseUrlSet: e.PUBLIC_BASE_URL !== undefined,
    allowInsecureSources: e.ALLOW_INSECURE_SOURCES,
    mcpAllowedHosts: e.MCP_ALLOWED_HOSTS,
    trustedProxies: e.TRUSTED_PROXIES,
    fastPaths: e.FAST_PATHS,
    basemapStyleUrl: e.BASEMAP_STYLE_URL,
    manifestRefreshMinutes: e.MANIFEST_REFRESH_MINUTES,
    contactEmail: e.CONTACT_EMAIL,
    operatorName: e.OPERATOR_NAME,
    contactPhone: e.CONTACT_PHONE,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? 'info',
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    webConcurrency: e.WEB_CONCURRENCY,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    shutdownDelaySeconds: e.SHUTDOWN_DELAY_SECONDS,
    envFiles,
    testDatabaseUrl: e.TEST_DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? `Geodáta Slovenska <noreply@${new URL(e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).hostname}>`,
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
