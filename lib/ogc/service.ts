// The OGC API resources as framework-free answers: the route handlers (JSON, GeoJSON, FlatGeobuf,
// CSV, MVT) and the HTML pages call these and only shape the result.
import type { CacheState } from '@/lib/data';
import { ApiError } from '@/lib/errors';
import type { ServedDataset } from '@/lib/providers';
import { collectionDocument, collectionsDocument, findOgcDataset, readDataExtent } from './collections';
import { contentCrs, type CrsDef } from './crs';
import {
  conformanceDocument,
  featureBody,
  featureSchemaDocument,
  itemsJson,
  landingDocument,
  queryablesDocument,
  type SelectionQuery,
} from './documents';
import { CSV_MEDIA, FGB_MEDIA, toCsv, toFlatGeobuf } from './formats';
import { collectionIdOf } from '@/lib/protocol/shared/collection-ids';
import { datasetParams, readItem, readItems, type ItemsPage, type OgcFeature } from './items';
import { MEDIA } from './links';
import { buildOgcApiDocument } from './openapi';
import { parseItemQuery, parseItemsQuery, parseSimpleQuery, type FeatureFormat, type ItemsQuery } from './query';
import { queryablesOf, type Queryables } from './queryables';
import { selectionFor } from './select';
import { DEFAULT_STYLE, styleDocument, stylesDocument } from './styles';
import {
  assertWithinLimits,
  parseTileAddress,
  renderTile,
  tileArea,
  tileMatrixSetDocument,
  tileMatrixSetsDocument,
  tilesetDocument,
  tilesetsDocument,
  TILE_MATRIX_SET,
  type TileAnswer,
} from './tiles';

export interface OgcJsonAnswer {
  /** The document, or its text (JSON, CSV) or bytes (FlatGeobuf) when already encoded. */
  body: unknown;
  text?: string;
  bytes?: Uint8Array;
  type: string;
  headers: Record<string, string>;
}

/** Documents that change only with the registry: a minute of caching. */
const DOCUMENT_HEADERS = { 'Cache-Control': 'public, max-age=60' };

function dataHeaders(cache: CacheState, freshSeconds: number): Record<string, string> {
  return { 'Cache-Control': `public, max-age=${freshSeconds}, stale-while-revalidate=60`, 'X-DM-Cache': cache };
}

export async function landing(base: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  parseSimpleQuery(raw);
  return { body: landingDocument(base), type: MEDIA.json, headers: DOCUMENT_HEADERS };
}

export async function conformance(base: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  parseSimpleQuery(raw);
  return { body: conformanceDocument(base), type: MEDIA.json, headers: DOCUMENT_HEADERS };
}

export async function apiDefinition(base: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  parseSimpleQuery(raw);
  return { body: await buildOgcApiDocument(base), type: MEDIA.openapi, headers: DOCUMENT_HEADERS };
}

export async function collections(base: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  parseSimpleQuery(raw);
  return { body: await collectionsDocument(base), type: MEDIA.json, headers: DOCUMENT_HEADERS };
}

/** One collection; a whole dataset's extent is its data's (read through the cache). */
export async function collectionResult(base: string, collectionId: string, format: 'json' | 'html' = 'json') {
  const served = await findOgcDataset(collectionId);
  return { served, document: collectionDocument(base, served, format, await readDataExtent(served)) };
}

export async function collection(base: string, collectionId: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  parseSimpleQuery(raw);
  return { body: (await collectionResult(base, collectionId)).document, type: MEDIA.json, headers: DOCUMENT_HEADERS };
}

/** Schema documents: `application/schema+json`, or `application/json` to a client that asks for JSON only (GDAL 3.6). */
function schemaType(accept: string | null | undefined): string {
  return accept && !accept.includes('schema+json') && accept.includes('application/json') ? MEDIA.json : MEDIA.schema;
}

async function queryablesResult(collectionId: string): Promise<{ served: ServedDataset; queryables: Queryables }> {
  const served = await findOgcDataset(collectionId);
  return { served, queryables: await queryablesOf(served) };
}

export async function queryables(base: string, collectionId: string, raw: Record<string, string>, accept?: string | null): Promise<OgcJsonAnswer> {
  parseSimpleQuery(raw);
  const { served, queryables: q } = await queryablesResult(collectionId);
  return { body: queryablesDocument(base, served, q), type: schemaType(accept), headers: DOCUMENT_HEADERS };
}

