// resources/templates/list answers the addresses an assistant fills in (no more -32601), and every
// filled-in address reads through resources/read from the same services as the tools.
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectMcp, type McpTestClient } from '../helpers/mcp-client';

let mcp: McpTestClient;
beforeAll(async () => {
  mcp = await connectMcp();
});
afterAll(async () => {
  await mcp?.close();
});

async function read(uri: string): Promise<{ mimeType?: string; text: string }> {
  const { contents } = await mcp.client.readResource({ uri });
  expect(contents[0].uri).toBe(uri);
  return contents[0] as { mimeType?: string; text: string };
}

describe('resource templates', () => {
  test('the four templates, each filled in and read', async () => {
    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    const byName = Object.fromEntries(resourceTemplates.map((t) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual(['dataset', 'dataset-summary', 'documentation', 'municipality']);
    const fill = (name: string, vars: Record<string, string>) => new UriTemplate(byName[name].uriTemplate).expand(vars);

    const doc = await read(fill('documentation', { slug: 'api' }));
    expect(doc.mimeType).toBe('text/markdown');
    expect(doc.text).toMatch(/^# API/);

    const dataset = JSON.parse((await read(fill('dataset', { provider: 'sk-uzemie', dataset: 'obce' }))).text) as { datasets: Array<{ key: string; absoluteLinks: { map: string } }> };
    expect(dataset.datasets[0].key).toBe('sk-uzemie/obce');
    expect(dataset.datasets[0].absoluteLinks.map).toBe(fill('dataset', { provider: 'sk-uzemie', dataset: 'obce' }));

    const summary = JSON.parse((await read(fill('dataset-summary', { provider: 'sk-uzemie', dataset: 'mesta', municipality: 'Žilina' }))).text) as { municipality?: { name: string } };
    expect(summary.municipality?.name).toBe('Žilina');

    const town = JSON.parse((await read(fill('municipality', { region: 'zilinsky-kraj', municipality: 'zilina' }))).text) as { territories: Array<{ name: string; slug: string; population: number }> };
    expect(town.territories[0]).toMatchObject({ name: 'Žilina', slug: 'zilinsky-kraj/zilina' });
    expect(town.territories[0].population).toBeGreaterThan(70_000);
  });

  test('a filled-in address that names nothing is -32002 with the reason', async () => {
    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    const municipality = resourceTemplates.find((t) => t.name === 'municipality')!;
    const uri = new UriTemplate(municipality.uriTemplate).expand({ region: 'zilinsky-kraj', municipality: 'atlantida' });
    await expect(mcp.client.readResource({ uri })).rejects.toThrow(/-32002.*atlantida/);
    const docs = resourceTemplates.find((t) => t.name === 'documentation')!;
    await expect(mcp.client.readResource({ uri: new UriTemplate(docs.uriTemplate).expand({ slug: 'nope' }) })).rejects.toThrow(/-32002.*slugs/);
  });
});
