// GET /api/catalog: approved providers and datasets, the manifest fields without source URLs plus the
// portal's own (key, category label, attribution, links). Built once per registry version; the
// provider health (status and `health` figures, lib/health) is joined per health summary.
import { datasetHealth, healthSummary, providerHealth, type HealthSummary } from '@/lib/health/summary';
import { CATEGORIES, PROTOCOL_VERSION, type Category, type Presentation, type Source } from '@/lib/protocol/types';
import { datasetDataPath, datasetOgcPath, datasetPagePath, datasetTilesTemplate } from './links';
import { entityTag, type JsonAnswer } from '@/lib/entity-tag';
import { registrySnapshot, type RegistrySnapshot } from './served';
import type { CatalogBase, CatalogDocument, CatalogEntry, CatalogSource, ServedDataset } from './types';

/** Slovak labels of the recommended categories; any other value is listed as `other`. */
export const CATEGORY_LABELS: Record<Category, string> = {
  territory: 'Územie a správa',
  nature: 'Príroda a životné prostredie',
  water: 'Voda',
  risks: 'Riziká a obmedzenia',
  energy: 'Energetika',
  transport: 'Doprava',
  society: 'Obyvateľstvo a spoločnosť',
  economy: 'Ekonomika',
  infrastructure: 'Infraštruktúra',
  sample: 'Ukážkové dáta',
  other: 'Ostatné',
};

/**
 * Whether a dataset is one of the built-in samples (catalog category `sample`, e.g. the protocol
 * samples of the provider `priklady`): shown only when asked for by key, never chosen automatically.
 */
export function isSampleDataset(dataset: { category?: string }): boolean {
  return normalizeCategory(dataset.category) === 'sample';
}

export function normalizeCategory(value: string | undefined): Category {
  return (CATEGORIES as readonly string[]).includes(value ?? '') ? (value as Category) : 'other';
}

/** The catalog of the current registry version joined with the current health summary (built once for both). */
async function currentCatalog(): Promise<{ base: CatalogBase; joined: NonNullable<RegistrySnapshot['catalogHealth']> }> {
  const [snap, summary] = await Promise.all([registrySnapshot(), healthSummary()]);
  snap.catalog ??= buildCatalog(snap);
  if (snap.catalogHealth?.summary !== summary) snap.catalogHealth = { summary, ...joinHealth(snap, snap.catalog, summary) };
  return { base: snap.catalog, joined: snap.catalogHealth };
}

export async function getCatalog(): Promise<CatalogDocument> {
  const { base, joined } = await currentCatalog();
  return { protocol: base.protocol, generated: new Date().toISOString(), providers: joined.providers, datasets: joined.datasets };
}

/**
 * GET /api/catalog as JSON text: exactly JSON.stringify(getCatalog()), serialised once per registry
 * version and health summary (the catalog is the largest answer of the mix); only the time is new.
 */
export async function catalogAnswer(): Promise<JsonAnswer> {
  const { base, joined } = await currentCatalog();
  if (!joined.serialized) {
    const marker = '\u0000generated\u0000';
    const text = JSON.stringify({ protocol: base.protocol, generated: marker, providers: joined.providers, datasets: joined.datasets });
    const at = text.indexOf(JSON.stringify(marker));
    const head = `${text.slice(0, at)}"`;
    const tail = `"${text.slice(at + JSON.stringify(marker).length)}`;
    joined.serialized = { head, tail, etag: entityTag(`${head}${tail}`, true) };
  }
  const { head, tail, etag } = joined.serialized;
  return { body: `${head}${new Date().toISOString()}${tail}`, etag };
}

/** The catalog with each provider's status and health and each dataset's health. */
function joinHealth(snap: RegistrySnapshot, catalog: CatalogBase, summary: HealthSummary): Pick<CatalogDocument, 'providers' | 'datasets'> {
  const registryStatus = new Map(snap.records.map((r) => [r.id, r.status]));
  const keysOf = new Map<string, string[]>();
  for (const d of catalog.datasets) keysOf.set(d.providerId, [...(keysOf.get(d.providerId) ?? []), d.key]);
  const providers = catalog.providers.map((p) => {
    // The same datasets as /stav-zdrojov weighs: the approved ones the catalog lists.
    const health = providerHealth(summary, p.id, registryStatus.get(p.id) ?? 'ok', keysOf.get(p.id) ?? []);
    return { ...p, status: health.status, health };
  });
  const datasets = catalog.datasets.map((d) => ({ ...d, health: datasetHealth(summary, d.key) }));
  return { providers, datasets };
}

