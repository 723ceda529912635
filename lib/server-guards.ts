// Node-level guards of the custom server for what Next.js answers without the portal's error
// shape: paths that do not percent-decode (Next answers a bare 500) and methods a route does not
// export (a bare 405 without CORS). Both become `{ error, code }` with CORS, like every API answer.
import type http from 'node:http';
import { CORS_HEADERS } from './http';

function sendJson(res: http.ServerResponse, status: number, body: Record<string, string>): void {
  res.statusCode = status;
  sendJsonVia(res.end.bind(res) as (...args: unknown[]) => unknown, res, body);
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

/** Gives Next's bare 405 for /api/*, /mcp and the OGC API (/ogc, not its HTML pages) the error shape and CORS. */
export function shapeMethodNotAllowed(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0];
  if (!path.startsWith('/api/') && path !== '/mcp' && !/^\/ogc(\/|$)/.test(path)) return;
  const body = { error: `Method ${req.method} is not allowed on ${path}.`, code: 'method_not_allowed' };
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
  let replaced = false;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status !== 405) return writeHead(status, ...rest);
    replaced = true;
    const text = JSON.stringify(body);
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    return writeHead(405, { ...CORS_HEADERS, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  }) as typeof res.writeHead;
  res.end = ((...args: unknown[]) => {
    if (replaced) return end(JSON.stringify(body));
    if (res.statusCode === 405 && !res.headersSent) {
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      sendJsonVia(end, res, body);
      return res;
    }
    return end(...args);
  }) as typeof res.end;
}

function sendJsonVia(end: (...args: unknown[]) => unknown, res: http.ServerResponse, body: Record<string, string>): void {
  const text = JSON.stringify(body);
  for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.setHeader('Cache-Control', 'no-store');
  end(text);
}
