// Automatic dataset selection for nearby (by purpose or by text): only datasets that can answer at a
// point and whose coverage holds it; risks first, then restrictions, then the rest, base maps last.
// Built-in samples (category `sample`) never take part: they answer only when named by key.
import { isSampleDataset } from '@/lib/providers/catalog';
import type { ServedDataset } from '@/lib/providers';
import type { ManifestDataset } from '@/lib/protocol/types';
import { matchScore } from '@/lib/providers/keywords';
import { normalizeName } from '@/lib/protocol/shared/text';
import type { Bbox } from '@/lib/protocol/shared/geo';
import { bboxContains } from './geo';
import { canQueryPoint } from './raster/template';
import { MAX_NEARBY_DATASETS } from './schema';


/** Whether the dataset can say anything about a point at all. */
export function answersAtPoint(served: ServedDataset): boolean {
  return sourceAnswersAtPoint(served.dataset.source, served.displayOnly);
}

/** The same for a source (a catalog entry's keeps its type and raster tiles). */
export function sourceAnswersAtPoint(source: { type: string; tiles?: string[] }, displayOnly: boolean | undefined): boolean {
  if (displayOnly) return false;
  if (source.type === 'geojson') return true;
  return source.type === 'raster' && canQueryPoint(source.tiles ?? []);
}

export function coversPoint(dataset: ManifestDataset, lon: number, lat: number): boolean {
  const b = dataset.coverage?.bbox;
  return !b || bboxContains(b as Bbox, lon, lat);
}

const RISK_WORDS = ['rizik', 'ohrozen', 'povod', 'zaplav', 'zosuv', 'radon', 'seizm', 'hazard', 'flood', 'landslide', 'havari', 'kontamin', 'zataz'];
const RESTRICTION_WORDS = ['obmedzen', 'ochrann', 'chranen', 'pasmo', 'zakaz', 'restrict', 'protected', 'natura 2000', 'rezervac', 'hluk'];
const BASEMAP_WORDS = ['ortofoto', 'podkladov', 'zakladna mapa', 'zakladne mapy', 'basemap', 'base map', 'topograf', 'mapovy podklad', 'tienovany relief'];

function datasetText(d: ManifestDataset): string {
  return normalizeName([d.title, d.category ?? '', ...(d.tags ?? []), ...(d.keywords ?? [])].join(' '));
}

function hasAny(text: string, words: string[]): boolean {
  return words.some((w) => text.includes(w));
}

/** 0 risks, 1 restrictions, 2 everything else, 3 base maps. */
export function priorityOf(d: ManifestDataset): number {
  const text = ` ${datasetText(d)} `;
  if (d.category === 'risks' || hasAny(text, RISK_WORDS)) return 0;
  if (hasAny(text, RESTRICTION_WORDS)) return 1;
  if (hasAny(text, BASEMAP_WORDS)) return 3;
  return 2;
}

/** The text match of dataset search, with the keyword table (lib/providers/keywords.ts). */
export { matchScore };

export interface Selection {
  chosen: ServedDataset[];
  skipped: ServedDataset[];
}

/**
 * Datasets for an automatic selection, in answer order; those over `limit` are `skipped`. Only
 * datasets able to answer at the point and covering it take part, and never a built-in sample: an
 * automatic answer about a real place must not pass sample data off as real.
 */
export function selectDatasets(
  all: ServedDataset[],
  by: { purpose?: string; search?: string },
  lon: number,
  lat: number,
  limit = MAX_NEARBY_DATASETS,
): Selection {
  const scored: Array<{ served: ServedDataset; priority: number; score: number }> = [];
  for (const served of all) {
    const d = served.dataset;
    if (isSampleDataset(d) || !answersAtPoint(served) || !coversPoint(d, lon, lat)) continue;
    let score = 1;
    if (by.purpose !== undefined && by.purpose !== 'all' && !(d.useCases ?? []).includes(by.purpose)) continue;
    if (by.search !== undefined) {
      score = matchScore(d, by.search);
      if (score === 0) continue;
    }
    scored.push({ served, priority: priorityOf(d), score });
  }
  scored.sort(
    (a, b) => a.priority - b.priority || b.score - a.score || a.served.dataset.title.localeCompare(b.served.dataset.title, 'sk') || a.served.key.localeCompare(b.served.key),
  );
  return { chosen: scored.slice(0, limit).map((s) => s.served), skipped: scored.slice(limit).map((s) => s.served) };
}
