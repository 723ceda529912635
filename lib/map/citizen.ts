// The citizen's map: place search suggestions and the "Čo je tu?" panel's wording, shared by the
// components and their tests. Pure, no DOM. The data comes from GET /api/places, /api/places/reverse,
// /api/nearby/selection and /api/nearby (one request per dataset); their types are the answers' own
// (`import type` of the zod schemas' outputs), never a copy.
import type { HitValue, NearbyResultEntry } from '@/lib/nearby/schema';
import type { Place } from '@/lib/places/schema';
import { fieldLabel } from '@/lib/protocol/shared/fields';
import { formatCount, formatDistance, formatNumber } from './format';
import { failureText } from './messages';

/** The panel's first purpose: every dataset that can answer at the point (GET /api/nearby/selection?purpose=all). */
export const ALL_PURPOSE = 'all';

/** The purposes of the nearby API's automatic selection, in the panel's order, with Slovak labels. */
export const PURPOSES: ReadonlyArray<{ value: string; label: string }> = [
  { value: ALL_PURPOSE, label: 'všetko' },
  { value: 'construction', label: 'stavba' },
  { value: 'housing', label: 'bývanie' },
  { value: 'land-purchase', label: 'kúpa pozemku' },
  { value: 'agriculture', label: 'poľnohospodárstvo' },
  { value: 'investment', label: 'investícia' },
  { value: 'transport', label: 'doprava' },
  { value: 'tourism', label: 'turistika' },
  { value: 'business', label: 'podnikanie' },
  { value: 'public-administration', label: 'verejná správa' },
];

const PLACE_ZOOMS: Record<string, number> = {
  súradnice: 17,
  adresa: 18,
  ulica: 16,
  'časť obce': 14,
  obec: 13,
  mesto: 12,
  okres: 10,
  kraj: 8,
};

/** The zoom the map flies to for a place of this type. */
export function zoomForPlace(type: string): number {
  return PLACE_ZOOMS[type] ?? 14;
}

/** Typed coordinates (lib/places/coordinates.ts): the map goes to the point and asks "Čo je tu?" there. */
export function isCoordinates(p: Pick<Place, 'type'>): boolean {
  return p.type === 'súradnice';
}

/** Municipality-level results, which also offer the municipality's page. */
export function isMunicipality(p: Place): boolean {
  return (p.type === 'obec' || p.type === 'mesto') && !!p.municipality;
}

/** The second line of a suggestion: where the place lies ("obec Žilina, okres Žilina"). */
export function placeContext(p: Place): string {
  const m = p.municipality;
  if (!m) return '';
  if (p.type === 'kraj') return '';
  if (p.type === 'okres') return m.region;
  const parts: string[] = [];
  if (!isMunicipality(p) && m.name && m.name !== p.name && !p.name.endsWith(`, ${m.name}`)) parts.push(m.name);
  if (m.district) parts.push(`okres ${m.district}`);
  if (p.near) parts.push(`${formatNumber(p.near.distanceKm, 1)} km od mesta ${p.near.name}`);
  return parts.join(', ');
}

/**
 * Attributes raster sources report next to the cell's value that mean nothing to a person: the
 * cell's map coordinates and colour (MapServer `x`, `y`, `red`, `green`, `blue`, `value_list`;
 * GeoServer `RED_BAND`…; ArcGIS `Stretched value`, `OBJECTID`, `Count`).
 */
const RASTER_TECHNICAL = /^(x|y|red|green|blue|alpha|value_list|(red|green|blue|alpha)_band|stretched ?value|objectid|oid|fid|count)$/i;

/** What a dataset's `fields` say of an attribute, as `fieldSpecs` reads them (params.ts). */
export type FieldLabel = { key: string; label: string; unit?: string };

/**
 * A raster hit's attributes for its card: `shown` are the meaningful ones (those the dataset
 * describes in its fields, and every attribute that is not a technical one), named by the field's
 * label (with unit) where the dataset gives one, so `value_0` reads "Trieda hĺbky". `all` is the
 * whole list under the source's own names for the "Všetky atribúty" disclosure, empty when nothing
 * is held back or renamed. Never hides all.
 */