export async function schema(base: string, collectionId: string, raw: Record<string, string>, accept?: string | null): Promise<OgcJsonAnswer> {
  parseSimpleQuery(raw);
  const { served, queryables: q } = await queryablesResult(collectionId);
  return { body: featureSchemaDocument(base, served, q), type: schemaType(accept), headers: DOCUMENT_HEADERS };
}

const POSITION_MEMBERS = new Set(['f', 'limit', 'offset', 'cursor']);

/** The members of an items query that select features (kept in every page link). */
export function selectionOf(raw: Record<string, string>): SelectionQuery {
  return Object.fromEntries(Object.entries(raw).filter(([k]) => !POSITION_MEMBERS.has(k)));
}

export interface ItemsResult {
  served: ServedDataset;
  query: ItemsQuery;
  selection: SelectionQuery;
  page: ItemsPage;
  /** The queryables, when the request needed them (filters, sortby, properties) or its format does (FlatGeobuf, CSV columns). */
  queryables?: Queryables;
}

/** One page of features (shared by the GeoJSON, FlatGeobuf and CSV answers and the HTML page). */
export async function itemsResult(collectionId: string, raw: Record<string, string>): Promise<ItemsResult> {
  const served = await findOgcDataset(collectionId);
  const query = parseItemsQuery(served.dataset, raw);
  const sel = await selectionFor(served, query);
  const page = await readItems(served, query, sel);
  return { served, query, selection: selectionOf(raw), page, ...(sel.queryables ? { queryables: sel.queryables } : {}) };
}

/** The format an Accept header names when `f` does not (GeoJSON by default). */
function acceptedFormat(accept: string | null | undefined): FeatureFormat {
  if (accept?.includes(FGB_MEDIA)) return 'fgb';
  if (accept?.includes('text/csv')) return 'csv';
  return 'json';
}

/** Features with only the chosen properties (geometry and id stay). */
function pick(features: OgcFeature[], names: string[] | undefined): OgcFeature[] {
  if (!names) return features;
  return features.map((f) => ({ ...f, properties: f.properties ? Object.fromEntries(names.filter((n) => n in f.properties!).map((n) => [n, f.properties![n]])) : null }));
}

/** The columns of a GIS format: the queryables' properties, or the chosen ones. */
function columnsOf(q: Queryables, names: string[] | undefined) {
  return names ? q.properties.filter((p) => names.includes(p.name)) : q.properties;
}

/** The answer in a GIS encoding (FlatGeobuf, CSV), with its media type and file name. */
async function encoded(served: ServedDataset, format: 'fgb' | 'csv', features: OgcFeature[], crs: CrsDef, names: string[] | undefined, known?: Queryables) {
  const q = known ?? (await queryablesOf(served));
  const columns = columnsOf(q, names);
  const file = `${collectionIdOf(served.key)}.${format}`;
  const disposition = { 'Content-Disposition': `inline; filename="${file}"` };
  return format === 'fgb'
    ? { body: null, bytes: toFlatGeobuf(features, columns, crs), type: FGB_MEDIA, disposition }
    : { body: null, text: toCsv(features, columns), type: CSV_MEDIA, disposition };
}

export async function items(base: string, collectionId: string, raw: Record<string, string>, accept?: string | null): Promise<OgcJsonAnswer> {
  const { served, query, selection, page, queryables: known } = await itemsResult(collectionId, raw);
  const headers = { ...dataHeaders(page.cache, page.freshSeconds), 'Content-Crs': contentCrs(query.crs) };
  const format = query.format ?? acceptedFormat(accept);
  const features = pick(page.features, query.properties);
  if (format === 'fgb' || format === 'csv') {
    const { disposition, ...answer } = await encoded(served, format, features, query.crs, query.properties, known);
    return { ...answer, headers: { ...headers, ...disposition } };
  }
  const shaped = query.properties ? { ...page, features } : page;
  return {
    body: null,
    text: itemsJson(base, served.key, selection, query.limit, { offset: query.offset, cursor: query.cursor }, shaped),
    type: MEDIA.geojson,
    headers,
  };
}

export async function itemResult(collectionId: string, featureId: string, raw: Record<string, string>) {
  const served = await findOgcDataset(collectionId);
  const q = parseItemQuery(served.dataset, raw);
  const params = datasetParams(served.dataset, { params: q.params, datetime: q.datetime }) ?? {};
  const found = await readItem(served, featureId, params, q.crs);
  return { served, selection: selectionOf(raw), query: q, ...found };
}

