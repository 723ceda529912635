// What an assistant reads from each tool, through two independent clients: the
// TypeScript SDK's Client and the MCP Inspector CLI (@modelcontextprotocol/inspector-cli, run as its
// own process). For every tool: the JSON text block equals structuredContent, structuredContent
// validates against the tool's outputSchema (ajv, JSON Schema 2020-12), and input that breaks a
// limit or a type is a result with isError whose text is `{ error, code }`. Then every listed
// resource is read and both prompts are rendered.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as mcpRoute from '@/app/mcp/route';
import { searchCatalog } from '@/lib/catalog/search';
import { resetEnvForTests } from '@/lib/env';
import { exampleDocument } from '@/lib/protocol/examples';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { serveRoutes, type RouteServer } from '../helpers/route-server';
import { publish, removeAttempts, removeProviders, testManifest, uniqueId } from '../providers/helpers';

const run = promisify(execFile);
const INSPECTOR = path.join(process.cwd(), 'node_modules', '@modelcontextprotocol', 'inspector-cli', 'build', 'index.js');

let server: RouteServer;
let provider: ProviderServer;
let restoreSources: () => void;
let client: Client;
let tools: Tool[];
let manifestUrl: string;
const providerId = uniqueId('mcp-contract');

beforeAll(async () => {
  server = await serveRoutes({ '/mcp': mcpRoute as never });
  process.env.PUBLIC_BASE_URL = `http://localhost:${process.env.PORT ?? 3000}`;
  process.env.PORT = String(server.port);
  resetEnvForTests();
  provider = await startProviderServer();
  restoreSources = allowInsecureSources(provider);
  manifestUrl = publish(provider, testManifest(providerId));
  await removeAttempts('127.0.0.1');
  client = new Client({ name: 'portal-contract-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  tools = (await client.listTools()).tools;
}, 60_000);

afterAll(async () => {
  await client?.close();
  await removeProviders(providerId);
  await removeAttempts('127.0.0.1');
  restoreSources?.();
  await provider?.close();
  await server?.close();
});

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

interface Case {
  tool: string;
  args: () => Record<string, unknown>;
  /** Arguments that break a limit or a type, and the code the spec gives them. */
  bad: Record<string, unknown>;
  code: string;
}

const CASES: Case[] = [
  { tool: 'documentation', args: () => ({ topic: 'api' }), bad: { topic: 'nope' }, code: 'invalid_query' },
  { tool: 'schema', args: () => ({ type: 'data' }), bad: { type: 42 }, code: 'invalid_query' },
  { tool: 'example', args: () => ({ name: 'data-points' }), bad: { name: 'x'.repeat(101) }, code: 'invalid_query' },
  // The validator's own inputs answer the spec's code for them (as POST /api/validate).
  { tool: 'validate_manifest', args: () => ({ manifest: exampleDocument('manifest-minimal') }), bad: { manifestUrl: 42 }, code: 'invalid_input' },
  { tool: 'validate_data', args: () => ({ data: exampleDocument('data-points') }), bad: { dataset: 'not an object', data: {} }, code: 'invalid_input' },
  // An overlong URL is the spec's `invalid_url`, as POST /api/registration answers it.
  { tool: 'register_provider', args: () => ({ manifestUrl }), bad: { manifestUrl: `https://example.org/${'m'.repeat(2100)}` }, code: 'invalid_url' },
  { tool: 'catalog', args: () => ({ search: 'obyvatelia', point: [19.15, 48.74] }), bad: { point: [200, 48] }, code: 'invalid_query' },
  { tool: 'find_place', args: () => ({ query: 'Žilina', maxResults: 2 }), bad: { query: 'Žilina', maxResults: 11 }, code: 'invalid_query' },
  {
    tool: 'nearby',
    args: () => ({ point: [18.7408, 49.2194], datasets: ['sk-uzemie/obce'], radius: 100 }),
    bad: { point: [18.74, 49.22], datasets: Array.from({ length: 13 }, (_, i) => `sk-uzemie/d${i}`) },
    code: 'invalid_query',
  },
  { tool: 'summary', args: () => ({ dataset: 'sk-uzemie/mesta', municipality: 'Žilina' }), bad: { dataset: 'sk-uzemie/mesta', municipality: 7 }, code: 'invalid_query' },
  { tool: 'fetch_data', args: () => ({ dataset: 'sk-uzemie/obce', municipality: 'Žilina', maxFeatures: 1 }), bad: { dataset: 'sk-uzemie/obce', maxFeatures: 5001 }, code: 'invalid_query' },
  { tool: 'map_image', args: () => ({ point: [17.1077, 48.1486], zoom: 14, width: 300, height: 200 }), bad: { point: [17.1077, 48.1486], width: 5000 }, code: 'invalid_query' },
  { tool: 'territory', args: () => ({ query: 'okres Poltár', boundary: 'simplified' }), bad: { query: 'Poltár', max: 21 }, code: 'invalid_query' },
];

/** The JSON text block of a result (the last text block; a one-line summary may precede it). */
function jsonBlock(r: CallToolResult): unknown {
  const texts = r.content.filter((c) => c.type === 'text');
  expect(texts.length, JSON.stringify(r).slice(0, 300)).toBeGreaterThan(0);
  return JSON.parse((texts[texts.length - 1] as { text: string }).text);
}

function checkSuccess(name: string, r: CallToolResult): void {
  expect(r.isError, `${name}: ${JSON.stringify(r.content).slice(0, 300)}`).toBeFalsy();
  expect(jsonBlock(r), `${name}: text block = structuredContent`).toEqual(r.structuredContent);
  const tool = tools.find((t) => t.name === name)!;
  const validate = ajv.compile(tool.outputSchema as object);
  const ok = validate(r.structuredContent);
  expect(ok ? [] : validate.errors!.slice(0, 5).map((e) => `${e.instancePath} ${e.message}`), `${name}: outputSchema`).toEqual([]);
}

function checkFailure(name: string, r: CallToolResult, code: string): void {
  expect(r.isError, `${name}: ${JSON.stringify(r).slice(0, 300)}`).toBe(true);
  expect(r.structuredContent).toBeUndefined();
  const body = jsonBlock(r) as { error: string; code: string };
  expect(body, name).toMatchObject({ code, error: expect.any(String) });
}

/** One call through the Inspector CLI (a separate process and client); its stdout is the JSON-RPC result. */
async function inspector(args: string[]): Promise<any> {
  const { stdout } = await run(process.execPath, [INSPECTOR, `${server.url}/mcp`, '--transport', 'http', ...args], {
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
    // The CLI looks for its package.json with a path relative to the working directory.
    cwd: path.dirname(INSPECTOR),
  });
  return JSON.parse(stdout);
}

const toolArgs = (args: Record<string, unknown>) => ['--tool-arg', ...Object.entries(args).map(([k, v]) => `${k}=${JSON.stringify(v)}`)];

describe('tools/list', () => {
  test('every tool, each with an object inputSchema and outputSchema', () => {
    expect(tools.map((t) => t.name).sort()).toEqual(CASES.map((c) => c.tool).sort());
    for (const t of tools) {
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(() => ajv.compile(t.outputSchema as object), t.name).not.toThrow();
    }
  });
});

describe('the SDK client', () => {
  for (const c of CASES) {
    test(`${c.tool}: JSON text = structuredContent, valid against outputSchema; bad input is ${c.code}`, async () => {
      checkSuccess(c.tool, (await client.callTool({ name: c.tool, arguments: c.args() })) as CallToolResult);
      checkFailure(c.tool, (await client.callTool({ name: c.tool, arguments: c.bad })) as CallToolResult, c.code);
    });
  }

  test('find_place and nearby answers are the REST answers, links absolute', async () => {
    const place = (await client.callTool({ name: 'find_place', arguments: { query: 'Zvolen', maxResults: 1 } })) as CallToolResult;
    expect(place.structuredContent).toMatchObject({ places: [{ municipality: { code: expect.any(String) } }], attribution: expect.any(String) });
    const near = (await client.callTool({ name: 'nearby', arguments: { point: [18.74, 49.22], datasets: ['sk-uzemie/obce'] } })) as CallToolResult;
    expect((near.structuredContent as { map: string }).map).toMatch(new RegExp(`^http://localhost:\\d+/\\?d=sk-uzemie/obce#`));
    const catalog = (await client.callTool({ name: 'catalog', arguments: { search: 'obce', detail: true } })) as CallToolResult;
    const entry = (catalog.structuredContent as { datasets: Array<{ key: string; links: { map: string }; absoluteLinks: { map: string } }> }).datasets.find((d) => d.key === 'sk-uzemie/obce')!;
    expect(entry.links.map).toBe('/mapa/sk-uzemie/obce');
    expect(entry.absoluteLinks.map).toMatch(/^http:\/\/localhost:\d+\/mapa\/sk-uzemie\/obce$/);
  });

  test('catalog lists exactly what the catalog selection service selects (its sample rule included): one line each, or whole entries with absoluteLinks', async () => {
    for (const args of [{ search: 'ovzdušie' }, { search: 'povodne', point: [17.1, 48.15] as [number, number] }, {}]) {
      const selected = (await searchCatalog(args)).datasets;
      const lines = (await client.callTool({ name: 'catalog', arguments: args })) as CallToolResult;
      const compact = (lines.structuredContent as { detail: boolean; datasets: Array<{ key: string; pointQuery: boolean; coverage: string; status: string }> });
      expect(compact.detail).toBe(false);
      expect(compact.datasets.map((d) => d.key), JSON.stringify(args)).toEqual(selected.map((d) => d.key));
      for (const d of compact.datasets) expect(Object.keys(d).sort()).toEqual(expect.arrayContaining(['category', 'coverage', 'key', 'kind', 'pointQuery', 'status', 'title']));
      const r = (await client.callTool({ name: 'catalog', arguments: { ...args, detail: true } })) as CallToolResult;
      const listed = (r.structuredContent as { datasets: Array<{ key: string; absoluteLinks: unknown }> }).datasets;
      expect(listed.map((d) => d.key), JSON.stringify(args)).toEqual(selected.map((d) => d.key));
      for (const d of listed) expect(d.absoluteLinks).toBeDefined();
    }
  });

  test('unknown_schema and unknown_example carry `available` in the JSON text', async () => {
    const schema = (await client.callTool({ name: 'schema', arguments: { type: 'nope' } })) as CallToolResult;
    checkFailure('schema', schema, 'unknown_schema');
    expect(jsonBlock(schema)).toMatchObject({ available: ['manifest', 'data', 'provider-openapi'] });
    const example = (await client.callTool({ name: 'example', arguments: { name: 'nope' } })) as CallToolResult;
    checkFailure('example', example, 'unknown_example');
    expect(jsonBlock(example)).toMatchObject({ available: expect.arrayContaining(['manifest-complete']) });
  });

  test('resources: every listed one reads with its MIME type', async () => {
    const { resources } = await client.listResources();
    expect(resources.filter((r) => r.mimeType === 'text/markdown')).toHaveLength(6);
    // Three schemas, four samples, the tools' whole schemas and the OpenAPI document.
    expect(resources.filter((r) => r.mimeType === 'application/json').length).toBe(9);
    // The MCP Apps view of results on the portal map (e2e/mcp-app.spec.ts renders it).
    expect(resources.filter((r) => r.mimeType === 'text/html;profile=mcp-app').map((r) => r.uri)).toEqual(['ui://portal/map']);
    for (const r of resources) {
      const { contents } = await client.readResource({ uri: r.uri });
      expect(contents[0]).toMatchObject({ uri: r.uri, mimeType: r.mimeType });
      const text = (contents[0] as { text: string }).text;
      if (r.mimeType === 'text/markdown') expect(text, r.uri).toMatch(/^# /);
      else if (r.mimeType === 'text/html;profile=mcp-app') expect(text, r.uri).toMatch(/^<!doctype html>[\s\S]*ui\/initialize/);
      else expect(typeof JSON.parse(text), r.uri).toBe('object');
    }
    await expect(client.readResource({ uri: `${server.url}/nic.md` })).rejects.toThrow(/not found/i);
  });

  test('prompts: both render with their arguments; a missing one is refused', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['co-je-na-adrese', 'porovnaj-obec']);
    const address = await client.getPrompt({ name: 'co-je-na-adrese', arguments: { adresa: 'Štúrova 12, Nitra', ucel: 'construction' } });
    expect((address.messages[0].content as { text: string }).text).toMatch(/nearby.*Štúrova 12, Nitra.*construction/s);
    const compare = await client.getPrompt({ name: 'porovnaj-obec', arguments: { obec: 'Žilina' } });
    expect((compare.messages[0].content as { text: string }).text).toMatch(/find_place.*summary/s);
    await expect(client.getPrompt({ name: 'porovnaj-obec', arguments: {} })).rejects.toThrow(/obec/);
  });
});

describe('the MCP Inspector CLI', () => {
  test('tools/list names every tool with output schemas', async () => {
    const { tools: listed } = await inspector(['--method', 'tools/list']);
    expect((listed as Tool[]).map((t) => t.name).sort()).toEqual(CASES.map((c) => c.tool).sort());
    for (const t of listed as Tool[]) expect(t.outputSchema?.type, t.name).toBe('object');
  }, 60_000);

  for (const c of CASES) {
    test(`${c.tool}: JSON text = structuredContent, valid against outputSchema; bad input is ${c.code}`, async () => {
      checkSuccess(c.tool, await inspector(['--method', 'tools/call', '--tool-name', c.tool, ...toolArgs(c.args())]));
      checkFailure(c.tool, await inspector(['--method', 'tools/call', '--tool-name', c.tool, ...toolArgs(c.bad)]), c.code);
    }, 60_000);
  }

  test('the new tools, the image content, the templates and the UI resource', async () => {
    const { tools: listed } = await inspector(['--method', 'tools/list']);
    const byName = new Map((listed as Tool[]).map((t) => [t.name, t]));
    expect(byName.has('territory') && byName.has('map_image')).toBe(true);
    expect(byName.get('nearby')?._meta).toEqual({ ui: { resourceUri: 'ui://portal/map' } });
    const image = await inspector(['--method', 'tools/call', '--tool-name', 'map_image', ...toolArgs({ point: [17.1077, 48.1486], width: 320, height: 240 })]);
    const block = (image.content as Array<{ type: string; mimeType?: string; data?: string }>).find((c) => c.type === 'image');
    expect(block?.mimeType).toBe('image/png');
    expect(Buffer.from(block!.data!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const { resourceTemplates } = await inspector(['--method', 'resources/templates/list']);
    expect((resourceTemplates as Array<{ name: string }>).map((t) => t.name).sort()).toEqual(['dataset', 'dataset-summary', 'documentation', 'municipality']);
    const { contents } = await inspector(['--method', 'resources/read', '--uri', 'ui://portal/map']);
    expect(contents[0]).toMatchObject({ uri: 'ui://portal/map', mimeType: 'text/html;profile=mcp-app' });
  }, 120_000);

  test('resources/read of every listed resource, prompts/get of both prompts', async () => {
    const { resources } = await inspector(['--method', 'resources/list']);
    expect(resources.length).toBe(16);
    for (const r of resources as Array<{ uri: string; mimeType: string }>) {
      const { contents } = await inspector(['--method', 'resources/read', '--uri', r.uri]);
      expect(contents[0]).toMatchObject({ uri: r.uri, mimeType: r.mimeType, text: expect.any(String) });
    }
    const address = await inspector(['--method', 'prompts/get', '--prompt-name', 'co-je-na-adrese', '--prompt-args', 'adresa=Hlavná 1, Košice']);
    expect(address.messages[0].content.text).toContain('Hlavná 1, Košice');
    const compare = await inspector(['--method', 'prompts/get', '--prompt-name', 'porovnaj-obec', '--prompt-args', 'obec=Martin']);
    expect(compare.messages[0].content.text).toContain('Martin');
  }, 180_000);
});
