// The offline basemap style: boundaries and names of regions, districts and municipalities served
// by the portal itself (GET /api/basemap/{layer}), so the map works with no internet at all.
// Labels need no glyph server: the style has no `glyphs` URL, and MapLibre (v5+) then draws text
// with the browser's own fonts (TinySDF), which is what "offline" needs.
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

/** The offline basemap's attribution with the boundaries of 2019 (the server passes the one in use, lib/basemap/attribution.ts). */
export const BASEMAP_ATTRIBUTION = 'Hranice: ÚGKK SR / GKÚ Bratislava (ZBGIS), stav 30. 4. 2019; názvy: ŠÚ SR, MV SR (register adries)';
/** … with the 2010 TopoJSON boundaries of an older reference data directory. */
export const BASEMAP_ATTRIBUTION_2010 =
  'Hranice: Slovakia TopoJSON (Milan Lajtoš) podľa ŠÚ SR a Freemap, stav približne z roku 2010; názvy: ŠÚ SR, MV SR (register adries)';

const INK = '#4a5260';
/** From this zoom the municipality lines are drawn unsimplified. */
const DETAIL_ZOOM = 11;
/** From this zoom the names of municipality parts, and a little closer of streets, are drawn. */
const PLACES_ZOOM = 12;

/**
 * Sources loaded only once the map is zoomed in far enough to show them: the municipality
 * boundaries are ~0.5 MB gzipped, which an overview of Slovakia does not need; from zoom 11 the
 * unsimplified ones (~1 MB gzipped) follow the datasets' boundaries (obce, katastrálne územia).
 */
export const LAZY_BASEMAP_SOURCES: Record<string, { path: string; minZoom: number }> = {
  'basemap-municipalities': { path: '/api/basemap/municipalities', minZoom: 8 },
  'basemap-municipalities-detail': { path: '/api/basemap/municipalities-detail', minZoom: DETAIL_ZOOM },
  // Street and part names (~37,000 points, ~0.5 MB gzipped) once a town's streets can be told apart.
  'basemap-places': { path: '/api/basemap/places', minZoom: PLACES_ZOOM },
};
const HALO = 'rgba(255,255,255,0.9)';

/** `origin` makes the GeoJSON URLs absolute: MapLibre loads them in a worker, where relative URLs break. */
export function offlineBasemapStyle(origin: string, attribution: string = BASEMAP_ATTRIBUTION): StyleSpecification {
  const url = (layer: string) => `${origin.replace(/\/+$/, '')}/api/basemap/${layer}`;
  const label = (
    id: string,
    kinds: string[],
    minzoom: number,
    maxzoom: number,
    size: number | [number, number],
    extra: Record<string, unknown> = {},
    source = 'basemap-labels',
    color = INK,
  ): LayerSpecification => ({
    id,
    type: 'symbol',
    source,
    minzoom,
    maxzoom,
    filter: ['match', ['get', 'kind'], kinds, true, false] as never,
    layout: {
      'text-field': ['get', 'name'] as never,
      'text-size': (Array.isArray(size) ? ['interpolate', ['linear'], ['zoom'], minzoom, size[0], maxzoom, size[1]] : size) as never,
      'text-max-width': 8,
      'text-padding': 4,
      ...extra,
    },
    paint: { 'text-color': color, 'text-halo-color': HALO, 'text-halo-width': 1.4 },
  });
  return {
    version: 8,
    name: 'Geodáta Slovenska – offline',
    sources: {
      'basemap-regions': { type: 'geojson', data: url('regions'), attribution },
      'basemap-districts': { type: 'geojson', data: url('districts') },
      // Filled in by the map when it zooms in (LAZY_BASEMAP_SOURCES).
      'basemap-municipalities': { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
      'basemap-municipalities-detail': { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
      'basemap-labels': { type: 'geojson', data: url('labels') },
      'basemap-places': { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    },
    layers: [
      { id: 'basemap-background', type: 'background', paint: { 'background-color': '#e9ecef' } },
      { id: 'basemap-land', type: 'fill', source: 'basemap-regions', paint: { 'fill-color': '#fbfaf6' } },
      {
        id: 'basemap-municipality-lines',
        type: 'line',
        source: 'basemap-municipalities',
        minzoom: 8.5,
        maxzoom: DETAIL_ZOOM,
        paint: { 'line-color': '#c4c8cf', 'line-width': ['interpolate', ['linear'], ['zoom'], 8.5, 0.3, 13, 1] },
      },
      {
        id: 'basemap-municipality-lines-detail',
        type: 'line',
        source: 'basemap-municipalities-detail',
        minzoom: DETAIL_ZOOM,
        paint: { 'line-color': '#c4c8cf', 'line-width': ['interpolate', ['linear'], ['zoom'], 8.5, 0.3, 13, 1] },
      },
      {
        id: 'basemap-district-lines',
        type: 'line',
        source: 'basemap-districts',
        minzoom: 6.5,
        paint: { 'line-color': '#9ea4ad', 'line-width': ['interpolate', ['linear'], ['zoom'], 6.5, 0.5, 12, 1.5], 'line-dasharray': [3, 2] },
      },
      {
        id: 'basemap-region-lines',
        type: 'line',
        source: 'basemap-regions',
        paint: { 'line-color': '#7d838d', 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.8, 12, 2.2] },
      },
      // Streets and parts under the municipality names: the names of towns win a collision.
      label('basemap-label-street', ['street'], 14.5, 24, [10, 13], {}, 'basemap-places', '#5d6570'),
      label('basemap-label-part', ['part'], PLACES_ZOOM, 24, [11, 13], {}, 'basemap-places', '#3d4550'),
      label('basemap-label-region', ['region'], 5, 8, [11, 14], { 'text-transform': 'uppercase', 'text-letter-spacing': 0.08 }),
      label('basemap-label-district', ['district'], 8, 10.5, 12),
      label('basemap-label-city', ['city'], 6, 24, [12, 16]),
      label('basemap-label-town', ['town'], 7.5, 24, [11, 14]),
      label('basemap-label-municipality', ['municipality'], 10, 24, [11, 13]),
      label('basemap-label-city-district', ['city_district'], 11, 24, [11, 13]),
    ],
  };
}

/** The style the map starts with: an online style when BASEMAP_STYLE_URL is set, else the offline one. */
export function basemapStyle(
  onlineStyleUrl: string | undefined,
  origin: string,
  attribution: string = BASEMAP_ATTRIBUTION,
): string | StyleSpecification {
  return onlineStyleUrl ? onlineStyleUrl : offlineBasemapStyle(origin, attribution);
}
