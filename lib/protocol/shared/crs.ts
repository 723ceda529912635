// Coordinate reference systems the portal shows and takes: WGS84 (the protocol's own), S-JTSK
// (EPSG:5514, Krovak East North, the Slovak cadastre's and every surveyor's system), Web Mercator
// and ETRS89. One definition of the S-JTSK datum shift for the map's coordinates, the place search
// and the OGC API's Part 2, so a point reads the same everywhere. Browser-safe (proj4 is pure JS).
import proj4 from 'proj4';

/**
 * EPSG:5514 with Slovakia's own datum shift, EPSG:4836 "S-JTSK to WGS 84 (4)": a 7-parameter
 * Helmert transformation (position vector convention) published for Slovakia with an accuracy of
 * about 1 m. The 3-parameter shift of common proj4 strings (`+towgs84=589,76,480`) is 2.5-14 m off
 * in Slovakia, and PROJ's default choice near the border may take a Czech shift (EPSG:1623/4834/5239).
 */
export const SJTSK_PROJ4 =
  '+proj=krovak +lat_0=49.5 +lon_0=24.83333333333333 +alpha=30.28813972222222 +k=0.9999 +x_0=0 +y_0=0 ' +
  '+ellps=bessel +towgs84=485,169.5,483.8,7.786,4.398,4.103,0 +units=m +no_defs';

/** What the site and the documentation say about the transformation used. */
export const SJTSK_TRANSFORMATION = {
  code: 'EPSG:4836',
  name: 'S-JTSK to WGS 84 (4)',
  accuracyMetres: 1,
} as const;

/** A position `[x, y]`: `[lon, lat]` in degrees for WGS84/ETRS89, `[east, north]` in metres otherwise. */
export type Position2 = [number, number];

const wgs84ToSjtsk = proj4('EPSG:4326', SJTSK_PROJ4);

/** WGS84 `[lon, lat]` -> S-JTSK / Krovak East North (EPSG:5514) `[E, N]` in metres (both negative in Slovakia). */
export function toSjtsk(lon: number, lat: number): Position2 {
  const [e, n] = wgs84ToSjtsk.forward([lon, lat]);
  return [e, n];
}

/** S-JTSK / Krovak East North (EPSG:5514) `[E, N]` in metres -> WGS84 `[lon, lat]`. */
export function fromSjtsk(east: number, north: number): Position2 {
  const [lon, lat] = wgs84ToSjtsk.inverse([east, north]);
  return [lon, lat];
}

/**
 * The cadastre's writing of an S-JTSK point: positive `Y` (westing) and `X` (southing), `Y` first.
 * EPSG:5514 East/North are their negatives (`E = -Y`, `N = -X`).
 */
export function toCadastreYX(lon: number, lat: number): Position2 {
  const [e, n] = toSjtsk(lon, lat);
  return [-e, -n];
}

/** The cadastre's `Y, X` (positive metres) -> WGS84 `[lon, lat]`. */
export function fromCadastreYX(y: number, x: number): Position2 {
  return fromSjtsk(-y, -x);
}

/**
 * S-JTSK in Slovakia (and a margin): Y 160-640 km, X 1,110-1,400 km, a box checked before a pair of
 * numbers is read as S-JTSK metres.
 */
export const SJTSK_CADASTRE_RANGE = { y: [150_000, 650_000], x: [1_100_000, 1_410_000] } as const;

/** Whether positive `Y, X` lie in Slovakia's part of the S-JTSK grid. */
export function isCadastreYXInSlovakia(y: number, x: number): boolean {
  const r = SJTSK_CADASTRE_RANGE;
  return y >= r.y[0] && y <= r.y[1] && x >= r.x[0] && x <= r.x[1];
}