export async function item(base: string, collectionId: string, featureId: string, raw: Record<string, string>, accept?: string | null): Promise<OgcJsonAnswer> {
  const { served, selection, feature, cache, freshSeconds, query } = await itemResult(collectionId, featureId, raw);
  const headers = { ...dataHeaders(cache, freshSeconds), 'Content-Crs': contentCrs(query.crs) };
  const format = query.format ?? acceptedFormat(accept);
  if (format === 'fgb' || format === 'csv') {
    const { disposition, ...answer } = await encoded(served, format, [feature], query.crs, undefined);
    return { ...answer, headers: { ...headers, ...disposition } };
  }
  return { body: featureBody(base, served.key, feature, selection), type: MEDIA.geojson, headers };
}

/** Tile metadata, styles and tile matrix sets have no HTML page. */
function jsonOnly(raw: Record<string, string>, extra: string[] = []): void {
  if (parseSimpleQuery(raw, extra).f === 'html') throw new ApiError('invalid_query', 'f: this resource is available as JSON only (f=json).');
}

export async function tilesets(base: string, collectionId: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  jsonOnly(raw);
  const served = await findOgcDataset(collectionId);
  return { body: tilesetsDocument(base, served), type: MEDIA.json, headers: DOCUMENT_HEADERS };
}

export async function tileset(base: string, collectionId: string, tileMatrixSet: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  jsonOnly(raw);
  const served = await findOgcDataset(collectionId);
  parseTileAddress(tileMatrixSet, '0', '0', '0');
  return { body: tilesetDocument(base, served, await tileArea(served)), type: MEDIA.json, headers: DOCUMENT_HEADERS };
}

export async function tileMatrixSets(base: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  jsonOnly(raw);
  return { body: tileMatrixSetsDocument(base), type: MEDIA.json, headers: DOCUMENT_HEADERS };
}

export async function tileMatrixSet(base: string, id: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  jsonOnly(raw);
  if (id !== TILE_MATRIX_SET) throw new ApiError('not_found', `Unknown tile matrix set "${id}"; the portal offers ${TILE_MATRIX_SET}.`);
  return { body: tileMatrixSetDocument(base), type: MEDIA.json, headers: DOCUMENT_HEADERS };
}

export async function styles(base: string, collectionId: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  jsonOnly(raw);
  const served = await findOgcDataset(collectionId);
  return { body: stylesDocument(base, served), type: MEDIA.json, headers: DOCUMENT_HEADERS };
}

/** The MapLibre style (`f=mapbox`, the Styles API's name for it; JSON by default). */
export async function style(base: string, collectionId: string, styleId: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  const served = await findOgcDataset(collectionId);
  if (styleId !== DEFAULT_STYLE) throw new ApiError('not_found', `Unknown style "${styleId}"; the collection has the style "${DEFAULT_STYLE}".`);
  const { f, ...rest } = raw;
  if (f !== undefined && f !== 'mapbox' && f !== 'json') throw new ApiError('invalid_query', 'f: the style is available as mapbox (MapLibre / Mapbox GL style JSON).');
  parseSimpleQuery(rest);
  return { body: styleDocument(base, served), type: MEDIA.style, headers: DOCUMENT_HEADERS };
}

export interface TileResult extends TileAnswer {
  headers: Record<string, string>;
}

export async function tile(
  collectionId: string,
  address: { tileMatrixSet: string; tileMatrix: string; tileRow: string; tileCol: string },
  raw: Record<string, string>,
): Promise<TileResult> {
  const served = await findOgcDataset(collectionId);
  const q = parseItemQuery(served.dataset, raw);
  parseSimpleQuery(raw, ['datetime']);
  const { z, x, y } = parseTileAddress(address.tileMatrixSet, address.tileMatrix, address.tileRow, address.tileCol);
  assertWithinLimits(served, await tileArea(served), z, x, y);
  const params = datasetParams(served.dataset, { params: q.params, datetime: q.datetime });
  const answer: TileAnswer = params
    ? await renderTile(served, z, x, y, params)
    : { bytes: null, etag: 'W/"empty"', cache: 'hit', freshSeconds: 300 };
  return { ...answer, headers: { ...dataHeaders(answer.cache, answer.freshSeconds), ETag: answer.etag } };
}
