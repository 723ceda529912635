// Tile alignment of a bbox: the map aligns the viewport before it asks /api/data, the data proxy
// aligns what it receives before it asks the provider (and keys its cache by it). One function for
// both, so the server's alignment of the client's aligned bbox is the identity (tested with 10,000
// random viewports in tests/protocol/shared.test.ts) and neighbouring viewports share cache entries.
import { MAX_ZOOM } from '../types';
import { clamp, latToTileY, lonToTileX, MAX_MERCATOR_LAT, tileXToLon, tileYToLat, type Bbox } from './geo';

/**
 * Coordinates this close to a tile edge (in degrees) are on it: 1e-6° is about 11 cm, twice the
 * rounding of a coordinate written with 6 decimals (as GDAL, QGIS and hand-written calls send a
 * tile's bounds), and under a tenth of the smallest tile (zoom 24: 2.1e-5°). So a tile's own bounds
 * written that way name that tile, not its neighbours, and an aligned (7-decimal) bbox aligns to itself.
 */
export const ON_GRID_DEGREES = 1e-6;
/** Aligned coordinates are written with 7 decimals (about 1 cm), rounded outward. */
const DECIMALS = 7;
const SCALE = 10 ** DECIMALS;

/** The tiles of zoom `z` a bbox touches: columns x0..x1-1, rows y0..y1-1 (ends exclusive; rows from the north). */
export interface TileSpan {
  z: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * Index of the tile grid line at or beyond `coord` in direction `dir`. A coordinate within
 * ON_GRID_DEGREES of a grid line is on it (it neither reaches into the tile beyond nor leaves out
 * the tile before).
 */
function gridLine(coord: number, z: number, toTile: (c: number, z: number) => number, fromTile: (t: number, z: number) => number, dir: 'down' | 'up'): number {
  const t = toTile(coord, z);
  const r = Math.round(t);
  if (Math.abs(fromTile(r, z) - coord) <= ON_GRID_DEGREES) return r;
  return dir === 'down' ? Math.floor(t) : Math.ceil(t);
}

/**
 * The block of XYZ (Web Mercator) tiles of integer zoom `z` that `[minLon, minLat, maxLon, maxLat]`
 * touches, edges within ON_GRID_DEGREES of a grid line counted as on it. A degenerate box (a point,
 * or a line on a grid line) is the one tile east and south of it. The one rule of the data proxy's
 * alignment (alignBboxToTiles) and of OGC API tile blocks (lib/ogc/grid.ts tileBlock).
 */
export function tileSpan(bbox: Bbox, z: number): TileSpan {
  const n = 2 ** z;
  const [minLon, minLat, maxLon, maxLat] = bbox;
  const west = clamp(Math.min(minLon, maxLon), -180, 180);
  const east = clamp(Math.max(minLon, maxLon), -180, 180);
  const north = clamp(Math.max(minLat, maxLat), -MAX_MERCATOR_LAT, MAX_MERCATOR_LAT);
  const south = clamp(Math.min(minLat, maxLat), -MAX_MERCATOR_LAT, MAX_MERCATOR_LAT);
  let x0 = gridLine(west, z, lonToTileX, tileXToLon, 'down');
  let x1 = gridLine(east, z, lonToTileX, tileXToLon, 'up');
  // Tile rows count from the north.
  let y0 = gridLine(north, z, latToTileY, tileYToLat, 'down');
  let y1 = gridLine(south, z, latToTileY, tileYToLat, 'up');
  if (x1 <= x0) x1 = x0 + 1;
  if (y1 <= y0) y1 = y0 + 1;
  if (x1 > n) [x0, x1] = [Math.max(0, n - (x1 - x0)), n];
  if (y1 > n) [y0, y1] = [Math.max(0, n - (y1 - y0)), n];
  return { z, x0, x1, y0, y1 };
}

const floorTo = (v: number) => Math.floor(v * SCALE + 1e-9) / SCALE;
const ceilTo = (v: number) => Math.ceil(v * SCALE - 1e-9) / SCALE;

/** Integer zoom used for tile alignment (fractional map zooms round down). */
export function tileZoom(zoom: number): number {
  return clamp(Math.floor(Number.isFinite(zoom) ? zoom : 0), 0, MAX_ZOOM);
}

/**
 * Grows `[minLon, minLat, maxLon, maxLat]` outward to the edges of the XYZ (Web Mercator) tiles of
 * `zoom` that it touches (tileSpan), written with 7 decimals rounded outward. A degenerate box (a
 * point) becomes its tile. Idempotent, also through formatBbox and back.
 */
export function alignBboxToTiles(bbox: Bbox, zoom: number): Bbox {
  const { z, x0, x1, y0, y1 } = tileSpan(bbox, tileZoom(zoom));
  return [
    clamp(floorTo(tileXToLon(x0, z)), -180, 180),
    clamp(floorTo(tileYToLat(y1, z)), -90, 90),
    clamp(ceilTo(tileXToLon(x1, z)), -180, 180),
    clamp(ceilTo(tileYToLat(y0, z)), -90, 90),
  ];
}

/** A number as a short decimal string without exponent. */
function formatCoordinate(v: number): string {
  const s = v.toFixed(DECIMALS).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

/** `minLon,minLat,maxLon,maxLat` as the bbox query parameter writes it. */
export function formatBbox(bbox: Bbox): string {
  return bbox.map(formatCoordinate).join(',');
}
