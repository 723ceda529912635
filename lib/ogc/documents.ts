// The landing page, conformance declaration, the GeoJSON bodies of items and single features with
// their links (self, alternates in every format, next, prev, collection), and the JSON Schemas of a
// collection: its queryables (Part 3) and its features (`describedby`).
import type { ServedDataset } from '@/lib/providers';
import { GEOMETRY_QUERYABLE, type PropertyInfo, type Queryables } from './queryables';
import { collectionIdOf } from '@/lib/protocol/shared/collection-ids';
import { featureJson, type ItemsPage, type OgcFeature, type PagePosition } from './items';
import { MEDIA, ogcHref, selfAndAlternate, type OgcLink } from './links';

/**
 * The conformance classes the portal declares: each is exercised by the test suite
 * (tests/ogc: GDAL's OAPIF and MVT drivers, OWSLib, QGIS, the OpenAPI lint, the HTML pages);
 * tests/ogc/api.test.ts maps each to its tests.
 */
export const CONFORMANCE_CLASSES = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/queryables-query-parameters',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-json',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
  'http://www.opengis.net/spec/cql2/1.0/conf/advanced-comparison-operators',
  'http://www.opengis.net/spec/cql2/1.0/conf/case-insensitive-comparison',
  'http://www.opengis.net/spec/cql2/1.0/conf/accent-insensitive-comparison',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions-plus',
  'http://www.opengis.net/spec/cql2/1.0/conf/property-property',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tileset',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/tilesets-list',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/geodata-tilesets',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/mvt',
  'http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/oas30',
] as const;

export const LANDING_TITLE = 'Geodáta Slovenska – OGC API';
export const LANDING_DESCRIPTION =
  'Schválené dátové sady GeoJSON portálu Geodáta Slovenska ako OGC API – Features (GeoJSON, FlatGeobuf, CSV, HTML; súradnice aj v S-JTSK, filtre CQL2) a vektorové dlaždice (OGC API – Tiles, Mapbox Vector Tiles) so štýlom MapLibre. Dáta sa čítajú cez vyrovnávaciu pamäť portálu; licenciu a atribúciu uvádza každá kolekcia.';

