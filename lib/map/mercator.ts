// Web Mercator world pixels: the map image's renderer (lib/mapimage/projection.ts, 256-px tiles) and
// the map's facade (./facade.ts, MapLibre's 512-px tiles) place points by these two functions.

/** World pixel coordinates of a point at a zoom (the world is `tile` × 2^zoom pixels wide). */
export function worldPixel(lon: number, lat: number, zoom: number, tile = 256): [number, number] {
  const size = tile * 2 ** zoom;
  const s = Math.sin((Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180);
  return [((lon + 180) / 360) * size, (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size];
}

/** The point at world pixel coordinates (the inverse of worldPixel). */
export function lonLatOf(x: number, y: number, zoom: number, tile = 256): [number, number] {
  const size = tile * 2 ** zoom;
  const n = Math.PI - (2 * Math.PI * y) / size;
  return [(x / size) * 360 - 180, (180 / Math.PI) * Math.atan(Math.sinh(n))];
}
