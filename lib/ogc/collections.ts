// The collections of the OGC API face: one per approved GeoJSON dataset. Datasets awaiting approval,
// rejected providers' and display-only datasets (whose licence forbids redistribution) and raster
// datasets are absent. A collection document carries what a GIS client needs to credit and use the
// data: title, description, keywords, extent, licence and attribution.
import { loadDatasetCollection } from '@/lib/data';
import { ApiError } from '@/lib/errors';
import { datasetDataPath, datasetPagePath, listApprovedDatasets, registrySnapshot, type ServedDataset } from '@/lib/providers';
import type { Bbox } from '@/lib/protocol/request';
import type { DataCollection, ManifestDataset, ParamDef } from '@/lib/protocol/types';
import { CRS84_URI, STORAGE_CRS, SUPPORTED_CRS } from './crs';
import { envelope } from './envelope';
import { collectionIdOf, parseCollectionId } from '@/lib/protocol/shared/collection-ids';
import { BBOX_MODE_DEFAULT_ZOOM } from './limits';
import { MEDIA, ogcHref, selfAndAlternate, type OgcLink } from './links';

export const CRS84 = CRS84_URI;
const REL_QUERYABLES = 'http://www.opengis.net/def/rel/ogc/1.0/queryables';
export const REL_STYLES = 'http://www.opengis.net/def/rel/ogc/1.0/styles';
const GREGORIAN = 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian';
const REL_TILESETS_VECTOR = 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector';

interface OgcExtent {
  spatial?: { bbox: number[][]; crs: string };
  temporal?: { interval: Array<Array<string | null>>; trs: string };
}

export interface OgcCollection {
  id: string;
  title: string;
  description?: string;
  keywords: string[];
  itemType: 'feature';
  crs: string[];
  storageCrs: string;
  extent?: OgcExtent;
  attribution: string;
  license?: { name: string; url?: string };
  links: OgcLink[];
}

export interface OgcCollections {
  links: OgcLink[];
  collections: OgcCollection[];
}

/** Whether the OGC API offers this dataset as a collection. */
export function isOgcCollection(s: ServedDataset): boolean {
  return s.provider.approval === 'approved' && s.dataset.source.type === 'geojson' && !s.displayOnly;
}

async function listOgcDatasets(): Promise<ServedDataset[]> {
  return (await listApprovedDatasets()).filter(isOgcCollection);
}

/** The dataset behind a collection id; 404 `unknown_dataset` for anything that is not a collection. */
export async function findOgcDataset(collectionId: string): Promise<ServedDataset> {
  const ids = parseCollectionId(collectionId);
  const served = ids ? (await registrySnapshot()).served.get(`${ids.providerId}/${ids.datasetId}`) : undefined;
  if (!served || !isOgcCollection(served)) {
    throw new ApiError('unknown_dataset', `Unknown collection "${collectionId}". GET /ogc/collections lists the collections (one per approved GeoJSON dataset).`);
  }
  return served;
}

/** The zoom whose tiles a `bbox` dataset is read in. */
export function tiledZoom(dataset: ManifestDataset): number {
  return Math.max(0, Math.min(24, Math.ceil(dataset.coverage?.minZoom ?? BBOX_MODE_DEFAULT_ZOOM)));
}

export function isTiled(dataset: ManifestDataset): boolean {
  return dataset.source.type === 'geojson' && dataset.source.mode === 'bbox';
}

/** The dataset's time parameter (`temporal.param`), when it names a range or date-range parameter. */
export function timeParam(dataset: ManifestDataset): ParamDef | undefined {
  const key = dataset.temporal?.param;
  const p = key ? dataset.params?.find((x) => x.key === key) : undefined;
  return p && (p.type === 'range' || p.type === 'date-range') ? p : undefined;
}

/** The interval the time parameter spans (`[start, end]`, null = open), or undefined without one. */
function temporalInterval(dataset: ManifestDataset): [string | null, string | null] | undefined {
  const p = timeParam(dataset);
  if (!p) return undefined;
  if (p.type === 'range') {
    const year = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? String(v).padStart(4, '0') : null);
    const a = year(p.min);
    const b = year(p.max);
    return [a ? `${a}-01-01T00:00:00Z` : null, b ? `${b}-12-31T23:59:59Z` : null];
  }
  const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
  const a = day(p.min);
  const b = day(p.max);
  return [a ? `${a}T00:00:00Z` : null, b ? `${b}T23:59:59Z` : null];
}

function keywordsOf(dataset: ManifestDataset): string[] {
  return [...new Set([...(dataset.keywords ?? []), ...(dataset.tags ?? [])])];
}

