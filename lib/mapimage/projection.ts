// Web Mercator (EPSG:3857) for map images: a view of width × height pixels at a (fractional) zoom
// around a centre, and the pixel of any WGS84 point in it. Pure functions, shared by the renderer and
// the tests (which check the marker's pixel against them).

import { lonLatOf, worldPixel } from '@/lib/map/mercator';

const TILE = 256;
export const MIN_IMAGE_ZOOM = 5;
export const MAX_IMAGE_ZOOM = 18;

export interface View {
  width: number;
  height: number;
  zoom: number;
  /** World pixel of the view's top-left corner at `zoom`. */
  x0: number;
  y0: number;
}

/** A view centred on a point. */
export function viewAround(center: [number, number], zoom: number, width: number, height: number): View {
  const [cx, cy] = worldPixel(center[0], center[1], zoom);
  return { width, height, zoom, x0: cx - width / 2, y0: cy - height / 2 };
}

/** The view that shows a bbox whole (its longer side fits), clamped to the zoom range. */
export function viewOfBbox(bbox: [number, number, number, number], width: number, height: number): View {
  const [ax, ay] = worldPixel(bbox[0], bbox[3], 0);
  const [bx, by] = worldPixel(bbox[2], bbox[1], 0);
  const fit = Math.log2(Math.min(width / Math.max(bx - ax, 1e-9), height / Math.max(by - ay, 1e-9)));
  const zoom = Math.max(MIN_IMAGE_ZOOM, Math.min(MAX_IMAGE_ZOOM, fit));
  const center = lonLatOf((ax + bx) / 2, (ay + by) / 2, 0);
  return viewAround(center, zoom, width, height);
}

/** The image pixel of a WGS84 point (may lie outside the image). */
export function pixelOf(view: View, lon: number, lat: number): [number, number] {
  const [x, y] = worldPixel(lon, lat, view.zoom);
  return [x - view.x0, y - view.y0];
}

/** `[west, south, east, north]` of the view. */
export function viewBbox(view: View): [number, number, number, number] {
  const [w, n] = lonLatOf(view.x0, view.y0, view.zoom);
  const [e, s] = lonLatOf(view.x0 + view.width, view.y0 + view.height, view.zoom);
  return [w, s, e, n];
}

/** The view's centre. */
export function viewCenter(view: View): [number, number] {
  return lonLatOf(view.x0 + view.width / 2, view.y0 + view.height / 2, view.zoom);
}

/** Degrees of longitude per image pixel (a simplification tolerance for the boundaries). */
export function degreesPerPixel(view: View): number {
  return 360 / (TILE * 2 ** view.zoom);
}

/** The XYZ tiles (integer zoom) covering the view, with their placement in image pixels. */
export function tilesOf(view: View, maxTiles = 24): Array<{ z: number; x: number; y: number; left: number; top: number; size: number; bbox3857: [number, number, number, number] }> {
  const z = Math.max(0, Math.min(22, Math.round(view.zoom)));
  const scale = 2 ** (view.zoom - z);
  const size = TILE * scale;
  const tx0 = Math.floor(view.x0 / size);
  const ty0 = Math.floor(view.y0 / size);
  const tx1 = Math.floor((view.x0 + view.width - 1) / size);
  const ty1 = Math.floor((view.y0 + view.height - 1) / size);
  const out = [];
  const half = 20037508.342789244;
  const span = (2 * half) / 2 ** z;
  for (let y = ty0; y <= ty1; y++) {
    for (let x = tx0; x <= tx1; x++) {
      if (out.length >= maxTiles) return out;
      out.push({
        z, x, y, left: x * size - view.x0, top: y * size - view.y0, size,
        bbox3857: [-half + x * span, half - (y + 1) * span, -half + (x + 1) * span, half - y * span] as [number, number, number, number],
      });
    }
  }
  return out;
}
