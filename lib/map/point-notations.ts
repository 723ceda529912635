// A point as people write it: WGS84 in decimal degrees and degrees-minutes-seconds, S-JTSK as GIS
// software writes it (EPSG:5514 East, North, negative) and as the cadastre does (positive Y, X).
// The "Čo je tu?" panel shows these with copy buttons; S-JTSK through lib/protocol/shared/crs.ts
// (EPSG:4836). Pure, browser-safe (proj4); loaded with the panel's coordinates on demand.
import { SJTSK_TRANSFORMATION, toCadastreYX, toSjtsk } from '@/lib/protocol/shared/crs';

export interface PointNotation {
  key: 'wgs84' | 'dms' | 'sjtsk' | 'cadastre';
  label: string;
  /** What is shown and copied (plain ASCII digits, decimal point: what GIS and forms accept). */
  text: string;
}

/** `48°44′10.68″ N` style: degrees, minutes, seconds to two decimals, hemisphere. */
function dms(value: number, positive: string, negative: string): string {
  const a = Math.abs(value);
  let d = Math.floor(a);
  let m = Math.floor((a - d) * 60);
  let s = Math.round(((a - d) * 60 - m) * 60 * 100) / 100;
  if (s >= 60) {
    s -= 60;
    m += 1;
  }
  if (m >= 60) {
    m -= 60;
    d += 1;
  }
  return `${d}°${String(m).padStart(2, '0')}′${s.toFixed(2).padStart(5, '0')}″ ${value < 0 ? negative : positive}`;
}

/** WGS84 as degrees, minutes and seconds: `48°44′10.68″ N, 19°08′46.32″ E`. */
export function formatDms(lon: number, lat: number): string {
  return `${dms(lat, 'N', 'S')}, ${dms(lon, 'E', 'W')}`;
}

/** The point in every notation the panel offers, in its order. */
export function pointNotations(lon: number, lat: number): PointNotation[] {
  const [e, n] = toSjtsk(lon, lat);
  const [y, x] = toCadastreYX(lon, lat);
  return [
    { key: 'wgs84', label: 'WGS84 (zem. šírka, dĺžka)', text: `${lat.toFixed(6)}, ${lon.toFixed(6)}` },
    { key: 'dms', label: 'WGS84 (stupne, minúty, sekundy)', text: formatDms(lon, lat) },
    { key: 'sjtsk', label: 'S-JTSK, EPSG:5514 (E, N)', text: `${e.toFixed(2)}, ${n.toFixed(2)}` },
    { key: 'cadastre', label: 'S-JTSK ako v katastri (Y, X)', text: `${y.toFixed(2)}, ${x.toFixed(2)}` },
  ];
}

/** The transformation named next to the S-JTSK figures. */
export const SJTSK_NOTE = `Prevod S-JTSK: ${SJTSK_TRANSFORMATION.code} „${SJTSK_TRANSFORMATION.name}“ (proj4), presnosť asi ${SJTSK_TRANSFORMATION.accuracyMetres} m.`;
