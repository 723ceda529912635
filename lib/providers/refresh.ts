// Downloading registered manifests again: periodically (a timer in the server) and on the operator's
// `refresh`. Approval binds to the SHA-256 of the manifest bytes, so changed content goes back to
// review while the approved manifest keeps being served; a failed download or an invalid manifest
// only sets the provider's status and keeps the last good manifest.
import { pruneFetchLeases } from '@/lib/db/lease';
import { ADVISORY_LOCKS } from '@/lib/db/locks';
import { databaseHandle, getDb, tryWithSessionLock, type Db, type DbOrTx } from '@/lib/db';
import { env } from '@/lib/env';
import { fetchJson, isFetchError } from '@/lib/sources';
import { recordSourceRequest } from '@/lib/health/record';
import { pruneSourceRequests } from '@/lib/health/summary';
import { pruneDatasetUsage } from '@/lib/health/usage';
import { changedMessage, contactOf, enqueueNotification, kickNotifications } from '@/lib/notifications';
import { logger } from '@/lib/observability/log';
import { processWide } from '@/lib/process-state';
import type { Manifest } from '@/lib/protocol/types';
import { checkManifest } from '@/lib/validator';
import {
  fingerprintOf,
  getProviderById,
  insertProviderEvent,
  listProviders,
  listProvidersDueForRefresh,
  replaceProviderDatasets,
  touchProviderChecked,
  updateProvider,
} from './queries';
import { describeChange, manifestDiff } from './diff';
import { pruneRegistrationAttempts } from './rate-limit';
import { reseedBuiltInProvider } from './seed';
import type { Approval, ProviderRecord, ProviderStatus } from './types';
import { RegistryError, registryWrite } from './write';

export interface RefreshResult {
  id: string;
  /** unchanged: same bytes; changed: new content stored; failed: status set, last good kept; reseeded: built-in rebuilt. */
  outcome: 'unchanged' | 'changed' | 'failed' | 'reseeded' | 'skipped';
  approval: Approval;
  status: ProviderStatus;
  fingerprint: string;
  message: string;
}

type Download =
  | { ok: true; manifest: Manifest; fingerprint: string }
  | { ok: false; status: Exclude<ProviderStatus, 'ok'>; message: string };

async function download(id: string, manifestUrl: string): Promise<Download> {
  const started = performance.now();
  let bytes = 0;
  // Every manifest download is recorded for the provider's health, with the status it leads to.
  const record = (outcome: string, httpStatus?: number) =>
    recordSourceRequest({ providerId: id, datasetId: null, kind: 'manifest', ms: performance.now() - started, outcome, bytes, httpStatus });
  let json: unknown;
  let body: Buffer;
  try {
    const r = await fetchJson(manifestUrl);
    json = r.json;
    body = r.result.body;
    bytes = body.length;
  } catch (e) {
    if (!isFetchError(e)) throw e;
    record(e.code, e.status);
    if (e.code === 'invalid_json' || e.code === 'empty_body') {
      return { ok: false, status: 'invalid_manifest', message: `${e.code}: ${e.message}` };
    }
    return { ok: false, status: 'source_unreachable', message: `${e.code}: ${e.message}` };
  }
  const report = checkManifest(json);
  if (!report.valid) {
    const first = report.errors[0];
    record('invalid_manifest');
    return {
      ok: false,
      status: 'invalid_manifest',
      message: `${report.summary}${first ? ` Prvá chyba: ${first.path} ${first.code}: ${first.message}` : ''}`,
    };
  }
  const manifest = json as Manifest;
  if (manifest.provider.id !== id) {
    record('id_mismatch');
    return { ok: false, status: 'id_mismatch', message: `Manifest teraz uvádza provider.id „${manifest.provider.id}“, zaregistrovaný je ako „${id}“.` };
  }
  record('ok');
  return { ok: true, manifest, fingerprint: fingerprintOf(body) };
}

/**
 * Stores a manifest whose bytes differ from the provider's current ones (in the caller's transaction):
 * approval holds only for the approved fingerprint (also when the content returns to it), so a change
 * of approved content awaits the operator again while the approved manifest keeps being served.
 * Used by the refresh and by a registration of the same URL (lib/providers/registration.ts).
 */
