// Named registry queries, through Drizzle's query builder. Every function takes what to run on: the
// process's `Db`, or the `tx` of a surrounding transaction (inside `db.transaction(tx => ...)` only
// `tx` may be used, or the embedded database's session gate deadlocks). Times come from the database
// clock (`now()`); the dataset coverage is a PostGIS envelope (the one SQL fragment Drizzle has no
// builder for).
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/db';
import {
  providerDatasets,
  providerEvents,
  providerOrigins,
  providers,
  registryState,
  type NewProviderEventRow,
  type NewProviderRow,
  type ProviderEventRow,
} from '@/lib/db/schema';
import type { Manifest } from '@/lib/protocol/types';
import { datasetPagePath } from './links';
import type { Approval, ProviderRecord } from './types';

/** SHA-256 (hex) of a manifest's bytes: what an approval binds to. */
export function fingerprintOf(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function getProviderById(db: DbOrTx, { id, forUpdate = false }: { id: string; forUpdate?: boolean }): Promise<ProviderRecord | null> {
  const query = db.select().from(providers).where(eq(providers.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function getProviderByManifestUrl(db: DbOrTx, { manifestUrl }: { manifestUrl: string }): Promise<ProviderRecord | null> {
  const [row] = await db.select().from(providers).where(eq(providers.manifestUrl, manifestUrl));
  return row ?? null;
}

/** Every provider, built-in first, then by id. */
export async function listProviders(db: DbOrTx, { approval }: { approval?: Approval } = {}): Promise<ProviderRecord[]> {
  return db
    .select()
    .from(providers)
    .where(approval ? eq(providers.approval, approval) : undefined)
    .orderBy(desc(providers.builtIn), asc(providers.id));
}

export async function countPendingProviders(db: DbOrTx): Promise<number> {
  return db.$count(providers, eq(providers.approval, 'pending_review'));
}

/** Providers whose manifest is due for a download (not built in, not rejected, not checked since `before`). */
export async function listProvidersDueForRefresh(db: DbOrTx, { before }: { before: Date }): Promise<string[]> {
  const rows = await db
    .select({ id: providers.id })
    .from(providers)
    .where(
      and(
        eq(providers.builtIn, false),
        isNotNull(providers.manifestUrl),
        ne(providers.approval, 'rejected'),
        or(isNull(providers.checkedAt), lt(providers.checkedAt, before)),
      ),
    )
    .orderBy(sql`${providers.checkedAt} nulls first`, asc(providers.id));
  return rows.map((r) => r.id);
}

/** A provider as registration and seeding insert it (the approved columns and times follow from `approval`). */
export type NewProvider = Pick<NewProviderRow, 'id' | 'name' | 'managedBy' | 'manifestUrl' | 'manifest' | 'fingerprint' | 'approval' | 'builtIn'> & {
  manifestUrl: string | null;
};

/**
 * Inserts a provider unless its id or manifest URL exists; returns false on such a conflict (the
 * unique keys, not a prior read, decide who wins a race).
 */
export async function insertProvider(db: DbOrTx, p: NewProvider): Promise<boolean> {
  const approved = p.approval === 'approved';
  const rows = await db
    .insert(providers)
    .values({
      ...p,
      approvedFingerprint: approved ? p.fingerprint : null,
      approvedManifest: approved ? p.manifest : null,
      status: 'ok',
      checkedAt: sql`now()`,
      approvedAt: approved ? sql`now()` : null,
    })
    .onConflictDoNothing()
    .returning({ id: providers.id });
  return rows.length === 1;
}

/**
 * The columns a state change may set (everything else stays); `checked` and `approvedNow` stamp
 * `checked_at` and `approved_at` with the database clock.
 */
export type ProviderChange = Partial<
  Pick<
    NewProviderRow,
    | 'name'
    | 'manifestUrl'
    | 'manifest'
    | 'fingerprint'
    | 'approval'
    | 'approvedFingerprint'
    | 'approvedManifest'
    | 'status'
    | 'statusMessage'
    | 'rejectedReason'
  >
> & { checked?: boolean; approvedNow?: boolean };

export async function updateProvider(db: DbOrTx, id: string, change: ProviderChange): Promise<void> {
  const { checked, approvedNow, ...columns } = change;
  // Drizzle leaves out keys whose value is undefined; null sets NULL.
  await db
    .update(providers)
    .set({
      ...columns,
      updatedAt: sql`now()`,
      ...(checked ? { checkedAt: sql`now()` } : {}),
      ...(approvedNow ? { approvedAt: sql`now()` } : {}),
    })
    .where(eq(providers.id, id));
}

/** Marks a download that changed nothing (no audit row: nothing changed). */
export async function touchProviderChecked(db: DbOrTx, { id }: { id: string }): Promise<void> {
  await db.update(providers).set({ checkedAt: sql`now()` }).where(eq(providers.id, id));
}

export async function deleteProvider(db: DbOrTx, { id }: { id: string }): Promise<void> {
  await db.delete(providers).where(eq(providers.id, id));
}


/** One audit row as written (`at` is the database clock). */
export type ProviderEvent = Omit<NewProviderEventRow, 'id' | 'at'>;

/** The audit log: one row for every change of a provider's state. */
export async function insertProviderEvent(db: DbOrTx, e: ProviderEvent): Promise<void> {
  await db.insert(providerEvents).values(e);
}

export type ProviderEventEntry = ProviderEventRow;

export async function listProviderEvents(db: DbOrTx, { providerId }: { providerId: string }): Promise<ProviderEventEntry[]> {
  return db.select().from(providerEvents).where(eq(providerEvents.providerId, providerId)).orderBy(asc(providerEvents.id));
}

/**
 * Rewrites the provider's rows in provider_datasets to what the portal serves: the approved
 * manifest's datasets (approved) plus datasets found only in a manifest awaiting approval.
 */
export async function replaceProviderDatasets(db: DbOrTx, record: Pick<ProviderRecord, 'id' | 'approval' | 'manifest' | 'approvedManifest' | 'approvedFingerprint'>): Promise<void> {
  await db.delete(providerDatasets).where(eq(providerDatasets.providerId, record.id));
  if (record.approval === 'rejected') return;
  const manifests: Array<{ manifest: Manifest; approved: boolean; ids: Set<string> | null }> = [];
  const approvedIds = new Set<string>();
  if (record.approvedManifest && record.approvedFingerprint) {
    for (const d of record.approvedManifest.datasets) approvedIds.add(d.id);
    manifests.push({ manifest: record.approvedManifest, approved: true, ids: null });
  }
  if (record.approval === 'pending_review') manifests.push({ manifest: record.manifest, approved: false, ids: approvedIds });
  const rows: Array<PgInsertValue<typeof providerDatasets>> = [];
  for (const { manifest, approved, ids } of manifests) {
    for (const d of manifest.datasets) {
      if (ids?.has(d.id)) continue;
      const searchText = [d.title, d.description, ...(d.keywords ?? []), ...(d.tags ?? []), manifest.provider.name]
        .filter(Boolean)
        .join(' ');
      const bbox = d.coverage?.bbox;
      rows.push({
        providerId: record.id,
        datasetId: d.id,
        title: d.title,
        category: d.category ?? null,
        sourceType: d.source.type,
        searchText,
        useCases: d.useCases ?? [],
        // PostGIS: the coverage polygon is built by the database from the manifest's bbox.
        coverage: bbox ? sql`ST_MakeEnvelope(${bbox[0]}, ${bbox[1]}, ${bbox[2]}, ${bbox[3]}, 4326)` : null,
        definition: d,
        approved,
      });
    }
  }
  // One statement for all datasets; a dataset id repeated in a manifest keeps its first row.
  if (rows.length) await db.insert(providerDatasets).values(rows).onConflictDoNothing({ target: [providerDatasets.providerId, providerDatasets.datasetId] });
}

/** Advances the registry version so every process reloads its copy of the served content. */
export async function bumpRegistryVersion(db: DbOrTx): Promise<void> {
  await db
    .insert(registryState)
    .values({ id: 1, version: 1, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: registryState.id, set: { version: sql`${registryState.version} + 1`, updatedAt: sql`now()` } });
}

export async function getRegistryVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ version: registryState.version }).from(registryState).where(eq(registryState.id, 1));
  return row?.version ?? 0;
}

/** Paths of the dataset pages of a manifest. */
export function datasetLinks(manifest: Manifest, providerId = manifest.provider.id): string[] {
  return manifest.datasets.map((d) => datasetPagePath(providerId, d.id));
}

/** Binds a provider id to an origin unless it is bound already; returns the origin it is bound to. */
export async function bindProviderOrigin(db: DbOrTx, id: string, origin: string): Promise<string> {
  await db.insert(providerOrigins).values({ providerId: id, origin }).onConflictDoNothing();
  const [row] = await db.select().from(providerOrigins).where(eq(providerOrigins.providerId, id));
  return row.origin;
}
