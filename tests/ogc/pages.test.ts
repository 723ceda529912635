// The HTML face of /ogc (f=html or a browser): Slovak pages in the site's chrome rendered from the
// same services as the JSON, the QGIS how-to, and the rewrites that route HTML requests to them.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import OgcApiPage from '@/app/ogc-html/api/page';
import OgcCollectionPage from '@/app/ogc-html/collections/[collectionId]/page';
import OgcFeaturePage from '@/app/ogc-html/collections/[collectionId]/items/[featureId]/page';
import OgcItemsPage from '@/app/ogc-html/collections/[collectionId]/items/page';
import OgcCollectionsPage from '@/app/ogc-html/collections/page';
import OgcConformancePage from '@/app/ogc-html/conformance/page';
import OgcLandingPage from '@/app/ogc-html/page';
import RootLayout from '@/app/layout';
import { env } from '@/lib/env';
import { CONFORMANCE_CLASSES } from '@/lib/ogc/documents';
import { HTML_PREFIX, HTML_RESOURCES, ogcHtmlRewrites } from '@/lib/ogc/html-routes';
import { startOgcFixture, type OgcFixture } from './fixtures';

let fx: OgcFixture;
let base: string;

beforeAll(async () => {
  fx = await startOgcFixture();
  base = env().publicBaseUrl;
});

afterAll(async () => {
  await fx?.close();
});

const params = <T,>(p: T) => Promise.resolve(p);
const search = (q: Record<string, string> = {}) => Promise.resolve(q);

describe('pages', () => {
  test('landing: site chrome, the QGIS how-to with the portal URL, links', async () => {
    // The chrome is the root layout's, around every page as Next renders it.
    const html = renderToStaticMarkup(RootLayout({ children: OgcLandingPage() }));
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
    expect(html).toContain('Pridať vrstvu WFS / OGC API – Features');
    expect(html).toContain(`<code data-testid="qgis-url">${base}/ogc</code>`);
    expect(html).toContain(`href="${base}/ogc/api"`);
    expect(html).toContain(`href="${base}/ogc/collections?f=html"`);
  });

  test('conformance and API pages list what the JSON says', async () => {
    const conf = renderToStaticMarkup(OgcConformancePage());
    for (const c of CONFORMANCE_CLASSES) expect(conf).toContain(c);
    const api = renderToStaticMarkup(await OgcApiPage());
    expect(api).toContain('GET /collections/{collectionId}/items');
    expect(api).toContain(`GET /collections/${fx.ids.areas}/items`);
    expect(api).toContain('<code>limit</code>');
  });

  test('collections: every collection with licence and attribution; no display-only or pending ones', async () => {
    const html = renderToStaticMarkup(await OgcCollectionsPage());
    expect(html).toContain(`<code>${fx.ids.places}</code>`);
    expect(html).toContain('© Miesta test');
    expect(html).not.toContain(fx.ids.hidden);
    expect(html).not.toContain(fx.ids.pending);
  });

  test('collection: licence link, attribution, extents, items link and QGIS how-to for this collection', async () => {
    const html = renderToStaticMarkup(await OgcCollectionPage({ params: params({ collectionId: fx.ids.places }) }));
    expect(html).toContain('<h1>Test miesta</h1>');
    expect(html).toMatch(/data-testid="ogc-license"><a href="https:\/\/creativecommons.org\/licenses\/by\/4.0\/">CC BY 4.0<\/a>/);
    expect(html).toContain('data-testid="ogc-attribution">© Miesta test');
    expect(html).toContain(`ogr2ogr -f GPKG ${fx.ids.places}.gpkg OAPIF:${base}/ogc ${fx.ids.places}`);
    const areas = renderToStaticMarkup(await OgcCollectionPage({ params: params({ collectionId: fx.ids.areas }) }));
    expect(areas).toContain('2000-01-01T00:00:00Z – 2024-12-31T23:59:59Z');
  });

  test('items: a table of the page, the count, and paging links as in the GeoJSON', async () => {
    const html = renderToStaticMarkup(await OgcItemsPage({ params: params({ collectionId: fx.ids.big }), searchParams: search({ f: 'html' }) }));
    expect((html.match(/<tr>/g) ?? []).length).toBe(101);
    expect(html).toContain('100 objektov na tejto stránke z 5');
    const next = /<a href="([^"]+)" rel="next"/.exec(html)![1].replace(/&amp;/g, '&');
    expect(Object.fromEntries(new URL(next).searchParams)).toEqual({ limit: '100', offset: '100', f: 'html' });
    const second = renderToStaticMarkup(
      await OgcItemsPage({ params: params({ collectionId: fx.ids.big }), searchParams: search({ limit: '100', offset: '100', f: 'html' }) }),
    );
    expect(second).toContain('rel="prev"');
    expect(second).toContain('Bod č. 100');
  });

  test('items with a bad query: the error and its code, as the JSON would say', async () => {
    const html = renderToStaticMarkup(await OgcItemsPage({ params: params({ collectionId: fx.ids.big }), searchParams: search({ limit: 'nula' }) }));
    expect(html).toContain('data-testid="ogc-error"');
    expect(html).toContain('<code>invalid_query</code>');
  });

  test('one feature: its properties with the dataset’s labels', async () => {
    const html = renderToStaticMarkup(await OgcFeaturePage({ params: params({ collectionId: fx.ids.places, featureId: '7' }), searchParams: search() }));
    expect(html).toContain('Miesto 7');
    expect(html).toContain('<th scope="row">pocet</th><td>18</td>');
  });

  test('an unknown or hidden collection is a 404 page', async () => {
    for (const collectionId of ['nikto.nic', fx.ids.hidden, fx.ids.pending]) {
      await expect(OgcCollectionPage({ params: params({ collectionId }) })).rejects.toMatchObject({ digest: expect.stringContaining('404') });
    }
  });
});

describe('rewrites', () => {
  test('f=html, and a browser Accept without f, lead every HTML resource to its page; tiles never', () => {
    const rules = ogcHtmlRewrites();
    expect(rules).toHaveLength(HTML_RESOURCES.length * 2);
    for (const r of HTML_RESOURCES) {
      const mine = rules.filter((x) => x.source === `/ogc${r}`);
      expect(mine.map((x) => x.destination)).toEqual([`${HTML_PREFIX}${r}`, `${HTML_PREFIX}${r}`]);
      expect(mine[0].has).toEqual([{ type: 'query', key: 'f', value: 'html' }]);
      expect(mine[1].missing).toEqual([{ type: 'query', key: 'f' }]);
      expect(new RegExp(`^${mine[1].has![0].value}$`).test('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
      expect(new RegExp(`^${mine[1].has![0].value}$`).test('application/geo+json, application/json')).toBe(false);
    }
    expect(rules.some((x) => x.source.includes('tiles'))).toBe(false);
  });
});