export async function applyChangedManifest(
  tx: DbOrTx,
  row: ProviderRecord,
  manifest: Manifest,
  fingerprint: string,
  actor: 'refresh' | 'registration',
): Promise<{ approval: Approval; message: string }> {
  const approval: Approval =
    row.approval === 'rejected' ? 'rejected' : fingerprint === row.approvedFingerprint ? 'approved' : 'pending_review';
  await updateProvider(tx, row.id, {
    name: manifest.provider.name,
    manifest,
    fingerprint,
    approval,
    status: 'ok',
    statusMessage: null,
    checked: true,
  });
  await insertProviderEvent(tx, {
    providerId: row.id, action: 'manifest_changed', fromApproval: row.approval, toApproval: approval,
    fingerprint, actor, detail: { previousFingerprint: row.fingerprint },
  });
  const after = (await getProviderById(tx, { id: row.id }))!;
  await replaceProviderDatasets(tx, after);
  // A change of approved content awaits the operator: the provider hears of it, with the changes.
  if (approval === 'pending_review' && row.approvedManifest && row.approvedFingerprint) {
    await enqueueNotification(tx, {
      providerId: row.id,
      kind: 'changed',
      recipient: contactOf(manifest) ?? contactOf(row.approvedManifest),
      message: changedMessage({ id: row.id, name: manifest.provider.name, changes: manifestDiff(row.approvedManifest, manifest).map(describeChange) }),
      dedupeKey: `changed:${row.id}:${fingerprint}`,
    });
  }
  const message =
    approval === 'pending_review' && row.approvedFingerprint
      ? 'The manifest changed: it awaits approval; the approved manifest is served meanwhile.'
      : approval === 'pending_review'
        ? 'The manifest changed; it awaits approval.'
        : approval === 'approved'
          ? 'The manifest is back to the approved content.'
          : 'The manifest changed; the provider stays rejected.';
  return { approval, message };
}

/** Downloads one provider's manifest again and applies the result (see the file comment). */
export async function refreshProvider({ id }: { id: string }, db?: Db): Promise<RefreshResult> {
  const client = db ?? (await getDb());
  const before = await getProviderById(client, { id });
  if (!before) throw new RegistryError('unknown_provider', `No provider with id "${id}".`);
  if (before.builtIn) {
    const r = await reseedBuiltInProvider({ id }, client);
    return { ...r, outcome: r.changed ? 'reseeded' : 'unchanged' };
  }
  if (!before.manifestUrl) {
    return {
      id, outcome: 'skipped', approval: before.approval, status: before.status, fingerprint: before.fingerprint,
      message: 'No manifest URL to download.',
    };
  }
  const result = await download(id, before.manifestUrl);

  return registryWrite(async (tx, changed) => {
    const row = await getProviderById(tx, { id, forUpdate: true });
    if (!row) throw new RegistryError('unknown_provider', `No provider with id "${id}".`);
    if (!result.ok) {
      const statusChanged = row.status !== result.status || row.statusMessage !== result.message;
      await updateProvider(tx, id, { status: result.status, statusMessage: result.message, checked: true });
      if (statusChanged) {
        await insertProviderEvent(tx, {
          providerId: id, action: 'refresh_failed', fromApproval: row.approval, toApproval: row.approval,
          fingerprint: row.fingerprint, actor: 'refresh',
          detail: { status: result.status, message: result.message, previousStatus: row.status },
        });
        changed();
      }
      return {
        id, outcome: 'failed' as const, approval: row.approval, status: result.status, fingerprint: row.fingerprint,
        message: `${result.status}: ${result.message} The last good manifest is kept.`,
      };
    }
    if (result.fingerprint === row.fingerprint) {
      if (row.status !== 'ok') {
        await updateProvider(tx, id, { status: 'ok', statusMessage: null, checked: true });
        await insertProviderEvent(tx, {
          providerId: id, action: 'refreshed', fromApproval: row.approval, toApproval: row.approval,
          fingerprint: row.fingerprint, actor: 'refresh', detail: { previousStatus: row.status },
        });
        changed();
      } else {
        await touchProviderChecked(tx, { id });
      }
      return {
        id, outcome: 'unchanged' as const, approval: row.approval, status: 'ok' as const, fingerprint: row.fingerprint,
        message: 'The manifest is unchanged.',
      };
    }
    const applied = await applyChangedManifest(tx, row, result.manifest, result.fingerprint, 'refresh');
    changed();
    return { id, outcome: 'changed' as const, approval: applied.approval, status: 'ok' as const, fingerprint: result.fingerprint, message: applied.message };
  }, client).finally(kickNotifications);
}

