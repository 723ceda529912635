// Route templates for metrics and logs: `/api/data/[provider]/[dataset]`, never the raw path, so the
// label values stay a short closed list whatever clients request. The templates are Next.js's own,
// read from the build's routes manifest (static routes exactly, dynamic ones by their regexes in
// Next's matching order); the server's own endpoints and Next's assets are named here.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The label of any path no route matches (404s of unknown paths). */
export const UNMATCHED_ROUTE = '[unmatched]';

/** Endpoints answered by server.ts itself, before Next.js. */
const SERVER_ROUTES = ['/healthz', '/readyz', '/metrics'] as const;

interface RoutesManifest {
  staticRoutes?: Array<{ page: string }>;
  dynamicRoutes?: Array<{ page: string; regex: string }>;
}

export interface RouteTable {
  statics: Set<string>;
  dynamics: Array<{ page: string; regex: RegExp }>;
}

/** The route table of a build directory (`.next`, or `.next/dev` for `next dev`); empty without one. */
export function loadRouteTable(projectDir = process.cwd()): RouteTable {
  for (const dir of ['.next', path.join('.next', 'dev')]) {
    const file = path.join(projectDir, dir, 'routes-manifest.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as RoutesManifest;
    return {
      statics: new Set((manifest.staticRoutes ?? []).map((r) => r.page)),
      dynamics: (manifest.dynamicRoutes ?? []).map((r) => ({ page: r.page, regex: new RegExp(r.regex) })),
    };
  }
  return { statics: new Set(), dynamics: [] };
}

/** The route template of a request target (query ignored). */
export function routeTemplate(table: RouteTable, target: string): string {
  const q = target.indexOf('?');
  let pathname = q < 0 ? target : target.slice(0, q);
  if (pathname.startsWith('/_next/')) {
    if (pathname.startsWith('/_next/static/')) return '/_next/static/[...path]';
    if (pathname === '/_next/image') return '/_next/image';
    return '/_next/[...path]';
  }
  if ((SERVER_ROUTES as readonly string[]).includes(pathname)) return pathname;
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  if (table.statics.has(pathname)) return pathname;
  for (const d of table.dynamics) if (d.regex.test(pathname)) return d.page;
  return UNMATCHED_ROUTE;
}
