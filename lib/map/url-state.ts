// The map's state lives in its URL exactly as the spec writes map links:
//   ?d=<provider>/<dataset>&d=...&<provider>/<dataset>.<param>=<value>#<zoom>/<lat>/<lon>
// Only differences from the page's defaults are written: on the home page nothing is enabled by
// default; on a dataset page or a composed map `d` is left out while the selection equals the
// page's own, and once it differs `d` lists the whole selection (`?d=` alone = nothing enabled).
// A parameter is written only when it differs from its default. Pure functions, no DOM.
//
// Two extra parameters the website adds to the spec's map link: `miesto=<lon>,<lat>,<name>`, the
// place found with the map's place search (its marker), and `bod=<lon>,<lat>`, the point whose
// "Čo je tu?" panel is open, so a shared link or a reload opens the same answer. Neither moves the
// view by itself: the fragment does; without a fragment the map opens centred on the point or the
// place (PLACE_ZOOM).
import { ID_SOURCE, isDatasetKey, PARAM_NAME_SOURCE } from '@/lib/protocol/shared/keys';
import type { MapView } from './types';

/** A place picked in the place search: its marker and name travel in `?miesto=`. */
export interface MapPlace {
  lon: number;
  lat: number;
  name: string;
}

/** The query parameter of the searched place. */
const PLACE_PARAM = 'miesto';
/** The query parameter of the point whose "Čo je tu?" panel is open. */
export const POINT_PARAM = 'bod';
/** Zoom a map opened from a link with `miesto` or `bod` and no fragment starts at. */
export const PLACE_ZOOM = 14;

export interface MapState {
  /** Enabled dataset keys, in drawing order (first drawn lowest). */
  datasets: string[];
  /** Parameter values per dataset key, in wire format. Holds only values set away from defaults. */
  params: Record<string, Record<string, string>>;
  view: MapView;
  /** The searched place (`?miesto=`), if any. */
  place?: MapPlace | null;
  /** The point of the open "Čo je tu?" panel (`?bod=`), if any. */
  point?: MapPoint | null;
}

export interface MapPoint {
  lon: number;
  lat: number;
}

export interface MapDefaults {
  datasets: string[];
  /** Default parameter values per dataset key (the dataset's own defaults, or a composed map's). */
  params: Record<string, Record<string, string>>;
  view: MapView;
}

export const SLOVAKIA_VIEW: MapView = { zoom: 7, lat: 48.7, lon: 19.5 };

const PARAM_RE = new RegExp(`^(${ID_SOURCE}/${ID_SOURCE})\\.(${PARAM_NAME_SOURCE})$`);

export { isDatasetKey };