function buildCatalog(snap: RegistrySnapshot): CatalogBase {
  const datasets = snap.approved.map(catalogEntry);
  const providers: CatalogBase['providers'] = [];
  for (const record of snap.records) {
    const count = snap.approved.filter((s) => s.provider.id === record.id).length;
    if (count === 0) continue;
    providers.push({
      id: record.id,
      name: record.approvedManifest?.provider.name ?? record.name,
      status: record.status,
      datasetCount: count,
      managedBy: record.managedBy,
    });
  }
  return { protocol: PROTOCOL_VERSION, providers, datasets };
}

/** One catalog entry; also what MCP's `catalog` tool lists. */
export function catalogEntry(s: ServedDataset): CatalogEntry {
  const { source, presentation, displayOnly: _displayOnly, category, keywords, useCases, license, ...rest } = s.dataset;
  const [providerId, datasetId] = [s.provider.id, s.dataset.id];
  const cat = normalizeCategory(category);
  const links: CatalogEntry['links'] = {
    data: source.type === 'geojson' && !s.displayOnly ? datasetDataPath(providerId, datasetId) : null,
    map: datasetPagePath(providerId, datasetId),
  };
  if (s.displayOnly) links.source = originalServiceUrl(source);
  if (source.type === 'geojson' && !s.displayOnly && s.provider.approval === 'approved') {
    links.ogc = datasetOgcPath(providerId, datasetId);
    links.tiles = datasetTilesTemplate(providerId, datasetId);
  }
  return {
    key: s.key,
    providerId,
    providerName: s.provider.name,
    ...rest,
    title: s.dataset.title,
    category: cat,
    categoryLabel: CATEGORY_LABELS[cat],
    keywords: keywords ?? [],
    useCases: useCases ?? [],
    ...(license ? { license } : s.license ? { license: s.license } : {}),
    ...(s.displayOnly ? { displayOnly: true } : {}),
    ...(cat === 'sample' ? { sample: true as const } : {}),
    source: sourceWithoutUrl(source),
    presentation: presentation ?? defaultPresentation(source),
    attribution: s.attribution,
    links,
  };
}

function defaultPresentation(source: Source): Presentation {
  return source.type === 'raster' ? { type: 'raster' } : { type: 'auto' };
}

/** The source as the catalog shows it: GeoJSON loses its URL (read through /api/data); raster keeps its tiles. */
function sourceWithoutUrl(source: Source): CatalogSource {
  if (source.type === 'raster') return { ...source };
  const { url: _url, ...rest } = source;
  return rest;
}

/**
 * Where a person can turn when the portal cannot get a dataset's answer: the authority's own site
 * (the manifest's `provider.homepage` or contact URL), else the raster service the tiles come from.
 * A GeoJSON source's URL is never handed out here (the catalog keeps it private too).
 */
export function authorityLink(s: ServedDataset): { name: string; url: string } | undefined {
  const url = s.provider.homepage ?? (s.dataset.source.type === 'raster' ? originalServiceUrl(s.dataset.source) : undefined);
  return url ? { name: s.provider.name, url } : undefined;
}

/**
 * The original service of a display-only dataset: the GeoJSON endpoint, or the raster service the
 * tile template calls (query string and tile path removed, e.g. a WMS or ArcGIS MapServer root).
 */
export function originalServiceUrl(source: Source): string {
  if (source.type === 'geojson') return source.url;
  const template = source.tiles[0];
  let base = template.split('?')[0];
  const brace = base.indexOf('{');
  if (brace >= 0) base = base.slice(0, brace);
  base = base.replace(/\/+$/, '').replace(/\/(export|exportImage|tile)$/i, '');
  return base;
}
