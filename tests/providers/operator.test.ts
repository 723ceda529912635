// The operator CLI: every command through runOperator, exit codes, and the real CLI once as a separate
// process against the test database (through the host's PGlite socket, or PostgreSQL).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getCatalog } from '@/lib/providers/catalog';
import { runOperator } from '@/scripts/operator';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { eventsOf, postRegistration, providerRow, publish, removeAttempts, removeProviders, testManifest, uniqueAddress, uniqueId } from './helpers';

const run = promisify(execFile);

let server: ProviderServer;
let restoreEnv: () => void;
const created: string[] = [];
const addresses: string[] = [];

async function operator(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOperator(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function registered(prefix: string): Promise<string> {
  const id = uniqueId(prefix);
  created.push(id);
  const a = uniqueAddress();
  addresses.push(a);
  const r = await postRegistration({ manifestUrl: publish(server, testManifest(id)) }, a);
  expect(r.status).toBe(201);
  return id;
}

beforeAll(async () => {
  server = await startProviderServer();
  restoreEnv = allowInsecureSources(server);
});

afterAll(async () => {
  await removeProviders(...created);
  await removeAttempts(...addresses);
  restoreEnv();
  await server.close();
});

describe('commands', () => {
  test('list, list --pending and show', async () => {
    const id = await registered('op');
    const all = await operator('list');
    expect(all.code).toBe(0);
    expect(all.out).toMatch(/^ID\s+NAME\s+APPROVAL\s+STATUS\s+DATASETS/m);
    expect(all.out).toMatch(/^zbgis\s+.*approved\s+ok\s+3\s+portal\*/m);
    expect(all.out).toMatch(new RegExp(`^${id}\\s+.*pending_review\\s+ok\\s+1\\s+provider`, 'm'));

    const pending = await operator('list', '--pending');
    expect(pending.code).toBe(0);
    expect(pending.out).toContain(id);
    expect(pending.out).not.toMatch(/^zbgis\s/m);

    const shown = await operator('show', id);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`approval:     pending_review`);
    expect(shown.out).toMatch(/registered\s+-\s+-> pending_review\s+by registration/);
  });

  test('approve, reject with a reason, unreject, approve again', async () => {
    const id = await registered('op');
    expect(await operator('approve', id)).toMatchObject({ code: 0, out: expect.stringContaining(`Approved ${id}`) });
    expect(await operator('approve', id)).toMatchObject({ code: 0, out: expect.stringContaining('already approved') });
    const rejected = await operator('reject', id, '--reason', 'duplicitné dáta');
    expect(rejected).toMatchObject({ code: 0, out: expect.stringContaining(`Rejected ${id} (approved -> rejected): duplicitné dáta`) });
    expect((await providerRow(id))!.rejected_reason).toBe('duplicitné dáta');
    expect(await operator('approve', id)).toMatchObject({ code: 1, err: expect.stringContaining('unreject it first') });
    expect(await operator('unreject', id)).toMatchObject({ code: 0, out: expect.stringContaining('awaits approval again') });
    expect(await operator('approve', id, '--fingerprint', '0000')).toMatchObject({ code: 1, err: expect.stringContaining('review the new content') });
    const fp = (await providerRow(id))!.fingerprint as string;
    expect((await operator('approve', id, `--fingerprint=${fp.slice(0, 8)}`)).code).toBe(0);
    expect((await eventsOf(id)).map((e) => e.action)).toEqual(['registered', 'approved', 'rejected', 'unrejected', 'approved']);
  });

  test('refresh <id>: unchanged, failed (exit 1), built-in rebuilt', async () => {
    const id = await registered('op');
    const same = await operator('refresh', id);
    expect(same.code).toBe(0);
    expect(same.out).toContain(`${id}: unchanged`);
    server.setFault(`/${id}/manifest.json`, '503');
    const failed = await operator('refresh', id);
    expect(failed.code).toBe(1);
    expect(failed.out).toMatch(new RegExp(`${id}: failed .*source_unreachable`));
    server.setFault(`/${id}/manifest.json`, null);
    // Built-ins are rebuilt from the code: nothing to change.
    expect(await operator('refresh', 'zbgis')).toMatchObject({ code: 0, out: expect.stringContaining('zbgis: unchanged') });
  });

  const usage: Array<{ argv: string[]; code: number; text: string }> = [
    { argv: ['frobnicate'], code: 2, text: 'Unknown command "frobnicate"' },
    { argv: ['approve'], code: 2, text: 'approve needs a provider id' },
    { argv: ['approve', 'a', 'b'], code: 2, text: 'too many arguments' },
    { argv: ['reject', 'x', '--reason'], code: 2, text: '--reason needs a value' },
    { argv: ['list', '--everything'], code: 2, text: 'unknown option --everything' },
    { argv: ['refresh'], code: 2, text: 'refresh needs a provider id or --all' },
    { argv: ['refresh', 'x', '--all'], code: 2, text: 'either an id or --all' },
    { argv: ['approve', 'no-such-provider-0'], code: 1, text: 'No provider with id "no-such-provider-0"' },
    { argv: ['unreject', 'zbgis'], code: 1, text: 'is not rejected' },
    { argv: ['show', 'no-such-provider-0'], code: 1, text: 'No provider with id' },
  ];
  for (const { argv, code, text } of usage) {
    test(`exit ${code}: ${argv.join(' ')}`, async () => {
      const r = await operator(...argv);
      expect(r.code).toBe(code);
      expect(r.err).toContain(text);
    });
  }

  test('diff <id>: nothing approved yet, no change, then the changes by dataset id', async () => {
    const id = await registered('op-diff');
    expect((await operator('diff', id)).out).toContain('has no approved manifest yet');
    await operator('approve', id);
    expect((await operator('diff', id)).out).toContain('the current manifest is the approved one');
    const changed = testManifest(id, { datasets: [{ id: 'body', title: 'Zastávky' }, { id: 'lampy', title: 'Lampy' }] });
    publish(server, changed);
    await operator('refresh', id);
    const r = await operator('diff', id);
    expect(r.code).toBe(0);
    expect(r.out).toContain('pending_review (changed)');
    expect(r.out).toContain('~ datasets/body/title: "Testovacie body" → "Zastávky"');
    expect(r.out).toMatch(/\+ datasets\/lampy: \{"id":"lampy"/);
    expect(r.out).toMatch(/approve .* --fingerprint [0-9a-f]{12}/);
    expect((await operator('diff', 'no-such-provider')).code).toBe(1);
  });

  test('help', async () => {
    expect(await operator('help')).toMatchObject({ code: 0, out: expect.stringContaining('npm run operator -- <command>') });
  });
});

describe('the real CLI process', () => {
  test('npx tsx scripts/operator.ts approve <id> while this process holds the database', async () => {
    const id = await registered('cli');
    expect((await getCatalog()).providers.map((p) => p.id)).not.toContain(id);

    const listed = await run('npx', ['tsx', 'scripts/operator.ts', 'list', '--pending'], { env: process.env, timeout: 60_000 });
    expect(listed.stdout).toContain(id);

    const approved = await run('npx', ['tsx', 'scripts/operator.ts', 'approve', id], { env: process.env, timeout: 60_000 });
    expect(approved.stdout).toContain(`Approved ${id}`);

    // Another process wrote: this process's copy follows within a second.
    let ids: string[] = [];
    for (let i = 0; i < 30 && !ids.includes(id); i++) {
      await new Promise((r) => setTimeout(r, 200));
      ids = (await getCatalog()).providers.map((p) => p.id);
    }
    expect(ids).toContain(id);

    const failed = await run('npx', ['tsx', 'scripts/operator.ts', 'approve', 'no-such-provider-0'], { env: process.env, timeout: 60_000 }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('No provider with id') });
  }, 180_000);
});
