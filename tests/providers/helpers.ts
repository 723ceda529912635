// Shared pieces of the registry suites: a test manifest on the fake provider server, the registration
// route called as Next calls it, and cleanup of what a test created (the database is shared).
import { withRequestContext } from '@/lib/process-state';
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { getDb, getSql } from '@/lib/db';
import { providerEvents, providers } from '@/lib/db/schema';
import { bumpRegistryVersion } from '@/lib/providers/queries';
import { invalidateRegistryCache } from '@/lib/providers/served';
import type { Manifest } from '@/lib/protocol/types';
import { POST } from '@/app/api/registration/route';
import { pointCollection, type ProviderServer } from '../helpers/provider-server';

/** A provider id unique to this run (lowercase letters, digits, hyphens). */
export function uniqueId(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/** A client address unique to one test, so the rate limit of one test never touches another. */
export function uniqueAddress(): string {
  const b = randomUUID().replace(/-/g, '');
  return `10.${parseInt(b.slice(0, 2), 16)}.${parseInt(b.slice(2, 4), 16)}.${parseInt(b.slice(4, 6), 16)}`;
}

export function testManifest(
  id: string,
  opts: { title?: string; datasets?: Array<{ id: string; title: string }>; name?: string } = {},
): Manifest {
  const datasets = opts.datasets ?? [{ id: 'body', title: opts.title ?? 'Testovacie body' }];
  return {
    protocol: '0.1',
    provider: { id, name: opts.name ?? `Testovací poskytovateľ ${id}`, homepage: 'https://example.org/' },
    license: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', attribution: `© ${id}` },
    datasets: datasets.map((d) => ({
      id: d.id,
      title: d.title,
      description: 'Body na skúšku registrácie.',
      category: 'society',
      keywords: ['test', 'body'],
      useCases: ['housing'],
      coverage: { bbox: [16.8, 47.7, 22.6, 49.6], area: 'Slovensko' },
      // Relative on purpose: the portal resolves it against the manifest URL.
      source: { type: 'geojson', url: `data/${id}-${d.id}.json` },
      presentation: { type: 'circle', color: '#c0392b' },
      fields: [
        { key: 'name', label: 'Názov' },
        { key: 'value', label: 'Hodnota', type: 'number' },
      ],
    })),
  };
}

/** Serves the manifest at `/<path>` and its datasets' data; returns the manifest URL. */
export function publish(server: ProviderServer, manifest: Manifest, path = `/${manifest.provider.id}/manifest.json`): string {
  server.setBody(path, manifest);
  const dir = path.slice(0, path.lastIndexOf('/') + 1);
  for (const d of manifest.datasets) server.setBody(`${dir}data/${manifest.provider.id}-${d.id}.json`, pointCollection(3));
  return `${server.url}${path}`;
}

export interface PostResult {
  status: number;
  body: Record<string, any>;
  headers: Headers;
}

/** POST /api/registration through the route handler, from `address` (the socket peer). */
export async function postRegistration(body: unknown, address: string, headers: Record<string, string> = {}): Promise<PostResult> {
  const req = new Request('http://localhost/api/registration', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const res = await withRequestContext({ peer: address, serverCompresses: true }, () => POST(req, { params: Promise.resolve({}) }));
  return { status: res.status, body: (await res.json()) as Record<string, any>, headers: res.headers };
}

/** Removes providers (and their audit rows) a test created; the registry version moves on. */
export async function removeProviders(...ids: string[]): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(providers).where(inArray(providers.id, ids));
    await tx.delete(providerEvents).where(inArray(providerEvents.providerId, ids));
    await bumpRegistryVersion(tx);
  });
  invalidateRegistryCache();
}

export async function removeAttempts(...addresses: string[]): Promise<void> {
  const sql = await getSql();
  await sql`delete from registration_attempts where client_address in ${sql(addresses)}`;
}

export async function eventsOf(id: string): Promise<Array<{ action: string; from: string | null; to: string | null; actor: string; fingerprint: string | null }>> {
  const sql = await getSql();
  return sql`
    select action, from_approval as "from", to_approval as "to", actor, fingerprint
    from provider_events where provider_id = ${id} order by id`;
}

export async function providerRow(id: string): Promise<Record<string, any> | undefined> {
  const sql = await getSql();
  const [row] = await sql`select * from providers where id = ${id}`;
  return row;
}
