// The OGC API resources as framework-free answers: the route handlers (JSON, GeoJSON, MVT) and the
// HTML pages call these and only shape the result.
import type { CacheState } from '@/lib/data';
import { ApiError } from '@/lib/errors';
import type { ServedDataset } from '@/lib/providers';
import { collectionDocument, collectionsDocument, findOgcDataset } from './collections';
import { conformanceDocument, featureBody, itemsJson, landingDocument, type SelectionQuery } from './documents';
import { datasetParams, readItem, readItems, type ItemsPage } from './items';
import { MEDIA } from './links';
import { buildOgcApiDocument } from './openapi';
import { parseItemsQuery, parseSimpleQuery, type ItemsQuery } from './query';
import { parseTileAddress, renderTile, tilesetDocument, tilesetsDocument, type TileAnswer } from './tiles';

export interface OgcJsonAnswer {
  /** The document, or its JSON text when already serialised. */
  body: unknown;
  text?: string;
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

export async function collection(base: string, collectionId: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  parseSimpleQuery(raw);
  const served = await findOgcDataset(collectionId);
  return { body: collectionDocument(base, served), type: MEDIA.json, headers: DOCUMENT_HEADERS };
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
}

/** One page of features (shared by the GeoJSON route and the HTML page). */
export async function itemsResult(collectionId: string, raw: Record<string, string>): Promise<ItemsResult> {
  const served = await findOgcDataset(collectionId);
  const query = parseItemsQuery(served.dataset, raw);
  const page = await readItems(served, query);
  return { served, query, selection: selectionOf(raw), page };
}

export async function items(base: string, collectionId: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  const { served, query, selection, page } = await itemsResult(collectionId, raw);
  return {
    body: null,
    text: itemsJson(base, served.key, selection, query.limit, { offset: query.offset, cursor: query.cursor }, page),
    type: MEDIA.geojson,
    headers: dataHeaders(page.cache, page.freshSeconds),
  };
}

/** Dataset parameters of a request that takes no paging (a single feature, a tile): the dataset's own and `datetime`. */
function selectionParams(served: ServedDataset, raw: Record<string, string>): Record<string, string> | null {
  const { f: _f, ...rest } = raw;
  const q = parseItemsQuery(served.dataset, rest);
  return datasetParams(served.dataset, q);
}

export async function itemResult(collectionId: string, featureId: string, raw: Record<string, string>) {
  const served = await findOgcDataset(collectionId);
  parseSimpleQuery(raw, [...(served.dataset.params ?? []).map((p) => p.key), 'datetime']);
  const params = selectionParams(served, raw) ?? {};
  const found = await readItem(served, featureId, params);
  return { served, selection: selectionOf(raw), ...found };
}

export async function item(base: string, collectionId: string, featureId: string, raw: Record<string, string>): Promise<OgcJsonAnswer> {
  const { served, selection, feature, cache, freshSeconds } = await itemResult(collectionId, featureId, raw);
  return { body: featureBody(base, served.key, feature, selection), type: MEDIA.geojson, headers: dataHeaders(cache, freshSeconds) };
}

/** Tile metadata has no HTML page. */
function jsonOnly(raw: Record<string, string>): void {
  if (parseSimpleQuery(raw).f === 'html') throw new ApiError('invalid_query', 'f: tile metadata is available as JSON only (f=json).');
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
  return { body: tilesetDocument(base, served), type: MEDIA.json, headers: DOCUMENT_HEADERS };
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
  parseSimpleQuery(raw, [...(served.dataset.params ?? []).map((p) => p.key), 'datetime']);
  const { z, x, y } = parseTileAddress(address.tileMatrixSet, address.tileMatrix, address.tileRow, address.tileCol);
  const params = selectionParams(served, raw);
  const answer: TileAnswer = params
    ? await renderTile(served, z, x, y, params)
    : { bytes: null, etag: 'W/"empty"', cache: 'hit', freshSeconds: 300 };
  return { ...answer, headers: { ...dataHeaders(answer.cache, answer.freshSeconds), ETag: answer.etag } };
}
