// Node-level guards of the custom server, before Next.js, for what Next answers without the portal's
// error shape: paths that do not percent-decode (Next answers a bare 500) and methods a route does
// not export (a bare 405 without CORS). Both become `{ error, code }` with CORS, like every API answer.
import type http from 'node:http';
import { CORS_HEADERS } from './http';

function sendJson(res: http.ServerResponse, status: number, body: Record<string, string>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...CORS_HEADERS, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(text);
}

/** Answers a path that does not decode with 400 invalid_query; returns true when it answered. */
export function rejectUndecodablePath(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const path = (req.url ?? '/').split('?')[0];
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    sendJson(res, 400, { error: 'The request path is not valid percent-encoding.', code: 'invalid_query' });
    return true;
  }
}

/**
 * Answers a method the route's handler does not export (Next.js would give a bare 405 without CORS)
 * with 405 method_not_allowed in the error shape, before Next; returns true when it answered. Only
 * for route handlers (/api/*, /mcp, the OGC API, documents): `allowed` is what the route file exports,
 * undefined for pages and unknown paths (Next answers those). HEAD is taken where GET is, OPTIONS
 * everywhere (Next implements both when a route does not).
 */
export function rejectMethodNotAllowed(req: http.IncomingMessage, res: http.ServerResponse, allowed: ReadonlySet<string> | undefined): boolean {
  const method = req.method ?? 'GET';
  if (!allowed || allowed.has(method) || method === 'OPTIONS' || (method === 'HEAD' && allowed.has('GET'))) return false;
  // Not an HTTP method at all: Next answers it (400).
  if (!['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(method)) return false;
  const path = (req.url ?? '/').split('?')[0];
  sendJson(res, 405, { error: `Method ${method} is not allowed on ${path}.`, code: 'method_not_allowed' });
  return true;
}
