// The WebMercatorQuad tile grid (XYZ: rows count from the north) as OGC API – Tiles and the data
// proxy's tile alignment use it: tile bounds in WGS84, and the block of tiles that covers a bbox.
import { tileXToLon, tileYToLat, tileOf, type Bbox } from '@/lib/protocol/shared/geo';

export { tileBounds, tileOf } from '@/lib/protocol/shared/geo';

/** Whether (z, x, y) names a tile of the grid. */
export function isTileOf(z: number, x: number, y: number): boolean {
  const n = 2 ** z;
  return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < n && y < n;
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
