// Server-side data for the website's pages: the catalog as the map draws it, one dataset (also
// when its provider awaits approval), its summary from the one summary service, and towns.
// Pages call these; the numbers come from the same functions the API uses.
import { getMunicipalityFacts, type MunicipalityFacts } from '@/lib/basemap/territory';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { isApiError } from '@/lib/errors';
import { catalogEntry, findServedDataset, getCatalog, isSampleDataset, listApprovedDatasets } from '@/lib/providers';
import { normalizeName } from '@/lib/protocol/shared/text';
import { ID_PATTERN } from '@/lib/protocol/shared/keys';
import { providerDashboard } from '@/lib/providers/dashboard';
import type { ProviderDashboard } from '@/lib/providers/schema';
import type { ServedDataset } from '@/lib/providers/types';
import { municipalityIndex } from '@/lib/places/municipality-index';
import type { MunicipalityInfo } from '@/lib/places/municipality-index';
import { summarizeDataset } from '@/lib/summary';
import { codeText, failureText } from '@/lib/map/messages';
import type { DatasetSummary } from '@/lib/summary/schema';
import { isNationwide, toMapDataset } from '@/lib/map/catalog';
import type { MapDataset } from '@/lib/map/types';

export async function mapCatalog(): Promise<MapDataset[]> {
  const catalog = await getCatalog();
  return catalog.datasets.map((d) => toMapDataset(d));
}

export interface PageDataset {
  served: ServedDataset;
  dataset: MapDataset;
  pending: boolean;
}

export async function datasetForPage(providerId: string, datasetId: string): Promise<PageDataset | null> {
  if (!ID_PATTERN.test(providerId) || !ID_PATTERN.test(datasetId)) return null;
  const served = await findServedDataset(providerId, datasetId);
  if (!served) return null;
  const pending = served.provider.approval !== 'approved';
  return { served, dataset: toMapDataset(catalogEntry(served), { pending }), pending };
}

/** The catalog plus the page's own dataset when the catalog does not list it (awaiting approval). */
export function withPageDataset(catalog: MapDataset[], own: MapDataset): MapDataset[] {
  return catalog.some((d) => d.key === own.key) ? catalog : [own, ...catalog];
}

export interface PageSummary {
  summary: DatasetSummary | null;
  /** Why there is no summary (raster, zoom-only dataset, source failure), in Slovak. */
  note?: string;
  /** The numbers are unknown now (the source or the portal failed), not absent by the dataset's nature. */
  failed?: boolean;
}

/** Codes that mean "the numbers are unknown now", not "this dataset has no such summary". */
const BY_NATURE = new Set(['raster_dataset', 'summary_requires_place', 'display_only']);

/** Why a page has no summary, in Slovak words from the one code table (lib/map/messages.ts). */
function summaryNote(code: string, source: string): Pick<PageSummary, 'note' | 'failed'> {
  if (BY_NATURE.has(code)) return { note: codeText(code, source) };
  return { note: `Súhrn teraz nie je k dispozícii. ${failureText(code, source)}`, failed: true };
}

/** The dataset's summary from the same function as GET /api/summary (or a note why there is none). */
export async function pageSummary(
  page: PageDataset,
  municipality?: string,
  params?: Record<string, string>,
): Promise<PageSummary> {
  try {
    const summary = await summarizeDataset({
      provider: page.served.provider.id,
      dataset: page.served.dataset.id,
      municipality,
      params,
    });
    return { summary };
  } catch (err) {
    if (isApiError(err)) {
      return { summary: null, ...summaryNote(err.code, page.served.provider.name) };
    }
    throw err;
  }
}

export interface PageFacts {
  facts: MunicipalityFacts | null;
  /** The database does not answer and the facts were not read before: the page says so (Slovak). */
  unavailable: boolean;
}

/** A municipality's facts for its pages: during a database outage the last read copy, or none and `unavailable`. */
export async function municipalityFacts(code: string): Promise<PageFacts> {
  try {
    return { facts: await getMunicipalityFacts(code), unavailable: false };
  } catch (err) {
    if (isDatabaseUnavailable(err)) return { facts: null, unavailable: true };
    throw err;
  }
}

