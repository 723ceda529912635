// MapLibre layers from a dataset's presentation: pure functions, unit-tested without a browser.
// GeoJSON datasets get a layer per geometry family (points as circles, areas as fills with an
// outline, lines as lines), styled by the presentation's type; raster datasets read their tiles
// directly from the provider's `source.tiles`, as the spec says.
import type { LayerSpecification, FilterSpecification, SourceSpecification } from 'maplibre-gl';
import { collectionIdOf, ogcParamsQuery } from '@/lib/protocol/shared/collection-ids';
import { presentationView } from './catalog';
import { colorExpression, isHexColor } from './colors';
import type { MapDataset, PresentationView } from './types';

/**
 * Above this many vertices a whole (`full`) dataset draws faster from the portal's vector tiles (OGC API
 * – Tiles) than from its GeoJSON. Measured in Chromium (`npm run bench -- map`, lib/map/README.md):
 * up to ~9,000 vertices GeoJSON and tiles reach an idle map alike; from ~22,000 GeoJSON takes twice as
 * long with main-thread tasks above half a second, growing with the data (1 M vertices: 14 s against 3 s).
 */
export const TILED_VERTEX_THRESHOLD = 20_000;

/** The most objects a GeoJSON source answers (the protocol's `maxFeatures` range, 1-5000). */
const PROTOCOL_MAX_FEATURES = 5_000;

/** Presentations that draw points: one vertex per object. */
const POINT_PRESENTATIONS = new Set(['circle', 'heatmap', 'symbol']);

/**
 * Whether the map draws this dataset from vector tiles, decided from its catalog entry before anything
 * is downloaded, so that the data come one way only (GeoJSON or tiles by zoom, never both): a whole
 * dataset the portal offers as an OGC collection, unless the entry bounds it below
 * TILED_VERTEX_THRESHOLD. Only points are bounded so: one vertex per object and at most `maxFeatures`
 * (the protocol allows 5,000) objects. Areas and lines have any number of vertices per object (the 79
 * districts of sk-uzemie/okresy: 30,367; the 8 regions: 10,879), and small ones draw from tiles as
 * fast as from GeoJSON (the bench above). Viewport (`bbox`) datasets stay GeoJSON: each answer is bounded by
 * the source's limit, and tiles would multiply the requests to the provider.
 */
export function drawsFromTiles(dataset: MapDataset): boolean {
  const s = dataset.source;
  if (s.type !== 'geojson' || s.mode === 'bbox' || !dataset.links.tiles) return false;
  const perObject = POINT_PRESENTATIONS.has(dataset.presentation?.type) ? 1 : Infinity;
  return Math.min(s.maxFeatures ?? PROTOCOL_MAX_FEATURES, PROTOCOL_MAX_FEATURES) * perObject > TILED_VERTEX_THRESHOLD;
}

/** The tile URL template with the dataset parameters of the data request (the tiles must show the same selection; /ogc names them `param.<key>`). */
function tileTemplate(template: string, dataUrl?: string): string {
  const query = dataUrl && dataUrl.includes('?') ? ogcParamsQuery(dataUrl.slice(dataUrl.indexOf('?') + 1)) : '';
  return query ? `${template}?${query}` : template;
}

const POINT_FILTER: FilterSpecification = ['match', ['geometry-type'], ['Point', 'MultiPoint'], true, false];
const LINE_FILTER: FilterSpecification = ['match', ['geometry-type'], ['LineString', 'MultiLineString'], true, false];
const AREA_FILTER: FilterSpecification = ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false];

export function sourceId(key: string): string {
  return `ds:${key}`;
}

function layerIdPrefix(key: string): string {
  return `ds:${key}:`;
}

/** The dataset key a data layer belongs to (null for basemap layers). */
export function datasetKeyOfLayer(layerId: string): string | null {
  const m = /^ds:([^:]+\/[^:]+):/.exec(layerId);
  return m ? m[1] : null;
}

function num(v: unknown, fallback: number, lo: number, hi: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : fallback;
}

/**
 * The MapLibre source of a dataset: its tiles for raster; the portal's vector tiles for whole datasets
 * of areas and lines (drawsFromTiles; `dataUrl` is the /api/data request whose parameters they repeat,
 * never asked for itself); the GeoJSON the portal served otherwise.
 */
export function sourceForDataset(dataset: MapDataset, data?: GeoJSON.FeatureCollection, dataUrl?: string): SourceSpecification {
  if (dataset.source.type === 'raster') {
    const s = dataset.source;
    const spec: SourceSpecification = {
      type: 'raster',
      tiles: s.tiles,
      tileSize: s.tileSize === 512 ? 512 : 256,
      attribution: dataset.attribution,
    };
    if (typeof s.minZoom === 'number') spec.minzoom = s.minZoom;
    if (typeof s.maxZoom === 'number') spec.maxzoom = s.maxZoom;
    return spec;
  }
  if (drawsFromTiles(dataset)) {
    return { type: 'vector', tiles: [tileTemplate(dataset.links.tiles!, dataUrl)], maxzoom: 18, attribution: dataset.attribution };
  }
  return {
    type: 'geojson',
    data: data ?? { type: 'FeatureCollection', features: [] },
    attribution: dataset.attribution,
  };
}

/** The presentation type the map draws: raster sources are always raster; unknown types are `auto`. */
function drawnType(dataset: MapDataset): 'circle' | 'fill' | 'line' | 'heatmap' | 'raster' | 'auto' {
  if (dataset.source.type === 'raster') return 'raster';
  const t = dataset.presentation?.type;
  if (t === 'circle' || t === 'fill' || t === 'line' || t === 'heatmap') return t;
  if (t === 'symbol') return 'circle';
  return 'auto';
}

