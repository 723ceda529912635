// The portal's HTTP server. It reads .env files, opens the port first (a port in use is reported
// before anything else happens; /healthz, /readyz and /metrics answer from then on), then prepares
// the database (migrations, reference data, built-in providers) and Next.js, and only then serves
// the application. SIGTERM/SIGINT shut it down gracefully (lib/server/shutdown.ts).
// WEB_CONCURRENCY > 1 (PostgreSQL only) makes this process the primary of that many workers sharing
// the port (lib/server/cluster.ts); each worker is the server described here.
import cluster from 'node:cluster';
import http from 'node:http';
import next from 'next';
import { env, environmentWarnings, loadEnvFiles } from './lib/env';
import { logger, flushLogs } from './lib/observability/log';
import { startProcessMetrics } from './lib/observability/metrics';
import { reportWorkerReady, runPrimary } from './lib/server/cluster';
import { limitHeapGrowth } from './lib/server/heap';
import { markReady, setStep } from './lib/server/lifecycle';
import { warmViewImages } from './lib/mapimage/view';
import { createRequestListener, type NextHandler } from './lib/server/listener';
import { loadRouteTable, type RouteTable } from './lib/server/routes';
import { shutdownGracefully } from './lib/server/shutdown';
import { prepareServer } from './lib/startup';

/** Listens, or rejects with a sentence an operator can act on (port in use, no permission). */
function listen(server: http.Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const where = `${host ?? 'every interface'} port ${port}`;
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') reject(new Error(`Port ${port} is already in use (${where}): another portal or program listens there. Stop it or set PORT.`));
      else if (err.code === 'EACCES') reject(new Error(`No permission to listen on ${where}; ports below 1024 need privileges. Set PORT.`));
      else if (err.code === 'EADDRNOTAVAIL') reject(new Error(`HOST ${host} is not an address of this machine.`));
      else reject(err);
    });
    server.listen({ port, host }, () => resolve());
  });
}

export async function startServer(options: { dev?: boolean } = {}): Promise<http.Server> {
  const dev = options.dev ?? false;
  loadEnvFiles({ dev });
  const { port, host, envFiles } = env();
  const log = logger();
  for (const warning of environmentWarnings()) log.warn(warning);
  startProcessMetrics();

  let handle: NextHandler | null = null;
  // The build's routes label the metrics from the first request on (`next dev` writes its own later).
  let routes: RouteTable = loadRouteTable(process.cwd(), { handlers: !dev });
  // Next.js gives route handlers URLs of its own hostname and port (base-server's initURL).
  const nextHostname = host ?? 'localhost';
  const urlHost = `${nextHostname.includes(':') ? `[${nextHostname}]` : nextHostname}:${port}`;
  const listener = createRequestListener({ app: () => handle, routes: () => routes, urlHost });
  const server = http.createServer(listener);
  server.keepAliveTimeout = 65_000;
  await listen(server, port, host);
  const shown = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  log.info({ port, host: host ?? null, envFiles }, `portal listening on http://${shown}:${port} (starting)`);

  let stopping: Promise<void> | undefined;
  const stop = (signal: string) => {
    stopping ??= shutdownGracefully(server, listener, signal).then(
      () => process.exit(0),
      (err: unknown) => {
        log.fatal({ err }, 'shutdown failed');
        flushLogs();
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await prepareServer();
  setStep('app', 'loading');
  const app = next({ dev, dir: process.cwd(), port, hostname: nextHostname });
  await app.prepare();
  routes = loadRouteTable(process.cwd(), { handlers: !dev });
  handle = app.getRequestHandler() as NextHandler;
  setStep('app', 'ok');
  if (!stopping) markReady();
  reportWorkerReady();
  log.info(`portal ready on http://${shown}:${port}`);
  // The home page's first pictures (components/map/map-facade.tsx), drawn once the portal answers.
  void warmViewImages();
  return server;
}

/**
 * Starts the server, or with WEB_CONCURRENCY > 1 the primary of its workers; a start-up failure is
 * logged as one line an operator can act on, and the process exits 1.
 */
export function runServer(options: { dev?: boolean } = {}): void {
  const start = async () => {
    limitHeapGrowth();
    if (cluster.isPrimary && !options.dev) {
      loadEnvFiles({ dev: false });
      if (env().webConcurrency > 1) return runPrimary(env().webConcurrency);
    }
    await startServer(options);
  };
  start().catch((err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    try {
      logger().fatal({ err }, `start-up failed: ${message}`);
      flushLogs();
    } catch {
      // An invalid environment leaves no logger: the message alone, on stderr.
      process.stderr.write(`start-up failed: ${message}\n`);
    }
    process.exit(1);
  });
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server.ts')) {
  runServer({ dev: process.argv.includes('--dev') });
}
