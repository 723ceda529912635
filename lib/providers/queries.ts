// Named registry queries. Every function takes the SQL client to run on: the process's `sql`, or the
// `tx` of a surrounding transaction (inside `sql.begin(tx => ...)` only `tx` may be used, or the
// embedded database's session gate deadlocks).
import { createHash } from 'node:crypto';
import type postgres from 'postgres';
import type { Manifest } from '@/lib/protocol/types';
import { datasetPagePath } from './links';
import type { Approval, ManagedBy, ProviderRecord, ProviderStatus } from './types';

export type Q = postgres.Sql | postgres.TransactionSql;

/** SHA-256 (hex) of a manifest's bytes: what an approval binds to. */
export function fingerprintOf(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const PROVIDER_COLUMNS = `
  id, name, managed_by as "managedBy", manifest_url as "manifestUrl", manifest, fingerprint, approval,
  approved_fingerprint as "approvedFingerprint", approved_manifest as "approvedManifest", status,
  status_message as "statusMessage", rejected_reason as "rejectedReason", built_in as "builtIn",
  created_at as "createdAt", updated_at as "updatedAt", checked_at as "checkedAt", approved_at as "approvedAt"`;

/**
 * A jsonb parameter, sent as JSON text with a cast. Parameters stay strings, numbers and booleans:
 * over the embedded database's socket (no prepared statements) postgres.js does not serialise bare
 * objects or Dates for the parameter types the server describes.
 */
function jsonb(q: Q, value: unknown) {
  return q`${JSON.stringify(value)}::jsonb`;
}

function toDate(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v : new Date(String(v));
}

function toRecord(row: Record<string, unknown>): ProviderRecord {
  // Timestamps arrive as Date or as text depending on the driver path; the record always has Dates.
  return {
    ...(row as unknown as ProviderRecord),
    createdAt: toDate(row.createdAt)!,
    updatedAt: toDate(row.updatedAt)!,
    checkedAt: toDate(row.checkedAt),
    approvedAt: toDate(row.approvedAt),
  };
}

export async function getProviderById(q: Q, { id, forUpdate = false }: { id: string; forUpdate?: boolean }): Promise<ProviderRecord | null> {
  const rows = forUpdate
    ? await q.unsafe(`select ${PROVIDER_COLUMNS} from providers where id = $1 for update`, [id])
    : await q.unsafe(`select ${PROVIDER_COLUMNS} from providers where id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function getProviderByManifestUrl(q: Q, { manifestUrl }: { manifestUrl: string }): Promise<ProviderRecord | null> {
  const rows = await q.unsafe(`select ${PROVIDER_COLUMNS} from providers where manifest_url = $1`, [manifestUrl]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Every provider, built-in first, then by id. */
export async function listProviders(q: Q, { approval }: { approval?: Approval } = {}): Promise<ProviderRecord[]> {
  const rows = approval
    ? await q.unsafe(`select ${PROVIDER_COLUMNS} from providers where approval = $1 order by built_in desc, id`, [approval])
    : await q.unsafe(`select ${PROVIDER_COLUMNS} from providers order by built_in desc, id`);
  return rows.map(toRecord);
}

export async function countPendingProviders(q: Q): Promise<number> {
  const [{ n }] = await q<{ n: number }[]>`select count(*)::int as n from providers where approval = 'pending_review'`;
  return n;
}

/** Providers whose manifest is due for a download (not built in, not rejected, not checked since `before`). */
export async function listProvidersDueForRefresh(q: Q, { before }: { before: Date }): Promise<string[]> {
  const rows = await q<{ id: string }[]>`
    select id from providers
    where not built_in and manifest_url is not null and approval <> 'rejected'
      and (checked_at is null or checked_at < ${before.toISOString()}::timestamptz)
    order by checked_at nulls first, id`;
  return rows.map((r) => r.id);
}

export interface NewProvider {
  id: string;
  name: string;
  managedBy: ManagedBy;
  manifestUrl: string | null;
  manifest: Manifest;
  fingerprint: string;
  approval: Approval;
  builtIn: boolean;
}

/**
 * Inserts a provider unless its id or manifest URL exists; returns false on such a conflict (the
 * unique keys, not a prior read, decide who wins a race).
 */
export async function insertProvider(q: Q, p: NewProvider): Promise<boolean> {
  const approved = p.approval === 'approved';
  const rows = await q`
    insert into providers (id, name, managed_by, manifest_url, manifest, fingerprint, approval,
      approved_fingerprint, approved_manifest, status, built_in, checked_at, approved_at)
    values (${p.id}, ${p.name}, ${p.managedBy}, ${p.manifestUrl}, ${jsonb(q, p.manifest)}, ${p.fingerprint},
      ${p.approval}, ${approved ? p.fingerprint : null}, ${approved ? jsonb(q, p.manifest) : null}, 'ok',
      ${p.builtIn}, now(), ${approved ? q`now()` : null})
    on conflict do nothing
    returning id`;
  return rows.length === 1;
}

/** The columns a state change may set; everything else stays. */
export interface ProviderChange {
  name?: string;
  manifestUrl?: string | null;
  manifest?: Manifest;
  fingerprint?: string;
  approval?: Approval;
  approvedFingerprint?: string | null;
  approvedManifest?: Manifest | null;
  status?: ProviderStatus;
  statusMessage?: string | null;
  rejectedReason?: string | null;
  checked?: boolean;
  approvedNow?: boolean;
}

export async function updateProvider(q: Q, id: string, c: ProviderChange): Promise<void> {
  const set: Record<string, unknown> = {};
  if (c.name !== undefined) set.name = c.name;
  if (c.manifestUrl !== undefined) set.manifest_url = c.manifestUrl;
  if (c.manifest !== undefined) set.manifest = jsonb(q, c.manifest);
  if (c.fingerprint !== undefined) set.fingerprint = c.fingerprint;
  if (c.approval !== undefined) set.approval = c.approval;
  if (c.approvedFingerprint !== undefined) set.approved_fingerprint = c.approvedFingerprint;
  if (c.approvedManifest !== undefined) set.approved_manifest = c.approvedManifest === null ? null : jsonb(q, c.approvedManifest);
  if (c.status !== undefined) set.status = c.status;
  if (c.statusMessage !== undefined) set.status_message = c.statusMessage;
  if (c.rejectedReason !== undefined) set.rejected_reason = c.rejectedReason;
  // Times come from the database clock (and Date parameters are avoided: see jsonb()).
  set.updated_at = q`now()`;
  if (c.checked) set.checked_at = q`now()`;
  if (c.approvedNow) set.approved_at = q`now()`;
  await q`update providers set ${q(set)} where id = ${id}`;
}

/** Marks a download that changed nothing (no audit row: nothing changed). */
export async function touchProviderChecked(q: Q, { id }: { id: string }): Promise<void> {
  await q`update providers set checked_at = now() where id = ${id}`;
}

export async function deleteProvider(q: Q, { id }: { id: string }): Promise<void> {
  await q`delete from providers where id = ${id}`;
}

export type ProviderAction =
  | 'registered'
  | 'approved'
  | 'rejected'
  | 'unrejected'
  | 'manifest_changed'
  | 'refresh_failed'
  | 'refreshed'
  | 'seeded'
  | 'removed';
export type Actor = 'registration' | 'operator' | 'refresh' | 'seed';

export interface ProviderEvent {
  providerId: string;
  action: ProviderAction;
  fromApproval: Approval | null;
  toApproval: Approval | null;
  fingerprint: string | null;
  actor: Actor;
  detail?: Record<string, unknown>;
}

/** The audit log: one row for every change of a provider's state. */
export async function insertProviderEvent(q: Q, e: ProviderEvent): Promise<void> {
  await q`
    insert into provider_events (provider_id, action, from_approval, to_approval, fingerprint, actor, detail)
    values (${e.providerId}, ${e.action}, ${e.fromApproval}, ${e.toApproval}, ${e.fingerprint}, ${e.actor},
      ${e.detail ? jsonb(q, e.detail) : null})`;
}

export interface ProviderEventEntry extends ProviderEvent {
  id: number;
  at: Date;
}

export async function listProviderEvents(q: Q, { providerId }: { providerId: string }): Promise<ProviderEventEntry[]> {
  const rows = await q<ProviderEventEntry[]>`
    select id::int as id, provider_id as "providerId", action, from_approval as "fromApproval",
      to_approval as "toApproval", fingerprint, actor, detail, at
    from provider_events where provider_id = ${providerId} order by id`;
  return rows.map((r) => ({ ...r, at: toDate(r.at)! }));
}

/**
 * Rewrites the provider's rows in provider_datasets to what the portal serves: the approved
 * manifest's datasets (approved) plus datasets found only in a manifest awaiting approval.
 */
export async function replaceProviderDatasets(q: Q, record: Pick<ProviderRecord, 'id' | 'approval' | 'manifest' | 'approvedManifest' | 'approvedFingerprint'>): Promise<void> {
  await q`delete from provider_datasets where provider_id = ${record.id}`;
  if (record.approval === 'rejected') return;
  const rows: Array<{ manifest: Manifest; approved: boolean; ids: Set<string> | null }> = [];
  const approvedIds = new Set<string>();
  if (record.approvedManifest && record.approvedFingerprint) {
    for (const d of record.approvedManifest.datasets) approvedIds.add(d.id);
    rows.push({ manifest: record.approvedManifest, approved: true, ids: null });
  }
  if (record.approval === 'pending_review') rows.push({ manifest: record.manifest, approved: false, ids: approvedIds });
  for (const { manifest, approved, ids } of rows) {
    for (const d of manifest.datasets) {
      if (ids?.has(d.id)) continue;
      const searchText = [d.title, d.description, ...(d.keywords ?? []), ...(d.tags ?? []), manifest.provider.name]
        .filter(Boolean)
        .join(' ');
      const bbox = d.coverage?.bbox;
      await q`
        insert into provider_datasets (provider_id, dataset_id, title, category, source_type, search_text,
          use_cases, coverage, definition, approved)
        values (${record.id}, ${d.id}, ${d.title}, ${d.category ?? null}, ${d.source.type}, ${searchText},
          ${d.useCases ?? []},
          ${bbox ? q`ST_MakeEnvelope(${bbox[0]}, ${bbox[1]}, ${bbox[2]}, ${bbox[3]}, 4326)` : null},
          ${jsonb(q, d)}, ${approved})
        on conflict (provider_id, dataset_id) do nothing`;
    }
  }
}

/** Advances the registry version so every process reloads its copy of the served content. */
export async function bumpRegistryVersion(q: Q): Promise<void> {
  await q`
    insert into registry_state (id, version, updated_at) values (1, 1, now())
    on conflict (id) do update set version = registry_state.version + 1, updated_at = now()`;
}

export async function getRegistryVersion(q: Q): Promise<number> {
  const rows = await q<{ version: number }[]>`select version::int as version from registry_state where id = 1`;
  return rows[0]?.version ?? 0;
}

/** Paths of the dataset pages of a manifest. */
export function datasetLinks(manifest: Manifest, providerId = manifest.provider.id): string[] {
  return manifest.datasets.map((d) => datasetPagePath(providerId, d.id));
}
