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
const SJTSK_PROJ4 =
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

// --- Coordinate reference systems by their OGC URI (OGC API – Features Part 2) ---

const wgs84ToWebMercator = proj4('EPSG:4326', 'EPSG:3857');

/**
 * A CRS the portal transforms to and from, in the axis order its definition states (EPSG:4326 and
 * EPSG:4258 are latitude first; CRS84 longitude first; the projected ones east first).
 */
export interface CrsDef {
  /** The OGC URI (`http://www.opengis.net/def/crs/...`). */
  uri: string;
  /** `EPSG:<code>`, or `OGC:CRS84`. */
  code: string;
  /** EPSG code for formats that name a CRS by number (FlatGeobuf); CRS84 is 4326 in x/y order. */
  epsg: number;
  label: string;
  /** Whether the CRS lists latitude before longitude (EPSG:4326, EPSG:4258). */
  latFirst: boolean;
  /** Metres (projected) or degrees (geographic). */
  projected: boolean;
  /** WGS84 `[lon, lat]` -> a position in this CRS's axis order. */
  fromWgs84(lon: number, lat: number): Position2;
  /** A position in this CRS's axis order -> WGS84 `[lon, lat]`. */
  toWgs84(a: number, b: number): Position2;
}

const EPSG_URI = 'http://www.opengis.net/def/crs/EPSG/0/';

export const CRS84_URI = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

/**
 * The CRSs of the OGC API: CRS84 (the default), WGS 84 and ETRS89 in their own latitude-first order,
 * Web Mercator and S-JTSK / Krovak East North. ETRS89 is taken equal to WGS84 (EPSG:1149, the null
 * transformation, accuracy 1 m — the same order as EPSG:4836's).
 */
export const CRS_DEFS: readonly CrsDef[] = [
  {
    uri: CRS84_URI,
    code: 'OGC:CRS84',
    epsg: 4326,
    label: 'WGS 84 (dĺžka, šírka)',
    latFirst: false,
    projected: false,
    fromWgs84: (lon, lat) => [lon, lat],
    toWgs84: (lon, lat) => [lon, lat],
  },
  {
    uri: `${EPSG_URI}4326`,
    code: 'EPSG:4326',
    epsg: 4326,
    label: 'WGS 84 (šírka, dĺžka)',
    latFirst: true,
    projected: false,
    fromWgs84: (lon, lat) => [lat, lon],
    toWgs84: (lat, lon) => [lon, lat],
  },
  {
    uri: `${EPSG_URI}4258`,
    code: 'EPSG:4258',
    epsg: 4258,
    label: 'ETRS89 (šírka, dĺžka)',
    latFirst: true,
    projected: false,
    fromWgs84: (lon, lat) => [lat, lon],
    toWgs84: (lat, lon) => [lon, lat],
  },
  {
    uri: `${EPSG_URI}3857`,
    code: 'EPSG:3857',
    epsg: 3857,
    label: 'WGS 84 / Pseudo-Mercator',
    latFirst: false,
    projected: true,
    fromWgs84: (lon, lat) => {
      const [x, y] = wgs84ToWebMercator.forward([lon, lat]);
      return [x, y];
    },
    toWgs84: (x, y) => {
      const [lon, lat] = wgs84ToWebMercator.inverse([x, y]);
      return [lon, lat];
    },
  },
  {
    uri: `${EPSG_URI}5514`,
    code: 'EPSG:5514',
    epsg: 5514,
    label: 'S-JTSK / Krovak East North',
    latFirst: false,
    projected: true,
    fromWgs84: toSjtsk,
    toWgs84: fromSjtsk,
  },
];

const CRS_BY_KEY = new Map<string, CrsDef>();
for (const c of CRS_DEFS) {
  const n = c.code.split(':')[1];
  const keys = [c.uri, c.code, `[${c.code}]`, c.uri.replace('http://', 'https://')];
  if (c.code.startsWith('EPSG:')) keys.push(`urn:ogc:def:crs:EPSG::${n}`, `urn:ogc:def:crs:EPSG:0:${n}`);
  else keys.push('urn:ogc:def:crs:OGC:1.3:CRS84', 'CRS84');
  for (const k of keys) CRS_BY_KEY.set(k.toLowerCase(), c);
}

/**
 * The CRS a reference names: its OGC URI (as OGC API – Features Part 2 requires), or the common
 * spellings `EPSG:5514`, `[EPSG:5514]` (safe CURIE), `urn:ogc:def:crs:EPSG::5514`. Undefined for others.
 */
export function crsOf(reference: string): CrsDef | undefined {
  return CRS_BY_KEY.get(reference.trim().toLowerCase());
}