/** Refreshes several providers one after another; one failing does not stop the others. */
async function refreshProviders(ids: string[], db?: Db): Promise<Array<RefreshResult | { id: string; error: string }>> {
  const out: Array<RefreshResult | { id: string; error: string }> = [];
  for (const id of ids) {
    try {
      out.push(await refreshProvider({ id }, db));
    } catch (e) {
      out.push({ id, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return out;
}

/** `refresh --all`: every provider that is not rejected (built-ins are rebuilt from the code). */
export async function refreshAllProviders(db?: Db): Promise<Array<RefreshResult | { id: string; error: string }>> {
  const client = db ?? (await getDb());
  const ids = (await listProviders(client)).filter((p) => p.approval !== 'rejected').map((p) => p.id);
  return refreshProviders(ids, client);
}

/** Advisory lock of the maintenance round: the instance holding it leads the round, the others skip it. */
const MAINTENANCE_LEADER_LOCK = ADVISORY_LOCKS.maintenanceLeader;

interface Loop {
  stop(): Promise<void>;
}
/** The running loop (process-wide: lib/process-state.ts). */
const loop = (): { current?: Loop } => processWide<{ current?: Loop }>('refreshLoop', () => ({}));

/** One maintenance round, led by one instance at a time: prunes, then refreshes what is due. */
async function maintenanceRound(intervalMs: number, log: (line: string) => void): Promise<boolean> {
  const { db, sql } = await databaseHandle();
  const round = await tryWithSessionLock(sql, MAINTENANCE_LEADER_LOCK, async () => {
    await pruneRegistrationAttempts(db);
    await pruneSourceRequests();
    await pruneDatasetUsage();
    await pruneFetchLeases();
    if (intervalMs <= 0) return;
    const due = await listProvidersDueForRefresh(db, { before: new Date(Date.now() - intervalMs) });
    for (const r of await refreshProviders(due, db)) {
      if ('error' in r) log(`manifest refresh: ${r.id}: ${r.error}`);
      else if (r.outcome !== 'unchanged') log(`manifest refresh: ${r.id}: ${r.message}`);
    }
  });
  return round.led;
}

/**
 * Starts the periodic maintenance of this process (once): every round, the one instance that gets
 * the leader lock (`pg_try_advisory_lock`) prunes registration attempts, provider health records past
 * their retention and old fetch leases, and downloads again every manifest not downloaded within
 * MANIFEST_REFRESH_MINUTES (0 disables the refresh, not the pruning). Rounds run at the refresh
 * interval (at most every 10 min); timers do not keep the process alive.
 */
export function startManifestRefreshLoop(log: (line: string) => void = (line) => logger().info(line)): Loop {
  const started = loop().current;
  if (started) return started;
  const minutes = env().manifestRefreshMinutes;
  const intervalMs = minutes * 60_000;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= maintenanceRound(intervalMs, log)
      .then(() => undefined)
      .catch((e: unknown) => logger().warn({ err: e }, 'maintenance round failed'))
      .finally(() => (running = undefined));
  };
  const every = intervalMs > 0 ? Math.min(intervalMs, 10 * 60_000) : 10 * 60_000;
  // Checked often enough that each provider is downloaded close to its interval, also after restarts.
  const first = setTimeout(tick, Math.min(every, 60_000));
  const timer = setInterval(tick, every);
  first.unref();
  timer.unref();
  const handle: Loop = {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      loop().current = undefined;
      await running;
    },
  };
  loop().current = handle;
  log(minutes > 0 ? `manifest refresh: every ${minutes} min (one instance per round)` : 'manifest refresh: disabled (MANIFEST_REFRESH_MINUTES=0)');
  return handle;
}

/** Stops the loop and waits for a round in progress (graceful shutdown). */
export async function stopManifestRefreshLoop(): Promise<void> {
  await loop().current?.stop();
}
