// Server-side data for the website's pages: the catalog as the map draws it, one dataset (also
// when its provider awaits approval), its summary from the one summary service, and towns.
// Pages call these; the numbers come from the same functions the API uses.
import { isApiError } from '@/lib/errors';
import { catalogEntry, findServedDataset, getCatalog, listApprovedDatasets } from '@/lib/providers';
import type { ServedDataset } from '@/lib/providers/types';
import { municipalityIndex } from '@/lib/places/municipality-index';
import type { MunicipalityInfo } from '@/lib/places/municipality-index';
import { summarizeDataset } from '@/lib/summary';
import type { DatasetSummary } from '@/lib/summary/schema';
import { isNationwide, toMapDataset } from './catalog';
import type { MapDataset } from './types';

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
  if (!/^[a-z0-9-]{1,64}$/.test(providerId) || !/^[a-z0-9-]{1,64}$/.test(datasetId)) return null;
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
}

const SUMMARY_NOTES: Record<string, string> = {
  raster_dataset: 'Rastrové datasety nemajú súhrn: obsahujú obrázky, nie objekty.',
  summary_requires_place: 'Dataset sa načítava len pri priblížení; súhrn je dostupný pre jednotlivé obce.',
};

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
      return { summary: null, note: SUMMARY_NOTES[err.code] ?? `Súhrn teraz nie je k dispozícii (${err.code}).` };
    }
    throw err;
  }
}

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

/** Approved nationwide GeoJSON datasets: the ones with per-town pages and on municipality pages. */
export async function nationwideDatasets(): Promise<MapDataset[]> {
  const served = await listApprovedDatasets();
  return served.map((s) => toMapDataset(catalogEntry(s))).filter((d) => isNationwide(d) && !!d.links.data);
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
  /** The dataset's page for this town (towns over 10,000), else the dataset page. */
  link: string;
}

/** Datasets summarised per municipality page; more are linked, not summarised, to bound the page's work. */
export const MAX_MUNICIPALITY_SUMMARIES = 12;

/** Summaries of the approved nationwide datasets for one municipality (the summary service). */
export async function municipalitySummaries(m: MunicipalityInfo): Promise<MunicipalityDatasetSummary[]> {
  const datasets = (await nationwideDatasets()).slice(0, MAX_MUNICIPALITY_SUMMARIES);
  const address = `${m.regionSlug}/${m.slug}`;
  return Promise.all(
    datasets.map(async (dataset) => {
      const [provider, id] = dataset.key.split('/');
      const link = m.overTenThousand ? `${dataset.links.map}/${m.slug}` : dataset.links.map;
      try {
        const summary = await summarizeDataset({ provider, dataset: id, municipality: address });
        return { dataset, summary, link };
      } catch (err) {
        if (!isApiError(err)) throw err;
        return { dataset, summary: null, note: SUMMARY_NOTES[err.code] ?? `Súhrn teraz nie je k dispozícii (${err.code}).`, link };
      }
    }),
  );
}
