// Serves Next.js route handler functions over real HTTP on 127.0.0.1, for tests whose client must
// speak HTTP (the MCP SDK client, fetch-based clients). The handlers are the app's own exports.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { withRequestContext } from '@/lib/process-state';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

export interface RouteServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function serveRoutes(routes: Record<string, Partial<Record<string, Handler>>>): Promise<RouteServer> {
  const server = http.createServer(async (req, res) => {
    try {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const handler = routes[path]?.[req.method ?? 'GET'];
      if (!handler) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no route","code":"not_found"}');
        return;
      }
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const body = chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
      const request = new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body });
      const peer = req.socket.remoteAddress ?? 'unknown';
      const response = await withRequestContext({ peer, serverCompresses: false }, () => handler(request, { params: Promise.resolve({}) }));
      const out: Record<string, string> = {};
      response.headers.forEach((v, k) => (out[k] = v));
      res.writeHead(response.status, out);
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (err) {
      res.writeHead(599).end(String(err));
    }
  });
  // Longer than a client's idle pause between calls on a busy machine: a connection the server closes
  // just as the client reuses it fails with ECONNRESET (the portal's server.ts uses the same 65 s).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
