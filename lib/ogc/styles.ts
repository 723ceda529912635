// A MapLibre style per collection for its vector tiles (OGC API – Styles' form: a list under
// /collections/{id}/styles and the style `default`), made by the map's own layer builder
// (lib/map/layers.ts) from the manifest's presentation, so QGIS, MapLibre or any Mapbox-style reader
// draws the tiles as the portal's map does. Text labels are left out: they need a glyph server.
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { tileLayersForDataset, sourceId } from '@/lib/map/layers';
import { catalogEntry, type ServedDataset } from '@/lib/providers';
import { REL_STYLES } from './collections';
import { collectionIdOf } from '@/lib/protocol/shared/collection-ids';
import { MEDIA, ogcHref, type OgcLink } from './links';
import { tileMaxZoom, tileMinZoom, tileUrlTemplate } from './tiles';

export const DEFAULT_STYLE = 'default';

/** The style document of a collection's vector tiles (MapLibre / Mapbox GL style, version 8). */
export function styleDocument(base: string, s: ServedDataset): StyleSpecification {
  const entry = catalogEntry(s);
  const id = collectionIdOf(s.key);
  const bbox = s.dataset.coverage?.bbox;
  const layers = tileLayersForDataset(entry).filter((l: LayerSpecification) => l.type !== 'symbol');
  return {
    version: 8,
    name: `${s.dataset.title} (${id})`,
    metadata: { 'geodata:collection': id, 'geodata:attribution': s.attribution },
    sources: {
      [sourceId(s.key)]: {
        type: 'vector',
        tiles: [tileUrlTemplate(base, id).replace('{tileMatrix}', '{z}').replace('{tileRow}', '{y}').replace('{tileCol}', '{x}')],
        minzoom: tileMinZoom(s),
        maxzoom: tileMaxZoom(s),
        attribution: s.attribution,
        ...(bbox ? { bounds: [...bbox] as [number, number, number, number] } : {}),
      },
    },
    layers,
  };
}

/** GET /collections/{id}/styles: the one style of a collection. */
export function stylesDocument(base: string, s: ServedDataset) {
  const id = collectionIdOf(s.key);
  const styleLinks: OgcLink[] = [
    { href: ogcHref(base, `/collections/${id}/styles/${DEFAULT_STYLE}`, { f: 'mapbox' }), rel: 'stylesheet', type: MEDIA.style, title: 'Štýl MapLibre / Mapbox GL' },
  ];
  return {
    default: DEFAULT_STYLE,
    styles: [{ id: DEFAULT_STYLE, title: `${s.dataset.title} – štýl mapy portálu`, links: styleLinks }],
    links: [
      { href: ogcHref(base, `/collections/${id}/styles`), rel: 'self', type: MEDIA.json, title: 'Štýly' },
      { href: ogcHref(base, `/collections/${id}`), rel: 'collection', type: MEDIA.json, title: s.dataset.title },
      { href: ogcHref(base, `/collections/${id}/styles`), rel: REL_STYLES, type: MEDIA.json, title: 'Štýly' },
    ],
  };
}
