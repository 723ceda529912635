// A database made by the previous version (the 2010 TopoJSON boundaries, no cadastral territories)
// is upgraded in place on the next start: the new migration, a new digest, the 2019 boundaries and
// the cadastral territories, with no manual step. The previous version is the commit before the
// 2019 boundaries, taken from git (`git archive`) into a temporary folder and started there on a
// database of its own (PGlite directory or PostgreSQL database, like the suite's driver). Then the
// 2010 fallback: the same database loaded from a data directory without boundaries/gku-2019.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseHandle, openDatabase, setDatabase, type DatabaseHandle, type Sql } from '@/lib/db';
import { env } from '@/lib/env';
import { cadastralTerritoryAt, municipalityAt } from '@/lib/places';
import { resetMunicipalityIndex } from '@/lib/places/municipality-index';
import { boundarySource } from '@/lib/reference/boundary-source';
import { ensureReferenceData, REFERENCE_IMPORT_NAME } from '@/lib/reference/import';
import { referenceProviderManifest } from '@/lib/reference/provider';
import { referenceDigest } from '@/lib/reference/sources';
import { loadContent } from '@/lib/startup';
import { resetMunicipalityIndex as resetSummaryIndex } from '@/lib/summary';
import { withoutGku2019 } from '../helpers/reference-dirs';

/** The last commit of main before the 2019 boundaries (its reference import knows only the TopoJSON). */
const PREVIOUS_VERSION = 'ad79515';
const MALACKY = 'SK0106508063';
const INSIDE_MALACKY: [number, number] = [17.0209, 48.4359];

const root = process.cwd();
const dir = env().referenceDataDir!;
let work: string;
let target: { databaseUrl?: string; pgliteDir?: string };
let dropDatabase: (() => Promise<void>) | undefined;
let original: Promise<DatabaseHandle>;
let handle: DatabaseHandle | undefined;
let older: { dir: string; remove: () => void } | undefined;

interface State {
  digest: string | null;
  counts: Record<string, unknown> | null;
  malacky: number;
  municipalities: number;
  placeNames: number;
  territories: number | null;
  datasets: string[];
}

async function state(sql: Sql): Promise<State> {
  const [r] = await sql<{ digest: string | null; counts: string | null; malacky: number; municipalities: number; place_names: number; has_table: boolean }[]>`
    select (select digest from reference_imports where name = ${REFERENCE_IMPORT_NAME}) as digest,
      (select counts from reference_imports where name = ${REFERENCE_IMPORT_NAME}) as counts,
      (select area_km2 from municipalities where code = ${MALACKY}) as malacky,
      (select count(*)::int from municipalities where kind = 'municipality') as municipalities,
      (select count(*)::int from place_names) as place_names,
      to_regclass('cadastral_territories') is not null as has_table`;
  const territories = r.has_table ? (await sql<{ n: number }[]>`select count(*)::int as n from cadastral_territories`)[0].n : null;
  const datasets = await sql<{ id: string }[]>`
    select dataset_id as id from provider_datasets where provider_id = 'sk-uzemie' and approved order by dataset_id`;
  return {
    digest: r.digest,
    counts: r.counts ? (JSON.parse(r.counts) as Record<string, unknown>) : null,
    malacky: r.malacky,
    municipalities: r.municipalities,
    placeNames: r.place_names,
    territories,
    datasets: datasets.map((d) => d.id),
  };
}

