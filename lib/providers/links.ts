// Portal paths that point at providers and datasets (one place, so pages, REST and MCP agree).

/** The dataset page `/mapa/<provider>/<dataset>` (also the catalog's `links.map`). */
export function datasetPagePath(providerId: string, datasetId: string): string {
  return `/mapa/${encodeURIComponent(providerId)}/${encodeURIComponent(datasetId)}`;
}

/** The portal's data endpoint for a GeoJSON dataset. */
export function datasetDataPath(providerId: string, datasetId: string): string {
  return `/api/data/${encodeURIComponent(providerId)}/${encodeURIComponent(datasetId)}`;
}

/** The overview of unapproved providers, anchored at one provider. */
export function reviewPath(providerId: string): string {
  return `/neschvalene-data#${encodeURIComponent(providerId)}`;
}

/** The OGC API collection of a GeoJSON dataset (`/ogc/collections/<provider>.<dataset>`, lib/protocol/shared/collection-ids.ts). */
export function datasetOgcPath(providerId: string, datasetId: string): string {
  return `/ogc/collections/${encodeURIComponent(providerId)}.${encodeURIComponent(datasetId)}`;
}

/** The vector tile template of that collection (OGC API – Tiles, WebMercatorQuad; MapLibre fills `{z}`, `{x}`, `{y}`). */
export function datasetTilesTemplate(providerId: string, datasetId: string): string {
  return `${datasetOgcPath(providerId, datasetId)}/tiles/WebMercatorQuad/{z}/{y}/{x}`;
}
