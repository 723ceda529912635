// A provider's own actions with proof of control (the token at /.well-known/geodata-portal/<token> on
// its origin, fetched by the portal), against two real provider origins on 127.0.0.1: withdraw,
// refresh, move (to another origin: the token on both), one use per token, and the id bound to the
// origin of its first manifest, also after a withdrawal.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { POST as complete } from '@/app/api/providers/[id]/challenges/[token]/route';
import { POST as create } from '@/app/api/providers/[id]/challenges/route';
import { getDb, getSql } from '@/lib/db';
import { providerDashboard } from '@/lib/providers/dashboard';
import { getProviderById } from '@/lib/providers/queries';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { eventsOf, postRegistration, publish, removeAttempts, removeProviders, testManifest, uniqueAddress, uniqueId } from './helpers';

let home: ProviderServer;
let elsewhere: ProviderServer;
let restore: () => void;
const created: string[] = [];
const addresses: string[] = [];

async function register(server: ProviderServer, id: string, expected = 201) {
  const a = uniqueAddress();
  addresses.push(a);
  const r = await postRegistration({ manifestUrl: publish(server, testManifest(id)) }, a);
  expect(r.status, JSON.stringify(r.body)).toBe(expected);
  return r;
}

async function ask(id: string, body: Record<string, unknown>) {
  const res = await create(new Request(`http://localhost/api/providers/${id}/challenges`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }), { params: Promise.resolve({ id }) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function prove(id: string, token: string) {
  // No body, as the provider guide writes the request (everything is in the path).
  const res = await complete(new Request(`http://localhost/api/providers/${id}/challenges/${token}`, { method: 'POST' }), { params: Promise.resolve({ id, token }) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** The provider places the token on an origin, as the challenge says. */
function place(server: ProviderServer, token: string) {
  server.setBody(`/.well-known/geodata-portal/${token}`, `${token}\n`, 'text/plain');
}

beforeAll(async () => {
  home = await startProviderServer();
  elsewhere = await startProviderServer();
  restore = allowInsecureSources(home, elsewhere);
});

afterAll(async () => {
  await removeProviders(...created);
  await removeAttempts(...addresses);
  const sql = await getSql();
  await sql`delete from provider_origins where provider_id in ${sql(created)}`;
  await sql`delete from provider_challenges where provider_id in ${sql(created)}`;
  restore();
  await home.close();
  await elsewhere.close();
});

describe('withdraw', () => {
  test('a token not in place is proof_failed; in place, the provider is withdrawn once; the id stays bound to its origin', async () => {
    const id = uniqueId('stiahnut');
    created.push(id);
    await register(home, id);
    const c = await ask(id, { action: 'withdraw' });
    expect(c.status).toBe(201);
    expect(c.body.place).toEqual([`${home.url}/.well-known/geodata-portal/${c.body.token}`]);
    expect(c.body.instructions).toContain('Uložte súbor');

    const early = await prove(id, c.body.token);
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('proof_failed');
    expect(early.body.error).toContain('HTTP 404');

    home.setBody(`/.well-known/geodata-portal/${c.body.token}`, 'niečo iné', 'text/plain');
    expect((await prove(id, c.body.token)).body.code).toBe('proof_failed');

    place(home, c.body.token);
    const done = await prove(id, c.body.token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ provider: id, action: 'withdraw', approval: null });
    expect(await getProviderById(await getDb(), { id })).toBeNull();
    expect((await eventsOf(id)).map((e) => e.action)).toEqual(['registered', 'withdrawn']);
    expect(home.log(`/.well-known/geodata-portal/${c.body.token}`).length).toBe(3);

    // One use: the same token again finds nothing.
    expect((await prove(id, c.body.token)).body.code).toBe('unknown_challenge');
    // The id is bound to its first origin: not claimable from another one, free again from its own.
    const taken = await register(elsewhere, id, 409);
    expect(taken.body.code).toBe('id_taken');
    expect(taken.body.error).toContain(home.url);
    await register(home, id, 201);
  });
});

describe('refresh and move', () => {
  test('refresh: the manifest is downloaded at once', async () => {
    const id = uniqueId('obnova');
    created.push(id);
    await register(home, id);
    const before = home.requests(`/${id}/manifest.json`);
    const c = await ask(id, { action: 'refresh' });
    place(home, c.body.token);
    const done = await prove(id, c.body.token);
    expect(done.status).toBe(200);
    expect(done.body.action).toBe('refresh');
    expect(home.requests(`/${id}/manifest.json`)).toBe(before + 1);
    expect((await eventsOf(id)).map((e) => e.action)).toContain('refresh_requested');
  });

  test('move to another origin: the token on both origins; then the manifest is read from there and the id follows', async () => {
    const id = uniqueId('presun');
    created.push(id);
    await register(home, id);
    const target = publish(elsewhere, testManifest(id));
    const c = await ask(id, { action: 'move', manifestUrl: target });
    expect(c.status).toBe(201);
    expect(c.body.place).toEqual([`${home.url}/.well-known/geodata-portal/${c.body.token}`, `${elsewhere.url}/.well-known/geodata-portal/${c.body.token}`]);
    place(home, c.body.token);
    const half = await prove(id, c.body.token);
    expect(half.status).toBe(403);
    expect(half.body.error).toContain(elsewhere.url);
    place(elsewhere, c.body.token);
    const done = await prove(id, c.body.token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await getProviderById(await getDb(), { id }))!.manifestUrl).toBe(target);
    expect((await providerDashboard({ id })).origin).toBe(elsewhere.url);
  });

  test('bad requests: unknown provider 404, move without manifestUrl 400, built-in provider 400, a foreign token 404', async () => {
    expect((await ask('nikto-taky', { action: 'refresh' })).body.code).toBe('unknown_provider');
    const id = uniqueId('zle');
    created.push(id);
    await register(home, id);
    expect((await ask(id, { action: 'move' })).status).toBe(400);
    expect((await ask(id, { action: 'zmaz' })).body.code).toBe('invalid_input');
    expect((await ask('sk-uzemie', { action: 'withdraw' })).status).toBe(400);
    expect((await prove(id, 'A'.repeat(32))).body.code).toBe('unknown_challenge');
  });
});
