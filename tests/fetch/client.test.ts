// The guarded client against a real local provider: what an allowed host gets, how redirects,
// encodings, the deadline and the size limit behave, and how transport failures are coded.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FetchError, fetchJson, MAX_RESPONSE_BYTES, safeFetch, type FetchResult } from '@/lib/fetch';
import { allowInsecureSources, pointCollection, startProviderServer, type ProviderServer } from '../helpers/provider-server';

const run = promisify(execFile);
let p: ProviderServer;
let restore: () => void;

beforeAll(async () => {
  p = await startProviderServer();
  restore = allowInsecureSources(p);
});
afterAll(async () => {
  restore();
  await p.close();
});

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchError);
  return err as FetchError;
}

describe('an allowed host', () => {
  test('answers with status, headers, decoded body and timing', async () => {
    p.setBody('/data.json', pointCollection(3));
    const r = await safeFetch(`${p.url}/data.json?limit=3`);
    expect(r.status).toBe(200);
    expect(r.url).toBe(`${p.url}/data.json?limit=3`);
    expect(r.headers['content-type']).toBe('application/geo+json');
    expect(JSON.parse(r.body.toString()).features).toHaveLength(3);
    expect(r.redirects).toEqual([]);
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
    const seen = p.log('/data.json').at(-1)!;
    expect(seen.query).toEqual({ limit: '3' });
    expect(seen.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(seen.headers['user-agent']).toMatch(/^geodata-portal\//);
  });

  test('a caller cannot override the Host or the encodings', async () => {
    p.setBody('/host.json', { ok: true });
    await safeFetch(`${p.url}/host.json`, { headers: { Host: 'intranet.local', 'Accept-Encoding': 'x-evil', 'X-Test': '1' } });
    const seen = p.log('/host.json').at(-1)!;
    expect(seen.headers.host).toBe(p.hostPort);
    expect(seen.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(seen.headers['x-test']).toBe('1');
  });

  test('any HTTP status is returned by safeFetch, fetchJson turns non-2xx into http_error', async () => {
    p.setFault('/broken', '503');
    const r = await safeFetch(`${p.url}/broken`);
    expect(r.status).toBe(503);
    const err = await failure(fetchJson(`${p.url}/broken`));
    expect(err.code).toBe('http_error');
    expect(err.status).toBe(503);
  });

  test('fetchJson: empty body and invalid JSON have their codes', async () => {
    p.setFault('/empty', 'empty-body');
    p.setFault('/invalid', 'invalid-json');
    expect((await failure(fetchJson(`${p.url}/empty`))).code).toBe('empty_body');
    expect((await failure(fetchJson(`${p.url}/invalid`))).code).toBe('invalid_json');
  });

  test('fetchJson parses JSON with a byte-order mark', async () => {
    p.setBody('/bom.json', `\uFEFF${JSON.stringify({ ok: true })}`);
    const { json } = await fetchJson(`${p.url}/bom.json`);
    expect(json).toEqual({ ok: true });
  });

  for (const encoding of ['gzip', 'deflate', 'deflate-raw', 'br'] as const) {
    test(`decodes ${encoding}`, async () => {
      const route = `/enc-${encoding}.json`;
      p.setBody(route, pointCollection(50));
      p.setFault(route, { type: 'compressed', encoding });
      const { json } = await fetchJson(`${p.url}${route}`);
      expect((json as { features: unknown[] }).features).toHaveLength(50);
    });
  }

  test('POST sends the body; a 303 continues as GET without it', async () => {
    p.setFault('/post', { type: 'redirect', location: '/after-post', status: 303 });
    p.setBody('/after-post', { ok: true });
    const r = await safeFetch(`${p.url}/post`, { method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(200);
    expect(p.log('/post').at(-1)!.method).toBe('POST');
    expect(p.log('/post').at(-1)!.headers['content-length']).toBe('7');
    expect(p.log('/after-post').at(-1)!.method).toBe('GET');
  });
});

describe('redirects', () => {
  test('up to 5 are followed, each listed', async () => {
    for (let i = 1; i <= 5; i++) p.setFault(`/hop${i}`, { type: 'redirect', location: i < 5 ? `/hop${i + 1}` : '/landing' });
    p.setBody('/landing', { landed: true });
    const r = await safeFetch(`${p.url}/hop1`);
    expect(r.status).toBe(200);
    expect(r.url).toBe(`${p.url}/landing`);
    expect(r.redirects).toEqual([`${p.url}/hop2`, `${p.url}/hop3`, `${p.url}/hop4`, `${p.url}/hop5`, `${p.url}/landing`]);
  });

  test('the 6th is refused, and a loop stops after 6 requests', async () => {
    p.setFault('/loop', 'redirect-loop');
    const before = p.requests('/loop');
    const err = await failure(safeFetch(`${p.url}/loop`));
    expect(err.code).toBe('source_error');
    expect(err.reason).toBe('too_many_redirects');
    expect(p.requests('/loop') - before).toBe(6);
  });

  test('maxRedirects: 0 refuses the first redirect', async () => {
    p.setFault('/once', { type: 'redirect', location: '/landing' });
    expect((await failure(safeFetch(`${p.url}/once`, { maxRedirects: 0 }))).reason).toBe('too_many_redirects');
  });

  test('a redirect to a URL the caller answers in-process is answered there', async () => {
    const inProcessUrl = 'https://portal.invalid/built-in/x.json';
    p.setFault('/to-in-process', { type: 'redirect', location: inProcessUrl });
    const handler = async () => new Response('{"inProcess":true}', { headers: { 'content-type': 'application/json' } });
    const r = await safeFetch(`${p.url}/to-in-process`, { inProcess: (u) => (u.href === inProcessUrl ? async () => handler : null) });
    expect(r.status).toBe(200);
    expect(r.url).toBe(inProcessUrl);
    expect(r.redirects).toEqual([inProcessUrl]);
    expect(JSON.parse(r.body.toString())).toEqual({ inProcess: true });
  });

  test('a redirect to an invalid location is invalid_url', async () => {
    p.setFault('/badloc', { type: 'redirect', location: 'http://[::1' });
    expect((await failure(safeFetch(`${p.url}/badloc`))).code).toBe('invalid_url');
  });
});

describe('deadline', () => {
  test('a source that never answers times out', async () => {
    p.setFault('/hang', 'hang');
    const err = await failure(safeFetch(`${p.url}/hang`, { timeoutMs: 800 }));
    expect(err.code).toBe('timeout');
  });

  test('the deadline covers a body that keeps dripping (headers came at once)', async () => {
    p.setFault('/drip', { type: 'slow-body', intervalMs: 100 });
    const started = Date.now();
    const err = await failure(safeFetch(`${p.url}/drip`, { timeoutMs: 1200 }));
    expect(err.code).toBe('timeout');
    // It stopped at the deadline, not at some later idle timeout.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('an answer within the deadline is fine', async () => {
    p.setBody('/late.json', { ok: 1 });
    p.setFault('/late.json', { type: 'delay', ms: 300 });
    const r = await safeFetch(`${p.url}/late.json`, { timeoutMs: 3000 });
    expect(r.status).toBe(200);
    expect(r.durationMs).toBeGreaterThanOrEqual(250);
  });
});

describe('size limit (counted on the decoded body)', () => {
  test('a 16 MB chunked body is refused', async () => {
    p.setFault('/big', 'big-body');
    const err = await failure(safeFetch(`${p.url}/big`));
    expect(err.code).toBe('response_too_large');
  });

  test('a 16 MB body with an honest Content-Length is refused before reading', async () => {
    p.setFault('/big-declared', { type: 'big-body', declareLength: true });
    expect((await failure(safeFetch(`${p.url}/big-declared`))).code).toBe('response_too_large');
  });

  test('a body just under the limit passes', async () => {
    p.setFault('/almost', { type: 'big-body', bytes: 2 * 1024 * 1024 });
    const r: FetchResult = await safeFetch(`${p.url}/almost`, { maxBytes: 2 * 1024 * 1024 });
    expect(r.body.length).toBe(2 * 1024 * 1024);
    expect((await failure(safeFetch(`${p.url}/almost`, { maxBytes: 2 * 1024 * 1024 - 1 }))).code).toBe('response_too_large');
  });

  test('a gzip bomb stops early', async () => {
    p.setFault('/bomb', 'gzip-bomb');
    const err = await failure(safeFetch(`${p.url}/bomb`));
    expect(err.code).toBe('response_too_large');
    expect(err.message).toContain(String(MAX_RESPONSE_BYTES / 1024 / 1024));
  });

  test('a Content-Length that under-declares yields only the declared bytes, never the flood', async () => {
    p.setFault('/liar', { type: 'lying-length', declared: 40, actualBytes: 16 * 1024 * 1024 });
    const r = await safeFetch(`${p.url}/liar`);
    expect(r.body.length).toBeLessThanOrEqual(40);
  });

  test('a Content-Length that over-declares ends as source_unreachable, not a hang', async () => {
    p.setFault('/liar2', { type: 'lying-length', declared: 1_000_000, actualBytes: 100 });
    expect((await failure(safeFetch(`${p.url}/liar2`, { timeoutMs: 5000 }))).code).toBe('source_unreachable');
  });
});

describe('transport failures', () => {
  test('connection reset before the answer', async () => {
    p.setFault('/reset', 'reset');
    expect((await failure(safeFetch(`${p.url}/reset`))).code).toBe('source_unreachable');
  });

  test('connection reset in the middle of the body', async () => {
    p.setFault('/reset-mid', 'reset-mid-body');
    expect((await failure(safeFetch(`${p.url}/reset-mid`))).code).toBe('source_unreachable');
  });

  test('nothing listening', async () => {
    const closed = await startProviderServer();
    const url = closed.url;
    await closed.close();
    const undo = allowInsecureSources(p, closed);
    try {
      expect((await failure(safeFetch(`${url}/x`))).code).toBe('source_unreachable');
    } finally {
      undo();
    }
  });
});

describe('https', () => {
  let dir: string;
  let server: https.Server;
  let httpsPort: number;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'fetch-tls-'));
    await run('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    ]);
    server = https.createServer(
      { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
      (req, res) => {
        if (req.url === '/downgrade') {
          res.writeHead(302, { location: `${p.url}/after-downgrade` });
          return res.end();
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"tls":true}');
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    httpsPort = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  test('an untrusted certificate is refused as source_error', async () => {
    const undo = allowInsecureSources(p, `127.0.0.1:${httpsPort}`);
    try {
      const err = await failure(safeFetch(`https://127.0.0.1:${httpsPort}/`));
      expect(err.code).toBe('source_error');
      expect(err.message).toMatch(/TLS/);
    } finally {
      undo();
    }
  });

  test('with a trusted certificate: https works and a redirect to http is refused', async () => {
    p.setBody('/after-downgrade', { reached: true });
    const before = p.requests('/after-downgrade');
    const { stdout } = await run(
      'npx',
      ['tsx', path.join(import.meta.dirname, 'https-child.ts'), `https://127.0.0.1:${httpsPort}/ok`, `https://127.0.0.1:${httpsPort}/downgrade`],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        // Only the https host is allowed (for its private address); the http target is not.
        env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(dir, 'cert.pem'), ALLOW_INSECURE_SOURCES: `127.0.0.1:${httpsPort}` },
      },
    );
    const [ok, downgrade] = stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(ok).toMatchObject({ status: 200, body: '{"tls":true}' });
    expect(downgrade).toMatchObject({ code: 'https_required', reason: 'downgrade' });
    expect(p.requests('/after-downgrade')).toBe(before);
  });
});
