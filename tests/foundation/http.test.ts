import { describe, expect, test } from 'vitest';
import * as unknownApi from '@/app/api/[...path]/route';
import { ApiError, ERROR_STATUS } from '@/lib/errors';
import { clientAddress, readJson, route } from '@/lib/http';
import { withRequestContext } from '@/lib/process-state';

const ctx = { params: Promise.resolve({}) };

describe('route wrapper', () => {
  test('adds CORS to successful answers', async () => {
    const h = route(async () => Response.json({ ok: true }));
    const res = await h(new Request('http://x/api/a'), ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  const cases: Array<{ name: string; error: unknown; status: number; code: string }> = [
    { name: 'ApiError keeps its code and status', error: new ApiError('unknown_dataset', 'no such dataset'), status: 404, code: 'unknown_dataset' },
    { name: 'registration codes map per the spec', error: new ApiError('queue_full', 'full'), status: 429, code: 'queue_full' },
    { name: 'unknown errors become internal_error without details', error: new Error('SELECT secret FROM x'), status: 500, code: 'internal_error' },
  ];
  for (const { name, error, status, code } of cases) {
    test(name, async () => {
      const h = route(async () => {
        throw error;
      });
      const original = console.error;
      console.error = () => undefined;
      const res = await Promise.resolve(h(new Request('http://x/api/a'), ctx)).finally(() => (console.error = original));
      expect(res.status).toBe(status);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const body = (await res.json()) as { error: string; code: string };
      expect(body.code).toBe(code);
      expect(typeof body.error).toBe('string');
      expect(body.error).not.toContain('SELECT');
    });
  }

  test('every error code has a 3xx-5xx status', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(status, code).toBeGreaterThanOrEqual(300);
      expect(status, code).toBeLessThan(600);
    }
  });

  test('unknown /api path answers 404 in the error shape, preflight has CORS', async () => {
    const res = await unknownApi.GET(new Request('http://x/api/x'), { params: Promise.resolve({ path: ['x'] }) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: expect.any(String), code: 'not_found' });
    const pre = unknownApi.OPTIONS();
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('input helpers', () => {
  const bad: Array<{ name: string; body: string }> = [
    { name: 'not JSON', body: '{nope' },
    { name: 'empty', body: '' },
  ];
  for (const { name, body } of bad) {
    test(`readJson refuses ${name}`, async () => {
      await expect(readJson(new Request('http://x', { method: 'POST', body }))).rejects.toMatchObject({ code: 'invalid_input' });
    });
  }
  test('readJson refuses bodies over the limit', async () => {
    const req = new Request('http://x', { method: 'POST', body: JSON.stringify({ a: 'x'.repeat(2000) }) });
    await expect(readJson(req, 100)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  test('client address ignores X-Forwarded-For from untrusted peers', () => {
    const req = new Request('http://x', { headers: { 'x-forwarded-for': '1.2.3.4' } });
    expect(withRequestContext({ peer: '203.0.113.5', serverCompresses: true }, () => clientAddress(req))).toBe('203.0.113.5');
  });

  test('a client-sent x-portal-remote-addr is only a header: the address is the context peer', () => {
    const req = new Request('http://x', { headers: { 'x-portal-remote-addr': '198.51.100.7' } });
    expect(withRequestContext({ peer: '203.0.113.5', serverCompresses: true }, () => clientAddress(req))).toBe('203.0.113.5');
    expect(clientAddress(req)).toBe('unknown');
  });
});
