// The collections of the OGC API face: one per approved GeoJSON dataset. Datasets awaiting approval,
// rejected providers' and display-only datasets (whose licence forbids redistribution) and raster
// datasets are absent. A collection document carries what a GIS client needs to credit and use the
// data: title, description, keywords, extent, licence and attribution.
import { ApiError } from '@/lib/errors';
import { datasetDataPath, datasetPagePath, listApprovedDatasets, registrySnapshot, type ServedDataset } from '@/lib/providers';
import type { ManifestDataset, ParamDef } from '@/lib/protocol/types';
import { collectionIdOf, parseCollectionId } from './ids';
import { MEDIA, ogcHref, selfAndAlternate, type OgcLink } from './links';

export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
export const GREGORIAN = 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian';
export const REL_TILESETS_VECTOR = 'http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector';

export interface OgcExtent {
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

export async function listOgcDatasets(): Promise<ServedDataset[]> {
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

/** The dataset's time parameter (`temporal.param`), when it names a range or date-range parameter. */
export function timeParam(dataset: ManifestDataset): ParamDef | undefined {
  const key = dataset.temporal?.param;
  const p = key ? dataset.params?.find((x) => x.key === key) : undefined;
  return p && (p.type === 'range' || p.type === 'date-range') ? p : undefined;
}

/** The interval the time parameter spans (`[start, end]`, null = open), or undefined without one. */
export function temporalInterval(dataset: ManifestDataset): [string | null, string | null] | undefined {
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

export function collectionLinks(base: string, s: ServedDataset, format: 'json' | 'html'): OgcLink[] {
  const id = collectionIdOf(s.key);
  const path = `/collections/${id}`;
  const page = `${base.replace(/\/+$/, '')}${datasetPagePath(s.provider.id, s.dataset.id)}`;
  const links: OgcLink[] = [
    ...selfAndAlternate(base, path, {}, MEDIA.json, format, { json: 'Kolekcia (JSON)', html: 'Kolekcia (HTML)' }),
    { href: ogcHref(base, `${path}/items`, { f: 'json' }), rel: 'items', type: MEDIA.geojson, title: 'Objekty (GeoJSON)' },
    { href: ogcHref(base, `${path}/items`, { f: 'html' }), rel: 'items', type: MEDIA.html, title: 'Objekty (HTML)' },
    {
      href: s.license?.url ?? `${page}#licencia`,
      rel: 'license',
      type: MEDIA.html,
      title: s.license ? `${s.license.name} – ${s.attribution}` : s.attribution,
    },
    { href: ogcHref(base, `${path}/tiles`), rel: REL_TILESETS_VECTOR, type: MEDIA.json, title: 'Vektorové dlaždice (OGC API – Tiles)' },
    { href: page, rel: 'describedby', type: MEDIA.html, title: 'Stránka datasetu na portáli' },
    { href: `${base.replace(/\/+$/, '')}${datasetDataPath(s.provider.id, s.dataset.id)}`, rel: 'related', type: MEDIA.geojson, title: 'Dáta cez /api/data (protokol portálu)' },
  ];
  return links;
}

export function collectionDocument(base: string, s: ServedDataset, format: 'json' | 'html' = 'json'): OgcCollection {
  const d = s.dataset;
  const extent: OgcExtent = {};
  if (d.coverage?.bbox) extent.spatial = { bbox: [[...d.coverage.bbox]], crs: CRS84 };
  const interval = temporalInterval(d);
  if (interval) extent.temporal = { interval: [interval], trs: GREGORIAN };
  return {
    id: collectionIdOf(s.key),
    title: d.title,
    ...(d.description ? { description: d.description } : {}),
    keywords: keywordsOf(d),
    itemType: 'feature',
    crs: [CRS84],
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
