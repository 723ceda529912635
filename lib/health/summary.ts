// Provider health figures from `source_requests`: per provider and per dataset, availability and
// p50/p95 latency over the last 24 hours and 7 days, the last success and the last error with its
// code, and a status. Computed with three queries and kept per process: recomputed (in the
// background) at most every SUMMARY_MIN_AGE_MS after this process recorded something, else every
// SUMMARY_MAX_AGE_MS (to see what other instances recorded).
import { and, asc, desc, gt, lt, ne, sql } from 'drizzle-orm';
import { getDb, getSql } from '@/lib/db';
import { sourceRequests } from '@/lib/db/schema';
import { logger } from '@/lib/observability/log';
import { processWide } from '@/lib/process-state';
import { recordedWrites } from './record';
import {
  emptyHealth,
  EMPTY_WINDOW,
  HEALTH_RETENTION_DAYS,
  RECENT_COUNT,
  RECENT_WINDOW_MINUTES,
  statusOfDatasets,
  statusOfRecent,
  type HealthStatus,
  type SourceHealth,
} from './status';

export * from './status';

const SUMMARY_MIN_AGE_MS = 2000;
const SUMMARY_MAX_AGE_MS = 30_000;

interface Group {
  figures: Omit<SourceHealth, 'status'>;
  recent: Array<{ ok: boolean; ms: number }>;
}

export interface HealthSummary {
  computedAt: number;
  writes: number;
  providers: Map<string, Group>;
  /** By `provider/dataset`. */
  datasets: Map<string, Group>;
  /** The last manifest download of each provider failed (from the records). */
  manifestFailing: Set<string>;
}

/** A dataset's health (no records: `ok` with empty figures). */
export function datasetHealth(summary: HealthSummary, key: string): SourceHealth {
  const g = summary.datasets.get(key);
  return g ? { status: statusOfRecent(g.recent), ...g.figures } : emptyHealth();
}

/**
 * A provider's health: its records (data, point queries and manifest downloads) and the registry's
 * manifest status. An invalid manifest or a foreign provider id (what the last refresh found; the
 * last good manifest is served meanwhile) is named first; a manifest that could not be downloaded
 * makes an otherwise healthy provider `degraded`.
 */
export function providerHealth(summary: HealthSummary, providerId: string, registryStatus: string, datasetKeys?: string[]): SourceHealth {
  const g = summary.providers.get(providerId);
  // The datasets' own statuses decide (see statusOfDatasets); without any asked, the provider's records.
  const asked = (datasetKeys ?? [...summary.datasets.keys()].filter((k) => k.startsWith(`${providerId}/`)))
    .map((k) => summary.datasets.get(k))
    .filter((d): d is Group => d !== undefined && d.recent.length > 0)
    .map((d) => statusOfRecent(d.recent));
  let status: HealthStatus = statusOfDatasets(asked) ?? (g ? statusOfRecent(g.recent) : 'ok');
  if (registryStatus === 'invalid_manifest' || registryStatus === 'id_mismatch') status = registryStatus;
  else if (status === 'ok' && (registryStatus === 'source_unreachable' || summary.manifestFailing.has(providerId))) status = 'degraded';
  return g ? { status, ...g.figures } : emptyHealth(status);
}

interface FigureRow {
  provider_id: string;
  dataset_id: string | null;
  provider_level: number;
  n24: number;
  ok24: number;
  n7: number;
  ok7: number;
  p50_24: number | null;
  p95_24: number | null;
  p50_7: number | null;
  p95_7: number | null;
  last_success: Date | null;
}

const round = (v: number | null) => (v === null ? null : Math.round(Number(v)));
const share = (ok: number, n: number) => (n ? Math.round((ok / n) * 10_000) / 10_000 : null);

