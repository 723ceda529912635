// Built-in providers: every definition is a valid manifest, seeding is idempotent, changed built-in
// content is approved again with an audit row, an operator's rejection is respected, and a built-in
// that disappeared from the code is removed.
import { afterAll, describe, expect, test } from 'vitest';
import { databaseHandle } from '@/lib/db';
import { rejectProvider, unrejectProvider } from '@/lib/providers/approval';
import { findServedDataset } from '@/lib/providers/served';
import { builtInSpecs, sampleProviderManifest, seedBuiltInProviders, seedOne, type BuiltInSpec } from '@/lib/providers/seed';
import { EXAMPLES } from '@/lib/protocol/examples';
import type { Manifest } from '@/lib/protocol/types';
import { eventsOf, providerRow, removeProviders, uniqueId } from './helpers';

const created: string[] = [];

afterAll(async () => {
  await removeProviders(...created);
});

function fakeBuiltIn(id: string, title: string): BuiltInSpec {
  const manifest: Manifest = {
    protocol: '0.1',
    provider: { id, name: 'Skúšobný vstavaný poskytovateľ', managedBy: 'portal' },
    license: { name: 'CC0', attribution: 'Skúška' },
    datasets: [
      {
        id: 'vrstva',
        title,
        category: 'territory',
        source: { type: 'raster', tiles: ['https://tiles.example.org/{z}/{x}/{y}.png'] },
        presentation: { type: 'raster' },
        displayOnly: true,
      },
    ],
  };
  return { id, manifestUrl: null, manifest, origin: 'test' };
}

describe('built-in definitions', () => {
  test('sk-uzemie, priklady and every content/providers manifest are valid and built', async () => {
    const { specs, problems } = await builtInSpecs();
    expect(problems).toEqual([]);
    const ids = specs.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['sk-uzemie', 'priklady', 'zbgis', 'svp', 'sopsr', 'sgudds']));
    for (const s of specs) expect(s.manifest.provider).toMatchObject({ id: s.id, managedBy: 'portal' });
    // At least one real service is display-only (no licence to redistribute).
    expect(specs.some((s) => s.manifest.datasets.some((d) => d.displayOnly))).toBe(true);
    // Real services are raster WMS / ArcGIS sources over https.
    for (const s of specs.filter((x) => ['zbgis', 'svp', 'sopsr', 'sgudds'].includes(x.id))) {
      for (const d of s.manifest.datasets) {
        expect(d.source.type).toBe('raster');
        if (d.source.type === 'raster') for (const t of d.source.tiles) expect(t).toMatch(/^https:\/\//);
      }
    }
  });

  test('the sample provider is the complete sample manifest, category sample', () => {
    const m = sampleProviderManifest(EXAMPLES['manifest-complete'] as Manifest);
    expect(m.provider).toMatchObject({ id: 'priklady', managedBy: 'portal' });
    expect(m.datasets.length).toBeGreaterThan(0);
    expect(new Set(m.datasets.map((d) => d.category))).toEqual(new Set(['sample']));
  });

  test('the seeded built-ins are approved, portal-managed and served', async () => {
    for (const id of ['sk-uzemie', 'priklady', 'zbgis']) {
      expect(await providerRow(id)).toMatchObject({ approval: 'approved', managed_by: 'portal', built_in: true, status: 'ok' });
    }
    const cadastre = await findServedDataset('zbgis', 'katastralna-mapa');
    expect(cadastre).toMatchObject({ displayOnly: true, provider: { managedBy: 'portal', approval: 'approved' } });
    expect(cadastre!.attribution).toContain('ÚGKK SR');
    const sample = await findServedDataset('priklady', (EXAMPLES['manifest-complete'] as Manifest).datasets[0].id);
    expect(sample?.manifestUrl).toMatch(/\/priklady\/manifest-complete\.json$/);
  });
});

describe('seeding', () => {
  test('is idempotent: a second run changes nothing and writes no audit row', async () => {
    const handle = await databaseHandle();
    const before = (await eventsOf('zbgis')).length;
    await seedBuiltInProviders(handle, { progress: false, log: () => undefined });
    const lines: string[] = [];
    await seedBuiltInProviders(handle, { progress: false, log: (l) => lines.push(l) });
    expect(lines.at(-1)).toMatch(/0 added, 0 updated/);
    expect((await eventsOf('zbgis')).length).toBe(before);
  });

  test('changed built-in content is approved again automatically, with an audit row', async () => {
    const handle = await databaseHandle();
    const id = uniqueId('builtin');
    created.push(id);
    const first = await seedOne(fakeBuiltIn(id, 'Prvá'), handle.db);
    expect(first).toMatchObject({ action: 'added', approval: 'approved' });
    expect((await seedOne(fakeBuiltIn(id, 'Prvá'), handle.db)).action).toBe('unchanged');
    const second = await seedOne(fakeBuiltIn(id, 'Druhá'), handle.db);
    expect(second).toMatchObject({ action: 'updated', approval: 'approved' });
    expect(await findServedDataset(id, 'vrstva')).toMatchObject({ dataset: { title: 'Druhá' }, displayOnly: true });
    const row = (await providerRow(id))!;
    expect(row.approved_fingerprint).toBe(row.fingerprint);
    expect((await eventsOf(id)).map((e) => `${e.action}:${e.from}->${e.to}:${e.actor}`)).toEqual([
      'seeded:null->approved:seed',
      'seeded:approved->approved:seed',
    ]);

    // The operator's rejection survives seeding; unrejecting a built-in approves it again.
    await rejectProvider({ id });
    expect((await seedOne(fakeBuiltIn(id, 'Tretia'), handle.db)).approval).toBe('rejected');
    expect(await findServedDataset(id, 'vrstva')).toBeNull();
    expect((await unrejectProvider({ id })).to).toBe('approved');
    expect(await findServedDataset(id, 'vrstva')).toMatchObject({ dataset: { title: 'Tretia' } });

    // Gone from the code and content/: removed on the next start, the audit log keeps a row.
    await seedBuiltInProviders(handle, { progress: false, log: () => undefined });
    expect(await providerRow(id)).toBeUndefined();
    expect((await eventsOf(id)).at(-1)?.action).toBe('removed');
  });
});
