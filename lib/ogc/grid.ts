// The WebMercatorQuad tile grid (XYZ: rows count from the north) as OGC API – Tiles and the data
// proxy's tile alignment use it: tile bounds in WGS84, and the block of tiles that covers a bbox.
import type { Bbox } from '@/lib/protocol/shared/geo';
import { tileSpan } from '@/lib/protocol/shared/tiles';

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

/**
 * The tiles of zoom z that a bbox touches (tileSpan, the data proxy's rule): an edge on a grid line,
 * or within 1e-6° of one (a tile's bounds written with 6 decimals), does not reach into the next tile.
 */
export function tileBlock(bbox: Bbox, z: number): TileBlock {
  const s = tileSpan(bbox, z);
  return { z, x0: s.x0, x1: s.x1 - 1, y0: s.y0, y1: s.y1 - 1 };
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