async function compute(): Promise<HealthSummary> {
  const [pg, db] = await Promise.all([getSql(), getDb()]);
  const writes = recordedWrites();
  const retention = `${HEALTH_RETENTION_DAYS} days`;
  // Raw SQL: grouping sets, ordered-set aggregates (percentile_cont ... within group) and aggregate
  // filters have no builder equivalent.
  const figureRows = await pg<FigureRow[]>`
    select provider_id, dataset_id, grouping(dataset_id)::int as provider_level,
      count(*) filter (where at > now() - interval '24 hours')::int as n24,
      count(*) filter (where at > now() - interval '24 hours' and outcome = 'ok')::int as ok24,
      count(*) filter (where at > now() - interval '7 days')::int as n7,
      count(*) filter (where at > now() - interval '7 days' and outcome = 'ok')::int as ok7,
      percentile_cont(0.5) within group (order by ms) filter (where outcome = 'ok' and at > now() - interval '24 hours') as p50_24,
      percentile_cont(0.95) within group (order by ms) filter (where outcome = 'ok' and at > now() - interval '24 hours') as p95_24,
      percentile_cont(0.5) within group (order by ms) filter (where outcome = 'ok' and at > now() - interval '7 days') as p50_7,
      percentile_cont(0.95) within group (order by ms) filter (where outcome = 'ok' and at > now() - interval '7 days') as p95_7,
      max(at) filter (where outcome = 'ok') as last_success
    from source_requests
    where at > now() - ${retention}::interval
    group by grouping sets ((provider_id, dataset_id), (provider_id))`;
  // The last error of each dataset (and of each provider's manifest).
  const errorRows = await db
    .selectDistinctOn([sourceRequests.providerId, sourceRequests.datasetId], {
      providerId: sourceRequests.providerId,
      datasetId: sourceRequests.datasetId,
      at: sourceRequests.at,
      outcome: sourceRequests.outcome,
      httpStatus: sourceRequests.httpStatus,
    })
    .from(sourceRequests)
    .where(and(ne(sourceRequests.outcome, 'ok'), gt(sourceRequests.at, sql`now() - ${retention}::interval`)))
    .orderBy(asc(sourceRequests.providerId), asc(sourceRequests.datasetId), desc(sourceRequests.at), desc(sourceRequests.id));
  // Raw SQL: the newest records per provider and per dataset are numbered by window functions.
  const recentRows = await pg<{ provider_id: string; dataset_id: string | null; kind: string; ok: boolean; ms: number; rn_p: number; rn_d: number }[]>`
    select provider_id, dataset_id, kind, ok, ms, rn_p::int, rn_d::int from (
      select provider_id, dataset_id, kind, outcome = 'ok' as ok, ms,
        row_number() over (partition by provider_id order by at desc, id desc) as rn_p,
        row_number() over (partition by provider_id, dataset_id order by at desc, id desc) as rn_d
      from source_requests
      where at > now() - make_interval(mins => ${RECENT_WINDOW_MINUTES})
    ) t
    where rn_p <= ${RECENT_COUNT} or rn_d <= ${RECENT_COUNT}
    order by provider_id, rn_p`;

  const providers = new Map<string, Group>();
  const datasets = new Map<string, Group>();
  const groupOf = (map: Map<string, Group>, key: string): Group => {
    let g = map.get(key);
    if (!g) {
      g = { figures: { last24h: EMPTY_WINDOW, last7d: EMPTY_WINDOW, lastSuccess: null, lastError: null }, recent: [] };
      map.set(key, g);
    }
    return g;
  };
  for (const r of figureRows) {
    if (!r.provider_level && r.dataset_id === null) continue; // the manifest's own group
    const g = r.provider_level ? groupOf(providers, r.provider_id) : groupOf(datasets, `${r.provider_id}/${r.dataset_id}`);
    g.figures.last24h = { requests: r.n24, availability: share(r.ok24, r.n24), p50Ms: round(r.p50_24), p95Ms: round(r.p95_24) };
    g.figures.last7d = { requests: r.n7, availability: share(r.ok7, r.n7), p50Ms: round(r.p50_7), p95Ms: round(r.p95_7) };
    g.figures.lastSuccess = r.last_success ? new Date(r.last_success).toISOString() : null;
  }
  for (const r of errorRows) {
    const error = { at: r.at.toISOString(), code: r.outcome, httpStatus: r.httpStatus };
    if (r.datasetId !== null) groupOf(datasets, `${r.providerId}/${r.datasetId}`).figures.lastError = error;
    const p = groupOf(providers, r.providerId);
    if (!p.figures.lastError || p.figures.lastError.at < error.at) p.figures.lastError = error;
  }
  const manifestFailing = new Set<string>();
  const manifestSeen = new Set<string>();
  for (const r of recentRows) {
    if (r.rn_p <= RECENT_COUNT) groupOf(providers, r.provider_id).recent.push({ ok: r.ok, ms: r.ms });
    if (r.dataset_id === null) {
      // Rows come newest first per provider: the first manifest row is the last download.
      if (!manifestSeen.has(r.provider_id)) {
        manifestSeen.add(r.provider_id);
        if (!r.ok) manifestFailing.add(r.provider_id);
      }
    } else if (r.rn_d <= RECENT_COUNT) {
      groupOf(datasets, `${r.provider_id}/${r.dataset_id}`).recent.push({ ok: r.ok, ms: r.ms });
    }
  }
  return { computedAt: Date.now(), writes, providers, datasets, manifestFailing };
}

