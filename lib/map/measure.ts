// The map's measuring tool: lengths and areas on the WGS84 ellipsoid (GeographicLib's geodesics,
// Karney 2013: exact to nanometres, unlike a sphere's 0.3 %), and their Slovak wording (m/km,
// m²/ha/km²). Pure; the tool (components/map/tools/measure.tsx) loads it on demand.
import { Geodesic } from 'geographiclib-geodesic';
import { formatNumber } from './format';

export type MeasureMode = 'line' | 'area';
export type LonLat = [number, number];

const WGS84 = Geodesic.WGS84;

/** Geodesic length of a polyline in metres. */
export function lineLength(points: readonly LonLat[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const [lon1, lat1] = points[i - 1];
    const [lon2, lat2] = points[i];
    total += WGS84.Inverse(lat1, lon1, lat2, lon2).s12 ?? 0;
  }
  return total;
}

/** Geodesic area (m²) and perimeter (m) of a polygon given by its corners (closed implicitly). */
export function polygonArea(points: readonly LonLat[]): { area: number; perimeter: number } {
  if (points.length < 3) return { area: 0, perimeter: lineLength(points) };
  const poly = WGS84.Polygon(false);
  for (const [lon, lat] of points) poly.AddPoint(lat, lon);
  const r = poly.Compute(false, true);
  return { area: Math.abs(r.area ?? 0), perimeter: r.perimeter };
}

/** "850 m", "12,35 km" (metres below 1 km, then km with two decimals up to 100 km). */
export function formatLength(m: number): string {
  if (m < 1000) return `${formatNumber(m, m < 10 ? 1 : 0)} m`;
  return `${formatNumber(m / 1000, m < 100_000 ? 2 : 1)} km`;
}

/** "640 m²", "2,45 ha", "12,3 km²": m² below 1 ha, hectares below 1 km², then km². */
export function formatArea(m2: number): string {
  if (m2 < 10_000) return `${formatNumber(m2, 0)} m²`;
  if (m2 < 1_000_000) return `${formatNumber(m2 / 10_000, 2)} ha`;
  return `${formatNumber(m2 / 1_000_000, m2 < 100_000_000 ? 2 : 1)} km²`;
}

/** The figures a measurement shows: the total and, for a line, each segment's running length. */
export function measurement(mode: MeasureMode, points: readonly LonLat[]): { total: string; detail: string | null; segments: Array<{ at: LonLat; text: string }> } {
  if (mode === 'area') {
    const { area, perimeter } = polygonArea(points);
    return { total: points.length >= 3 ? formatArea(area) : '–', detail: points.length >= 3 ? `obvod ${formatLength(perimeter)}` : null, segments: [] };
  }
  const segments: Array<{ at: LonLat; text: string }> = [];
  for (let i = 1; i < points.length; i++) segments.push({ at: points[i], text: formatLength(lineLength(points.slice(0, i + 1))) });
  return { total: points.length >= 2 ? formatLength(lineLength(points)) : '–', detail: null, segments };
}

/** A geodesic circle as a polygon ring (`steps` corners): the accuracy circle of "Moja poloha". */
export function circleRing(center: LonLat, radius: number, steps = 64): LonLat[] {
  const ring: LonLat[] = [];
  for (let i = 0; i <= steps; i++) {
    const r = WGS84.Direct(center[1], center[0], (360 * i) / steps, radius);
    ring.push([r.lon2 ?? center[0], r.lat2 ?? center[1]]);
  }
  return ring;
}
