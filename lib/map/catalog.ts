// From the registry's catalog entries to what the map draws, and the page rules that depend on a
// dataset's coverage. Pure (types only), so the client bundle can use it too.
import { slovakiaShare, type Bbox } from '@/lib/protocol/shared/geo';
import type { CatalogEntry } from '@/lib/providers/types';
import type { Presentation } from '@/lib/protocol/types';
import type { MapDataset, PresentationView } from './types';


export function toMapDataset(entry: CatalogEntry, options: { pending?: boolean } = {}): MapDataset {
  return options.pending ? { ...entry, pending: true } : entry;
}

/** The dataset's presentation as the map reads it (PresentationView: any member of any type, checked where used). */
export function presentationView(p: Presentation): PresentationView {
  return p as PresentationView;
}

/** A coverage box spanning at least this share of Slovakia's counts as the whole country. */
export const NATIONWIDE_SHARE = 0.8;

/**
 * A nationwide GeoJSON dataset (no coverage box, or one spanning most of Slovakia): it gets
 * per-town pages `/mapa/{p}/{d}/{town}` and appears on municipality pages.
 */
export function isNationwide(d: Pick<MapDataset, 'source' | 'coverage'>): boolean {
  if (d.source.type !== 'geojson') return false;
  const b = d.coverage?.bbox;
  return !b || slovakiaShare(b as Bbox) >= NATIONWIDE_SHARE;
}

/** The Slovak label of the built-in samples' group (catalog category `sample`). */
export const SAMPLE_GROUP_LABEL = 'Ukážkové dáta';

/** Whether a dataset is a built-in sample (catalog `sample: true`, category `sample`). */
export function isSample(d: Pick<MapDataset, 'category'> & { sample?: boolean }): boolean {
  return d.sample === true || d.category === 'sample';
}

/**
 * The map catalog's groups: real datasets by category label (Slovak order), the built-in samples
 * last under "Ukážkové dáta", whatever their label sorts as. `open` says whether a group is open
 * on the first screen: never the samples unless the user searched, otherwise when few groups show.
 */
export function catalogGroups<D extends Pick<MapDataset, 'category' | 'categoryLabel'> & { sample?: boolean }>(
  datasets: D[],
  searching: boolean,
): Array<{ label: string; sample: boolean; open: boolean; datasets: D[] }> {
  const real = new Map<string, D[]>();
  const samples: D[] = [];
  for (const d of datasets) {
    if (isSample(d)) samples.push(d);
    else {
      const label = d.categoryLabel ?? 'Ostatné';
      real.set(label, [...(real.get(label) ?? []), d]);
    }
  }
  const groups = [...real.entries()]
    .sort((a, b) => a[0].localeCompare(b[0], 'sk'))
    .map(([label, list]) => ({ label, sample: false, open: false, datasets: list }));
  if (samples.length) groups.push({ label: SAMPLE_GROUP_LABEL, sample: true, open: false, datasets: samples });
  for (const g of groups) g.open = searching || (!g.sample && groups.length <= 4);
  return groups;
}
