// The landing page, conformance declaration and the GeoJSON bodies of items and single features,
// with their links (self, alternate, next, prev, collection).
import { collectionIdOf } from './ids';
import { featureJson, type ItemsPage, type OgcFeature, type PagePosition } from './items';
import { MEDIA, ogcHref, selfAndAlternate, type OgcLink } from './links';

/**
 * The conformance classes the portal declares: each is exercised by the test suite
 * (tests/ogc: GDAL's OAPIF and MVT drivers, the OpenAPI lint, the HTML pages).
 */
export const CONFORMANCE_CLASSES = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tileset',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tilesets-list',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/geodata-tilesets',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/mvt',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/oas30',
] as const;

export const LANDING_TITLE = 'Geodáta Slovenska – OGC API';
export const LANDING_DESCRIPTION =
  'Schválené dátové sady GeoJSON portálu Geodáta Slovenska ako OGC API – Features (GeoJSON, HTML) a vektorové dlaždice (OGC API – Tiles, Mapbox Vector Tiles). Dáta sa čítajú cez vyrovnávaciu pamäť portálu; licenciu a atribúciu uvádza každá kolekcia.';

export function landingDocument(base: string, format: 'json' | 'html' = 'json') {
  const links: OgcLink[] = [
    ...selfAndAlternate(base, '', {}, MEDIA.json, format, { json: 'Úvodná stránka (JSON)', html: 'Úvodná stránka (HTML)' }),
    { href: ogcHref(base, '/api'), rel: 'service-desc', type: MEDIA.openapi, title: 'Popis rozhrania (OpenAPI 3.0)' },
    { href: ogcHref(base, '/api', { f: 'html' }), rel: 'service-doc', type: MEDIA.html, title: 'Dokumentácia rozhrania (HTML)' },
    { href: ogcHref(base, '/conformance'), rel: 'conformance', type: MEDIA.json, title: 'Triedy zhody' },
    { href: ogcHref(base, '/conformance'), rel: 'http://www.opengis.net/def/rel/ogc/1.0/conformance', type: MEDIA.json, title: 'Triedy zhody' },
    { href: ogcHref(base, '/collections'), rel: 'data', type: MEDIA.json, title: 'Kolekcie' },
    { href: ogcHref(base, '/collections'), rel: 'http://www.opengis.net/def/rel/ogc/1.0/data', type: MEDIA.json, title: 'Kolekcie' },
  ];
  return { title: LANDING_TITLE, description: LANDING_DESCRIPTION, links };
}

export function conformanceDocument(base: string, format: 'json' | 'html' = 'json') {
  return {
    links: selfAndAlternate(base, '/conformance', {}, MEDIA.json, format, { json: 'Triedy zhody (JSON)', html: 'Triedy zhody (HTML)' }),
    conformsTo: [...CONFORMANCE_CLASSES],
  };
}

/** The query members that select features (echoed into every page link; position members are set per link). */
export type SelectionQuery = Record<string, string>;

function pageQuery(selection: SelectionQuery, limit: number, pos: PagePosition): Record<string, string | number | undefined> {
  return { ...selection, limit, ...(pos.offset ? { offset: pos.offset } : {}), ...(pos.cursor ? { cursor: pos.cursor } : {}) };
}

export function itemsLinks(
  base: string,
  datasetKey: string,
  selection: SelectionQuery,
  limit: number,
  at: PagePosition,
  page: Pick<ItemsPage, 'next' | 'prev'>,
  format: 'json' | 'html',
): OgcLink[] {
  const path = `/collections/${collectionIdOf(datasetKey)}/items`;
  const type = format === 'json' ? MEDIA.geojson : MEDIA.html;
  const f = format;
  const links: OgcLink[] = [
    ...selfAndAlternate(base, path, pageQuery(selection, limit, at), MEDIA.geojson, format, { json: 'Táto stránka (GeoJSON)', html: 'Táto stránka (HTML)' }),
  ];
  if (page.next) links.push({ href: ogcHref(base, path, { ...pageQuery(selection, limit, page.next), f }), rel: 'next', type, title: 'Ďalšia stránka' });
  if (page.prev) links.push({ href: ogcHref(base, path, { ...pageQuery(selection, limit, page.prev), f }), rel: 'prev', type, title: 'Predchádzajúca stránka' });
  links.push({ href: ogcHref(base, `/collections/${collectionIdOf(datasetKey)}`, { f }), rel: 'collection', type: format === 'json' ? MEDIA.json : MEDIA.html, title: 'Kolekcia' });
  return links;
}

export function itemsBody(base: string, datasetKey: string, selection: SelectionQuery, limit: number, at: PagePosition, page: ItemsPage) {
  return {
    type: 'FeatureCollection' as const,
    features: page.features,
    links: itemsLinks(base, datasetKey, selection, limit, at, page, 'json'),
    timeStamp: new Date().toISOString(),
    ...(page.numberMatched !== undefined ? { numberMatched: page.numberMatched } : {}),
    numberReturned: page.features.length,
    // A stale copy says so as /api/data does (dm.notice), besides X-DM-Cache: stale.
    ...(page.cache === 'stale' ? { dm: { generated: page.generated, notice: page.notice ?? null } } : {}),
  };
}

/** The items body as JSON text: the page's features are joined from their cached texts. */
export function itemsJson(base: string, datasetKey: string, selection: SelectionQuery, limit: number, at: PagePosition, page: ItemsPage): string {
  const { type: _type, features, ...rest } = itemsBody(base, datasetKey, selection, limit, at, page);
  return `{"type":"FeatureCollection","features":[${features.map(featureJson).join(',')}],${JSON.stringify(rest).slice(1)}`;
}

export function featureLinks(base: string, datasetKey: string, feature: OgcFeature, query: SelectionQuery, format: 'json' | 'html'): OgcLink[] {
  const collection = `/collections/${collectionIdOf(datasetKey)}`;
  return [
    ...selfAndAlternate(base, `${collection}/items/${encodeURIComponent(String(feature.id))}`, query, MEDIA.geojson, format, {
      json: 'Objekt (GeoJSON)',
      html: 'Objekt (HTML)',
    }),
    { href: ogcHref(base, collection, { f: format }), rel: 'collection', type: format === 'json' ? MEDIA.json : MEDIA.html, title: 'Kolekcia' },
  ];
}

export function featureBody(base: string, datasetKey: string, feature: OgcFeature, query: SelectionQuery) {
  return { ...feature, links: featureLinks(base, datasetKey, feature, query, 'json') };
}