function run(cmd: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; input?: Buffer }): Buffer {
  const r = spawnSync(cmd, args, { cwd: options.cwd, env: options.env, input: options.input, maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr?.toString().slice(-2000)}`);
  return r.stdout;
}

/** Starts the previous version's start-up (migrations, reference data, built-in providers) on `target`. */
async function preparePreviousVersion(): Promise<string> {
  const exists = spawnSync('git', ['cat-file', '-e', `${PREVIOUS_VERSION}^{commit}`], { cwd: root });
  if (exists.status !== 0) {
    throw new Error(`this test needs the git history: commit ${PREVIOUS_VERSION} (the previous version) is not in ${root}`);
  }
  const app = path.join(work, 'previous');
  mkdirSync(app);
  run('tar', ['-x', '-C', app], { cwd: root, input: run('git', ['archive', '--format=tar', PREVIOUS_VERSION], { cwd: root }) });
  // The previous version runs on today's node_modules. Its start-up path (lib/startup.ts loadContent)
  // imports none of the packages removed since (@turf/turf, next-mdx-remote: only its data proxy and
  // docs pages did), so nothing extra is installed for it; a future removal that breaks this fails here.
  symlinkSync(path.join(root, 'node_modules'), path.join(app, 'node_modules'));
  // What its server does before it listens (lib/startup.ts prepareServer, without the HTTP part).
  writeFileSync(
    path.join(app, 'prepare-previous.ts'),
    `import { openDatabase } from './lib/db';
import { loadContent } from './lib/startup';
async function main() {
  const handle = await openDatabase({ migrate: true, requireHost: true });
  await loadContent(handle, { progress: false, log: (l) => console.log(l) });
  await handle.close();
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
`,
  );
  const childEnv: NodeJS.ProcessEnv = { ...process.env, REFERENCE_DATA_DIR: path.resolve(dir) };
  delete childEnv.DATABASE_URL;
  delete childEnv.TEST_DATABASE_URL;
  delete childEnv.PGLITE_DIR;
  if (target.databaseUrl) childEnv.DATABASE_URL = target.databaseUrl;
  else childEnv.PGLITE_DIR = target.pgliteDir;
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  return await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, 'prepare-previous.ts'], { cwd: app, env: childEnv });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`the previous version failed (${code}):\n${out.slice(-3000)}`))));
  });
}

function resetCaches() {
  resetMunicipalityIndex();
  resetSummaryIndex();
}

beforeAll(async () => {
  original = databaseHandle();
  work = mkdtempSync(path.join(os.tmpdir(), 'portal-upgrade-'));
  const url = env().databaseUrl;
  if (url) {
    const name = `portal_upgrade_${process.pid}`;
    const admin = postgres(url, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`drop database if exists ${name}`);
    await admin.unsafe(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    target = { databaseUrl: u.toString() };
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    target = { pgliteDir: path.join(work, 'pglite') };
  }
  await preparePreviousVersion();
}, 900_000);

afterAll(async () => {
  setDatabase(original);
  resetCaches();
  await handle?.close();
  await dropDatabase?.();
  older?.remove();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('upgrade on start-up', () => {
  test('a database of the previous version gets the 2019 boundaries and the cadastral territories on the next start', async () => {
    handle = await openDatabase({ ...target, migrate: true, requireHost: true, maxConnections: 2 });
    const before = await state(handle.sql);
    // Made by the previous version: 2010 boundaries (Malacky 22.8 km²), no cadastral territories yet.
    expect(before.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(before.digest).not.toBe(referenceDigest(dir));
    expect(before.counts).not.toHaveProperty('boundaries');
    expect(before.malacky).toBeGreaterThan(22.5);
    expect(before.malacky).toBeLessThan(23.1);
    expect(before.territories).toBe(0); // the table came with this version's migration, empty
    expect(before.datasets).toEqual(['kraje', 'mesta', 'obce', 'okresy']);

    // A cached answer of the built-in provider from the previous version's data (2010 polygons).
    await handle.sql`
      insert into data_cache (key, dataset_key, fingerprint, body, body_size, etag, created_at, expires_at, stale_until)
      values ('upgrade-test', 'sk-uzemie/obce', 'old', ${Buffer.from('x')}, 1, '"x"', now(), now() + interval '1 day',
        now() + interval '10 days')`;

    // The next start: exactly what the server does before it listens.
    setDatabase(Promise.resolve(handle));
    resetCaches();
    const lines: string[] = [];
    await loadContent(handle, { progress: false, log: (l) => lines.push(l) });
    expect(lines.join('\n')).toMatch(/reference data: boundaries of 2019 \(GKÚ\): .*3,559 cadastral territories/);

    const after = await state(handle.sql);
    expect(after.digest).toBe(referenceDigest(dir));
    expect(after.counts).toMatchObject({ boundaries: 'gku-2019', municipalities: 2927, cadastralTerritories: 3559 });
    expect(Math.abs(after.malacky - 27.2) / 27.2).toBeLessThan(0.01);
    expect(after.municipalities).toBe(2927);
    expect(after.placeNames).toBe(before.placeNames);
    expect(after.territories).toBe(3559);
    expect(after.datasets).toEqual(['katastralne-uzemia', 'kraje', 'mesta', 'obce', 'okresy']);
    expect((await municipalityAt(INSIDE_MALACKY))?.code).toBe(MALACKY);
    expect(await cadastralTerritoryAt(INSIDE_MALACKY)).toMatchObject({ code: '835196', name: 'Malacky' });
    // The polygons are the 2019 ones too (the generalised Malacky polygon has 26.86 km², the 2010 one 22.8).
    const [{ polygon }] = await handle.sql<{ polygon: number }[]>`
      select ST_Area(geom::geography) / 1e6 as polygon from municipalities where code = ${MALACKY}`;
    expect(polygon).toBeCloseTo(26.86, 1);
    const [{ cached }] = await handle.sql<{ cached: number }[]>`
      select count(*)::int as cached from data_cache where dataset_key like 'sk-uzemie/%'`;
    expect(cached).toBe(0);

    // And the start after that finds it up to date.
    const again: string[] = [];
    await loadContent(handle, { progress: false, log: (l) => again.push(l) });
    expect(again[0]).toBe('reference data: up to date');
    expect(await state(handle.sql)).toEqual(after);
  }, 600_000);

  test('an older data directory without the 2019 files falls back to the 2010 TopoJSON', async () => {
    expect(handle).toBeDefined();
    setDatabase(Promise.resolve(handle!));
    resetCaches();
    older = withoutGku2019(dir);
    expect(boundarySource(older.dir)).toMatchObject({ vintage: 'topojson-2010', cadastralTerritories: false });
    const lines: string[] = [];
    await ensureReferenceData(handle!, older.dir, { progress: false, log: (l) => lines.push(l) });
    expect(lines.join('\n')).toMatch(/reference data: boundaries of about 2010 \(TopoJSON\): .* 0 cadastral territories/);
    resetCaches();
    const s = await state(handle!.sql);
    expect(s.digest).toBe(referenceDigest(older.dir));
    expect(s.counts).toMatchObject({ boundaries: 'topojson-2010', municipalities: 2927, cadastralTerritories: 0 });
    expect(s.malacky).toBeGreaterThan(22.5);
    expect(s.malacky).toBeLessThan(23.1);
    expect(s.territories).toBe(0);
    expect((await municipalityAt(INSIDE_MALACKY))?.code).toBe(MALACKY);
    expect(await cadastralTerritoryAt(INSIDE_MALACKY)).toBeNull();
    const manifest = referenceProviderManifest('http://localhost', boundarySource(older.dir));
    expect(manifest.datasets.map((d) => d.id)).not.toContain('katastralne-uzemia');
  }, 600_000);
});
