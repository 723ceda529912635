// What an assistant reads before it has asked anything stays small: tools/list under 25,000
// characters (brief schemas, the whole ones at /mcp/schemas.json), the catalog one line per dataset
// under 10,000; whole entries on request. The prompt porovnaj-obec asks a filtered catalog.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as schemasRoute from '@/app/mcp/schemas.json/route';
import { TOOLS } from '@/lib/mcp/tools';
import { connectMcp, jsonText, type McpTestClient } from '../helpers/mcp-client';

let mcp: McpTestClient;
beforeAll(async () => {
  mcp = await connectMcp();
});
afterAll(async () => {
  await mcp?.close();
});

/** The raw JSON-RPC answer body of a request, as an assistant's host receives it. */
async function rpc(method: string, params: Record<string, unknown> = {}): Promise<string> {
  const res = await fetch(`${mcp.server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  expect(res.status).toBe(200);
  return res.text();
}

describe('sizes', () => {
  test('tools/list is under 25,000 characters, without a $defs block in every tool', async () => {
    const body = await rpc('tools/list');
    console.log(`tools/list: ${body.length} characters`);
    expect(body.length).toBeLessThan(25_000);
    const { result } = JSON.parse(body) as { result: { tools: Array<{ name: string; inputSchema: object; outputSchema: object; description: string }> } };
    for (const t of result.tools) {
      expect(t.description.length, t.name).toBeLessThanOrEqual(500);
      // A definition appears in a tool's $defs only when it is used more than once there.
      for (const [name] of Object.entries((t.outputSchema as { $defs?: object }).$defs ?? {})) {
        expect(JSON.stringify(t.outputSchema).split(`"#/$defs/${name}"`).length - 1, `${t.name} ${name}`).toBeGreaterThan(1);
      }
    }
  });

  test('the whole schemas are served at /mcp/schemas.json and as a resource; each validates what the brief one does', async () => {
    const res = await schemasRoute.GET(new Request('http://localhost/mcp/schemas.json'), { params: Promise.resolve({}) });
    const doc = (await res.json()) as { tools: Record<string, { inputSchema: object; outputSchema: object }> };
    expect(Object.keys(doc.tools).sort()).toEqual(TOOLS.map((t) => t.name).sort());
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    for (const [name, s] of Object.entries(doc.tools)) expect(() => ajv.compile(s.outputSchema), name).not.toThrow();
    const { resources } = await mcp.client.listResources();
    const resource = resources.find((r) => r.uri.endsWith('/mcp/schemas.json'));
    expect(resource?.mimeType).toBe('application/json');
    const { contents } = await mcp.client.readResource({ uri: resource!.uri });
    expect(JSON.parse((contents[0] as { text: string }).text)).toEqual(doc);
  });

  test('catalog without arguments: one line per dataset, under 10,000 characters', async () => {
    const r = await mcp.call('catalog', {});
    const text = jsonText(r);
    expect(text.length).toBeLessThan(10_000);
    const answer = r.structuredContent as { detail: boolean; count: number; datasets: Array<Record<string, unknown>>; providers?: unknown };
    expect(answer.detail).toBe(false);
    expect(answer.providers).toBeUndefined();
    const obce = answer.datasets.find((d) => d.key === 'sk-uzemie/obce');
    expect(obce).toEqual({ key: 'sk-uzemie/obce', title: expect.any(String), category: 'territory', kind: 'geojson', pointQuery: true, coverage: 'Slovakia', status: expect.stringMatching(/^(ok|degraded|unavailable)$/) });
    const cadastre = answer.datasets.find((d) => d.key === 'zbgis/katastralna-mapa');
    expect(cadastre).toMatchObject({ coverage: 'Slovakia, from zoom 14' });
  });

  test('detail: true gives whole entries; `dataset` one whole entry; an unknown key is unknown_dataset', async () => {
    const whole = (await mcp.call('catalog', { detail: true })).structuredContent as { detail: boolean; datasets: Array<{ key: string; fields?: unknown; absoluteLinks: unknown }>; providers: unknown[] };
    expect(whole.detail).toBe(true);
    expect(whole.providers.length).toBeGreaterThan(0);
    expect(whole.datasets.every((d) => d.absoluteLinks)).toBe(true);
    const one = (await mcp.call('catalog', { dataset: 'sk-uzemie/okresy' })).structuredContent as { count: number; datasets: Array<{ key: string; fields: Array<{ key: string }> }> };
    expect(one.count).toBe(1);
    expect(one.datasets[0].fields.map((f) => f.key)).toContain('obyvatelia');
    const unknown = (await mcp.call('catalog', { dataset: 'nikto/nic' })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(JSON.parse(jsonText(unknown))).toMatchObject({ code: 'unknown_dataset' });
  });

  test('the prompt porovnaj-obec asks the catalog with a search, never unfiltered', async () => {
    for (const args of [{ obec: 'Žilina' }, { obec: 'Žilina', tema: 'ovzdušie' }] as Array<Record<string, string>>) {
      const prompt = await mcp.client.getPrompt({ name: 'porovnaj-obec', arguments: args });
      const text = (prompt.messages[0].content as { text: string }).text;
      const catalogStep = text.split('\n').find((l) => l.includes('`catalog`'))!;
      expect(catalogStep).toMatch(new RegExp(`\`search\`: "${args.tema ?? 'obce'}"`));
    }
  });
});

describe('distances say what they measure', () => {
  test('every distance member of a tool answer names the straight line and its two ends', () => {
    const found: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}[${i}]`));
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
        if (k === 'properties' && v && typeof v === 'object') {
          for (const [name, member] of Object.entries(v as Record<string, { description?: string }>)) {
            if (!/distance/i.test(name)) continue;
            found.push(`${where}.${name}`);
            const text = member.description ?? '';
            expect(text, `${where}.${name}`).toMatch(/straight line/);
            expect(text, `${where}.${name}`).toMatch(/from the (place’s )?point to the (nearest|town’s centre)/);
          }
        }
        walk(v, `${where}.${k}`);
      }
    };
    for (const t of TOOLS) walk(t.schemas().outputSchema, t.name);
    // nearby's hits and location, find_place's `near`: all three kinds are covered.
    expect(found.some((f) => f.startsWith('nearby') && f.endsWith('.distance'))).toBe(true);
    expect(found.some((f) => f.startsWith('find_place') && f.endsWith('distanceKm'))).toBe(true);
  });
});
