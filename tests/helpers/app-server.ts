// Serves the app's own route handlers (app/**/route.ts) over real HTTP on 127.0.0.1, matched the way
// Next.js matches them (static segment, then [param], then [...catchAll]), for clients that must
// speak HTTP and follow absolute links — GDAL's OAPIF and MVT drivers. The server also accepts
// proxy-style request targets (`GET http://localhost:3000/ogc HTTP/1.1`), so a client pointed at it
// as its HTTP proxy reaches the links the portal writes on its configured PUBLIC_BASE_URL.
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { withRequestContext } from '@/lib/process-state';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response> | Response;
type Segment = { kind: 'static'; name: string } | { kind: 'param'; name: string } | { kind: 'catchAll'; name: string };

interface AppRoute {
  pattern: string;
  segments: Segment[];
  module: Record<string, unknown>;
}

export interface AppServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `127.0.0.1:<port>`, for a client's proxy setting. */
  proxy: string;
  /** Requests served, `METHOD path?query` in order. */
  log: string[];
  close(): Promise<void>;
}

const APP_DIR = path.join(process.cwd(), 'app');

function discover(prefixes: string[]): Array<{ pattern: string; segments: Segment[]; file: string }> {
  const files = (readdirSync(APP_DIR, { recursive: true }) as string[]).filter((f) => /(^|\/)route\.ts$/.test(f));
  const out = [];
  for (const file of files) {
    const dirs = path.dirname(file) === '.' ? [] : path.dirname(file).split(path.sep).filter((d) => !/^\(.*\)$/.test(d));
    const pattern = `/${dirs.join('/')}`;
    if (!prefixes.some((p) => pattern === p || pattern.startsWith(`${p}/`))) continue;
    const segments: Segment[] = dirs.map((d) => {
      const catchAll = /^\[\.\.\.(.+)\]$/.exec(d);
      if (catchAll) return { kind: 'catchAll', name: catchAll[1] };
      const param = /^\[(.+)\]$/.exec(d);
      return param ? { kind: 'param', name: param[1] } : { kind: 'static', name: d };
    });
    out.push({ pattern, segments, file: path.join(APP_DIR, file) });
  }
  return out;
}

/** Next's precedence: at each segment a static name beats a parameter, which beats a catch-all. */
function match(routes: AppRoute[], parts: string[]): { route: AppRoute; params: Record<string, string | string[]> } | null {
  const rank = { static: 0, param: 1, catchAll: 2 } as const;
  const candidates: Array<{ route: AppRoute; params: Record<string, string | string[]>; score: number[] }> = [];
  for (const route of routes) {
    const params: Record<string, string | string[]> = {};
    const score: number[] = [];
    let ok = true;
    for (let i = 0; i < route.segments.length && ok; i++) {
      const s = route.segments[i];
      score.push(rank[s.kind]);
      if (s.kind === 'catchAll') {
        if (i >= parts.length) ok = false;
        else params[s.name] = parts.slice(i);
        break;
      }
      if (i >= parts.length) ok = false;
      else if (s.kind === 'static') ok = s.name === parts[i];
      else params[s.name] = parts[i];
    }
    const last = route.segments[route.segments.length - 1];
    if (ok && (last?.kind === 'catchAll' || route.segments.length === parts.length)) candidates.push({ route, params, score });
  }
  candidates.sort((a, b) => {
    for (let i = 0; i < Math.max(a.score.length, b.score.length); i++) {
      const d = (a.score[i] ?? 3) - (b.score[i] ?? 3);
      if (d) return d;
    }
    return 0;
  });
  return candidates[0] ?? null;
}

/** Serves every route under the given path prefixes (e.g. `['/ogc', '/api/data']`). */
export async function serveApp(prefixes: string[]): Promise<AppServer> {
  const routes: AppRoute[] = [];
  for (const r of discover(prefixes)) routes.push({ pattern: r.pattern, segments: r.segments, module: (await import(r.file)) as Record<string, unknown> });
  const log: string[] = [];
  const server = http.createServer(async (req, res) => {
    try {
      const target = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
      log.push(`${req.method} ${target.pathname}${target.search}`);
      const parts = target.pathname.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
      const found = match(routes, parts);
      const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
      const handler = found?.route.module[method] as Handler | undefined;
      if (!found || !handler) {
        res.writeHead(found ? 405 : 404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'no such route', code: found ? 'method_not_allowed' : 'not_found' }));
        return;
      }
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'proxy-connection') headers.set(k, v);
      const body = chunks.length && method !== 'GET' ? Buffer.concat(chunks) : undefined;
      const peer = req.socket.remoteAddress ?? 'unknown';
      const response = await withRequestContext({ peer, serverCompresses: false }, () => handler(new Request(target, { method, headers, body }), { params: Promise.resolve(found.params) }));
      const out: Record<string, string> = {};
      response.headers.forEach((v, k) => (out[k] = v));
      const bytes = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, out);
      res.end(req.method === 'HEAD' ? undefined : bytes);
    } catch (err) {
      res.writeHead(599).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    proxy: `127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
