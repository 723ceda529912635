// WholeResponse (lib/http.ts): a Response whose bytes are kept whole reads like any Response (body
// stream, text, json, clone) and tells the server's route fast path its bytes.
import { describe, expect, it } from 'vitest';
import { WholeResponse, wholeBodyOf } from '@/lib/http';

describe('WholeResponse', () => {
  it('keeps its bytes and answers every body accessor like a Response', async () => {
    const json = JSON.stringify({ obec: 'Nitra', počet: 3 });
    const res = new WholeResponse(json, { status: 200, headers: { 'Content-Type': 'application/json', ETag: '"x"' } });
    expect(res).toBeInstanceOf(Response);
    expect(Buffer.from(wholeBodyOf(res)!).toString('utf8')).toBe(json);
    expect(wholeBodyOf(Response.json({ a: 1 }))).toBeUndefined();
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"x"');
    expect(res.bodyUsed).toBe(false);
    const copy = res.clone();
    expect(await res.json()).toEqual({ obec: 'Nitra', počet: 3 });
    expect(res.bodyUsed).toBe(true);
    // Read once: the fast path no longer takes its bytes.
    expect(wholeBodyOf(res)).toBeUndefined();
    await expect(res.text()).rejects.toThrow();
    // The clone reads its own copy, through the body stream as Next.js does.
    const chunks: Uint8Array[] = [];
    for await (const chunk of copy.body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(json);
    expect(copy.headers.get('content-type')).toBe('application/json');
  });

  it('takes bytes as they are and reads them as text', async () => {
    const bytes = Buffer.from('Žilina');
    const res = new WholeResponse(bytes, { status: 404, statusText: 'Not Found', headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    expect(wholeBodyOf(res)).toBe(bytes);
    expect(res.statusText).toBe('Not Found');
    expect(await res.text()).toBe('Žilina');
  });
});