function collectionLinks(base: string, s: ServedDataset, format: 'json' | 'html'): OgcLink[] {
  const id = collectionIdOf(s.key);
  const path = `/collections/${id}`;
  const page = `${base.replace(/\/+$/, '')}${datasetPagePath(s.provider.id, s.dataset.id)}`;
  const links: OgcLink[] = [
    ...selfAndAlternate(base, path, {}, MEDIA.json, format, { json: 'Kolekcia (JSON)', html: 'Kolekcia (HTML)' }),
    { href: ogcHref(base, `${path}/items`, { f: 'json' }), rel: 'items', type: MEDIA.geojson, title: 'Objekty (GeoJSON)' },
    { href: ogcHref(base, `${path}/items`, { f: 'html' }), rel: 'items', type: MEDIA.html, title: 'Objekty (HTML)' },
    { href: ogcHref(base, `${path}/items`, { f: 'fgb' }), rel: 'items', type: MEDIA.fgb, title: 'Objekty (FlatGeobuf)' },
    { href: ogcHref(base, `${path}/items`, { f: 'csv' }), rel: 'items', type: MEDIA.csv, title: 'Objekty (CSV, geometria ako WKT)' },
    { href: ogcHref(base, `${path}/queryables`), rel: REL_QUERYABLES, type: MEDIA.schema, title: 'Vlastnosti na filtrovanie (queryables)' },
    // GDAL 3.6 looks for the drafts' relation name.
    { href: ogcHref(base, `${path}/queryables`), rel: 'queryables', type: MEDIA.json, title: 'Vlastnosti na filtrovanie (queryables)' },
    { href: ogcHref(base, `${path}/schema`), rel: 'describedby', type: MEDIA.schema, title: 'Schéma objektov (JSON Schema)' },
    // The same relation (RFC 8288 compares them case-insensitively); GDAL 3.6 matches only this spelling.
    { href: ogcHref(base, `${path}/schema`), rel: 'describedBy', type: MEDIA.schema, title: 'Schéma objektov (JSON Schema)' },
    {
      href: s.license?.url ?? `${page}#licencia`,
      rel: 'license',
      type: MEDIA.html,
      title: s.license ? `${s.license.name} – ${s.attribution}` : s.attribution,
    },
    { href: ogcHref(base, `${path}/tiles`), rel: REL_TILESETS_VECTOR, type: MEDIA.json, title: 'Vektorové dlaždice (OGC API – Tiles)' },
    { href: ogcHref(base, `${path}/styles`), rel: REL_STYLES, type: MEDIA.json, title: 'Štýly vektorových dlaždíc' },
    { href: page, rel: 'related', type: MEDIA.html, title: 'Stránka datasetu na portáli' },
    { href: `${base.replace(/\/+$/, '')}${datasetDataPath(s.provider.id, s.dataset.id)}`, rel: 'related', type: MEDIA.geojson, title: 'Dáta cez /api/data (protokol portálu)' },
  ];
  return links;
}

// ---------------------------------------------------------------------------------------------
// Spatial extent: the data's own envelope where the portal has read the whole dataset, else the
// manifest's coverage.bbox.

const dataExtents = new WeakMap<DataCollection, Bbox | null>();
/** The last data extent seen per dataset key (the collections list shows it without reading every source). */
const knownExtents = new Map<string, Bbox>();

function envelopeOf(collection: DataCollection): Bbox | null {
  let e = dataExtents.get(collection);
  if (e !== undefined) return e;
  e = null;
  for (const f of collection.features) {
    const b = envelope(f);
    if (!b) continue;
    e = e ? [Math.min(e[0], b[0]), Math.min(e[1], b[1]), Math.max(e[2], b[2]), Math.max(e[3], b[3])] : [...b];
  }
  dataExtents.set(collection, e);
  return e;
}


/**
 * The extent of a whole dataset's data (its default selection) through the proxy's cache; a failing
 * source leaves the last one known (or none: the collection document then shows the coverage).
 */
export async function readDataExtent(s: ServedDataset): Promise<Bbox | undefined> {
  if (isTiled(s.dataset)) return undefined;
  try {
    const { collection } = await loadDatasetCollection(s, { params: {} });
    const e = collection.dm?.next || collection.dm?.truncated ? null : envelopeOf(collection);
    if (e) knownExtents.set(s.key, e);
  } catch {
    // The collection document does not depend on the source: the last known extent or the coverage.
  }
  return knownExtents.get(s.key);
}

export function collectionDocument(base: string, s: ServedDataset, format: 'json' | 'html' = 'json', dataExtent: Bbox | undefined = knownExtents.get(s.key)): OgcCollection {
  const d = s.dataset;
  const extent: OgcExtent = {};
  const bbox = dataExtent ?? d.coverage?.bbox;
  if (bbox) extent.spatial = { bbox: [[...bbox]], crs: CRS84 };
  const interval = temporalInterval(d);
  if (interval) extent.temporal = { interval: [interval], trs: GREGORIAN };
  return {
    id: collectionIdOf(s.key),
    title: d.title,
    ...(d.description ? { description: d.description } : {}),
    keywords: keywordsOf(d),
    itemType: 'feature',
    crs: [...SUPPORTED_CRS],
    storageCrs: STORAGE_CRS,
    ...(extent.spatial || extent.temporal ? { extent } : {}),
    attribution: s.attribution,
    ...(s.license ? { license: { name: s.license.name, ...(s.license.url ? { url: s.license.url } : {}) } } : {}),
    links: collectionLinks(base, s, format),
  };
}

export async function collectionsDocument(base: string, format: 'json' | 'html' = 'json'): Promise<OgcCollections> {
  const datasets = await listOgcDatasets();
  return {
    links: selfAndAlternate(base, '/collections', {}, MEDIA.json, format, { json: 'Kolekcie (JSON)', html: 'Kolekcie (HTML)' }),
    collections: datasets.map((s) => collectionDocument(base, s, 'json')),
  };
}
