// Vector tiles (OGC API – Tiles, WebMercatorQuad) of a collection as Mapbox Vector Tiles, cut from
// the data proxy's cached collection with geojson-vt and encoded with vt-pbf (chosen by measurement
// over PostGIS ST_AsMVT: see README.md). A `full` dataset's collection is indexed once per cached
// answer; a `bbox` dataset's tile is read through the proxy with that tile as its bbox.
import { createHash } from 'node:crypto';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { FeatureCollection } from 'geojson';
import { loadDatasetCollection, type CacheState } from '@/lib/data';
import { ApiError } from '@/lib/errors';
import type { DataCollection } from '@/lib/protocol/types';
import type { ServedDataset } from '@/lib/providers';
import type { Bbox } from '@/lib/protocol/request';
import { CRS84, isTiled, readDataExtent } from './collections';
import { isTileOf, tileBlock, tileBounds } from './grid';
import { collectionIdOf } from '@/lib/protocol/shared/collection-ids';
import { MAX_TILE_ZOOM } from './limits';
import { MEDIA, ogcHref, type OgcLink } from './links';

export const TILE_MATRIX_SET = 'WebMercatorQuad';
const TILE_MATRIX_SET_URI = 'http://www.opengis.net/def/tilematrixset/OGC/1.0/WebMercatorQuad';
const EPSG_3857 = 'http://www.opengis.net/def/crs/EPSG/0/3857';
const REL_TILING_SCHEME = 'http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme';
const REL_GEODATA = 'http://www.opengis.net/def/rel/ogc/1.0/geodata';
/** Tiles kept encoded per cached collection (a map view asks for the same tiles again and again). */
const ENCODED_TILES_PER_COLLECTION = 512;
const EXTENT = 4096;

/** The lowest zoom with data: a `bbox` dataset below its coverage.minZoom has none (the proxy does not load it). */
export function tileMinZoom(served: ServedDataset): number {
  return isTiled(served.dataset) ? Math.max(0, Math.ceil(served.dataset.coverage?.minZoom ?? 0)) : 0;
}

export function tileMaxZoom(served: ServedDataset): number {
  return Math.max(tileMinZoom(served), MAX_TILE_ZOOM);
}

/** The templated tile URL of a collection. */
export function tileUrlTemplate(base: string, collectionId: string): string {
  return `${ogcHref(base, `/collections/${collectionId}/tiles/${TILE_MATRIX_SET}`)}/{tileMatrix}/{tileRow}/{tileCol}`;
}

function tilesetLinks(base: string, s: ServedDataset): OgcLink[] {
  const id = collectionIdOf(s.key);
  return [
    { href: ogcHref(base, `/collections/${id}/tiles/${TILE_MATRIX_SET}`), rel: 'self', type: MEDIA.json, title: 'Metadáta sady dlaždíc' },
    { href: tileUrlTemplate(base, id), rel: 'item', type: MEDIA.mvt, title: 'Dlaždica (Mapbox Vector Tile)', templated: true },
    { href: ogcHref(base, `/tileMatrixSets/${TILE_MATRIX_SET}`), rel: REL_TILING_SCHEME, type: MEDIA.json, title: 'WebMercatorQuad' },
    { href: ogcHref(base, `/collections/${id}/styles/default`, { f: 'mapbox' }), rel: 'http://www.opengis.net/def/rel/ogc/1.0/style', type: MEDIA.style, title: 'Štýl dlaždíc (MapLibre)' },
    { href: ogcHref(base, `/collections/${id}`), rel: REL_GEODATA, type: MEDIA.json, title: s.dataset.title },
  ];
}

/** GET /collections/{id}/tiles: the one tileset of a collection. */
export function tilesetsDocument(base: string, s: ServedDataset) {
  const id = collectionIdOf(s.key);
  return {
    links: [
      { href: ogcHref(base, `/collections/${id}/tiles`), rel: 'self', type: MEDIA.json, title: 'Sady dlaždíc' },
      { href: ogcHref(base, `/collections/${id}`), rel: REL_GEODATA, type: MEDIA.json, title: s.dataset.title },
    ],
    tilesets: [
      {
        title: `${s.dataset.title} – vektorové dlaždice`,
        dataType: 'vector',
        crs: EPSG_3857,
        tileMatrixSetURI: TILE_MATRIX_SET_URI,
        links: tilesetLinks(base, s).filter((l) => l.rel !== REL_GEODATA),
      },
    ],
  };
}

/**
 * The area a collection's tiles cover: a whole dataset's data extent (when read), else the manifest's
 * coverage.bbox; undefined for the whole grid. Tiles outside it, or below the lowest zoom, are 404.
 */
export async function tileArea(s: ServedDataset): Promise<Bbox | undefined> {
  return (isTiled(s.dataset) ? undefined : await readDataExtent(s)) ?? s.dataset.coverage?.bbox;
}

