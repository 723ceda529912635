// MCP resource templates (resources/templates/list): the addresses an assistant can fill in itself —
// a dataset page, a dataset's summary (for Slovakia or a municipality), a municipality's overview page
// and a documentation page. Each URI is the address the portal serves the thing at; resources/read of
// a filled-in URI answers JSON (or the markdown of a document) from the same services as the tools.
import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult, ResourceTemplate as ResourceTemplateEntry } from '@modelcontextprotocol/sdk/types.js';
import { DOCS } from '@/lib/docs/documents';
import { getDocumentMarkdown } from '@/lib/docs/load';
import { isApiError } from '@/lib/errors';
import { municipalityIndex } from '@/lib/places/municipality-index';
import { territoryOperation } from '@/lib/places/operation';
import { summaryOperation } from '@/lib/summary/operation';
import type { ToolContext } from './tool';
import { catalogTool } from './tools/catalog';

type Variables = Record<string, string | string[]>;

interface PortalTemplate {
  entry: Omit<ResourceTemplateEntry, 'uriTemplate'>;
  template: (base: string) => ResourceTemplate;
  read(vars: Variables, ctx: ToolContext): Promise<string>;
}

const one = (v: string | string[] | undefined) => decodeURIComponent((Array.isArray(v) ? v[0] : v) ?? '');
const json = (x: unknown) => JSON.stringify(x);

/** Order matters: the first template matching a URI reads it (a dataset page before a municipality's). */
const TEMPLATES: PortalTemplate[] = [
  {
    entry: {
      name: 'documentation',
      title: 'Dokumentácia portálu',
      description: `A documentation page in markdown; slug: ${DOCS.map((d) => d.slug).join(', ')}.`,
      mimeType: 'text/markdown',
    },
    template: (base) => new ResourceTemplate(`${base}/dokumentacia/{slug}.md`, { list: undefined, complete: { slug: () => DOCS.map((d) => d.slug) } }),
    read: async (vars) => {
      const doc = DOCS.find((d) => d.slug === one(vars.slug));
      if (!doc) throw new Error(`no documentation page ${one(vars.slug)}; slugs: ${DOCS.map((d) => d.slug).join(', ')}`);
      return getDocumentMarkdown(doc.slug);
    },
  },
  {
    entry: {
      name: 'dataset',
      title: 'Dataset (stránka na mape a celý záznam katalógu)',
      description: 'The dataset page `/mapa/{provider}/{dataset}`; read: its whole catalog entry (fields, params, licence, links, health) as JSON, as `catalog` with `dataset`.',
      mimeType: 'application/json',
    },
    template: (base) => new ResourceTemplate(`${base}/mapa/{provider}/{dataset}`, { list: undefined }),
    read: async (vars, ctx) => {
      const r = await catalogTool.call({ dataset: `${one(vars.provider)}/${one(vars.dataset)}` }, ctx);
      if (r.isError) throw new Error((r.content[0] as { text: string }).text);
      return json(r.structuredContent);
    },
  },
  {
    entry: {
      name: 'dataset-summary',
      title: 'Súhrn datasetu za Slovensko alebo obec',
      description: 'GET /api/summary/{provider}/{dataset}, optionally `?municipality=` (name, code or `<region-slug>/<slug>`): counts, classes, rankings, the municipality’s own values.',
      mimeType: 'application/json',
    },
    template: (base) => new ResourceTemplate(`${base}/api/summary/{provider}/{dataset}{?municipality}`, { list: undefined }),
    read: async (vars) => {
      const municipality = one(vars.municipality);
      const input = summaryOperation.parse({ dataset: `${one(vars.provider)}/${one(vars.dataset)}`, ...(municipality ? { municipality } : {}) });
      return json(await summaryOperation.run!(input, undefined));
    },
  },
  {
    entry: {
      name: 'municipality',
      title: 'Prehľad obce',
      description: 'A municipality’s overview page `/{region-slug}/{municipality-slug}` (the `slug` of find_place and territory); read: the municipality as `territory` answers it (district, region, area, census population, cadastral territories).',
      mimeType: 'application/json',
    },
    template: (base) => new ResourceTemplate(`${base}/{region}/{municipality}`, { list: undefined }),
    read: async (vars) => {
      const key = `${one(vars.region)}/${one(vars.municipality)}`;
      const m = (await municipalityIndex())?.bySlug.get(key);
      if (!m) throw new Error(`no municipality has the page ${key}`);
      return json(await territoryOperation.run!(territoryOperation.parse({ query: m.code, level: 'obec' }), undefined));
    },
  },
];

export function listResourceTemplates(base: string): ResourceTemplateEntry[] {
  return TEMPLATES.map((t) => ({ uriTemplate: t.template(base).uriTemplate.toString(), ...t.entry }));
}

/** The contents of a URI one of the templates matches, or null when none does. Errors name what is wrong. */
export async function readTemplated(uri: string, ctx: ToolContext): Promise<ReadResourceResult | null> {
  for (const t of TEMPLATES) {
    const vars = t.template(ctx.baseUrl).uriTemplate.match(uri);
    if (!vars) continue;
    try {
      return { contents: [{ uri, mimeType: t.entry.mimeType, text: await t.read(vars, ctx) }] };
    } catch (err) {
      const message = isApiError(err) ? `${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err);
      throw new TemplateReadError(`${t.entry.name}: ${message}`);
    }
  }
  return null;
}

export class TemplateReadError extends Error {}
