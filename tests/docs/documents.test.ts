// The six documentation documents: served as text/markdown at /dokumentacia/{slug}.md, rendered as
// HTML at /dokumentacia/{slug}, unknown slugs 404, links and anchors resolve, and the protocol
// document names every field of the served JSON Schemas.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import DocPage from '@/app/dokumentacia/[slug]/page';
import RootLayout from '@/app/layout';
import DocsLayout from '@/app/dokumentacia/layout';
import DocsIndexPage from '@/app/dokumentacia/page';
import { DOCS, docByTopic } from '@/lib/docs/documents';
import { DOC_SLUGS, DOC_TOPICS } from '@/lib/docs/schema';
import { slugifyHeading } from '@/lib/docs/headings';
import { localDocHref } from '@/lib/docs/links';
import { describeRefreshInterval, getDocumentMarkdown, loadDocument, loadDocumentByTopic, readDocumentSource } from '@/lib/docs/load';
import { env } from '@/lib/env';
import { isApiError } from '@/lib/errors';

const base = () => env().publicBaseUrl;

async function markdownRoute(slug: string) {
  return import(`@/app/dokumentacia/${slug}.md/route`) as Promise<{ GET: (req: Request, ctx: unknown) => Promise<Response> }>;
}

/** Heading ids of a markdown text, computed the way the HTML page computes them. */
function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^(#{2,4})\s+(.*)$/.exec(line);
    if (!m) continue;
    const text = m[2].replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\*\*/g, '');
    const b = slugifyHeading(text);
    const n = seen.get(b) ?? 0;
    seen.set(b, n + 1);
    ids.add(n === 0 ? b : `${b}-${n}`);
  }
  return ids;
}

