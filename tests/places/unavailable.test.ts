// Without reference data (a freshly migrated, empty database): place search answers 501
// geocoding_unavailable, the resolver reference_data_unavailable, the sk-uzemie data endpoints
// say so too, and the start-up import only logs when the folder is missing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GET } from '@/app/api/places/route';
import { databaseHandle, openDatabase, setDatabase, type DatabaseHandle } from '@/lib/db';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors';
import { resolveMunicipality } from '@/lib/places';
import { resetMunicipalityIndex } from '@/lib/places/municipality-index';
import { resetPlaceSearchCache } from '@/lib/places/search';
import { ensureReferenceData } from '@/lib/reference/import';
import { handleReferenceProviderRequest } from '@/lib/reference/provider';

let original: Promise<DatabaseHandle>;
let empty: DatabaseHandle;
let cleanup: () => Promise<void>;

function resetCaches() {
  resetMunicipalityIndex();
  resetPlaceSearchCache();
}

beforeAll(async () => {
  original = databaseHandle();
  const url = env().databaseUrl;
  if (url) {
    const name = `portal_places_empty_${process.pid}`;
    const admin = postgres(url, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`drop database if exists ${name}`);
    await admin.unsafe(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    empty = await openDatabase({ databaseUrl: target.toString(), migrate: true, maxConnections: 2 });
    cleanup = async () => {
      await empty.close();
      await admin.unsafe(`drop database if exists ${name}`);
      await admin.end();
    };
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-empty-'));
    empty = await openDatabase({ pgliteDir: dir, migrate: true, requireHost: true, maxConnections: 2 });
    cleanup = async () => {
      await empty.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  setDatabase(Promise.resolve(empty));
  resetCaches();
});

afterAll(async () => {
  setDatabase(original);
  resetCaches();
  await cleanup?.();
});

describe('without reference data', () => {
  test('GET /api/places answers 501 geocoding_unavailable', async () => {
    const res = await GET(new Request('http://localhost/api/places?query=zilina'), { params: Promise.resolve({}) });
    expect(res.status).toBe(501);
    expect(await res.json()).toMatchObject({ code: 'geocoding_unavailable' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  test('a bad query is still 400 first', async () => {
    const res = await GET(new Request('http://localhost/api/places?query=z'), { params: Promise.resolve({}) });
    expect(res.status).toBe(400);
  });

  test('the resolver says the municipality data is unavailable', async () => {
    const e = await resolveMunicipality('Žilina').catch((x: ApiError) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe('reference_data_unavailable');
  });

  test('sk-uzemie: the manifest is served, its data endpoints answer reference_data_unavailable', async () => {
    const m = await handleReferenceProviderRequest(new URL('http://localhost/poskytovatelia/sk-uzemie/manifest.json'));
    expect(m.status).toBe(200);
    const d = await handleReferenceProviderRequest(new URL('http://localhost/poskytovatelia/sk-uzemie/data/obce'));
    expect(d.status).toBe(503);
    expect(await d.json()).toMatchObject({ code: 'reference_data_unavailable' });
  });

  test('the start-up import without the folder only logs, and the tables stay empty', async () => {
    const lines: string[] = [];
    await ensureReferenceData(empty, path.join(os.tmpdir(), 'no-such-reference-dir'), { progress: false, log: (l) => lines.push(l) });
    expect(lines.join('\n')).toMatch(/501 geocoding_unavailable/);
    const [{ n }] = await empty.sql<{ n: number }[]>`select count(*)::int as n from municipalities`;
    expect(n).toBe(0);
  });
});
