// The operator's approval state machine (the spec's "States and transitions", plus our transitions
// out of `rejected`). Each transition is one transaction with an audit row in provider_events.
//
//   pending_review --approve--> approved            (binds to the current manifest fingerprint)
//   approved --manifest changed (refresh)--> pending_review   (approved manifest still served)
//   pending_review --manifest back to the approved fingerprint (refresh)--> approved
//   any --reject--> rejected                        (approval voided; nothing served; 403 on registration)
//   rejected --unreject--> pending_review           (built-in providers: straight back to approved)
import type { Db, Tx } from '@/lib/db';
import { approvedMessage, contactOf, enqueueNotification, kickNotifications, rejectedMessage } from '@/lib/notifications';
import { getProviderById, insertProviderEvent, replaceProviderDatasets, updateProvider } from './queries';
import type { Approval, ProviderRecord } from './types';
import { RegistryError, registryWrite } from './write';

export interface TransitionResult {
  provider: ProviderRecord;
  from: Approval;
  to: Approval;
  /** False when the provider already was in the target state (nothing written, no audit row). */
  changed: boolean;
}

async function mustGet(tx: Tx, id: string): Promise<ProviderRecord> {
  const row = await getProviderById(tx, { id, forUpdate: true });
  if (!row) throw new RegistryError('unknown_provider', `No provider with id "${id}".`);
  return row;
}

async function reread(tx: Tx, id: string): Promise<ProviderRecord> {
  return (await getProviderById(tx, { id }))!;
}

/**
 * Approves the provider's current manifest. `fingerprint` (a prefix is enough) makes sure the
 * operator approves the content they reviewed, not a newer download.
 */
export async function approveProvider(
  { id, fingerprint }: { id: string; fingerprint?: string },
  db?: Db,
): Promise<TransitionResult> {
  return registryWrite(async (tx, changed) => {
    const row = await mustGet(tx, id);
    if (row.approval === 'rejected') {
      throw new RegistryError('invalid_transition', `Provider "${id}" is rejected; unreject it first, review it, then approve.`);
    }
    if (fingerprint && !row.fingerprint.startsWith(fingerprint.toLowerCase())) {
      throw new RegistryError(
        'fingerprint_mismatch',
        `The manifest of "${id}" is now ${row.fingerprint.slice(0, 12)}, not ${fingerprint}; review the new content first.`,
      );
    }
    if (row.approval === 'approved' && row.approvedFingerprint === row.fingerprint) {
      return { provider: row, from: row.approval, to: row.approval, changed: false };
    }
    await updateProvider(tx, id, {
      approval: 'approved',
      approvedFingerprint: row.fingerprint,
      approvedManifest: row.manifest,
      approvedNow: true,
    });
    await insertProviderEvent(tx, {
      providerId: id,
      action: 'approved',
      fromApproval: row.approval,
      toApproval: 'approved',
      fingerprint: row.fingerprint,
      actor: 'operator',
      detail: row.approvedFingerprint ? { previousFingerprint: row.approvedFingerprint } : undefined,
    });
    const after = await reread(tx, id);
    await replaceProviderDatasets(tx, after);
    await enqueueNotification(tx, {
      providerId: id,
      kind: 'approved',
      recipient: contactOf(after.manifest),
      message: approvedMessage({ id, name: after.manifest.provider.name, datasets: after.manifest.datasets }),
      dedupeKey: `approved:${id}:${after.fingerprint}`,
    });
    changed();
    return { provider: after, from: row.approval, to: 'approved' as const, changed: true };
  }, db).finally(kickNotifications);
}

/** Rejects a provider in any state: its approval is voided and nothing of it is served. */
export async function rejectProvider(
  { id, reason }: { id: string; reason?: string },
  db?: Db,
): Promise<TransitionResult> {
  return registryWrite(async (tx, changed) => {
    const row = await mustGet(tx, id);
    if (row.approval === 'rejected') {
      if (reason && reason !== row.rejectedReason) {
        await updateProvider(tx, id, { rejectedReason: reason });
        await insertProviderEvent(tx, {
          providerId: id, action: 'rejected', fromApproval: 'rejected', toApproval: 'rejected',
          fingerprint: row.fingerprint, actor: 'operator', detail: { reason },
        });
        return { provider: await reread(tx, id), from: row.approval, to: row.approval, changed: true };
      }
      return { provider: row, from: row.approval, to: row.approval, changed: false };
    }
    await updateProvider(tx, id, {
      approval: 'rejected',
      approvedFingerprint: null,
      approvedManifest: null,
      rejectedReason: reason ?? null,
    });
    await insertProviderEvent(tx, {
      providerId: id,
      action: 'rejected',
      fromApproval: row.approval,
      toApproval: 'rejected',
      fingerprint: row.fingerprint,
      actor: 'operator',
      detail: reason ? { reason } : undefined,
    });
    const after = await reread(tx, id);
    await replaceProviderDatasets(tx, after);
    await enqueueNotification(tx, {
      providerId: id,
      kind: 'rejected',
      recipient: contactOf(row.approvedManifest ?? row.manifest),
      message: rejectedMessage({ id, name: row.manifest.provider.name, reason: reason ?? null }),
    });
    changed();
    return { provider: after, from: row.approval, to: 'rejected' as const, changed: true };
  }, db).finally(kickNotifications);
}

/**
 * Takes back a rejection. The provider awaits review again (its old approval stays void, so the
 * operator must approve anew); built-in providers are trusted and return straight to approved.
 */
export async function unrejectProvider({ id }: { id: string }, db?: Db): Promise<TransitionResult> {
  return registryWrite(async (tx, changed) => {
    const row = await mustGet(tx, id);
    if (row.approval !== 'rejected') {
      throw new RegistryError('invalid_transition', `Provider "${id}" is not rejected (it is ${row.approval}).`);
    }
    const to: Approval = row.builtIn ? 'approved' : 'pending_review';
    await updateProvider(tx, id, {
      approval: to,
      rejectedReason: null,
      ...(to === 'approved' ? { approvedFingerprint: row.fingerprint, approvedManifest: row.manifest, approvedNow: true } : {}),
    });
    await insertProviderEvent(tx, {
      providerId: id,
      action: 'unrejected',
      fromApproval: 'rejected',
      toApproval: to,
      fingerprint: row.fingerprint,
      actor: 'operator',
      detail: row.builtIn ? { builtIn: true } : undefined,
    });
    const after = await reread(tx, id);
    await replaceProviderDatasets(tx, after);
    changed();
    return { provider: after, from: 'rejected' as const, to, changed: true };
  }, db);
}
