// The portal's logger (pino): one JSON object per line on stdout, level from LOG_LEVEL, readable
// lines (pino-pretty, in process) with LOG_FORMAT=pretty, the default in development.
//
// The logger is process-wide (lib/process-state.ts): server.ts and the routes write through one
// stream. In JSON mode the stream is buffered (a write per ~4 KB instead of one per line: the request
// log must stay cheap) and flushed at least twice a second and on shutdown (`flushLogs`).
import type { Writable } from 'node:stream';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { env } from '@/lib/env';
import { processWide } from '@/lib/process-state';

const FLUSH_INTERVAL_MS = 500;

interface Holder {
  logger: Logger;
  flush(): void;
}

function create(destination?: DestinationStream | Writable): Holder {
  const e = env();
  const options: pino.LoggerOptions = {
    level: e.logLevel,
    base: { pid: process.pid },
    // ISO time: readable in any log shipper without configuration.
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  if (destination) return { logger: pino(options, destination as DestinationStream), flush: () => undefined };
  if (e.logFormat === 'pretty') {
    const stream = pretty({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid', sync: true });
    return { logger: pino(options, stream), flush: () => undefined };
  }
  // Tests and CLIs write synchronously (nothing is lost when they exit at once); the server buffers.
  const buffered = e.nodeEnv === 'production';
  const stream = pino.destination({ dest: 1, sync: !buffered, minLength: buffered ? 4096 : 0 });
  if (buffered) setInterval(() => stream.flush(), FLUSH_INTERVAL_MS).unref();
  const flush = () => {
    try {
      stream.flushSync();
    } catch {
      // flushSync throws while an asynchronous write is still in progress; that write completes anyway.
    }
  };
  return { logger: pino(options, stream), flush };
}

/** The process-wide slot of the logger. */
const slot = () => processWide<{ holder?: Holder }>('logger', () => ({}));

/** The process's logger. */
export function logger(): Logger {
  const s = slot();
  s.holder ??= create();
  return s.holder.logger;
}

/** Writes what is buffered (before the process exits). */
export function flushLogs(): void {
  slot().holder?.flush();
}

/** Sends the log elsewhere (benches: a null stream; tests: a collecting stream). */
export function setLogDestination(destination: DestinationStream | Writable): Logger {
  const s = slot();
  s.holder = create(destination);
  return s.holder.logger;
}