interface Holder {
  summary?: HealthSummary;
  computing?: Promise<HealthSummary>;
}
/** Process-wide (lib/process-state.ts). */
const slot = () => processWide<{ holder: Holder }>('healthSummary', () => ({ holder: {} }));

/** How fresh the summary is for pages that show health (at most the recomputation interval after own writes). */
export const PAGE_SUMMARY_MAX_AGE_MS = SUMMARY_MIN_AGE_MS;

/**
 * The current summary (see the file comment for how fresh). Once there is one it is returned at once
 * and a due recomputation runs in the background, so no request waits for the three queries (only the
 * very first one does). Never throws: an empty summary at worst.
 */
export async function healthSummary({ maxAgeMs }: { maxAgeMs?: number } = {}): Promise<HealthSummary> {
  const h = slot().holder;
  const current = h.summary;
  if (current) {
    const age = Date.now() - current.computedAt;
    // Pages that show health (/stav-zdrojov, a provider's page) wait for a summary this fresh, so they
    // never show figures older than the catalog's (which recomputes in the background).
    if (maxAgeMs !== undefined && age > maxAgeMs) return recompute(h);
    const due = age >= SUMMARY_MAX_AGE_MS || (age >= SUMMARY_MIN_AGE_MS && current.writes !== recordedWrites());
    if (due) void recompute(h);
    return current;
  }
  return recompute(h);
}

function recompute(h: Holder): Promise<HealthSummary> {
  h.computing ??= compute()
    .then((s) => (h.summary = s))
    .catch((err: unknown) => {
      logger().warn({ err }, 'provider health: computing the summary failed');
      // Keep what we had; try again at the next due time.
      const kept = h.summary ?? { computedAt: 0, writes: -1, providers: new Map(), datasets: new Map(), manifestFailing: new Set<string>() };
      h.summary = { ...kept, computedAt: Date.now() };
      return h.summary;
    })
    .finally(() => (h.computing = undefined));
  return h.computing;
}

/** Drops this process's summary (tests). */
export function resetHealthSummary(): void {
  slot().holder = {};
}

/** Deletes records past the retention period (the maintenance loop's leader). */
export async function pruneSourceRequests(): Promise<number> {
  const db = await getDb();
  const r = await db.delete(sourceRequests).where(lt(sourceRequests.at, sql`now() - make_interval(days => ${HEALTH_RETENTION_DAYS})`));
  return r.count;
}
