// /llms.txt, /llms-full.txt, /index.md and /zdroje.md: the llmstxt.org layout, generated from the
// registry at request time — a provider awaiting approval never appears, an approved one at once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GET as llmsFullGet } from '@/app/llms-full.txt/route';
import { GET as llmsGet } from '@/app/llms.txt/route';
import { GET as indexGet } from '@/app/index.md/route';
import { GET as sourcesGet } from '@/app/zdroje.md/route';
import { DOCS } from '@/lib/docs/documents';
import { getDocumentMarkdown } from '@/lib/docs/load';
import { cell, linkText, truncate } from '@/lib/docs/markdown';
import { referenceSources } from '@/lib/docs/reference-sources';
import { env } from '@/lib/env';
import { listComposedMaps } from '@/lib/map/composed';
import { approveProvider } from '@/lib/providers/approval';
import { getCatalog } from '@/lib/providers/catalog';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { postRegistration, publish, removeAttempts, removeProviders, testManifest, uniqueAddress, uniqueId } from '../providers/helpers';

type Get = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const base = () => env().publicBaseUrl;

async function fetchText(get: Get, path: string, type = 'text/plain; charset=utf-8'): Promise<string> {
  const res = await get(new Request(`${base()}${path}`), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(type);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  return res.text();
}
const llms = () => fetchText(llmsGet as Get, '/llms.txt');
const MD = 'text/markdown; charset=utf-8';

describe('llms.txt layout', () => {
  test('H1 title, blockquote summary, sections linking every document, the MCP endpoint and each approved dataset', async () => {
    const text = await llms();
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Geodáta Slovenska');
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^> \S/);
    // Only H2 sections after the summary (and H3 category groups inside Datasety); exactly one H1.
    expect(lines.filter((l) => /^# /.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /^## /.test(l))).toEqual(['## Dokumentácia', '## MCP a API', '## Datasety', '## Optional']);
    for (const d of DOCS) expect(text).toContain(`](${base()}/dokumentacia/${d.slug}.md): ${d.summary}`);
    expect(text).toContain(`[MCP server](${base()}/mcp)`);
    expect(text).toContain(`(${base()}/openapi.json)`);
    expect(text).toContain(`(${base()}/llms-full.txt)`);

    const catalog = await getCatalog();
    const datasetLines = lines.filter((l) => /^- \[.*\]\(.*\/mapa\//.test(l));
    // The built-in samples (examples for providers) are not listed; the real datasets all are.
    const samples = catalog.datasets.filter((d) => d.category === 'sample');
    const real = catalog.datasets.filter((d) => d.category !== 'sample');
    expect(samples.length).toBeGreaterThan(0);
    for (const d of samples) expect(text).not.toContain(`\`${d.key}\``);
    expect(datasetLines).toHaveLength(real.length);
    for (const d of real) {
      const line = datasetLines.find((l) => l.includes(`\`${d.key}\``));
      expect(line, d.key).toBeDefined();
      expect(line).toContain(`(${base()}${d.links.map})`);
      if (d.links.source) expect(line).toContain(`Len na zobrazenie; dáta poskytuje [pôvodná služba](${d.links.source})`);
      else if (d.links.data) expect(line).toContain(`[GeoJSON](${base()}${d.links.data})`);
      else expect(line).toContain('Rastrové dlaždice priamo zo zdroja');
    }
  });

  test('llms-full.txt holds the index and every document in full', async () => {
    const full = await fetchText(llmsFullGet as Get, '/llms-full.txt');
    expect(full.startsWith(await llms())).toBe(true);
    for (const d of DOCS) expect(full).toContain((await getDocumentMarkdown(d.slug)).trim());
  });

  test('index.md lists the approved datasets by category and the documents', async () => {
    const text = await fetchText(indexGet as Get, '/index.md', MD);
    expect(text.split('\n')[0]).toBe('# Geodáta Slovenska');
    const catalog = await getCatalog();
    const real = catalog.datasets.filter((d) => d.category !== 'sample');
    for (const d of real) expect(text).toContain(`\`${d.key}\``);
    for (const d of catalog.datasets.filter((x) => x.category === 'sample')) expect(text).not.toContain(`\`${d.key}\``);
    for (const label of new Set(real.map((d) => d.categoryLabel))) expect(text).toContain(`### ${label}`);
    expect(text).not.toContain('### Ukážkové dáta');
    for (const d of DOCS) expect(text).toContain(`${base()}/dokumentacia/${d.slug}.md`);
    for (const m of listComposedMaps()) expect(text).toContain(`(${base()}/mapy/${m.slug})`);
  });

  test('zdroje.md lists every approved dataset with its licence and attribution, and the reference sources', async () => {
    const text = await fetchText(sourcesGet as Get, '/zdroje.md', MD);
    const catalog = await getCatalog();
    for (const p of catalog.providers) expect(text).toContain(`Identifikátor: \`${p.id}\``);
    for (const d of catalog.datasets) {
      expect(text).toContain(`${base()}${d.links.map})`);
      expect(text).toContain(cell(d.attribution));
    }
    for (const r of referenceSources()) expect(text).toContain(cell(r.attribution));
  });

  test('markdown helpers keep provider text on one line and escaped', () => {
    expect(cell('a | b\nc')).toBe('a \\| b c');
    expect(linkText('[x] y')).toBe('\\[x\\] y');
    expect(truncate('jeden dva tri štyri päť šesť', 15)).toBe('jeden dva tri…');
  });
});

describe('generated from the registry', () => {
  let server: ProviderServer;
  let restore: () => void;
  const id = uniqueId('docs-llms');
  const address = uniqueAddress();
  const title = `Lavičky ${id}`;

  beforeAll(async () => {
    server = await startProviderServer();
    restore = allowInsecureSources(server);
  });
  afterAll(async () => {
    await removeProviders(id);
    await removeAttempts(address);
    restore?.();
    await server?.close();
  });

  test('a pending provider is absent; after approval it appears in llms.txt, index.md and zdroje.md; after removal it is gone', async () => {
    const manifestUrl = publish(server, testManifest(id, { title }));
    const registered = await postRegistration({ manifestUrl }, address);
    expect(registered.status).toBe(201);
    expect(registered.body.status).toBe('pending_review');

    const key = `${id}/body`;
    expect(await llms()).not.toContain(key);
    expect(await fetchText(indexGet as Get, '/index.md', MD)).not.toContain(key);
    expect(await fetchText(sourcesGet as Get, '/zdroje.md', MD)).not.toContain(id);

    await approveProvider({ id });
    const after = await llms();
    const line = after.split('\n').find((l) => l.includes(`\`${key}\``));
    expect(line).toBe(
      `- [${title}](${base()}/mapa/${id}/body): \`${key}\` · Testovací poskytovateľ ${id} · Body na skúšku registrácie. Dáta: [GeoJSON](${base()}/api/data/${id}/body), [OGC API – Features](${base()}/ogc/collections/${id}.body).`,
    );
    expect(await fetchText(indexGet as Get, '/index.md', MD)).toContain(`\`${key}\``);
    const sources = await fetchText(sourcesGet as Get, '/zdroje.md', MD);
    expect(sources).toContain(`### Testovací poskytovateľ ${id}`);
    expect(sources).toContain(`| [${title}](${base()}/mapa/${id}/body) | [CC BY 4.0](https://creativecommons.org/licenses/by/4.0/) | © ${id} |`);

    await removeProviders(id);
    expect(await llms()).not.toContain(key);
  });
});