describe('markdown documents', () => {
  for (const slug of DOC_SLUGS) {
    test(`GET /dokumentacia/${slug}.md answers text/markdown with absolute links`, async () => {
      const { GET } = await markdownRoute(slug);
      const res = await GET(new Request(`http://localhost/dokumentacia/${slug}.md`), { params: Promise.resolve({}) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const body = await res.text();
      expect(body).toMatch(/^# \S/);
      expect(body).not.toMatch(/\{\{[A-Z_]+\}\}/);
      expect(body).toContain(`${base()}/`);
      // Slovak text with diacritics, not ASCII-folded.
      expect(body).toMatch(/[áäčďéíĺľňóôŕšťúýž]/);
    });
  }

  test('every route folder belongs to a known document and every document has one', async () => {
    const { readdir } = await import('node:fs/promises');
    const folders = (await readdir(path.join(process.cwd(), 'app', 'dokumentacia'))).filter((f) => f.endsWith('.md'));
    expect(folders.sort()).toEqual(DOC_SLUGS.map((s) => `${s}.md`).sort());
  });

  test('unknown slug: loadDocument throws not_found, the HTML page 404s (also for an unknown .md)', async () => {
    await expect(loadDocument('neexistuje')).rejects.toSatisfy((e) => isApiError(e) && e.code === 'not_found' && e.status === 404);
    for (const slug of ['neexistuje', 'neexistuje.md', 'API']) {
      await expect(DocPage({ params: Promise.resolve({ slug }) })).rejects.toSatisfy(
        (e: unknown) => String((e as { digest?: string }).digest ?? '').includes('404'),
      );
    }
  });

  test('every MCP documentation topic has its document; unknown topic lists the available ones', async () => {
    for (const topic of DOC_TOPICS) {
      const { info, markdown } = await loadDocumentByTopic(topic);
      expect(docByTopic(topic)?.slug).toBe(info.slug);
      expect(markdown).toBe(await getDocumentMarkdown(info.slug));
    }
    await expect(loadDocumentByTopic('recipes')).rejects.toSatisfy(
      (e) => isApiError(e) && e.code === 'invalid_input' && Array.isArray(e.extra.available) && e.extra.available.length === 6,
    );
  });

  test('links between documents and anchors inside them resolve', async () => {
    const ids = new Map<string, Set<string>>();
    for (const slug of DOC_SLUGS) ids.set(slug, headingIds(await readDocumentSource(slug)));
    const broken: string[] = [];
    for (const slug of DOC_SLUGS) {
      const src = await readDocumentSource(slug);
      for (const [, href] of src.matchAll(/\]\(([^)\s]+)\)/g)) {
        const local = /^#(.+)$/.exec(href);
        if (local && !ids.get(slug)!.has(local[1])) broken.push(`${slug}: ${href}`);
        const cross = /^\{\{BASE_URL\}\}\/dokumentacia\/([a-z-]+)\.md(?:#(.+))?$/.exec(href);
        if (cross) {
          const target = ids.get(cross[1]);
          if (!target) broken.push(`${slug}: ${href} (no such document)`);
          else if (cross[2] && !target.has(cross[2])) broken.push(`${slug}: ${href} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('HTML documentation pages', () => {
  for (const slug of DOC_SLUGS) {
    test(`/dokumentacia/${slug} renders the markdown with heading ids and site-relative doc links`, async () => {
      const html = renderToStaticMarkup(await DocPage({ params: Promise.resolve({ slug }) }));
      const title = DOCS.find((d) => d.slug === slug)!.title;
      expect(html).toContain('<h1>');
      expect(html).toContain(title.split(' ')[0]);
      expect(html).toMatch(/<h2 id="[a-z0-9-]+">/);
      // Links to other documents lead to their HTML pages; only the explicit twin link names .md.
      const mdLinks = [...html.matchAll(/href="([^"]*\/dokumentacia\/[a-z-]+\.md[^"]*)"/g)].map((m) => m[1]);
      expect(mdLinks).toEqual([`/dokumentacia/${slug}.md`]);
      expect(html).not.toContain('{{');
      if ((await readDocumentSource(slug)).includes('\n|---')) expect(html).toContain('<table>');
    });
  }

  test('the root layout gives every page the site header and footer; the docs layout a link to every document', () => {
    const root = renderToStaticMarkup(RootLayout({ children: 'obsah' }));
    expect(root).toContain('<header class="site-header">');
    expect(root).toContain('Geodáta Slovenska');
    expect(root).toContain('href="/vyhlasenie-o-pristupnosti"');
    expect(root).toContain('obsah');
    const html = renderToStaticMarkup(DocsLayout({ children: 'obsah' }));
    for (const d of DOCS) expect(html).toContain(`href="/dokumentacia/${d.slug}"`);
    expect(html).toContain('obsah');
  });

  test('the docs index lists every document with its markdown twin', () => {
    const html = renderToStaticMarkup(DocsIndexPage());
    for (const d of DOCS) {
      expect(html).toContain(`href="/dokumentacia/${d.slug}"`);
      expect(html).toContain(`href="/dokumentacia/${d.slug}.md"`);
    }
    expect(html).toContain('href="/llms.txt"');
    expect(html).toContain('href="/openapi.json"');
  });

  test('localDocHref maps absolute portal links to site paths and .md twins to pages', () => {
    const b = 'https://geo.example.sk';
    expect(localDocHref(`${b}/dokumentacia/protokol.md#params-parametre`, b)).toBe('/dokumentacia/protokol#params-parametre');
    expect(localDocHref(`${b}/llms.txt`, b)).toBe('/llms.txt');
    expect(localDocHref(`${b}/dokumentacia/nieco.md`, b)).toBe('/dokumentacia/nieco.md');
    expect(localDocHref('https://creativecommons.org/licenses/by/4.0/', b)).toBe('https://creativecommons.org/licenses/by/4.0/');
  });

  test('refresh interval reads as Slovak', () => {
    expect(describeRefreshInterval(360)).toBe('každých 6 hodín');
    expect(describeRefreshInterval(60)).toBe('každú hodinu');
    expect(describeRefreshInterval(120)).toBe('každé 2 hodiny');
    expect(describeRefreshInterval(90)).toBe('každých 90 minút');
    expect(describeRefreshInterval(0)).toMatch(/vypnuté/);
  });
});

describe('the protocol document covers the served schemas', () => {
  /** Every property name declared anywhere in a JSON Schema. */
  function propertyNames(schema: unknown, out = new Set<string>()): Set<string> {
    if (Array.isArray(schema)) for (const s of schema) propertyNames(s, out);
    else if (schema && typeof schema === 'object') {
      for (const [k, v] of Object.entries(schema)) {
        if (k === 'properties' && v && typeof v === 'object') for (const name of Object.keys(v)) out.add(name);
        propertyNames(v, out);
      }
    }
    return out;
  }

  for (const file of ['manifest.json', 'data.json']) {
    test(`every property of ${file} is documented in protokol.md`, async () => {
      const schema = JSON.parse(await readFile(path.join(process.cwd(), 'lib', 'protocol', 'schemas', file), 'utf8'));
      const doc = await readDocumentSource('protokol');
      const missing = [...propertyNames(schema)].filter((name) => !doc.includes(`\`${name}\``));
      expect(missing).toEqual([]);
    });
  }
});
