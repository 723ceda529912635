// Coordinates typed into the place search (GET /api/places, MCP find_place, the map's "Hľadať
// miesto"): WGS84 in decimal degrees (either order, recognised by range; decimal comma too) or
// degrees-minutes-seconds with hemispheres (N/S/E/W or the Slovak s. š./j. š./v. d./z. d.), and
// S-JTSK metres as GIS writes them (EPSG:5514 East, North: negative) or as the cadastre does
// (positive Y, X). S-JTSK goes through lib/protocol/shared/crs.ts (EPSG:4836, about 1 m). Pure.
import { convert } from 'geo-coordinates-parser';
import { fromCadastreYX, isCadastreYXInSlovakia } from '@/lib/protocol/shared/crs';

/** The place type of a coordinate hit (zoomed to closely on the map, which opens "Čo je tu?" there). */
export const COORDINATES_TYPE = 'súradnice';

/** How the text was read. */
type CoordinateNotation = 'wgs84' | 'wgs84-dms' | 'sjtsk' | 'cadastre';

export interface ParsedCoordinates {
  /** WGS84 `[lon, lat]`. */
  point: [number, number];
  notation: CoordinateNotation;
  /** The point as understood, for the place's name: `48.736300, 19.146200` or `S-JTSK -458123.45, -1229345.67`. */
  label: string;
}

/** Where a pair of plain degrees is read in Slovakia's order-deciding box (with a margin). */
const SLOVAKIA_BOX = { lon: [16.5, 23], lat: [47.5, 50] } as const;
/** Numbers whose size says metres rather than degrees. */
const METRES_FROM = 10_000;

const NUMBER = String.raw`[+-−]?\d+(?:\.\d+)?`;
/** Two plain numbers: `a, b`, `a; b`, `a b` (decimal point). */
const PAIR_DOT = new RegExp(String.raw`^(${NUMBER})\s*(?:[,;]\s*|\s+)(${NUMBER})$`);
/** Two plain numbers with decimal commas: `48,7363 19,1462`, `48,7363; 19,1462`, `48,7363, 19,1462`. */
const PAIR_COMMA = new RegExp(String.raw`^([+-−]?\d+(?:,\d+)?)\s*(?:;\s*|,\s+|\s+)([+-−]?\d+(?:,\d+)?)$`);

function toNumber(s: string): number {
  return Number(s.replace('−', '-').replace(',', '.'));
}

function inSlovakiaBox(lon: number, lat: number): boolean {
  return lon >= SLOVAKIA_BOX.lon[0] && lon <= SLOVAKIA_BOX.lon[1] && lat >= SLOVAKIA_BOX.lat[0] && lat <= SLOVAKIA_BOX.lat[1];
}

function validWgs84(lon: number, lat: number): boolean {
  return Number.isFinite(lon) && Number.isFinite(lat) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

function round(x: number, decimals: number): number {
  const k = 10 ** decimals;
  return Math.round(x * k) / k;
}

function wgs84(lon: number, lat: number, notation: 'wgs84' | 'wgs84-dms'): ParsedCoordinates {
  return { point: [round(lon, 7), round(lat, 7)], notation, label: `${lat.toFixed(6)}, ${lon.toFixed(6)}` };
}

/** Two plain numbers: degrees (latitude first unless the range says otherwise) or S-JTSK metres. */
function readPair(a: number, b: number): ParsedCoordinates | null {
  if (Math.abs(a) >= METRES_FROM && Math.abs(b) >= METRES_FROM) {
    // S-JTSK: Y (150-650 km) and X (1,100-1,410 km) never overlap, so either order is recognised.
    const [y, x] = Math.abs(a) < Math.abs(b) ? [a, b] : [b, a];
    if (y < 0 && x < 0 && isCadastreYXInSlovakia(-y, -x)) {
      const [lon, lat] = fromCadastreYX(-y, -x);
      return { point: [round(lon, 7), round(lat, 7)], notation: 'sjtsk', label: `S-JTSK (EPSG:5514) ${y.toFixed(2)}, ${x.toFixed(2)}` };
    }
    if (y > 0 && x > 0 && isCadastreYXInSlovakia(y, x)) {
      const [lon, lat] = fromCadastreYX(y, x);
      return { point: [round(lon, 7), round(lat, 7)], notation: 'cadastre', label: `S-JTSK Y ${y.toFixed(2)}, X ${x.toFixed(2)}` };
    }
    return null;
  }
  // Degrees: `lat, lon` as most maps write it; `lon, lat` when only that order makes sense
  // (a first number over 90) or lands in Slovakia.
  if (!validWgs84(b, a) || (!inSlovakiaBox(b, a) && inSlovakiaBox(a, b))) {
    return validWgs84(a, b) ? wgs84(a, b, 'wgs84') : null;
  }
  return wgs84(b, a, 'wgs84');
}

/** Slovak hemisphere words and typographic marks, in the forms the DMS parser reads. */
function normalizeDms(text: string): string {
  return text
    .replace(/\b([sj])\.?\s*š\.?/giu, (_, h: string) => (h.toLowerCase() === 's' ? ' N' : ' S'))
    .replace(/\b([vz])\.?\s*d\.?(?=\s|,|;|$)/giu, (_, h: string) => (h.toLowerCase() === 'v' ? ' E' : ' W'))
    .replace(/[′’‘]/g, "'")
    .replace(/[″”“]|''/g, '"')
    .replace(/º/g, '°')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Longitude written first (`19°08'46.3"E 48°44'10.7"N`, `E 19.1462 N 48.7363`): latitude first, as the parser reads it. */
const LON_FIRST = [/^(.*?[EW])\s*[,;]?\s+(.*[NS])$/i, /^([EW]\s*[^NS]*?)\s*[,;]?\s+([NS].*)$/i];

function convertDms(text: string): { decimalLatitude: number | string; decimalLongitude: number | string } | null {
  try {
    return convert(text, 7) as { decimalLatitude: number | string; decimalLongitude: number | string };
  } catch {
    return null;
  }
}

/** Degrees with minutes/seconds or hemisphere letters: `48°44'10.7"N 19°08'46.3"E`, `N 48.7363 E 19.1462`. */
function readDms(text: string): ParsedCoordinates | null {
  if (!/[°'"NSEWnsew]/.test(text)) return null;
  const normal = normalizeDms(text);
  const swapped = LON_FIRST.map((re) => re.exec(normal)).find(Boolean);
  const converted = convertDms(normal) ?? (swapped ? convertDms(`${swapped[2]} ${swapped[1]}`) : null);
  if (!converted) return null;
  const lat = Number(converted.decimalLatitude);
  const lon = Number(converted.decimalLongitude);
  return validWgs84(lon, lat) ? wgs84(lon, lat, 'wgs84-dms') : null;
}

/** The point a place-search text names by coordinates, or null when it is not coordinates. */
export function parseCoordinates(input: string): ParsedCoordinates | null {
  const text = input.trim().replace(/\s+/g, ' ');
  if (!/\d/.test(text) || text.length > 80) return null;
  const dot = PAIR_DOT.exec(text);
  if (dot) return readPair(toNumber(dot[1]), toNumber(dot[2]));
  const comma = PAIR_COMMA.exec(text);
  if (comma) return readPair(toNumber(comma[1]), toNumber(comma[2]));
  return readDms(text);
}