/** GET /collections/{id}/tiles/WebMercatorQuad: the tileset metadata (OGC API – Tiles "tileset"). */
export function tilesetDocument(base: string, s: ServedDataset, bbox: Bbox | undefined) {
  const id = collectionIdOf(s.key);
  const minZoom = tileMinZoom(s);
  const maxZoom = tileMaxZoom(s);
  const limits = bbox
    ? Array.from({ length: maxZoom - minZoom + 1 }, (_, i) => {
        const b = tileBlock(bbox, minZoom + i);
        return { tileMatrix: String(b.z), minTileRow: b.y0, maxTileRow: b.y1, minTileCol: b.x0, maxTileCol: b.x1 };
      })
    : undefined;
  return {
    title: `${s.dataset.title} – vektorové dlaždice`,
    ...(s.dataset.description ? { description: s.dataset.description } : {}),
    dataType: 'vector',
    crs: EPSG_3857,
    tileMatrixSetURI: TILE_MATRIX_SET_URI,
    ...(limits ? { tileMatrixSetLimits: limits } : {}),
    ...(bbox ? { boundingBox: { lowerLeft: [bbox[0], bbox[1]], upperRight: [bbox[2], bbox[3]], crs: CRS84 } } : {}),
    attribution: s.attribution,
    ...(s.license ? { license: s.license.name } : {}),
    layers: [
      {
        id,
        title: s.dataset.title,
        dataType: 'vector',
        minTileMatrix: String(minZoom),
        maxTileMatrix: String(maxZoom),
      },
    ],
    links: tilesetLinks(base, s),
  };
}

/** 404 for a tile outside the tileset's limits (OGC API – Tiles: not an empty 204). */
export function assertWithinLimits(s: ServedDataset, bbox: Bbox | undefined, z: number, x: number, y: number): void {
  const min = tileMinZoom(s);
  if (z < min) throw new ApiError('not_found', `Tile ${z}/${y}/${x} lies outside this tileset: its tiles start at zoom ${min} (tileMatrixSetLimits in the tileset metadata).`);
  if (!bbox) return;
  const b = tileBlock(bbox, z);
  if (x < b.x0 || x > b.x1 || y < b.y0 || y > b.y1) {
    throw new ApiError('not_found', `Tile ${z}/${y}/${x} lies outside this tileset's limits at zoom ${z}: rows ${b.y0}-${b.y1}, columns ${b.x0}-${b.x1}.`);
  }
}

// ---------------------------------------------------------------------------------------------
// Tiles

interface Encoded {
  bytes: Uint8Array | null;
  etag: string;
}

interface Indexed {
  index: GeoJSONVT;
  tiles: Map<string, Encoded>;
}

const indexes = new WeakMap<DataCollection, Indexed>();

/** The geojson-vt index of a cached collection, built once while the collection is cached. */
function indexOf(collection: DataCollection): Indexed {
  let ix = indexes.get(collection);
  if (!ix) {
    // MVT feature ids are unsigned integers; other ids stay out of the tile (properties carry the rest).
    const features = collection.features.map((f) => {
      const keepId = typeof f.id === 'number' && Number.isInteger(f.id) && f.id >= 0;
      return { type: 'Feature' as const, geometry: f.geometry, properties: f.properties ?? {}, ...(keepId ? { id: f.id } : {}) };
    });
    const index = new GeoJSONVT({ type: 'FeatureCollection', features } as FeatureCollection, {
      maxZoom: MAX_TILE_ZOOM,
      extent: EXTENT,
      buffer: 64,
      tolerance: 3,
    });
    ix = { index, tiles: new Map() };
    indexes.set(collection, ix);
  }
  return ix;
}

function encode(ix: Indexed, layer: string, z: number, x: number, y: number): Encoded {
  const key = `${z}/${x}/${y}`;
  let e = ix.tiles.get(key);
  if (!e) {
    const tile = ix.index.getTile(z, x, y);
    const bytes = tile && tile.features.length ? fromGeojsonVt({ [layer]: tile }, { version: 2, extent: EXTENT }) : null;
    // Weak: the custom server gzips tiles, and a strong tag would then name two representations.
    const etag = `W/"${createHash('sha256').update(bytes ?? new Uint8Array()).update(key).digest('base64url').slice(0, 32)}"`;
    e = { bytes, etag };
    if (ix.tiles.size >= ENCODED_TILES_PER_COLLECTION) ix.tiles.delete(ix.tiles.keys().next().value!);
    ix.tiles.set(key, e);
  }
  return e;
}

export interface TileAnswer {
  /** The MVT bytes; null for a tile without features (answered 204). */
  bytes: Uint8Array | null;
  etag: string;
  cache: CacheState;
  freshSeconds: number;
}

