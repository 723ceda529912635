// The MCP server over real HTTP with the SDK's own client: every tool with good and bad arguments.
import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as mcpRoute from '@/app/mcp/route';
import { resetEnvForTests } from '@/lib/env';
import { serveRoutes, type RouteServer } from '../helpers/route-server';

let server: RouteServer;
let client: Client;

beforeAll(async () => {
  server = await serveRoutes({ '/mcp': mcpRoute as never });
  // The Host check admits localhost on PORT; keep the public base (built-in providers' URLs) as seeded.
  process.env.PUBLIC_BASE_URL = `http://localhost:${process.env.PORT ?? 3000}`;
  process.env.PORT = String(server.port);
  resetEnvForTests();
  client = new Client({ name: 'portal-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function structured<T = Record<string, unknown>>(r: CallToolResult): T {
  return r.structuredContent as T;
}


/** A tool error's `{ error, code, ... }`: the JSON text of an `isError` result. */
function failure(r: CallToolResult): Record<string, unknown> {
  expect(r.isError, JSON.stringify(r)).toBe(true);
  const last = r.content[r.content.length - 1];
  return JSON.parse(last.type === 'text' ? last.text : '{}') as Record<string, unknown>;
}

describe('MCP server', () => {
  test('lists the eleven tools of the spec and the portal’s own, read-only ones annotated, every field described', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual(
      ['catalog', 'documentation', 'example', 'fetch_data', 'find_place', 'map_image', 'nearby', 'register_provider', 'schema', 'summary', 'territory', 'validate_data', 'validate_manifest'].sort(),
    );
    for (const t of tools) {
      expect(t.description?.length, t.name).toBeGreaterThan(80);
      const props = (t.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
      for (const [field, schema] of Object.entries(props)) expect(schema.description, `${t.name}.${field}`).toBeTruthy();
      if (t.name !== 'register_provider') expect(t.annotations?.readOnlyHint, t.name).toBe(true);
    }
    expect(tools.find((t) => t.name === 'register_provider')?.annotations?.readOnlyHint).toBe(false);
  });

  test('documentation returns markdown; an unknown topic is a tool error with a code', async () => {
    const ok = await call('documentation', { topic: 'ai-agents' });
    expect(ok.isError).toBeFalsy();
    expect(structured<{ markdown: string }>(ok).markdown).toMatch(/^# /);
    const bad = await call('documentation', { topic: 'nope' });
    expect(bad.isError).toBe(true);
    expect(failure(bad)).toMatchObject({ code: 'invalid_query', error: expect.stringMatching(/^topic: /) });
  });

  test('schema and example answer known names; unknown ones carry `available`', async () => {
    const schema = await call('schema', { type: 'manifest' });
    expect(structured(schema)).toHaveProperty('$schema');
    const unknownSchema = await call('schema', { type: 'nope' });
    expect(unknownSchema.isError).toBe(true);
    expect(failure(unknownSchema)).toMatchObject({ code: 'unknown_schema', available: ['manifest', 'data', 'provider-openapi'] });
    const example = await call('example', { name: 'manifest-minimal' });
    expect(structured(example)).toHaveProperty('datasets');
    const unknownExample = await call('example', { name: 'nope' });
    expect(failure(unknownExample)).toMatchObject({ code: 'unknown_example', available: expect.arrayContaining(['manifest-complete']) });
  });

  test('validate_manifest and validate_data return validator reports', async () => {
    const manifest = structured(await call('example', { name: 'manifest-complete' }));
    const report = structured<{ valid: boolean; errors: unknown[] }>(await call('validate_manifest', { manifest }));
    expect(report.valid).toBe(true);
    const broken = structured<{ valid: boolean; errors: Array<{ code: string }> }>(
      await call('validate_manifest', { manifest: { protocol: '9.0', datasets: [] } }),
    );
    expect(broken.valid).toBe(false);
    expect(broken.errors.map((e) => e.code)).toContain('unsupported_version');
    const neither = await call('validate_manifest', {});
    expect(failure(neither)).toMatchObject({ code: 'invalid_input' });
    const data = structured(await call('example', { name: 'data-points' }));
    expect(structured<{ valid: boolean }>(await call('validate_data', { data })).valid).toBe(true);
    const badData = structured<{ valid: boolean }>(await call('validate_data', { data: { type: 'FeatureCollection' } }));
    expect(badData.valid).toBe(false);
  });

  test('register_provider refuses an invalid URL with the REST code', async () => {
    const r = await call('register_provider', { manifestUrl: 'not a url' });
    expect(r.isError).toBe(true);
    expect(failure(r)).toMatchObject({ code: 'invalid_url' });
  });

  test('catalog orders by match and marks datasets that answer at a point', async () => {
    const r = structured<{ datasets: Array<{ key: string; pointQuery?: boolean }> }>(
      await call('catalog', { search: 'obyvatelia', point: [19.15, 48.74] }),
    );
    expect(r.datasets[0].key).toMatch(/^sk-uzemie\//);
    expect(r.datasets.find((d) => d.key === 'sk-uzemie/obce')?.pointQuery).toBe(true);
    const all = structured<{ count: number }>(await call('catalog', {}));
    expect(all.count).toBeGreaterThanOrEqual(r.datasets.length);
  });

  test('find_place geocodes; a one-character query is an invalid_query error', async () => {
    const r = structured<{ places: Array<{ name: string; municipality: { code: string } }> }>(
      await call('find_place', { query: 'zilina', maxResults: 3 }),
    );
    expect(r.places[0].municipality.code).toBe('SK031B517402');
    const bad = await call('find_place', { query: 'z' });
    expect(failure(bad)).toMatchObject({ code: 'invalid_query' });
  });

  test('nearby answers at a point; missing selection and place give the REST codes', async () => {
    const r = structured<{ results: Array<{ dataset: string; status: string; hits: Array<{ distance: number }> }> }>(
      await call('nearby', { point: [18.7408, 49.2194], datasets: ['sk-uzemie/obce'], radius: 100 }),
    );
    expect(r.results[0]).toMatchObject({ dataset: 'sk-uzemie/obce', status: 'ok' });
    expect(r.results[0].hits[0].distance).toBe(0);
    expect(failure(await call('nearby', { point: [18.74, 49.22] }))).toMatchObject({ code: 'missing_dataset_selection' });
    expect(failure(await call('nearby', { datasets: ['sk-uzemie/obce'] }))).toMatchObject({ code: 'missing_place' });
  });

  test('summary for a municipality; raster datasets answer raster_dataset', async () => {
    const r = structured<{ count: number; municipality: { code: string } }>(
      await call('summary', { dataset: 'sk-uzemie/mesta', municipality: 'Žilina' }),
    );
    expect(r.municipality.code).toBe('SK031B517402');
    expect(r.count).toBe(1);
    const raster = await call('summary', { dataset: 'zbgis/zakladna-mapa' });
    expect(failure(raster)).toMatchObject({ code: 'raster_dataset' });
    const ambiguous = await call('summary', { dataset: 'sk-uzemie/obce', municipality: 'Lúčky' });
    expect(failure(ambiguous)).toMatchObject({ code: 'ambiguous_place' });
  });

  test('fetch_data cuts to maxFeatures; display-only and unknown datasets answer like REST', async () => {
    const r = structured<{ type: string; features: unknown[]; dm: { total: number; truncated: boolean } }>(
      await call('fetch_data', { dataset: 'sk-uzemie/obce', municipality: 'Žilina', maxFeatures: 1 }),
    );
    expect(r.type).toBe('FeatureCollection');
    expect(r.features).toHaveLength(1);
    expect(r.dm.total).toBeGreaterThanOrEqual(1);
    const display = await call('fetch_data', { dataset: 'zbgis/katastralna-mapa', bbox: [17.1, 48.1, 17.2, 48.2] });
    expect(failure(display)).toMatchObject({ code: expect.stringMatching(/display_only|raster_dataset/) });
    expect(failure(await call('fetch_data', { dataset: 'nikto/nic' }))).toMatchObject({ code: 'unknown_dataset' });
  });

  test('an unknown tool and wrong argument types are errors, never HTTP 500', async () => {
    const unknown = await client.callTool({ name: 'no_such_tool', arguments: {} }).catch((e: unknown) => e);
    expect(unknown instanceof Error ? unknown.message : JSON.stringify(unknown)).toMatch(/no_such_tool|not found/i);
    const wrong = (await client.callTool({ name: 'find_place', arguments: { query: 42 } })) as CallToolResult;
    expect(failure(wrong)).toMatchObject({ code: 'invalid_query', error: expect.stringMatching(/^query: /) });
  });
});

describe('MCP over raw HTTP', () => {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

  /** fetch() sends the URL's host; node:http lets the test send another Host header, as a rebound request would. */
  function postWithHost(host: string, body: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${server.url}/mcp`, { method: 'POST', headers: { ...headers, host } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  test('tools/call with arguments that are no object is -32602 invalid params, not an internal error', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'find_place', arguments: null } });
    const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers, body });
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32602);
  });

  test('malformed JSON-RPC answers a JSON-RPC error with a 4xx, not a 500', async () => {
    for (const body of ['{not json', '[]', '{"jsonrpc":"2.0"}', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}']) {
      const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers, body });
      expect(res.status, body).toBeLessThan(500);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  test('DNS rebinding: a foreign Host or Origin is refused with 403 saying why; MCP_ALLOWED_HOSTS adds names', async () => {
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
    const evil = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { ...headers, origin: 'http://evil.example.com' }, body: init });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { error: { message: string } }).error.message).toMatch(/Origin "http:\/\/evil.example.com".*DNS-rebinding.*Allowed origins: /);
    const rebound = await postWithHost('evil.example.com', init);
    expect(rebound.status).toBe(403);
    expect((JSON.parse(rebound.body) as { error: { message: string } }).error.message).toMatch(/Host "evil.example.com" is not served.*Allowed hosts: .*MCP_ALLOWED_HOSTS/);
    const ok = await fetch(`${server.url}/mcp`, { method: 'POST', headers, body: init });
    expect(ok.status).toBe(200);
    process.env.MCP_ALLOWED_HOSTS = 'mcp.example.org';
    resetEnvForTests();
    try {
      expect((await postWithHost('mcp.example.org', init)).status).toBe(200);
    } finally {
      delete process.env.MCP_ALLOWED_HOSTS;
      resetEnvForTests();
    }
  });
});
