// Geometry on the sphere and the Web Mercator tile grid, as server and browser use them: one
// haversine, one Web Mercator (EPSG:3857), one XYZ grid, one Slovakia box. Pure; no imports.

/** `[minLon, minLat, maxLon, maxLat]` in WGS84. */
export type Bbox = [number, number, number, number];

/** Slovakia's extent (WGS84), with a little room. */
export const SLOVAKIA_BBOX: Bbox = [16.83, 47.73, 22.57, 49.62];

/** Whether a point lies in Slovakia's extent. */
function inSlovakiaBbox(lon: number, lat: number): boolean {
  return lon >= SLOVAKIA_BBOX[0] && lon <= SLOVAKIA_BBOX[2] && lat >= SLOVAKIA_BBOX[1] && lat <= SLOVAKIA_BBOX[3];
}

/** A point outside Slovakia that lies inside once its two numbers are swapped: written `[lat, lon]`. */
export function looksSwappedForSlovakia(lon: number, lat: number): boolean {
  return !inSlovakiaBbox(lon, lat) && inSlovakiaBbox(lat, lon);
}

/** The share of Slovakia's box that `b` covers (0-1). */
export function slovakiaShare(b: Bbox): number {
  const [w, s, e, n] = SLOVAKIA_BBOX;
  const overlapW = Math.max(0, Math.min(e, b[2]) - Math.max(w, b[0]));
  const overlapH = Math.max(0, Math.min(n, b[3]) - Math.max(s, b[1]));
  return (overlapW * overlapH) / ((e - w) * (n - s));
}

/** A box grown by `margin` degrees on every side. */
export function growBbox(b: Bbox, margin: number): Bbox {
  return [b[0] - margin, b[1] - margin, b[2] + margin, b[3] + margin];
}

export function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

const RAD = Math.PI / 180;

/** Mean earth radius (IUGG), the same one turf uses. */
export const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres (the spec's notion of "metres"). */
export function haversine(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

// --- Web Mercator (EPSG:3857) ---

/** Web Mercator's latitude limit: the XYZ tile grid ends here. */
export const MAX_MERCATOR_LAT = 85.0511287798066;
/** Half the projected world's width in metres. */
export const MERCATOR_HALF = 20_037_508.342789244;

/** WGS84 -> EPSG:3857 metres (latitude clamped to the grid). */
export function toMercator(lon: number, lat: number): [number, number] {
  const clamped = clamp(lat, -MAX_MERCATOR_LAT, MAX_MERCATOR_LAT);
  return [(lon * MERCATOR_HALF) / 180, Math.log(Math.tan(((90 + clamped) * Math.PI) / 360)) * (MERCATOR_HALF / Math.PI)];
}

/** EPSG:3857 metres -> WGS84. */
export function fromMercator(x: number, y: number): [number, number] {
  return [(x / MERCATOR_HALF) * 180, (Math.atan(Math.exp((y / MERCATOR_HALF) * Math.PI)) * 360) / Math.PI - 90];
}

// --- The XYZ tile grid (WebMercatorQuad; rows count from the north), in fractional tiles ---

export function lonToTileX(lon: number, z: number): number {
  return ((clamp(lon, -180, 180) + 180) / 360) * 2 ** z;
}

export function latToTileY(lat: number, z: number): number {
  const rad = clamp(lat, -MAX_MERCATOR_LAT, MAX_MERCATOR_LAT) * RAD;
  return ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z;
}

export function tileXToLon(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}

export function tileYToLat(y: number, z: number): number {
  return Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) / RAD;
}

/** `[west, south, east, north]` of tile (z, x, y). */
export function tileBounds(z: number, x: number, y: number): Bbox {
  return [tileXToLon(x, z), tileYToLat(y + 1, z), tileXToLon(x + 1, z), tileYToLat(y, z)];
}

/** The tile (x, y) holding a point; a point on an edge belongs to the tile east / south of it. */
export function tileOf(lon: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  return {
    x: clamp(Math.floor(lonToTileX(lon, z)), 0, n - 1),
    y: clamp(Math.floor(latToTileY(lat, z)), 0, n - 1),
  };
}
