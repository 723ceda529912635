// The built-in providers (managedBy "portal", listed in ./built-in.ts), present from the first start
// and kept in step with the code and content/ on every start.
// Built-ins are trusted: changed content is approved again automatically, with an audit row. An
// operator's rejection of a built-in is respected (the content is updated, it stays rejected).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseHandle, Db } from '@/lib/db';
import { env } from '@/lib/env';
import type { Manifest } from '@/lib/protocol/types';
import type { LoadOptions } from '@/lib/observability/progress';
import { checkManifest } from '@/lib/validator';
import {
  deleteProvider,
  fingerprintOf,
  getProviderById,
  insertProvider,
  insertProviderEvent,
  listProviders,
  replaceProviderDatasets,
  updateProvider,
} from './queries';
import { CONTENT_PROVIDERS_DIR, REFERENCE_PROVIDER_ID, SAMPLE_PROVIDER_ID, sampleProviderManifest, SERVED_BUILT_INS } from './built-in';
import type { Approval, ProviderStatus } from './types';
import { RegistryError, registryWrite } from './write';

export { sampleProviderManifest };

export interface BuiltInSpec {
  id: string;
  manifestUrl: string | null;
  manifest: Manifest;
  /** Where it comes from, for logs. */
  origin: string;
}

interface SpecSet {
  specs: BuiltInSpec[];
  /** Ids whose definition exists but could not be built this time: kept as they are, never removed. */
  unavailable: string[];
  problems: string[];
}