/** Zoom with 2 decimals, coordinates with precision growing with the zoom (≈ 1 m at street level). */
export function roundView(v: MapView): MapView {
  const zoom = Math.round(clamp(v.zoom, 0, 24) * 100) / 100;
  const digits = zoom >= 15 ? 5 : zoom >= 10 ? 4 : 3;
  const f = 10 ** digits;
  // `+ 0` turns -0 into 0 so a rounded view always compares equal to its parsed form.
  return {
    zoom: zoom + 0,
    lat: Math.round(clamp(v.lat, -85.0511, 85.0511) * f) / f + 0,
    lon: Math.round(clamp(v.lon, -180, 180) * f) / f + 0,
  };
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

export function parseHash(hash: string): MapView | null {
  const m = /^#?(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)$/.exec(hash.trim());
  if (!m) return null;
  const [zoom, lat, lon] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (zoom < 0 || zoom > 24 || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { zoom, lat, lon };
}

function formatHash(v: MapView): string {
  const r = roundView(v);
  return `#${r.zoom}/${r.lat}/${r.lon}`;
}

/** Reads a map URL's query and fragment against the page's defaults. Unknown or malformed parts are ignored. */
export function parseMapState(search: string, hash: string, defaults: MapDefaults): MapState {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  let datasets: string[];
  if (q.has('d')) {
    const seen = new Set<string>();
    datasets = [];
    for (const raw of q.getAll('d')) {
      // `d=a/b,c/d` is accepted too, as people shorten links by hand.
      for (const key of raw.split(',').map((s) => s.trim())) {
        if (isDatasetKey(key) && !seen.has(key)) {
          seen.add(key);
          datasets.push(key);
        }
      }
    }
  } else {
    datasets = [...defaults.datasets];
  }
  const params: Record<string, Record<string, string>> = {};
  for (const [name, value] of q) {
    const m = PARAM_RE.exec(name);
    if (!m || !datasets.includes(m[1])) continue;
    const [, key, param] = m;
    if (defaults.params[key]?.[param] === value) continue;
    (params[key] ??= {})[param] = value;
  }
  const place = parsePlace(q.get(PLACE_PARAM));
  const parsedPoint = parsePlace(q.get(POINT_PARAM));
  const point = parsedPoint ? { lon: parsedPoint.lon, lat: parsedPoint.lat } : null;
  const centre = point ?? place;
  const view = parseHash(hash) ?? (centre ? { zoom: PLACE_ZOOM, lat: centre.lat, lon: centre.lon } : defaults.view);
  return { datasets, params, view, ...(place ? { place } : {}), ...(point ? { point } : {}) };
}

/** `<lon>,<lat>,<name>` (the name may contain commas) -> place; anything malformed -> null. */
export function parsePlace(raw: string | null | undefined): MapPlace | null {
  if (!raw) return null;
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)(?:\s*,(.*))?$/s.exec(raw);
  if (!m) return null;
  // `+ 0`: "-0.000000" is the same point as 0.
  const lon = Number(m[1]) + 0;
  const lat = Number(m[2]) + 0;
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return null;
  const name = (m[3] ?? '').trim().slice(0, 200);
  return { lon, lat, name };
}

/** The value of `?miesto=`: coordinates to 6 decimals (≈ 0.1 m), then the name. */
export function formatPlace(p: MapPlace): string {
  const name = p.name.trim();
  return `${formatPointParam(p)}${name ? `,${name}` : ''}`;
}

/** The value of `?bod=`: coordinates to 6 decimals (≈ 0.1 m). */
export function formatPointParam(p: MapPoint): string {
  const r = (n: number) => Math.round(n * 1e6) / 1e6 + 0;
  return `${r(p.lon)},${r(p.lat)}`;
}

// Keeps `/` and `,` readable in links (`?d=priklady/body`), everything else encoded.
function enc(s: string): string {
  return encodeURIComponent(s).replace(/%2F/gi, '/').replace(/%2C/gi, ',');
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Writes the state as `{ search, hash }` holding only what differs from the defaults. */
export function serializeMapState(state: MapState, defaults: MapDefaults): { search: string; hash: string } {
  const parts: string[] = [];
  if (!sameList(state.datasets, defaults.datasets)) {
    if (state.datasets.length === 0) parts.push('d=');
    for (const key of state.datasets) parts.push(`d=${enc(key)}`);
  }
  for (const key of state.datasets) {
    const set = state.params[key];
    if (!set) continue;
    for (const param of Object.keys(set).sort()) {
      const value = set[param];
      if (value === undefined || defaults.params[key]?.[param] === value) continue;
      parts.push(`${enc(key)}.${enc(param)}=${enc(value)}`);
    }
  }
  if (state.place) parts.push(`${PLACE_PARAM}=${enc(formatPlace(state.place))}`);
  if (state.point) parts.push(`${POINT_PARAM}=${enc(formatPointParam(state.point))}`);
  const view = roundView(state.view);
  const def = roundView(defaults.view);
  const sameView = view.zoom === def.zoom && view.lat === def.lat && view.lon === def.lon;
  return { search: parts.length ? `?${parts.join('&')}` : '', hash: sameView ? '' : formatHash(view) };
}

/** The effective parameter values of one dataset: defaults overlaid with the state's values. */
export function effectiveParams(state: MapState, defaults: MapDefaults, key: string): Record<string, string> {
  return { ...(defaults.params[key] ?? {}), ...(state.params[key] ?? {}) };
}

/** Sets one parameter; a value equal to the default is removed so the URL stays minimal. */
export function withParam(state: MapState, defaults: MapDefaults, key: string, param: string, value: string): MapState {
  const current = { ...(state.params[key] ?? {}) };
  if (defaults.params[key]?.[param] === value) delete current[param];
  else current[param] = value;
  const params = { ...state.params };
  if (Object.keys(current).length) params[key] = current;
  else delete params[key];
  return { ...state, params };
}

/** Toggles a dataset; turning one off forgets its parameters. */
export function withDataset(state: MapState, key: string, enabled: boolean): MapState {
  const has = state.datasets.includes(key);
  if (enabled === has) return state;
  if (enabled) return { ...state, datasets: [...state.datasets, key] };
  const params = { ...state.params };
  delete params[key];
  return { ...state, datasets: state.datasets.filter((k) => k !== key), params };
}

/** An absolute or root-relative map link for a selection (the spec's map link form). */
export function mapLink(
  path: string,
  state: MapState,
  defaults: MapDefaults,
): string {
  const { search, hash } = serializeMapState(state, defaults);
  return `${path}${search}${hash}`;
}
