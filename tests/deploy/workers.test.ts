// WEB_CONCURRENCY (lib/server/cluster.ts): two workers of one production server on a throwaway
// PostgreSQL share the port and both answer; SIGTERM to the primary shuts both down gracefully and the
// primary exits 0. On the embedded PGlite the same setting is refused with a message saying why.
//
// `npm run test:deploy` (vitest.deploy.config.ts), like tests/deploy/instances.test.ts.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { request, sleep } from '../../scripts/resilience/common';
import { cleanupAll, createThrowawayDatabase, startPortal, type Portal } from '../../scripts/resilience/portal';

interface LogLine {
  pid?: number;
  msg?: string;
  route?: string;
  status?: number;
}

function logLines(p: Portal): LogLine[] {
  return readFileSync(p.logFile, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l) as LogLine;
      } catch {
        return {};
      }
    });
}

function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

afterAll(async () => {
  await cleanupAll();
});

describe('WEB_CONCURRENCY', () => {
  test('two workers on PostgreSQL both answer and shut down cleanly on SIGTERM', async () => {
    const portal = await startPortal({
      name: 'workers',
      databaseUrl: createThrowawayDatabase('workers'),
      env: { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' },
      readyTimeoutMs: 600_000,
    });
    // Each request on its own connection: the primary hands connections to the workers in turn.
    const answeredBy = new Set<number>();
    const deadline = Date.now() + 300_000;
    while (answeredBy.size < 2 && Date.now() < deadline) {
      const replies = await Promise.all(Array.from({ length: 8 }, () => request(portal.url, '/api/catalog', { timeoutMs: 30_000 })));
      await sleep(700); // the request log is flushed twice a second
      for (const line of logLines(portal)) {
        if (line.msg === 'request' && line.route === '/api/catalog' && line.status === 200 && line.pid) answeredBy.add(line.pid);
      }
      if (replies.some((r) => r.status !== 200)) await sleep(1000); // a worker still starting (503)
    }
    expect(answeredBy.size).toBe(2);
    expect(answeredBy.has(portal.pid)).toBe(false);
    const primaryLines = logLines(portal).filter((l) => l.pid === portal.pid);
    expect(primaryLines.some((l) => /starting 2 workers/.test(l.msg ?? ''))).toBe(true);

    portal.signal('SIGTERM');
    const exit = await portal.exited();
    expect(exit).toEqual({ code: 0, signal: null });
    for (const pid of answeredBy) expect(gone(pid)).toBe(true);
    const lines = logLines(portal);
    for (const pid of answeredBy) expect(lines.some((l) => l.pid === pid && l.msg === 'shutdown complete')).toBe(true);
    expect(lines.some((l) => l.pid === portal.pid && l.msg === 'primary: every worker stopped cleanly')).toBe(true);
  });

  test('on the embedded PGlite the setting is refused, saying why', async () => {
    await expect(startPortal({ name: 'workers-pglite', env: { WEB_CONCURRENCY: '2' }, readyTimeoutMs: 60_000 })).rejects.toThrow(
      /WEB_CONCURRENCY=2 needs PostgreSQL \(DATABASE_URL\)\. The embedded PGlite database lives inside one process/,
    );
  });
});
