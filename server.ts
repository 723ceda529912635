// The portal's HTTP server: prepares the database (migrations, reference data, built-in providers)
// before it listens, then hands requests to Next.js. One process holds the embedded database.
import http from 'node:http';
import compression from 'compression';
import next from 'next';
import { tryServeCachedData } from './lib/data';
import { closeDatabase } from './lib/db';
import { env, environmentWarnings } from './lib/env';
import { REMOTE_ADDR_HEADER, SERVER_COMPRESSES_HEADER } from './lib/http';
import { rejectUndecodablePath, shapeMethodNotAllowed } from './lib/server-guards';
import { prepareServer } from './lib/startup';

export async function startServer(options: { dev?: boolean } = {}): Promise<http.Server> {
  const { port } = env();
  for (const warning of environmentWarnings()) console.warn(`warning: ${warning}`);
  await prepareServer();
  const app = next({ dev: options.dev ?? false, dir: process.cwd(), port, hostname: '0.0.0.0' });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Next's own compression is off (next.config.ts) and this one compresses what passes through
  // Next. Next drops a route's Content-Encoding header, so routes must not gzip themselves behind
  // this server: SERVER_COMPRESSES_HEADER tells them (the data route sends its plain body then).
  const compress = compression();

  const server = http.createServer(async (req, res) => {
    // The client address for rate limits: the socket peer, never a client-supplied header.
    req.headers[REMOTE_ADDR_HEADER] = req.socket.remoteAddress ?? 'unknown';
    req.headers[SERVER_COMPRESSES_HEADER] = '1';
    // Fresh data-cache hits are answered before Next.js (tens of times cheaper; lib/data/fast-path.ts).
    if (rejectUndecodablePath(req, res)) return;
    if (await tryServeCachedData(req, res)) return;
    shapeMethodNotAllowed(req, res);
    compress(req as never, res as never, () => {
      handle(req, res).catch((err: unknown) => {
        console.error('request failed', err);
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        }
        res.end(JSON.stringify({ error: 'Internal error; it has been logged.', code: 'internal_error' }));
      });
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, resolve));
  console.log(`portal listening on http://localhost:${port}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing`);
    server.close();
    server.closeAllConnections();
    await closeDatabase().catch((e: unknown) => console.error('closing the database failed', e));
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return server;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server.ts')) {
  startServer({ dev: process.argv.includes('--dev') }).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
