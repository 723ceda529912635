// The registry's Drizzle queries on both drivers (embedded PGlite through postgres.js over its socket
// without prepared statements, and PostgreSQL): jsonb goes in as JSON, not as a JSON string, and comes
// back as objects; timestamps come back as Dates; a null jsonb is SQL NULL; the bbox is a PostGIS box.
import { afterAll, describe, expect, test } from 'vitest';
import { getDb, getSql } from '@/lib/db';
import type { Manifest } from '@/lib/protocol/types';
import {
  fingerprintOf,
  getProviderById,
  insertProvider,
  insertProviderEvent,
  listProviderEvents,
  listProvidersDueForRefresh,
  replaceProviderDatasets,
  updateProvider,
} from '@/lib/providers/queries';
import { registryWrite } from '@/lib/providers/write';
import { removeProviders, testManifest, uniqueId } from './helpers';

const created: string[] = [];
afterAll(() => removeProviders(...created));

function manifestOf(id: string): Manifest {
  const m = testManifest(id, { name: 'Žltá ľalia „úvodzovky“ \\ "quotes"' });
  m.datasets[0].keywords = ['ťava', 'a\nb'];
  return m;
}

describe('registry queries through Drizzle', () => {
  test('jsonb and timestamps round-trip; null jsonb is SQL NULL; dates as parameters', async () => {
    const db = await getDb();
    const sql = await getSql();
    const id = uniqueId('drizzle');
    created.push(id);
    const manifest = manifestOf(id);
    const fingerprint = fingerprintOf(JSON.stringify(manifest));
    const before = new Date(Date.now() - 1000);

    expect(await insertProvider(db, { id, name: manifest.provider.name, managedBy: 'provider', manifestUrl: `https://example.org/${id}.json`, manifest, fingerprint, approval: 'approved', builtIn: false })).toBe(true);
    // A second insert of the same id loses to the primary key without an error.
    expect(await insertProvider(db, { id, name: 'x', managedBy: 'provider', manifestUrl: null, manifest, fingerprint, approval: 'pending_review', builtIn: false })).toBe(false);

    const row = (await getProviderById(db, { id }))!;
    expect(row.manifest).toEqual(manifest);
    expect(row.approvedManifest).toEqual(manifest);
    for (const t of [row.createdAt, row.updatedAt, row.checkedAt, row.approvedAt]) {
      expect(t).toBeInstanceOf(Date);
      expect(t!.getTime()).toBeGreaterThan(before.getTime() - 60_000);
    }
    const [stored] = await sql`
      select jsonb_typeof(manifest) as manifest_type, manifest->'provider'->>'name' as name,
        jsonb_typeof(approved_manifest) as approved_type from providers where id = ${id}`;
    expect(stored).toEqual({ manifest_type: 'object', name: manifest.provider.name, approved_type: 'object' });

    await registryWrite(async (tx) => {
      const locked = await getProviderById(tx, { id, forUpdate: true });
      expect(locked?.fingerprint).toBe(fingerprint);
      await updateProvider(tx, id, { approval: 'rejected', approvedFingerprint: null, approvedManifest: null, checked: true });
      await insertProviderEvent(tx, { providerId: id, action: 'rejected', fromApproval: 'approved', toApproval: 'rejected', fingerprint, actor: 'operator', detail: { reason: 'ž "x"', n: 1 } });
    });
    const [nulls] = await sql`select approved_manifest is null as gone, approval from providers where id = ${id}`;
    expect(nulls).toEqual({ gone: true, approval: 'rejected' });
    const after = (await getProviderById(db, { id }))!;
    expect(after.approvedManifest).toBeNull();
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());

    const [event] = await listProviderEvents(db, { providerId: id });
    expect(event).toMatchObject({ action: 'rejected', actor: 'operator', detail: { reason: 'ž "x"', n: 1 } });
    expect(event.at).toBeInstanceOf(Date);
    expect(typeof event.id).toBe('number');

    // A Date parameter (timestamptz) in a comparison.
    await updateProvider(db, id, { approval: 'pending_review' });
    expect(await listProvidersDueForRefresh(db, { before: new Date(Date.now() + 60_000) })).toContain(id);
    expect(await listProvidersDueForRefresh(db, { before })).not.toContain(id);
  });

  test('provider_datasets: definition as jsonb, use cases as text[], coverage as a PostGIS envelope', async () => {
    const db = await getDb();
    const sql = await getSql();
    const id = uniqueId('drizzle-ds');
    created.push(id);
    const manifest = manifestOf(id);
    manifest.datasets.push({ ...manifest.datasets[0], id: 'bez-pokrytia', coverage: undefined, useCases: undefined });
    const fingerprint = fingerprintOf(JSON.stringify(manifest));
    await insertProvider(db, { id, name: 'x', managedBy: 'provider', manifestUrl: null, manifest, fingerprint, approval: 'pending_review', builtIn: false });
    await replaceProviderDatasets(db, { id, approval: 'pending_review', manifest, approvedManifest: null, approvedFingerprint: null });
    const rows = await sql`
      select dataset_id, approved, jsonb_typeof(definition) as def_type, definition->>'title' as title, use_cases,
        ST_AsText(coverage) as coverage
      from provider_datasets where provider_id = ${id} order by dataset_id`;
    expect(rows).toEqual([
      { dataset_id: 'bez-pokrytia', approved: false, def_type: 'object', title: manifest.datasets[0].title, use_cases: [], coverage: null },
      {
        dataset_id: 'body', approved: false, def_type: 'object', title: manifest.datasets[0].title, use_cases: ['housing'],
        coverage: 'POLYGON((16.8 47.7,16.8 49.6,22.6 49.6,22.6 47.7,16.8 47.7))',
      },
    ]);
  });
});
