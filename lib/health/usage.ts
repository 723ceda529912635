// The use of providers' data: every answer the portal serves with a dataset's data (GET /api/data and
// its fast path, nearby, summaries, MCP fetch_data, OGC API — all through lib/data) is counted in
// memory and added to `dataset_usage` (one row per dataset and day) in batches, so a burst of cached
// answers costs one upsert per dataset, not a write per request.
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { datasetUsage } from '@/lib/db/schema';
import { logger } from '@/lib/observability/log';
import { processWide } from '@/lib/process-state';
import type { UsageDay } from './schema';

/** Counts are written at most this often. */
const FLUSH_DELAY_MS = 5000;
/** Rows older than this are pruned by the maintenance round. */
const USAGE_RETENTION_DAYS = 400;

interface Counter {
  counts: Map<string, number>;
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
}
const counter = (): Counter => processWide<Counter>('datasetUsage', () => ({ counts: new Map() }));

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bratislava', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The day (Europe/Bratislava, `YYYY-MM-DD`) a moment belongs to. */
function usageDay(at: Date = new Date()): string {
  return dayFormat.format(at);
}

/** Today's day string, recomputed at most once a minute (the count sits on the data fast path). */
let today = { day: '', until: 0 };
function currentDay(): string {
  const now = Date.now();
  if (now >= today.until) today = { day: usageDay(new Date(now)), until: now + 60_000 };
  return today.day;
}

/** One answer served with the dataset's data. */
export function countDatasetUse(providerId: string, datasetId: string, at?: Date): void {
  const c = counter();
  const key = `${providerId}\u0000${datasetId}\u0000${at ? usageDay(at) : currentDay()}`;
  c.counts.set(key, (c.counts.get(key) ?? 0) + 1);
  if (!c.timer) {
    c.timer = setTimeout(() => {
      c.timer = undefined;
      void flushDatasetUsage().catch((err: unknown) => logger().warn({ err }, 'dataset usage: writing the counts failed; kept for the next batch'));
    }, FLUSH_DELAY_MS);
    c.timer.unref();
  }
}

/** Adds the counted uses to the table now (shutdown, tests, the provider page). */
export async function flushDatasetUsage(): Promise<void> {
  const c = counter();
  if (c.timer) {
    clearTimeout(c.timer);
    c.timer = undefined;
  }
  while (c.flushing) await c.flushing;
  if (!c.counts.size) return;
  const batch = [...c.counts];
  c.counts.clear();
  const rows = batch.map(([key, requests]) => {
    const [providerId, datasetId, day] = key.split('\u0000');
    return { providerId, datasetId, day, requests };
  });
  c.flushing = (async () => {
    try {
      const db = await getDb();
      await db
        .insert(datasetUsage)
        .values(rows)
        .onConflictDoUpdate({
          target: [datasetUsage.providerId, datasetUsage.datasetId, datasetUsage.day],
          set: { requests: sql`${datasetUsage.requests} + excluded.requests` },
        });
    } catch (err) {
      for (const [key, n] of batch) c.counts.set(key, (c.counts.get(key) ?? 0) + n);
      throw err;
    } finally {
      c.flushing = undefined;
    }
  })();
  await c.flushing;
}

/** A provider's use per day over the last `days` days (today included), oldest first; days without use included. */
export async function providerUsage({ providerId, days = 30 }: { providerId: string; days?: number }): Promise<UsageDay[]> {
  const db = await getDb();
  const first = usageDay(new Date(Date.now() - (days - 1) * 86_400_000));
  const rows = await db
    .select()
    .from(datasetUsage)
    .where(and(eq(datasetUsage.providerId, providerId), gte(datasetUsage.day, first)))
    .orderBy(asc(datasetUsage.day));
  const out: UsageDay[] = [];
  for (let i = days - 1; i >= 0; i--) out.push({ day: usageDay(new Date(Date.now() - i * 86_400_000)), datasets: {}, total: 0 });
  const byDay = new Map(out.map((d) => [d.day, d]));
  for (const r of rows) {
    const d = byDay.get(r.day);
    if (!d) continue;
    d.datasets[r.datasetId] = (d.datasets[r.datasetId] ?? 0) + r.requests;
    d.total += r.requests;
  }
  return out;
}

/** Deletes usage rows past the retention (the maintenance round). */
export async function pruneDatasetUsage(): Promise<void> {
  const db = await getDb();
  await db.delete(datasetUsage).where(lt(datasetUsage.day, usageDay(new Date(Date.now() - USAGE_RETENTION_DAYS * 86_400_000))));
}