/**
 * What a municipality page says in place of the facts it cannot read now: the sentence of
 * `database_unavailable` (lib/map/messages.ts, as the map and the API say it), then what is missing.
 */
export const FACTS_UNAVAILABLE_TEXT = `${codeText('database_unavailable')} Rozlohu, PSČ, katastrálne územia a hranicu obce teraz nevieme ukázať.`;

/** What a dataset's town page says when it cannot draw the town's boundary now. */
export const BOUNDARY_UNAVAILABLE_TEXT = `${codeText('database_unavailable')} Hranicu mesta teraz nevieme ukázať, mapa preto nezačína pri ňom.`;

export interface PageProvider {
  /** null: no such provider (the page is a 404). */
  dashboard: ProviderDashboard | null;
  /** The database does not answer: the page says so (Slovak) instead of the site's generic error page. */
  unavailable: boolean;
}

/** A provider's own page: the same dashboard as GET /api/providers/{id}, or why there is none. */
export async function providerForPage(id: string): Promise<PageProvider> {
  if (!ID_PATTERN.test(id)) return { dashboard: null, unavailable: false };
  try {
    return { dashboard: await providerDashboard({ id }), unavailable: false };
  } catch (err) {
    if (isApiError(err) && err.code === 'unknown_provider') return { dashboard: null, unavailable: false };
    if (isDatabaseUnavailable(err)) return { dashboard: null, unavailable: true };
    throw err;
  }
}

/** What a provider's page says in place of its dashboard during a database outage. */
export const PROVIDER_UNAVAILABLE_TEXT = `${codeText('database_unavailable')} Stav schválenia, dostupnosť zdrojov a využitie dát teraz nevieme ukázať.`;

export type Town = Pick<MunicipalityInfo, 'code' | 'name' | 'slug' | 'regionSlug' | 'district' | 'region' | 'population'>;

/** Towns over 10,000 inhabitants (and the whole cities), largest first. */
export async function listTowns(): Promise<Town[]> {
  const index = await municipalityIndex();
  if (!index) return [];
  return [...index.towns].sort((a, b) => (b.population ?? 0) - (a.population ?? 0));
}

/** A town over 10,000 by its slug (the `/mapa/{p}/{d}/{town}` segment). */
export async function townBySlug(slug: string): Promise<Town | null> {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) return null;
  const towns = await listTowns();
  return towns.find((t) => t.slug === slug) ?? null;
}

/** A municipality by its overview address `<region-slug>/<municipality-slug>`. */
export async function municipalityBySlugs(region: string, slug: string): Promise<MunicipalityInfo | null> {
  if (!/^[a-z0-9-]{1,100}$/.test(region) || !/^[a-z0-9-]{1,100}$/.test(slug)) return null;
  const index = await municipalityIndex();
  return index?.bySlug.get(`${region}/${slug}`) ?? null;
}

export interface MunicipalityDatasetSummary {
  dataset: MapDataset;
  summary: DatasetSummary | null;
  note?: string;
  /** The dataset's page for this town (nationwide GeoJSON datasets, towns over 10,000), else the dataset page. */
  link: string;
  /** How far the dataset reaches, for the order and the label: `own` = its provider names this municipality. */
  reach: MunicipalityReach;
  /** `objects`: counted in the municipality; `layer`: a map layer covering it (raster, display-only); `unknown`: the source cannot be read now. */
  kind: 'objects' | 'layer' | 'unknown';
}

export type MunicipalityReach = 'own' | 'local' | 'regional' | 'national';

/** The datasets shown before "Zobraziť všetky". */
export const MUNICIPALITY_DATASETS_SHOWN = 12;
/** Summaries computed at once for one page (the sources are read through the data cache). */
const SUMMARY_CONCURRENCY = 4;
/** A coverage up to this many times the municipality's box counts as local (a town and its surroundings). */
const LOCAL_COVERAGE_FACTOR = 25;