export function rasterHitValues(values: HitValue[], fields: readonly FieldLabel[] = []): { shown: HitValue[]; all: HitValue[] } {
  const labels = new Map(fields.map((f) => [f.key, fieldLabel(f)]));
  const meaningful = values.filter((v) => v.description !== undefined || !RASTER_TECHNICAL.test(v.label.trim()));
  const kept = meaningful.length ? meaningful : values;
  let renamed = false;
  const shown = kept.map((v) => {
    const label = labels.get(v.label);
    if (!label || label === v.label) return v;
    renamed = true;
    // The API's description of a field without one is its label: no tooltip repeating the name.
    const { description, ...rest } = v;
    return description === undefined || description === label ? { ...rest, label } : { ...rest, label, description };
  });
  return { shown, all: renamed || kept.length < values.length ? values : [] };
}

/** The phone layout of map.css (`@media (max-width: 700px)`): the panel is a bottom sheet. */
export const PHONE_LAYOUT_QUERY = '(max-width: 700px)';
/** The bottom sheet's greatest share of the map's height (map.css: `.what-here { max-height: 45% }`): at least 40 % of a phone screen stays map. */
export const SHEET_SHARE = 0.45;

/** Where above the sheet a revealed point goes, as a share of the map left visible: low in it, below the search box and notes at the top. */
const REVEAL_AT = 0.75;

/**
 * How far (px, downwards positive) to pan a phone's map so that a queried point at `y` shows above
 * the bottom sheet: 0 when it already does (with a 24 px margin), else what brings it to REVEAL_AT
 * of the map above the sheet.
 */
export function revealAboveSheet(y: number, mapHeight: number): number {
  const visible = mapHeight * (1 - SHEET_SHARE);
  return y > visible - 24 || y < 0 ? y - visible * REVEAL_AT : 0;
}

export type CardStatus = 'inside' | 'near' | 'nearest' | 'nothing' | 'unavailable' | 'error';

/**
 * The status a dataset card shows: the point lies in an object, objects are near, nothing in the
 * radius but the nearest object is listed (whole datasets), nothing, no value, failure.
 */
export function cardStatus(e: Pick<NearbyResultEntry, 'status' | 'hits' | 'count'>): CardStatus {
  if (e.status === 'error') return 'error';
  if (e.status === 'unavailable') return 'unavailable';
  if (e.hits.length === 0) return 'nothing';
  if (e.hits.some((h) => h.distance === 0)) return 'inside';
  return e.count === 0 ? 'nearest' : 'near';
}

/** The card's status line in Slovak (a failure from the code table, never the source's own message). */
export function cardStatusText(e: Pick<NearbyResultEntry, 'status' | 'hits'> & Partial<Pick<NearbyResultEntry, 'count' | 'radius' | 'code' | 'provider'>>): string {
  switch (cardStatus(e)) {
    case 'error':
      return `Odpoveď nie je známa. ${failureText(e.code, e.provider)}`;
    case 'unavailable':
      return 'Tento dataset v bode hodnotu nedáva.';
    case 'nothing':
      return e.radius ? `V okruhu ${formatDistance(e.radius)} nič nie je.` : 'V okolí nič nie je.';
    case 'nearest':
      return `V okruhu ${e.radius ? `${formatDistance(e.radius)} ` : ''}nič nie je, najbližší objekt je vzdialený ${formatDistance(e.hits[0].distance)}.`;
    case 'inside':
      return 'Bod leží v oblasti.';
    case 'near': {
      const n = e.count ?? e.hits.length;
      return `V okolí: ${formatCount(n, 'objekt', 'objekty', 'objektov')}.`;
    }
  }
}

/** "48,7 N, 19,1 E": the point in the panel's name, 4 decimals (≈ 10 m). */
export function formatPoint(lon: number, lat: number): string {
  const f = (n: number) => Math.abs(n).toFixed(4).replace('.', ',');
  return `${f(lat)} ${lat >= 0 ? 'N' : 'S'}, ${f(lon)} ${lon >= 0 ? 'E' : 'W'}`;
}
