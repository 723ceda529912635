// Route templates for metrics and logs: `/api/data/[provider]/[dataset]`, never the raw path, so the
// label values stay a short closed list whatever clients request. The templates are Next.js's own,
// read from the build's routes manifest (static routes exactly, dynamic ones by their regexes in
// Next's matching order); the server's own endpoints and Next's assets are named here. With them,
// the methods each route handler exports, read from its file (app/<page>/route.ts), so that the
// server answers a method a route does not take in the API's error shape (lib/server-guards.ts).
// And for the route fast path (lib/server/fast-path.ts): each route handler's compiled module, from
// the build's app-paths manifest (the file Next.js itself loads), and the patterns of the redirects,
// rewrites and headers Next.js applies before a route (a path one of them matches is Next's).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The label of any path no route matches (404s of unknown paths). */
export const UNMATCHED_ROUTE = '[unmatched]';

/** Endpoints answered by server.ts itself, before Next.js. */
const SERVER_ROUTES = ['/healthz', '/readyz', '/metrics'] as const;

interface RoutesManifest {
  staticRoutes?: Array<{ page: string }>;
  dynamicRoutes?: Array<{ page: string; regex: string }>;
  basePath?: string;
  i18n?: unknown;
  redirects?: Array<{ regex: string }>;
  headers?: Array<{ regex: string }>;
  onMatchHeaders?: Array<{ regex: string }>;
  rewrites?: Array<{ regex: string }> | Partial<Record<'beforeFiles' | 'afterFiles' | 'fallback', Array<{ regex: string }>>>;
}

export interface RouteTable {
  statics: Set<string>;
  /** `names`: the page's parameters in the order of the regex's groups (`[provider]` -> provider). */
  dynamics: Array<{ page: string; regex: RegExp; names?: string[] }>;
  /** The HTTP methods each route handler exports, by page (pages without a route.ts are absent). */
  methods?: Map<string, ReadonlySet<string>>;
  /** The compiled module of each route handler (app/<page>/route.ts), as an absolute path, by page. */
  handlers?: Map<string, string>;
  /** Paths Next.js redirects, rewrites or adds headers to before any route (its routes manifest). */
  nextRules?: RegExp[];
}

const EXPORTED_METHOD = /^export\s+(?:const|async\s+function|function)\s+(GET|HEAD|POST|PUT|DELETE|PATCH|OPTIONS)\b/gm;

/** The methods `app/<page>/route.ts` exports (tests/ops/routes.test.ts checks them against the modules); null without such a file. */
export function exportedMethods(projectDir: string, page: string): Set<string> | null {
  const file = path.join(projectDir, 'app', ...page.split('/').filter(Boolean), 'route.ts');
  if (!existsSync(file)) return null;
  return new Set([...readFileSync(file, 'utf8').matchAll(EXPORTED_METHOD)].map((m) => m[1]));
}

/** The parameter names of a page template, in order; null for catch-all segments (not needed here). */
function paramNames(page: string): string[] | null {
  const names = [...page.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
  return names.some((n) => n.startsWith('...') || n.startsWith('[')) ? null : names;
}

/**
 * The route table of a build directory (`.next`, or `.next/dev` for `next dev`); empty without one.
 * `handlers: false` (`next dev`, which recompiles routes) leaves out the route handler modules.
 */
export function loadRouteTable(projectDir = process.cwd(), options: { handlers?: boolean } = {}): RouteTable {
  for (const dir of ['.next', path.join('.next', 'dev')]) {
    const file = path.join(projectDir, dir, 'routes-manifest.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as RoutesManifest;
    const pages = [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].map((r) => r.page);
    const methods = new Map<string, ReadonlySet<string>>();
    for (const page of pages) {
      const exported = exportedMethods(projectDir, page);
      if (exported) methods.set(page, exported);
    }
    return {
      statics: new Set((manifest.staticRoutes ?? []).map((r) => r.page)),
      dynamics: (manifest.dynamicRoutes ?? []).map((r) => ({ page: r.page, regex: new RegExp(r.regex), names: paramNames(r.page) ?? undefined })),
      methods,
      handlers: options.handlers === false ? undefined : routeHandlerModules(path.join(projectDir, dir), manifest),
      nextRules: nextRules(manifest),
    };
  }
  return { statics: new Set(), dynamics: [] };
}

/**
 * The compiled route handler modules of a build, by page, from the app-paths manifest Next.js loads
 * its routes by (`/api/places/route` -> `<dist>/server/app/api/places/route.js`). None with a base
 * path or i18n, whose URL forms Next.js rewrites before routing.
 */
function routeHandlerModules(distDir: string, manifest: RoutesManifest): Map<string, string> {
  const out = new Map<string, string>();
  const file = path.join(distDir, 'server', 'app-paths-manifest.json');
  if (manifest.basePath || manifest.i18n || !existsSync(file)) return out;
  for (const [entry, module] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)) {
    if (entry.endsWith('/route')) out.set(entry.slice(0, -'/route'.length) || '/', path.join(distDir, 'server', module));
  }
  return out;
}

/** The patterns of every redirect, rewrite and header rule of the routes manifest (Next's own and next.config's). */
function nextRules(manifest: RoutesManifest): RegExp[] {
  const rewrites = Array.isArray(manifest.rewrites) ? manifest.rewrites : Object.values(manifest.rewrites ?? {}).flat();
  return [...(manifest.redirects ?? []), ...rewrites, ...(manifest.headers ?? []), ...(manifest.onMatchHeaders ?? [])].map((r) => new RegExp(r.regex));
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

/**
 * The parameters of `pathname` under the dynamic route `page`, read by the route's regex and
 * percent-decoded as Next.js decodes them; null when the path is not that route's or does not decode.
 */
export function routeParams(table: RouteTable, page: string, pathname: string): Record<string, string> | null {
  const route = table.dynamics.find((d) => d.page === page);
  const m = route?.names ? route.regex.exec(pathname) : null;
  if (!route?.names || !m) return null;
  const params: Record<string, string> = {};
  try {
    route.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
  } catch {
    return null;
  }
  return params;
}
