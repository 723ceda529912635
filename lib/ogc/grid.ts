// The WebMercatorQuad tile grid (XYZ: rows count from the north) as OGC API – Tiles and the data
// proxy's tile alignment use it: tile bounds in WGS84, and the block of tiles that covers a bbox.
import type { Bbox } from '@/lib/protocol/request';

/** Web Mercator's latitude limit: the grid ends here. */
export const MAX_MERCATOR_LAT = 85.0511287798066;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function lonToTileX(lon: number, z: number): number {
  return ((clamp(lon, -180, 180) + 180) / 360) * 2 ** z;
}

export function latToTileY(lat: number, z: number): number {
  const rad = (clamp(lat, -MAX_MERCATOR_LAT, MAX_MERCATOR_LAT) * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z;
}

function tileXToLon(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}

function tileYToLat(y: number, z: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;
}

/** `[west, south, east, north]` of tile (z, x, y). */
export function tileBounds(z: number, x: number, y: number): Bbox {
  return [tileXToLon(x, z), tileYToLat(y + 1, z), tileXToLon(x + 1, z), tileYToLat(y, z)];
}

/** Whether (z, x, y) names a tile of the grid. */
export function isTileOf(z: number, x: number, y: number): boolean {
  const n = 2 ** z;
  return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < n && y < n;
}

/** The tile (x, y) holding a point; a point on an edge belongs to the tile east / south of it. */
export function tileOf(lon: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  return {
    x: clamp(Math.floor(lonToTileX(lon, z)), 0, n - 1),
    y: clamp(Math.floor(latToTileY(lat, z)), 0, n - 1),
  };
}

/** The tiles of zoom z that a bbox touches, as inclusive column and row ranges. */
export interface TileBlock {
  z: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export function tileBlock(bbox: Bbox, z: number): TileBlock {
  const nw = tileOf(bbox[0], bbox[3], z);
  const se = tileOf(bbox[2], bbox[1], z);
  // An east or south edge lying exactly on a grid line does not reach into the next tile.
  const x1 = se.x > nw.x && Math.abs(tileXToLon(se.x, z) - bbox[2]) < 1e-12 ? se.x - 1 : se.x;
  const y1 = se.y > nw.y && Math.abs(tileYToLat(se.y, z) - bbox[1]) < 1e-12 ? se.y - 1 : se.y;
  return { z, x0: nw.x, x1, y0: nw.y, y1 };
}

export function blockSize(b: TileBlock): number {
  return (b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1);
}

/** The t-th tile of a block, row by row from the north-west. */
export function blockTile(b: TileBlock, t: number): { x: number; y: number } {
  const width = b.x1 - b.x0 + 1;
  return { x: b.x0 + (t % width), y: b.y0 + Math.floor(t / width) };
}

/** The position of tile (x, y) in a block's row-by-row order. */
export function blockIndex(b: TileBlock, x: number, y: number): number {
  return (y - b.y0) * (b.x1 - b.x0 + 1) + (x - b.x0);
}
