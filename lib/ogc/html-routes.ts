// Which OGC requests get the HTML pages: `f=html`, or a browser's Accept (text/html) without `f`.
// next.config.ts turns these into rewrites to the pages under HTML_PREFIX, so one URL serves JSON
// to GIS clients and a Slovak page in the site's chrome to people. Plain data (no imports): the
// Next config loads it.

export const HTML_PREFIX = '/ogc-html';

/** The resources that have an HTML page (tiles and tile metadata are JSON/MVT only). */
export const HTML_RESOURCES = [
  '',
  '/conformance',
  '/api',
  '/collections',
  '/collections/:collectionId',
  '/collections/:collectionId/items',
  '/collections/:collectionId/items/:featureId',
] as const;

interface Condition {
  type: 'query' | 'header';
  key: string;
  value?: string;
}

export interface Rewrite {
  source: string;
  destination: string;
  has?: Condition[];
  missing?: Condition[];
}

export function ogcHtmlRewrites(): Rewrite[] {
  const out: Rewrite[] = [];
  for (const r of HTML_RESOURCES) {
    const source = `/ogc${r}`;
    const destination = `${HTML_PREFIX}${r}`;
    out.push({ source, destination, has: [{ type: 'query', key: 'f', value: 'html' }] });
    out.push({ source, destination, has: [{ type: 'header', key: 'accept', value: '(.*)text/html(.*)' }], missing: [{ type: 'query', key: 'f' }] });
  }
  return out;
}
