// From the registry's catalog entries to what the map draws, and the page rules that depend on a
// dataset's coverage. Pure (types only), so the client bundle can use it too.
import type { CatalogDataset } from '@/lib/providers/types';
import type { MapDataset, SourceView } from './types';

/** Slovakia's extent, with a little room. */
export const SLOVAKIA_BBOX: [number, number, number, number] = [16.83, 47.73, 22.57, 49.61];

export function toMapDataset(entry: CatalogDataset, options: { pending?: boolean } = {}): MapDataset {
  return {
    ...entry,
    source: entry.source as unknown as SourceView,
    presentation: entry.presentation as MapDataset['presentation'],
    license: entry.license ?? null,
    links: {
      data: entry.links.data,
      map: entry.links.map,
      source: entry.links.source ?? null,
      ...(entry.links.tiles ? { ogc: entry.links.ogc ?? null, tiles: entry.links.tiles } : {}),
    },
    ...(options.pending ? { pending: true } : {}),
  };
}

/**
 * A nationwide GeoJSON dataset (no coverage box, or one spanning most of Slovakia): it gets
 * per-town pages `/mapa/{p}/{d}/{town}` and appears on municipality pages.
 */
export function isNationwide(d: Pick<MapDataset, 'source' | 'coverage'>): boolean {
  if (d.source.type !== 'geojson') return false;
  const b = d.coverage?.bbox;
  if (!b) return true;
  const [w, s, e, n] = SLOVAKIA_BBOX;
  const overlapW = Math.max(0, Math.min(e, b[2]) - Math.max(w, b[0]));
  const overlapH = Math.max(0, Math.min(n, b[3]) - Math.max(s, b[1]));
  return (overlapW * overlapH) / ((e - w) * (n - s)) >= 0.8;
}
