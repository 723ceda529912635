// The basemap switcher's styles: the ZBGIS base map and orthophoto read straight from the tile
// templates of the portal's built-in `zbgis` raster datasets (as every raster dataset is), and the
// offline basemap (lib/basemap/style.ts). ZBGIS is the default whenever one of its tiles loads;
// otherwise the map stays on (or falls back to) the offline basemap. Pure, no DOM.
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { offlineBasemapStyle } from '@/lib/basemap/style';
import { tileOf as gridTileOf } from '@/lib/protocol/shared/geo';
import type { MapDataset, RasterSourceView } from './types';

export type BasemapId = 'zbgis' | 'ortofoto' | 'offline';

/** The catalog datasets behind the raster basemaps. */
const BASEMAP_DATASETS: Record<Exclude<BasemapId, 'offline'>, string> = {
  zbgis: 'zbgis/zakladna-mapa',
  ortofoto: 'zbgis/ortofotomozaika',
};

export const BASEMAP_LABELS: Record<BasemapId, string> = {
  zbgis: 'Základná mapa ZBGIS',
  ortofoto: 'Ortofotomapa',
  offline: 'Offline (hranice a názvy)',
};

/** A tile that loads fails the check after this long: the map then keeps the offline basemap. */
export const BASEMAP_PROBE_TIMEOUT_MS = 4000;

export interface RasterBasemap {
  id: Exclude<BasemapId, 'offline'>;
  tiles: string[];
  tileSize: number;
  minZoom?: number;
  maxZoom?: number;
  attribution: string;
}

/** The raster basemaps the catalog offers (a dataset missing from the catalog is left out). */
export function rasterBasemaps(datasets: MapDataset[]): RasterBasemap[] {
  const out: RasterBasemap[] = [];
  for (const id of ['zbgis', 'ortofoto'] as const) {
    const d = datasets.find((x) => x.key === BASEMAP_DATASETS[id]);
    if (!d || d.source.type !== 'raster') continue;
    const src = d.source as RasterSourceView;
    if (!src.tiles?.length || !src.tiles.every((t) => /^https?:\/\//.test(t) && t.includes('{z}'))) continue;
    out.push({ id, tiles: src.tiles, tileSize: src.tileSize ?? 256, minZoom: src.minZoom, maxZoom: src.maxZoom, attribution: d.license?.attribution ?? d.attribution });
  }
  return out;
}

/** XYZ tile indices of a point (the protocol module's grid). */
export function tileOf(lon: number, lat: number, z: number): { x: number; y: number; z: number } {
  return { ...gridTileOf(lon, lat, z), z };
}

/** The URL of one tile of a template (the probe loads the tile under the map's centre). */
export function tileUrl(template: string, t: { x: number; y: number; z: number }): string {
  return template.replace('{z}', String(t.z)).replace('{x}', String(t.x)).replace('{y}', String(t.y));
}

/** A raster basemap style; the orthophoto keeps the offline basemap's lines and names on top. */
export function rasterBasemapStyle(b: RasterBasemap, origin: string, offlineAttribution?: string): StyleSpecification {
  const offline = offlineBasemapStyle(origin, offlineAttribution);
  const raster: LayerSpecification = { id: 'basemap-raster', type: 'raster', source: 'basemap-raster' };
  const source = {
    type: 'raster' as const,
    tiles: b.tiles,
    tileSize: b.tileSize,
    ...(b.minZoom !== undefined ? { minzoom: Math.max(0, b.minZoom - 2) } : {}),
    ...(b.maxZoom !== undefined ? { maxzoom: b.maxZoom } : {}),
    attribution: b.attribution,
  };
  if (b.id === 'ortofoto') {
    const overlay = offline.layers.filter((l) => l.id !== 'basemap-background' && l.id !== 'basemap-land');
    const light = overlay.map((l) =>
      l.type === 'symbol'
        ? ({ ...l, paint: { ...(l.paint ?? {}), 'text-color': '#ffffff', 'text-halo-color': 'rgba(0,0,0,0.75)' } } as LayerSpecification)
        : l.type === 'line'
          ? ({ ...l, paint: { ...(l.paint ?? {}), 'line-color': '#f5f0c8' } } as LayerSpecification)
          : l,
    );
    return {
      ...offline,
      name: 'Geodáta Slovenska – ortofotomapa',
      sources: { ...offline.sources, 'basemap-raster': source },
      layers: [{ id: 'basemap-background', type: 'background', paint: { 'background-color': '#dfe3e8' } }, raster, ...light],
    };
  }
  return {
    version: 8,
    name: 'Geodáta Slovenska – ZBGIS',
    sources: { 'basemap-raster': source },
    layers: [{ id: 'basemap-background', type: 'background', paint: { 'background-color': '#f2f1ed' } }, raster],
  };
}
