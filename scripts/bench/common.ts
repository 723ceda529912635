// Small pieces every benchmark shares.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../../lib/db';

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

const PG_HOST_URL = 'postgres://root@127.0.0.1:5432';

/**
 * Runs `bench` on a throwaway embedded PGlite directory (unless `postgresOnly`), then on a throwaway
 * PostgreSQL database `portal_bench_<name>` (dropped afterwards; a PostgreSQL that cannot be reached
 * adds a "skipped" line instead). Returns the lines each run produced, in that order.
 */
export async function onBothDrivers(
  name: string,
  bench: (label: 'PGlite' | 'PostgreSQL', handle: DatabaseHandle) => Promise<string[]>,
  options: { postgresOnly?: boolean } = {},
): Promise<string[]> {
  const lines: string[] = [];
  if (!options.postgresOnly) {
    console.log(`${name}: embedded PGlite (throwaway directory)`);
    const dir = mkdtempSync(path.join(os.tmpdir(), `portal-bench-${name}-`));
    try {
      const h = await openDatabase({ pgliteDir: dir, migrate: true, requireHost: true });
      try {
        lines.push(...(await bench('PGlite', h)));
      } finally {
        await h.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const database = `portal_bench_${name}`;
  console.log(`${name}: PostgreSQL (${database})`);
  const admin = postgres(`${PG_HOST_URL}/postgres`, { max: 1, onnotice: () => undefined, connect_timeout: 5 });
  try {
    await admin.unsafe(`drop database if exists ${database}`);
    await admin.unsafe(`create database ${database}`);
    try {
      const h = await openDatabase({ databaseUrl: `${PG_HOST_URL}/${database}`, migrate: true });
      try {
        lines.push(...(await bench('PostgreSQL', h)));
      } finally {
        await h.close();
      }
    } finally {
      await admin.unsafe(`drop database if exists ${database}`);
    }
  } catch (e) {
    lines.push(`PostgreSQL skipped: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await admin.end();
  }
  return lines;
}

/**
 * The route table server.ts uses: the build's (`loadRouteTable`), or, where nothing is built (a bench
 * run from a fresh checkout), the same table derived from the app directory by Next.js's own route
 * sorting and regexes. Without it the listener would match no route and its fast paths would never
 * answer, so the bench would measure Next's path under the fast path's name.
 */
export async function benchRouteTable(): Promise<import('../../lib/server/routes').RouteTable> {
  const { loadRouteTable, exportedMethods } = await import('../../lib/server/routes');
  const built = loadRouteTable();
  if (built.statics.size || built.dynamics.length) return built;
  const { readdirSync } = await import('node:fs');
  const { getSortedRoutes } = (await import('next/dist/shared/lib/router/utils/sorted-routes.js')) as { getSortedRoutes: (pages: string[]) => string[] };
  const { getRouteRegex } = (await import('next/dist/shared/lib/router/utils/route-regex.js')) as { getRouteRegex: (page: string) => { re: RegExp; groups: Record<string, unknown> } };
  const appDir = path.join(process.cwd(), 'app');
  const pages: string[] = [];
  for (const entry of readdirSync(appDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/^(route\.ts|page\.tsx)$/.test(entry.name)) continue;
    const segments = path.relative(appDir, entry.parentPath).split(path.sep).filter((s) => s && !/^\(.*\)$/.test(s));
    if (segments.some((s) => s.startsWith('_') || s.startsWith('@'))) continue;
    pages.push(`/${segments.join('/')}`);
  }
  const sorted = getSortedRoutes([...new Set(pages)]);
  const dynamic = (page: string) => page.includes('[');
  const methods = new Map<string, ReadonlySet<string>>();
  for (const page of sorted) {
    const exported = exportedMethods(process.cwd(), page);
    if (exported) methods.set(page, exported);
  }
  return {
    statics: new Set(sorted.filter((p) => !dynamic(p))),
    dynamics: sorted.filter(dynamic).map((page) => {
      const { re, groups } = getRouteRegex(page);
      return { page, regex: re, names: Object.keys(groups) };
    }),
    methods,
  };
}