type Box = [number, number, number, number];

const boxArea = (b: Box) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
const boxesMeet = (a: Box, b: Box) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

/** Whether `text` names the municipality (its whole name as words, case and diacritics ignored). */
function namesMunicipality(text: string | undefined, m: Pick<MunicipalityInfo, 'name'>): boolean {
  if (!text) return false;
  return ` ${normalizeName(text)} `.includes(` ${normalizeName(m.name)} `);
}

function reachOf(d: MapDataset, served: ServedDataset, m: MunicipalityInfo, box: Box | null): MunicipalityReach {
  const provider = served.provider.name;
  if (namesMunicipality(provider, m) || namesMunicipality(d.coverage?.area, m)) return 'own';
  const coverage = d.coverage?.bbox as Box | undefined;
  if (coverage && box && boxArea(coverage) <= LOCAL_COVERAGE_FACTOR * Math.max(boxArea(box), 1e-6)) return 'local';
  if (isNationwide({ source: { type: 'geojson' }, coverage: d.coverage })) return 'national';
  return 'regional';
}

const REACH_ORDER: Record<MunicipalityReach, number> = { own: 0, local: 1, regional: 2, national: 3 };

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Every approved dataset with data in the municipality (samples never): GeoJSON datasets whose
 * objects lie in it (the summary service's count, the same as GET /api/summary gives), raster
 * datasets whose coverage meets its box. Ordered by relevance: datasets of a provider that names the
 * municipality (or whose coverage area does) first, then local, regional and nationwide ones; within
 * each, objects first by count, then rasters, then by title. A GeoJSON source that cannot be read now
 * is listed with a note (after the others of its reach) rather than silently left out.
 */
export async function municipalityDatasets(m: MunicipalityInfo, box: Box | null): Promise<MunicipalityDatasetSummary[]> {
  const served = (await listApprovedDatasets()).filter((s) => !isSampleDataset(s.dataset));
  const address = `${m.regionSlug}/${m.slug}`;
  const candidates = served.filter((s) => {
    const coverage = s.dataset.coverage?.bbox as Box | undefined;
    return !coverage || !box || boxesMeet(coverage, box);
  });
  const entries = await mapLimited(candidates, SUMMARY_CONCURRENCY, async (s): Promise<MunicipalityDatasetSummary | null> => {
    const dataset = toMapDataset(catalogEntry(s));
    const reach = reachOf(dataset, s, m, box);
    const link = m.overTenThousand && isNationwide(dataset) && dataset.links.data ? `${dataset.links.map}/${m.slug}` : dataset.links.map;
    if (s.dataset.source.type === 'raster') return { dataset, summary: null, link, reach, kind: 'layer', note: 'Mapová vrstva (obrázok) pokrývajúca obec.' };
    if (s.displayOnly) return { dataset, summary: null, link, reach, kind: 'layer', note: 'Portál dáta len zobrazuje na mape.' };
    try {
      const summary = await summarizeDataset({ provider: s.provider.id, dataset: s.dataset.id, municipality: address });
      if (summary.count === 0) return null;
      // From the portal's copy while the source does not answer: said beside the count.
      return { dataset, summary, link, reach, kind: 'objects', ...(summary.stale && summary.notice ? { note: summary.notice } : {}) };
    } catch (err) {
      if (!isApiError(err)) throw err;
      const note = `Počet objektov teraz nie je k dispozícii. ${failureText(err.code, s.provider.name)}`;
      return { dataset, summary: null, link, reach, kind: 'unknown', note };
    }
  });
  const rank = { objects: 0, layer: 1, unknown: 2 } as const;
  return entries
    .filter((e): e is MunicipalityDatasetSummary => e !== null)
    .sort(
      (a, b) =>
        REACH_ORDER[a.reach] - REACH_ORDER[b.reach] ||
        rank[a.kind] - rank[b.kind] ||
        (b.summary?.count ?? 0) - (a.summary?.count ?? 0) ||
        a.dataset.title.localeCompare(b.dataset.title, 'sk'),
    );
}