export function landingDocument(base: string, format: 'json' | 'html' = 'json') {
  const links: OgcLink[] = [
    ...selfAndAlternate(base, '', {}, MEDIA.json, format, { json: 'Úvodná stránka (JSON)', html: 'Úvodná stránka (HTML)' }),
    { href: ogcHref(base, '/api'), rel: 'service-desc', type: MEDIA.openapi, title: 'Popis rozhrania (OpenAPI 3.0)' },
    { href: ogcHref(base, '/api', { f: 'html' }), rel: 'service-doc', type: MEDIA.html, title: 'Dokumentácia rozhrania (HTML)' },
    { href: ogcHref(base, '/conformance'), rel: 'conformance', type: MEDIA.json, title: 'Triedy zhody' },
    { href: ogcHref(base, '/conformance'), rel: 'http://www.opengis.net/def/rel/ogc/1.0/conformance', type: MEDIA.json, title: 'Triedy zhody' },
    { href: ogcHref(base, '/collections'), rel: 'data', type: MEDIA.json, title: 'Kolekcie' },
    { href: ogcHref(base, '/collections'), rel: 'http://www.opengis.net/def/rel/ogc/1.0/data', type: MEDIA.json, title: 'Kolekcie' },
    { href: ogcHref(base, '/tileMatrixSets'), rel: 'http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes', type: MEDIA.json, title: 'Mriežky dlaždíc' },
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
  const here = pageQuery(selection, limit, at);
  const links: OgcLink[] = [
    ...selfAndAlternate(base, path, here, MEDIA.geojson, format, { json: 'Táto stránka (GeoJSON)', html: 'Táto stránka (HTML)' }),
    { href: ogcHref(base, path, { ...here, f: 'fgb' }), rel: 'alternate', type: MEDIA.fgb, title: 'Táto stránka (FlatGeobuf)' },
    { href: ogcHref(base, path, { ...here, f: 'csv' }), rel: 'alternate', type: MEDIA.csv, title: 'Táto stránka (CSV, geometria ako WKT)' },
  ];
  if (page.next) links.push({ href: ogcHref(base, path, { ...pageQuery(selection, limit, page.next), f }), rel: 'next', type, title: 'Ďalšia stránka' });
  if (page.prev) links.push({ href: ogcHref(base, path, { ...pageQuery(selection, limit, page.prev), f }), rel: 'prev', type, title: 'Predchádzajúca stránka' });
  links.push({ href: ogcHref(base, `/collections/${collectionIdOf(datasetKey)}`, { f }), rel: 'collection', type: format === 'json' ? MEDIA.json : MEDIA.html, title: 'Kolekcia' });
  return links;
}

/** The JSON answer of GET /ogc/collections/{id}/items: a GeoJSON FeatureCollection with the OGC API's members. */
export type ItemsDocument = ReturnType<typeof itemsBody>;

function itemsBody(base: string, datasetKey: string, selection: SelectionQuery, limit: number, at: PagePosition, page: ItemsPage) {
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
  const path = `${collection}/items/${encodeURIComponent(String(feature.id))}`;
  return [
    ...selfAndAlternate(base, path, query, MEDIA.geojson, format, {
      json: 'Objekt (GeoJSON)',
      html: 'Objekt (HTML)',
    }),
    { href: ogcHref(base, path, { ...query, f: 'fgb' }), rel: 'alternate', type: MEDIA.fgb, title: 'Objekt (FlatGeobuf)' },
    { href: ogcHref(base, path, { ...query, f: 'csv' }), rel: 'alternate', type: MEDIA.csv, title: 'Objekt (CSV)' },
    { href: ogcHref(base, collection, { f: format }), rel: 'collection', type: format === 'json' ? MEDIA.json : MEDIA.html, title: 'Kolekcia' },
  ];
}

export function featureBody(base: string, datasetKey: string, feature: OgcFeature, query: SelectionQuery) {
  return { ...feature, links: featureLinks(base, datasetKey, feature, query, 'json') };
}

// ---------------------------------------------------------------------------------------------
// JSON Schemas of a collection

const JSON_SCHEMA = 'https://json-schema.org/draft/2020-12/schema';

/** A property as a JSON Schema (type, format, title, description, unit, the codes it holds). */
function propertySchema(p: PropertyInfo): Record<string, unknown> {
  const type = p.type === 'date' || p.type === 'date-time' ? 'string' : p.type;
  const format = p.type === 'date' ? 'date' : p.type === 'date-time' ? 'date-time' : p.format;
  return {
    type,
    ...(format ? { format } : {}),
    ...(p.title ? { title: p.title } : {}),
    ...(p.description ? { description: p.description } : {}),
    ...(p.unit ? { 'x-ogc-unitLang': 'UCUM', 'x-unit': p.unit } : {}),
    ...(p.values ? { enum: Object.keys(p.values), 'x-enum-labels': p.values } : {}),
  };
}

/**
 * GET /collections/{id}/queryables (OGC API – Features Part 3): every property (filter, sort and
 * select by any), the geometry as `geometry`. `queryables` repeats the names in the form of the
 * drafts that GDAL 3.6 reads (its cql-text filters name only what it finds there or in /ogc/api).
 */
export function queryablesDocument(base: string, s: ServedDataset, q: Queryables) {
  const id = collectionIdOf(s.key);
  return {
    $schema: JSON_SCHEMA,
    $id: ogcHref(base, `/collections/${id}/queryables`),
    type: 'object',
    title: s.dataset.title,
    description: `Vlastnosti kolekcie ${id}, podľa ktorých sa dá filtrovať (parameter filter v CQL2 alebo názov=hodnota), triediť (sortby) a vyberať (properties).`,
    properties: {
      [GEOMETRY_QUERYABLE]: { title: 'Geometria', format: q.geometryFormat, 'x-ogc-role': 'primary-geometry' },
      ...Object.fromEntries(q.properties.map((p) => [p.name, propertySchema(p)])),
    },
    additionalProperties: false,
    queryables: [
      { id: GEOMETRY_QUERYABLE, type: q.geometryFormat },
      ...q.properties.map((p) => ({ id: p.name, type: p.type, ...(p.title ? { title: p.title } : {}) })),
    ],
  };
}

/**
 * GET /collections/{id}/schema (`describedby`): the JSON Schema of the collection's GeoJSON features
 * — `properties` typed one by one (GDAL and QGIS take their field types from it instead of guessing
 * from the first page), the portal's extras in the documented `dm` member. Any property may be null.
 */
export function featureSchemaDocument(base: string, s: ServedDataset, q: Queryables) {
  const id = collectionIdOf(s.key);
  return {
    $schema: JSON_SCHEMA,
    $id: ogcHref(base, `/collections/${id}/schema`),
    title: s.dataset.title,
    description: `Objekt GeoJSON kolekcie ${id}. Každá vlastnosť môže mať hodnotu null.`,
    type: 'object',
    required: ['type', 'geometry', 'properties'],
    properties: {
      type: { type: 'string', enum: ['Feature'] },
      id: { description: 'Id objektu zo zdroja, inak odtlačok jeho obsahu.', oneOf: [{ type: 'string' }, { type: 'integer' }] },
      geometry: { title: 'Geometria', format: q.geometryFormat, 'x-ogc-role': 'primary-geometry' },
      properties: {
        type: 'object',
        properties: Object.fromEntries(q.properties.map((p) => [p.name, propertySchema(p)])),
      },
      dm: {
        type: 'object',
        title: 'Doplnky portálu',
        description: 'Čo portál ukazuje pri objekte (v /api/data ako vlastnosti __dm_*): názov, opis, odkaz, farba, trend a graf.',
        properties: {
          title: { type: 'string' },
          description: { type: 'string' },
          url: { type: 'string', format: 'uri' },
          color: { type: 'string' },
          trend: { type: 'string' },
          chart: { type: 'object' },
        },
      },
      links: { type: 'array' },
    },
  };
}
