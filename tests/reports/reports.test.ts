// POST /api/reports ("Nahlásiť problém"): a good report is stored and answers 201; each bad one
// answers its 4xx with a code and stores nothing; the operator lists and closes reports and sees
// the open ones per provider.
import { withRequestContext } from '@/lib/process-state';
import { afterAll, describe, expect, test } from 'vitest';
import { getSql } from '@/lib/db';
import { POST } from '@/app/api/reports/route';
import { clientHash, reportAttemptKey } from '@/lib/reports/reports';
import { runOperator } from '@/scripts/operator';
import { removeAttempts, uniqueAddress } from '../providers/helpers';

const addresses: string[] = [];

function address(): string {
  const a = uniqueAddress();
  addresses.push(a);
  return a;
}

/** Posts a body as a browser does (with its Content-Length) or, with `chunked`, without one. */
async function post(body: unknown, from: string, { chunked = false } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const length: Record<string, string> = chunked ? {} : { 'content-length': String(Buffer.byteLength(text)) };
  const req = new Request('http://localhost/api/reports', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...length },
    body: text,
  });
  const res = await withRequestContext({ peer: from, serverCompresses: true }, () => POST(req, { params: Promise.resolve({}) }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function storedFrom(from: string): Promise<number> {
  const sql = await getSql();
  const [row] = await sql`select count(*)::int as n from reports where client_hash = ${clientHash(from)}`;
  return row.n as number;
}

async function operator(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOperator(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

afterAll(async () => {
  const sql = await getSql();
  await sql`delete from reports where client_hash in ${sql(addresses.map(clientHash))}`;
  await removeAttempts(...addresses.map(reportAttemptKey));
});

describe('POST /api/reports', () => {
  test('a report about a dataset is stored with its provider and answers 201 { id, status }', async () => {
    const from = address();
    const r = await post({ kind: 'data', message: '  Zastávka tu už nie je.  ', dataset: 'priklady/body', point: [17.1, 48.1], email: 'obcan@example.sk', page: '/mapa/priklady/body' }, from);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.any(Number), status: 'open' });
    const sql = await getSql();
    const [row] = await sql`select * from reports where id = ${r.body.id as number}`;
    expect(row).toMatchObject({ kind: 'data', message: 'Zastávka tu už nie je.', provider_id: 'priklady', dataset_key: 'priklady/body', contact_email: 'obcan@example.sk', point_lon: 17.1, point_lat: 48.1, status: 'open' });
    expect(row.client_hash).not.toContain(from);
  });

  const bad: Array<{ name: string; body: unknown; status: number; code: string; chunked?: boolean }> = [
    { name: 'empty message', body: { kind: 'site', message: '' }, status: 400, code: 'invalid_input' },
    { name: 'blank message', body: { kind: 'site', message: '   \n ' }, status: 400, code: 'invalid_input' },
    { name: 'no message', body: { kind: 'site' }, status: 400, code: 'invalid_input' },
    { name: 'empty body', body: '', status: 400, code: 'invalid_input' },
    { name: '30 KB body', body: { kind: 'site', message: 'x'.repeat(30 * 1024) }, status: 413, code: 'payload_too_large' },
    { name: '30 KB body without Content-Length', body: { kind: 'site', message: 'x'.repeat(30 * 1024) }, chunked: true, status: 400, code: 'invalid_input' },
    { name: '4001 characters', body: { kind: 'site', message: 'x'.repeat(4001) }, status: 400, code: 'invalid_input' },
    { name: 'HTML tag', body: { kind: 'site', message: 'Pozrite <script>alert(1)</script>' }, status: 400, code: 'invalid_input' },
    { name: 'HTML link', body: { kind: 'site', message: '<a href="https://x.example">klik</a>' }, status: 400, code: 'invalid_input' },
    { name: 'HTML comment', body: { kind: 'site', message: 'ahoj <!-- x -->' }, status: 400, code: 'invalid_input' },
    { name: 'self-closing tag', body: { kind: 'site', message: 'riadok<br/>riadok' }, status: 400, code: 'invalid_input' },
    { name: 'unknown dataset key form', body: { kind: 'data', message: 'zlé údaje', dataset: 'bez-lomky' }, status: 400, code: 'invalid_input' },
    { name: 'unknown kind', body: { kind: 'spam', message: 'x' }, status: 400, code: 'invalid_input' },
    { name: 'bad e-mail', body: { kind: 'site', message: 'x', email: 'nie-je-email' }, status: 400, code: 'invalid_input' },
  ];
  for (const { name, body, status, code, chunked } of bad) {
    test(`${name}: ${status} ${code}, nothing stored`, async () => {
      const from = address();
      const r = await post(body, from, { chunked });
      expect(r.status).toBe(status);
      expect(r.body).toMatchObject({ code, error: expect.any(String) });
      expect(await storedFrom(from)).toBe(0);
    });
  }

  test('plain text with < and > is kept as written', async () => {
    const r = await post({ message: 'Hodnota a < b a 3 > 2, <3' }, address());
    expect(r.status).toBe(201);
  });

  test('20 reports in a minute from one address: from the 11th on 429 too_many_requests, only 10 stored', async () => {
    const from = address();
    const statuses: number[] = [];
    const codes: unknown[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await post({ message: `Hlásenie ${i}` }, from);
      statuses.push(r.status);
      if (r.status !== 201) codes.push(r.body.code);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    expect(new Set(codes)).toEqual(new Set(['too_many_requests']));
    expect(await storedFrom(from)).toBe(10);
    // Another address is not affected.
    expect((await post({ message: 'iná adresa' }, address())).status).toBe(201);
  });
});

describe('npm run operator -- reports', () => {
  test('lists open reports, closes one, --all shows it closed; list and show count open reports per provider', async () => {
    const marker = `Značka ${Date.now()}`;
    const r = await post({ kind: 'data', message: `${marker} údaje sú nesprávne`, dataset: 'priklady/body' }, address());
    expect(r.status).toBe(201);
    const id = r.body.id as number;

    const open = await operator('reports');
    expect(open.code).toBe(0);
    expect(open.out).toMatch(/^ID\s+STATUS\s+KIND\s+CREATED \(UTC\)\s+DATASET/m);
    expect(open.out).toMatch(new RegExp(`^${id}\\s+open\\s+data\\s+.*priklady/body\\s+.*${marker}`, 'm'));

    const listed = await operator('list');
    const before = Number(new RegExp(`^priklady\\s+.*portal\\*\\s+(\\d+)`, 'm').exec(listed.out)?.[1]);
    expect(before).toBeGreaterThanOrEqual(1);
    expect((await operator('show', 'priklady')).out).toMatch(new RegExp(`reports:\\s+${before} open`));

    const closed = await operator('reports', 'close', String(id));
    expect(closed).toMatchObject({ code: 0, out: `Report ${id} closed.` });
    expect((await operator('reports')).out).not.toMatch(new RegExp(`^${id}\\s`, 'm'));
    expect((await operator('reports', '--all')).out).toMatch(new RegExp(`^${id}\\s+closed\\s+data`, 'm'));
    const after = Number(new RegExp(`^priklady\\s+.*portal\\*\\s+(\\d+)`, 'm').exec((await operator('list')).out)?.[1]);
    expect(after).toBe(before - 1);

    expect(await operator('reports', 'close', String(id))).toMatchObject({ code: 1, err: `No open report with id ${id}.` });
    expect((await operator('reports', 'close', 'abc')).code).toBe(2);
    expect((await operator('reports', '--bogus')).code).toBe(2);
  });
});