async function contentSpecs(dir: string, out: SpecSet): Promise<void> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return;
  }
  for (const file of files) {
    const id = file.slice(0, -'.json'.length);
    try {
      const manifest = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Manifest;
      if (manifest?.provider?.id !== id) throw new Error(`provider.id must equal the file name (${id})`);
      out.specs.push({ id, manifestUrl: null, manifest, origin: `content/providers/${file}` });
    } catch (e) {
      out.unavailable.push(id);
      out.problems.push(`content/providers/${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

/** Every built-in provider definition of this build (each validated like any manifest). */
export async function builtInSpecs(): Promise<SpecSet> {
  const base = env().publicBaseUrl;
  const out: SpecSet = { specs: [], unavailable: [], problems: [] };
  try {
    const { referenceProviderManifest } = await import('@/lib/reference/provider');
    const { id, manifestPath, origin } = SERVED_BUILT_INS.reference;
    out.specs.push({ id, manifestUrl: `${base}${manifestPath}`, manifest: referenceProviderManifest(base), origin });
  } catch (e) {
    out.unavailable.push(REFERENCE_PROVIDER_ID);
    out.problems.push(`${REFERENCE_PROVIDER_ID}: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    const { EXAMPLES } = await import('@/lib/protocol/examples');
    const { id, manifestPath, origin } = SERVED_BUILT_INS.samples;
    out.specs.push({ id, manifestUrl: `${base}${manifestPath}`, manifest: sampleProviderManifest(EXAMPLES['manifest-complete'] as Manifest), origin });
  } catch (e) {
    out.unavailable.push(SAMPLE_PROVIDER_ID);
    out.problems.push(`${SAMPLE_PROVIDER_ID}: ${e instanceof Error ? e.message : String(e)}`);
  }
  await contentSpecs(CONTENT_PROVIDERS_DIR, out);
  for (const spec of [...out.specs]) {
    let report: ReturnType<typeof checkManifest>;
    try {
      report = checkManifest(spec.manifest);
    } catch (e) {
      out.specs.splice(out.specs.indexOf(spec), 1);
      out.unavailable.push(spec.id);
      out.problems.push(`${spec.origin}: the manifest check failed (${e instanceof Error ? e.message : String(e)})`);
      continue;
    }
    if (!report.valid) {
      out.specs.splice(out.specs.indexOf(spec), 1);
      out.unavailable.push(spec.id);
      const first = report.errors[0];
      out.problems.push(`${spec.origin}: invalid manifest (${first ? `${first.path} ${first.code}: ${first.message}` : report.summary})`);
    } else {
      spec.manifest = { ...spec.manifest, provider: { ...spec.manifest.provider, managedBy: 'portal' } };
    }
  }
  return out;
}

export interface SeedResult {
  id: string;
  action: 'added' | 'updated' | 'unchanged';
  changed: boolean;
  approval: Approval;
  status: ProviderStatus;
  fingerprint: string;
  message: string;
}

/** Inserts or updates one built-in provider (one transaction, an audit row when anything changed). */
export async function seedOne(spec: BuiltInSpec, db: Db): Promise<SeedResult> {
  const fingerprint = fingerprintOf(JSON.stringify(spec.manifest));
  return registryWrite(async (tx, changed) => {
    const row = await getProviderById(tx, { id: spec.id, forUpdate: true });
    if (!row) {
      const inserted = await insertProvider(tx, {
        id: spec.id,
        name: spec.manifest.provider.name,
        managedBy: 'portal',
        manifestUrl: spec.manifestUrl,
        manifest: spec.manifest,
        fingerprint,
        approval: 'approved',
        builtIn: true,
      });
      if (!inserted) throw new Error(`the manifest URL ${spec.manifestUrl} is registered by another provider`);
      await insertProviderEvent(tx, {
        providerId: spec.id, action: 'seeded', fromApproval: null, toApproval: 'approved', fingerprint, actor: 'seed',
        detail: { origin: spec.origin },
      });
      await replaceProviderDatasets(tx, { id: spec.id, approval: 'approved', manifest: spec.manifest, approvedManifest: spec.manifest, approvedFingerprint: fingerprint });
      changed();
      return { id: spec.id, action: 'added' as const, changed: true, approval: 'approved' as const, status: 'ok' as const, fingerprint, message: 'Added.' };
    }
    if (!row.builtIn) {
      throw new Error(`provider id "${spec.id}" belongs to a registered provider; the built-in is not installed`);
    }
    const approval: Approval = row.approval === 'rejected' ? 'rejected' : 'approved';
    const upToDate =
      row.fingerprint === fingerprint &&
      row.manifestUrl === spec.manifestUrl &&
      row.status === 'ok' &&
      (approval === 'rejected' || row.approvedFingerprint === fingerprint) &&
      row.approval === approval;
    if (upToDate) {
      return { id: spec.id, action: 'unchanged' as const, changed: false, approval, status: row.status, fingerprint, message: 'Up to date.' };
    }
    await updateProvider(tx, spec.id, {
      name: spec.manifest.provider.name,
      manifestUrl: spec.manifestUrl,
      manifest: spec.manifest,
      fingerprint,
      approval,
      status: 'ok',
      statusMessage: null,
      checked: true,
      ...(approval === 'approved'
        ? { approvedFingerprint: fingerprint, approvedManifest: spec.manifest, approvedNow: row.approvedFingerprint !== fingerprint }
        : {}),
    });
    await insertProviderEvent(tx, {
      providerId: spec.id, action: 'seeded', fromApproval: row.approval, toApproval: approval, fingerprint, actor: 'seed',
      detail: { origin: spec.origin, previousFingerprint: row.fingerprint },
    });
    const after = (await getProviderById(tx, { id: spec.id }))!;
    await replaceProviderDatasets(tx, after);
    changed();
    return {
      id: spec.id, action: 'updated' as const, changed: true, approval, status: 'ok' as const, fingerprint,
      message: approval === 'approved' ? 'Updated and approved again (built-in).' : 'Updated; stays rejected by the operator.',
    };
  }, db);
}

/** Removes a built-in provider whose definition is gone from the code and content/. */
async function removeBuiltIn(id: string, db: Db): Promise<void> {
  await registryWrite(async (tx, changed) => {
    const row = await getProviderById(tx, { id, forUpdate: true });
    if (!row?.builtIn) return;
    await insertProviderEvent(tx, {
      providerId: id, action: 'removed', fromApproval: row.approval, toApproval: null, fingerprint: row.fingerprint,
      actor: 'seed', detail: { reason: 'no longer defined in the code or content/providers' },
    });
    await deleteProvider(tx, { id });
    changed();
  }, db);
}

/** Called at server start and by the test setup: installs and updates every built-in provider. */
export async function seedBuiltInProviders(handle: DatabaseHandle, options: LoadOptions): Promise<void> {
  const { specs, unavailable, problems } = await builtInSpecs();
  for (const p of problems) options.log(`built-in providers: ${p}`);
  let added = 0;
  let updated = 0;
  for (const spec of specs) {
    try {
      const r = await seedOne(spec, handle.db);
      if (r.action === 'added') added++;
      else if (r.action === 'updated') updated++;
    } catch (e) {
      options.log(`built-in providers: ${spec.id}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const keep = new Set([...specs.map((s) => s.id), ...unavailable]);
  let removed = 0;
  for (const p of await listProviders(handle.db)) {
    if (p.builtIn && !keep.has(p.id)) {
      await removeBuiltIn(p.id, handle.db);
      removed++;
    }
  }
  options.log(
    `built-in providers: ${specs.length} defined (${added} added, ${updated} updated${removed ? `, ${removed} removed` : ''})`,
  );
}

/** The operator's `refresh` of a built-in: rebuild it from the code / content. */
export async function reseedBuiltInProvider({ id }: { id: string }, db: Db): Promise<SeedResult> {
  const { specs, problems } = await builtInSpecs();
  const spec = specs.find((s) => s.id === id);
  if (!spec) {
    const problem = problems.find((p) => p.includes(id));
    throw new RegistryError('unknown_provider', `No built-in definition for "${id}" in this build${problem ? ` (${problem})` : ''}.`);
  }
  return seedOne(spec, db);
}
