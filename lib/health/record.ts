// Recording requests to providers: each one counts in the Prometheus metrics at once and is written
// to `source_requests` in batches (one multi-row insert per second at most), so a burst of cache
// misses costs one write, not one per request. The buffer is process-wide (lib/process-state.ts: the
// routes record, shutdown in server.ts flushes).
import { getDb } from '@/lib/db';
import { sourceRequests } from '@/lib/db/schema';
import { logger } from '@/lib/observability/log';
import { observeUpstream } from '@/lib/observability/metrics';
import { processWide } from '@/lib/process-state';

type SourceKind = 'data' | 'manifest' | 'point';

export interface SourceRecord {
  providerId: string;
  /** null for the manifest. */
  datasetId: string | null;
  kind: SourceKind;
  at: Date;
  ms: number;
  /** `ok` or the error code. */
  outcome: string;
  bytes: number;
  /** The HTTP status of a failure that had one (`http_error`), else null. */
  httpStatus: number | null;
}

/** The write is delayed this long so that the records of a burst go in one insert. */
const FLUSH_DELAY_MS = 1000;
/** Records kept while the database is unreachable; older ones are dropped first. */
const MAX_BUFFERED = 10_000;

interface Recorder {
  buffer: SourceRecord[];
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
  /** Bumped by every successful write: the health summary recomputes early when it changed. */
  writes: number;
}

function recorder(): Recorder {
  return processWide<Recorder>('sourceRecorder', () => ({ buffer: [], writes: 0 }));
}

/** Records one request to a provider (metrics now, the database within a second). */
export function recordSourceRequest(record: Omit<SourceRecord, 'at' | 'httpStatus'> & { at?: Date; httpStatus?: number | null }): void {
  const r: SourceRecord = { ...record, at: record.at ?? new Date(), ms: Math.max(0, Math.round(record.ms)), httpStatus: record.httpStatus ?? null };
  observeUpstream(r.providerId, r.kind, r.outcome, r.ms / 1000);
  const rec = recorder();
  rec.buffer.push(r);
  if (rec.buffer.length > MAX_BUFFERED) rec.buffer.splice(0, rec.buffer.length - MAX_BUFFERED);
  if (!rec.timer) {
    rec.timer = setTimeout(() => {
      rec.timer = undefined;
      void flushSourceRecords().catch((err: unknown) => logger().warn({ err }, 'provider health: writing records failed; retrying with the next batch'));
    }, FLUSH_DELAY_MS);
    rec.timer.unref();
  }
}

/** Writes the buffered records now (shutdown, tests). */
export async function flushSourceRecords(): Promise<void> {
  const rec = recorder();
  if (rec.timer) {
    clearTimeout(rec.timer);
    rec.timer = undefined;
  }
  while (rec.flushing) await rec.flushing;
  if (!rec.buffer.length) return;
  const batch = rec.buffer.splice(0);
  const write = (async () => {
    try {
      const db = await getDb();
      await db.insert(sourceRequests).values(batch);
      rec.writes++;
    } catch (err) {
      // Back into the buffer (before newer records) for the next attempt.
      const room = MAX_BUFFERED - rec.buffer.length;
      if (room > 0) rec.buffer.unshift(...batch.slice(Math.max(0, batch.length - room)));
      throw err;
    }
  })();
  rec.flushing = write;
  try {
    await write;
  } finally {
    rec.flushing = undefined;
  }
}

/** How many batches this process has written (the summary's hint that something changed). */
export function recordedWrites(): number {
  return recorder().writes;
}