/** Every layer a dataset contributes, lowest first (reading the tiles' layer when drawn from vector tiles). */
export function layersForDataset(dataset: MapDataset): LayerSpecification[] {
  return drawsFromTiles(dataset) ? tileLayersForDataset(dataset) : geojsonLayers(dataset);
}

/** The layers of a dataset drawn from the portal's vector tiles (their layer is the collection id); the OGC API's style of a collection is made of them. */
export function tileLayersForDataset(dataset: MapDataset): LayerSpecification[] {
  const sourceLayer = collectionIdOf(dataset.key);
  return geojsonLayers(dataset).map((l) => (l.type === 'raster' ? l : ({ ...l, 'source-layer': sourceLayer } as LayerSpecification)));
}

function geojsonLayers(dataset: MapDataset): LayerSpecification[] {
  const source = sourceId(dataset.key);
  const id = layerIdPrefix(dataset.key);
  const p = presentationView(dataset.presentation);
  const type = drawnType(dataset);
  const minzoom = dataset.coverage?.minZoom;
  const zoomRange = typeof minzoom === 'number' ? { minzoom: Math.max(0, Math.min(24, minzoom)) } : {};

  if (type === 'raster') {
    return [{ id: `${id}raster`, type: 'raster', source, paint: { 'raster-opacity': num(p.opacity, 0.75, 0, 1) } }];
  }

  const color = colorExpression(p.color);
  const opacity = num(p.opacity, type === 'fill' ? 0.6 : 0.85, 0, 1);
  const radius = num(p.radius, 6, 1, 50);
  const width = num(p.width, 2, 0.5, 20);
  const layers: LayerSpecification[] = [];

  // Areas: the fill for fill/auto presentations; a circle or line presentation still shows areas
  // lightly, so that a geometry/presentation mismatch is visible rather than lost.
  layers.push({
    id: `${id}fill`,
    type: 'fill',
    source,
    filter: AREA_FILTER,
    ...zoomRange,
    paint: { 'fill-color': color, 'fill-opacity': type === 'fill' || type === 'auto' ? opacity : 0.35 },
  });
  layers.push({
    id: `${id}outline`,
    type: 'line',
    source,
    filter: AREA_FILTER,
    ...zoomRange,
    paint: {
      'line-color': isHexColor(p.outlineColor) ? p.outlineColor : '#ffffff',
      'line-width': typeof p.outlineWidth === 'number'
        ? num(p.outlineWidth, 1, 0, 10)
        : ['interpolate', ['linear'], ['zoom'], 6, 0.3, 12, 1.2],
      'line-opacity': 0.9,
    },
  });
  layers.push({
    id: `${id}line`,
    type: 'line',
    source,
    filter: LINE_FILTER,
    ...zoomRange,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': color,
      'line-width': width,
      'line-opacity': opacity,
      ...(isDash(p.dash) ? { 'line-dasharray': p.dash } : {}),
    },
  });
  if (type === 'heatmap') {
    layers.push({
      id: `${id}heatmap`,
      type: 'heatmap',
      source,
      filter: POINT_FILTER,
      ...zoomRange,
      paint: heatmapPaint(p, opacity),
    });
  } else {
    layers.push({
      id: `${id}circle`,
      type: 'circle',
      source,
      filter: POINT_FILTER,
      ...zoomRange,
      paint: {
        'circle-color': color,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 5, Math.max(2, radius * 0.6), 12, radius],
        'circle-opacity': opacity,
        'circle-stroke-color': isHexColor(p.outlineColor) ? p.outlineColor : '#ffffff',
        'circle-stroke-width': num(p.outlineWidth, 1, 0, 10),
      },
    });
  }
  if (typeof p.label === 'string' && p.label) {
    // A text label from a property; MapLibre draws its glyphs locally (no glyph server needed).
    layers.push({
      id: `${id}label`,
      type: 'symbol',
      source,
      ...zoomRange,
      minzoom: Math.max(typeof minzoom === 'number' ? minzoom : 0, 9),
      layout: {
        'text-field': ['to-string', ['get', p.label]],
        'text-size': 11,
        'text-offset': [0, 1.1],
        'text-anchor': 'top',
        'text-optional': true,
        'symbol-placement': type === 'line' ? 'line' : 'point',
      },
      paint: { 'text-color': '#2b3340', 'text-halo-color': 'rgba(255,255,255,0.9)', 'text-halo-width': 1.2 },
    });
  }
  return layers;
}

function isDash(v: unknown): v is [number, number] {
  return Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && n >= 0);
}

function heatmapPaint(p: PresentationView, opacity: number): Record<string, unknown> {
  const paint: Record<string, unknown> = {
    'heatmap-radius': num(p.radius, 20, 1, 100),
    'heatmap-intensity': num(p.intensity, 1, 0.1, 10),
    'heatmap-opacity': opacity,
  };
  if (typeof p.weight === 'string' && p.weight) {
    paint['heatmap-weight'] = ['coalesce', ['to-number', ['get', p.weight], 0], 0];
  }
  const colors = Array.isArray(p.colors) ? p.colors.filter(isHexColor) : [];
  if (colors.length >= 2) {
    // Density 0 stays transparent so the basemap shows where there is nothing.
    const ramp: unknown[] = ['interpolate', ['linear'], ['heatmap-density'], 0, 'rgba(0,0,0,0)'];
    colors.forEach((c, i) => ramp.push((i + 1) / colors.length, c));
    paint['heatmap-color'] = ramp;
  }
  return paint;
}

/** Layers a click can hit (everything but raster tiles, area outlines and labels). */
export function interactiveLayerIds(dataset: MapDataset): string[] {
  return layersForDataset(dataset)
    .filter((l) => l.type !== 'raster' && l.type !== 'symbol' && !l.id.endsWith(':outline'))
    .map((l) => l.id);
}