function parseTileNumber(name: string, v: string): number {
  if (!/^\d{1,8}$/.test(v)) throw new ApiError('invalid_query', `${name}: expected a non-negative integer.`);
  return Number(v);
}

/** Checks tile coordinates of the WebMercatorQuad grid (400 `invalid_query` naming the member). */
export function parseTileAddress(tileMatrixSet: string, tileMatrix: string, tileRow: string, tileCol: string): { z: number; x: number; y: number } {
  if (tileMatrixSet !== TILE_MATRIX_SET) throw new ApiError('not_found', `Unknown tile matrix set "${tileMatrixSet}"; the portal offers ${TILE_MATRIX_SET}.`);
  const z = parseTileNumber('tileMatrix', tileMatrix);
  const y = parseTileNumber('tileRow', tileRow);
  const x = parseTileNumber('tileCol', tileCol);
  // Out of the grid is out of the tileset's limits: 404 (OGC API – Tiles), as a tile outside tileMatrixSetLimits.
  if (z > MAX_TILE_ZOOM) throw new ApiError('not_found', `tileMatrix ${z}: the tileset has tile matrices 0-${MAX_TILE_ZOOM}.`);
  if (!isTileOf(z, x, y)) throw new ApiError('not_found', `tileRow/tileCol: outside tile matrix ${z} (0-${2 ** z - 1}).`);
  return { z, x, y };
}

/** One vector tile of a collection, through the data proxy's cache. */
export async function renderTile(served: ServedDataset, z: number, x: number, y: number, params: Record<string, string>): Promise<TileAnswer> {
  const layer = collectionIdOf(served.key);
  const { collection, cache } = isTiled(served.dataset)
    ? await loadDatasetCollection(served, { bbox: tileBounds(z, x, y), zoom: z, params })
    : await loadDatasetCollection(served, { params });
  const { bytes, etag } = encode(indexOf(collection), layer, z, x, y);
  const dm = collection.dm ?? {};
  const generated = dm.generated ? Date.parse(dm.generated) : NaN;
  const expires = Number.isFinite(generated) ? generated + (dm.ttl ?? 0) * 1000 : Date.now();
  const freshSeconds = cache === 'stale' ? 0 : Math.max(0, Math.floor((expires - Date.now()) / 1000));
  return { bytes, etag, cache, freshSeconds };
}

// ---------------------------------------------------------------------------------------------
// Tile matrix sets (OGC Two Dimensional Tile Matrix Set 2.0, JSON): WebMercatorQuad served here, so
// clients need not fetch its definition from the internet.

const EARTH_HALF = 20037508.3427892;
/** Scale denominator of zoom 0 (256-pixel tiles, 0.28 mm pixels). */
const SCALE_0 = 559082264.028717;

export function tileMatrixSetsDocument(base: string) {
  return {
    links: [{ href: ogcHref(base, '/tileMatrixSets'), rel: 'self', type: MEDIA.json, title: 'Mriežky dlaždíc' }],
    tileMatrixSets: [
      {
        id: TILE_MATRIX_SET,
        title: 'Google Maps Compatible for the World',
        uri: TILE_MATRIX_SET_URI,
        crs: EPSG_3857,
        links: [{ href: ogcHref(base, `/tileMatrixSets/${TILE_MATRIX_SET}`), rel: 'self', type: MEDIA.json, title: TILE_MATRIX_SET }],
      },
    ],
  };
}

/** GET /tileMatrixSets/WebMercatorQuad: the definition, zoom 0 to the deepest served. */
export function tileMatrixSetDocument(base: string) {
  return {
    id: TILE_MATRIX_SET,
    title: 'Google Maps Compatible for the World',
    uri: TILE_MATRIX_SET_URI,
    crs: EPSG_3857,
    orderedAxes: ['X', 'Y'],
    wellKnownScaleSet: 'http://www.opengis.net/def/wkss/OGC/1.0/GoogleMapsCompatible',
    boundingBox: { lowerLeft: [-EARTH_HALF, -EARTH_HALF], upperRight: [EARTH_HALF, EARTH_HALF], crs: EPSG_3857 },
    tileMatrices: Array.from({ length: MAX_TILE_ZOOM + 1 }, (_, z) => ({
      id: String(z),
      scaleDenominator: SCALE_0 / 2 ** z,
      cellSize: (2 * EARTH_HALF) / 256 / 2 ** z,
      cornerOfOrigin: 'topLeft',
      pointOfOrigin: [-EARTH_HALF, EARTH_HALF],
      tileWidth: 256,
      tileHeight: 256,
      matrixWidth: 2 ** z,
      matrixHeight: 2 ** z,
    })),
    links: [{ href: ogcHref(base, `/tileMatrixSets/${TILE_MATRIX_SET}`), rel: 'self', type: MEDIA.json, title: TILE_MATRIX_SET }],
  };
}
