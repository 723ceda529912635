// A provider's own page (/poskytovatelia/<id>) and GET /api/providers/{id}: its approval and history,
// each dataset's health, cache and use, what a changed manifest changes, the e-mails sent to it. One
// service for the page and the API (and the same health figures as /stav-zdrojov and the catalog).
import { and, count, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { dataCache, providerOrigins } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { datasetHealth, healthSummary, PAGE_SUMMARY_MAX_AGE_MS, providerHealth } from '@/lib/health/summary';
import { flushDatasetUsage, providerUsage } from '@/lib/health/usage';
import { listNotifications } from '@/lib/notifications';
import { manifestDiff } from './diff';
import { datasetPagePath } from './links';
import { getProviderById, listProviderEvents } from './queries';
import type { ProviderDashboard } from './schema';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The origin a provider id is bound to: its binding row, else its manifest's origin. */
export async function providerOrigin(id: string, manifestUrl: string | null): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select().from(providerOrigins).where(eq(providerOrigins.providerId, id));
  if (row) return row.origin;
  try {
    return manifestUrl ? new URL(manifestUrl).origin : null;
  } catch {
    return null;
  }
}

export async function providerDashboard({ id }: { id: string }): Promise<ProviderDashboard> {
  const db = await getDb();
  const p = await getProviderById(db, { id });
  if (!p) throw new ApiError('unknown_provider', `No provider with id "${id}".`);
  await flushDatasetUsage().catch(() => undefined); // this process's latest counts
  const [summary, events, usage, notifications, origin] = await Promise.all([
    healthSummary({ maxAgeMs: PAGE_SUMMARY_MAX_AGE_MS }),
    listProviderEvents(db, { providerId: id }),
    providerUsage({ providerId: id, days: 30 }),
    listNotifications(db, { providerId: id, limit: 10 }),
    providerOrigin(id, p.manifestUrl),
  ]);
  // Served datasets: the approved manifest's, then those only in a manifest awaiting approval.
  const approvedIds = new Set((p.approvedFingerprint ? p.approvedManifest?.datasets ?? [] : []).map((d) => d.id));
  const listed = [
    ...(p.approvedFingerprint ? p.approvedManifest?.datasets ?? [] : []),
    ...(p.approval !== 'approved' ? p.manifest.datasets.filter((d) => !approvedIds.has(d.id)) : []),
  ];
  const keys = listed.map((d) => `${id}/${d.id}`);
  // The listed datasets' keys, not `like '<id>/%'`: equality stays an index condition in the
  // statement's one generic plan (lib/db), and a `_` in a provider id is no wildcard.
  const cacheRows = await db
    .select({
      datasetKey: dataCache.datasetKey,
      entries: count(),
      fresh: sql<number>`count(*) filter (where ${dataCache.expiresAt} > now())`.mapWith(Number),
      newest: max(dataCache.createdAt),
    })
    .from(dataCache)
    .where(and(inArray(dataCache.datasetKey, keys), gt(dataCache.staleUntil, sql`now()`)))
    .groupBy(dataCache.datasetKey);
  const cache = new Map(cacheRows.map((r) => [r.datasetKey, r]));
  const changed = p.approval === 'pending_review' && Boolean(p.approvedFingerprint) && p.approvedFingerprint !== p.fingerprint;
  return {
    id: p.id,
    name: (p.approvedManifest ?? p.manifest).provider.name,
    managedBy: p.managedBy,
    builtIn: p.builtIn,
    manifestUrl: p.manifestUrl,
    origin,
    approval: p.approval,
    changedAwaitingApproval: changed,
    rejectedReason: p.rejectedReason,
    manifestStatus: p.status,
    manifestStatusMessage: p.statusMessage,
    registeredAt: iso(p.createdAt)!,
    approvedAt: iso(p.approvedAt),
    lastRefresh: iso(p.checkedAt),
    health: providerHealth(summary, id, p.status, keys),
    history: events.map((e) => ({ at: iso(e.at)!, action: e.action, from: e.fromApproval, to: e.toApproval, by: e.actor, detail: e.detail ?? null })),
    datasets: listed.map((d) => {
      const key = `${id}/${d.id}`;
      const c = cache.get(key);
      return {
        id: d.id,
        title: d.title,
        approved: approvedIds.has(d.id),
        sourceType: d.source.type,
        link: datasetPagePath(id, d.id),
        health: datasetHealth(summary, key),
        cache: { entries: c?.entries ?? 0, fresh: c?.fresh ?? 0, newest: iso(c?.newest ?? null) },
        requests30d: usage.reduce((sum, day) => sum + (day.datasets[d.id] ?? 0), 0),
      };
    }),
    usage,
    changes: changed && p.approvedManifest ? manifestDiff(p.approvedManifest, p.manifest) : [],
    notifications: notifications.map((n) => ({ kind: n.kind, subject: n.subject, createdAt: iso(n.createdAt)!, sentAt: iso(n.sentAt), via: n.via })),
  };
}
