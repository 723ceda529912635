// How the portal talks to a provider's data endpoint: the dataset parameters in their protocol
// value formats, the bbox aligned to the tile grid (so neighbouring viewports share cache entries)
// and the final request URL. Pure functions; the data proxy, the live test and the validator share them.
import { ApiError } from '@/lib/errors';
import { MAX_FEATURES, MAX_ZOOM, type Manifest, type ManifestDataset, type ParamDef } from './types';

export type Bbox = [number, number, number, number];

/** Web Mercator's latitude limit: the XYZ tile grid ends here. */
const MAX_MERCATOR_LAT = 85.0511287798066;
/** Coordinates this close to a tile edge are on it (keeps alignment idempotent after rounding). */
const ON_GRID_DEGREES = 2e-7;
/** Aligned coordinates are written with 7 decimals (about 1 cm), rounded outward. */
const DECIMALS = 7;
const SCALE = 10 ** DECIMALS;

const MAX_TEXT_PARAM = 200;

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

function lonToTileX(lon: number, n: number): number {
  return ((clamp(lon, -180, 180) + 180) / 360) * n;
}

function latToTileY(lat: number, n: number): number {
  const rad = (clamp(lat, -MAX_MERCATOR_LAT, MAX_MERCATOR_LAT) * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
}

function tileXToLon(x: number, n: number): number {
  return (x / n) * 360 - 180;
}

function tileYToLat(y: number, n: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
}

/**
 * Index of the tile grid line at or beyond `coord` in direction `dir`. A coordinate within 2e-7°
 * (2 cm) of a grid line is on it, so aligning an aligned (7-decimal) bbox changes nothing.
 */
function gridLine(coord: number, n: number, toTile: (c: number, n: number) => number, fromTile: (t: number, n: number) => number, dir: 'down' | 'up'): number {
  const t = toTile(coord, n);
  const r = Math.round(t);
  if (Math.abs(fromTile(r, n) - coord) <= ON_GRID_DEGREES) return r;
  return dir === 'down' ? Math.floor(t) : Math.ceil(t);
}

const floorTo = (v: number) => Math.floor(v * SCALE + 1e-9) / SCALE;
const ceilTo = (v: number) => Math.ceil(v * SCALE - 1e-9) / SCALE;

/** Integer zoom used for tile alignment (fractional map zooms round down). */
export function tileZoom(zoom: number): number {
  return clamp(Math.floor(Number.isFinite(zoom) ? zoom : 0), 0, MAX_ZOOM);
}

/**
 * Grows `[minLon, minLat, maxLon, maxLat]` outward to the edges of the XYZ (Web Mercator) tiles of
 * `zoom` that it touches. A degenerate box (a point) becomes its tile. Idempotent.
 */
export function alignBboxToTiles(bbox: Bbox, zoom: number): Bbox {
  const z = tileZoom(zoom);
  const n = 2 ** z;
  const [minLon, minLat, maxLon, maxLat] = bbox;
  const west = clamp(Math.min(minLon, maxLon), -180, 180);
  const east = clamp(Math.max(minLon, maxLon), -180, 180);
  const north = clamp(Math.max(minLat, maxLat), -MAX_MERCATOR_LAT, MAX_MERCATOR_LAT);
  const south = clamp(Math.min(minLat, maxLat), -MAX_MERCATOR_LAT, MAX_MERCATOR_LAT);
  let x0 = gridLine(west, n, lonToTileX, tileXToLon, 'down');
  let x1 = gridLine(east, n, lonToTileX, tileXToLon, 'up');
  // Tile rows count from the north.
  let y0 = gridLine(north, n, latToTileY, tileYToLat, 'down');
  let y1 = gridLine(south, n, latToTileY, tileYToLat, 'up');
  if (x1 <= x0) x1 = x0 + 1;
  if (y1 <= y0) y1 = y0 + 1;
  if (x1 > n) [x0, x1] = [Math.max(0, n - (x1 - x0)), n];
  if (y1 > n) [y0, y1] = [Math.max(0, n - (y1 - y0)), n];
  return [
    clamp(floorTo(tileXToLon(x0, n)), -180, 180),
    clamp(floorTo(tileYToLat(y1, n)), -90, 90),
    clamp(ceilTo(tileXToLon(x1, n)), -180, 180),
    clamp(ceilTo(tileYToLat(y0, n)), -90, 90),
  ];
}

/** A number as a short decimal string without exponent. */
export function formatCoordinate(v: number): string {
  const s = v.toFixed(DECIMALS).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

export function formatBbox(bbox: Bbox): string {
  return bbox.map(formatCoordinate).join(',');
}

// ---------------------------------------------------------------------------------------------
// Parameter values

export type ParamCheck = { ok: true; value: string } | { ok: false; reason: string };

const NUMBER_RE = /^-?\d+(\.\d+)?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isValidDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function numeric(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function dateBound(v: unknown): string | undefined {
  return typeof v === 'string' && isValidDate(v) ? v : undefined;
}

function splitPair(raw: string): [string, string] | null {
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.length === 1 && parts[0] !== '') return [parts[0], parts[0]];
  if (parts.length === 2 && parts[0] !== '' && parts[1] !== '') return [parts[0], parts[1]];
  return null;
}

function canonicalNumber(s: string): string {
  return String(Number(s));
}

/**
 * Checks one raw value against a parameter definition and returns it in canonical wire form:
 * enum `a`; multi-enum `a,b` (deduplicated, sorted; empty = nothing selected); range `from,to`
 * (a single number n means `n,n`); date-range `YYYY-MM-DD,YYYY-MM-DD`; number; text.
 */
export function checkParamValue(param: ParamDef, raw: string): ParamCheck {
  const value = raw.trim();
  const options = Array.isArray(param.options) ? param.options.map((o) => o?.value) : [];
  const optionList = () => options.join(', ');
  switch (param.type) {
    case 'enum':
      if (!options.includes(value)) return { ok: false, reason: `"${value}" is not one of: ${optionList()}` };
      return { ok: true, value };
    case 'multi-enum': {
      const picked = [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))];
      const bad = picked.find((p) => !options.includes(p));
      if (bad !== undefined) return { ok: false, reason: `"${bad}" is not one of: ${optionList()}` };
      return { ok: true, value: picked.sort().join(',') };
    }
    case 'range': {
      const pair = splitPair(value);
      if (!pair || !NUMBER_RE.test(pair[0]) || !NUMBER_RE.test(pair[1])) {
        return { ok: false, reason: `expected "from,to" with two numbers, got "${value}"` };
      }
      const [from, to] = pair.map(Number);
      if (from > to) return { ok: false, reason: `from (${from}) is greater than to (${to})` };
      const min = numeric(param.min);
      const max = numeric(param.max);
      if (min !== undefined && from < min) return { ok: false, reason: `${from} is below the minimum ${min}` };
      if (max !== undefined && to > max) return { ok: false, reason: `${to} is above the maximum ${max}` };
      return { ok: true, value: `${canonicalNumber(pair[0])},${canonicalNumber(pair[1])}` };
    }
    case 'date-range': {
      const pair = splitPair(value);
      if (!pair || !isValidDate(pair[0]) || !isValidDate(pair[1])) {
        return { ok: false, reason: `expected "YYYY-MM-DD,YYYY-MM-DD", got "${value}"` };
      }
      const [from, to] = pair;
      if (from > to) return { ok: false, reason: `from (${from}) is after to (${to})` };
      const min = dateBound(param.min);
      const max = dateBound(param.max);
      if (min !== undefined && from < min) return { ok: false, reason: `${from} is before the minimum ${min}` };
      if (max !== undefined && to > max) return { ok: false, reason: `${to} is after the maximum ${max}` };
      return { ok: true, value: `${from},${to}` };
    }
    case 'number': {
      if (!NUMBER_RE.test(value)) return { ok: false, reason: `expected a number, got "${value}"` };
      const n = Number(value);
      const min = numeric(param.min);
      const max = numeric(param.max);
      if (min !== undefined && n < min) return { ok: false, reason: `${n} is below the minimum ${min}` };
      if (max !== undefined && n > max) return { ok: false, reason: `${n} is above the maximum ${max}` };
      return { ok: true, value: canonicalNumber(value) };
    }
    case 'text':
      if (value.length > MAX_TEXT_PARAM) return { ok: false, reason: `longer than ${MAX_TEXT_PARAM} characters` };
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(value)) return { ok: false, reason: 'contains control characters' };
      return { ok: true, value };
    default:
      return { ok: false, reason: `unknown parameter type "${String((param as { type?: unknown }).type)}"` };
  }
}

/** A manifest `default` (string, number or array) in wire form, or undefined when it has none. */
export function paramDefaultToWire(def: ParamDef['default']): string | undefined {
  if (def === undefined || def === null) return undefined;
  if (Array.isArray(def)) return def.map((v) => String(v)).join(',');
  if (typeof def === 'number' || typeof def === 'string') return String(def);
  return undefined;
}

/** Checks a parameter's `default` (used by the manifest validator for `invalid_default`). */
export function checkParamDefault(param: ParamDef): ParamCheck | null {
  if (param.default === undefined) return null;
  const d = param.default as unknown;
  const arrayOk = param.type === 'multi-enum' || param.type === 'range' || param.type === 'date-range';
  if (Array.isArray(d) && !arrayOk) return { ok: false, reason: `an array is not a valid default of a ${param.type} parameter` };
  if (Array.isArray(d) && (param.type === 'range' || param.type === 'date-range') && d.length !== 2) {
    return { ok: false, reason: `expected [from, to], got ${d.length} values` };
  }
  if (typeof d === 'number' && (param.type === 'enum' || param.type === 'multi-enum' || param.type === 'date-range')) {
    return { ok: false, reason: `a number is not a valid default of a ${param.type} parameter` };
  }
  const wire = paramDefaultToWire(param.default);
  if (wire === undefined) return { ok: false, reason: 'default must be a string, a number or an array' };
  return checkParamValue(param, wire);
}

/**
 * The dataset's parameters from a query: omitted (or empty) ones get their default, present ones
 * are checked and written canonically. Keys that are not parameters of the dataset are ignored
 * (bbox, zoom, cursor and the like travel in the same query). Throws `invalid_query` naming the
 * parameter.
 */
export function normalizeParams(dataset: ManifestDataset, input: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const param of dataset.params ?? []) {
    const raw = Object.prototype.hasOwnProperty.call(input, param.key) ? input[param.key] : undefined;
    const omitted = raw === undefined || (raw.trim() === '' && param.type !== 'multi-enum');
    if (omitted) {
      const def = checkParamDefault(param);
      // An invalid default is the provider's mistake (reported by the validator); send nothing.
      if (def?.ok) out[param.key] = def.value;
      continue;
    }
    const checked = checkParamValue(param, raw);
    if (!checked.ok) {
      throw new ApiError('invalid_query', `Parameter "${param.key}" (${param.label}): ${checked.reason}.`);
    }
    out[param.key] = checked.value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Request URL

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

function encodeQueryValue(v: string): string {
  // Commas are legal in a query and keep `bbox=a,b,c,d` and `a,b` values readable.
  return encodeURIComponent(v).replace(/%2C/gi, ',');
}

/**
 * The URL the portal requests from a GeoJSON source: the source URL with its own query kept, plus
 * (mode `bbox`) the bbox aligned outward to the tile grid at the integer zoom and that zoom, `limit`
 * (source.maxFeatures or 5000), `cursor`, and the dataset parameters sorted by key, so equal
 * queries give equal URLs (cache keys).
 */
export function sourceRequestUrl(
  dataset: ManifestDataset,
  absoluteSourceUrl: string,
  q: { bbox?: Bbox; zoom?: number; cursor?: string; params: Record<string, string> },
): string {
  const url = new URL(absoluteSourceUrl);
  const source = dataset.source;
  const added: Array<[string, string]> = [];
  if (source.type === 'geojson' && source.mode === 'bbox' && q.bbox) {
    const z = tileZoom(q.zoom ?? 0);
    added.push(['bbox', formatBbox(alignBboxToTiles(q.bbox, z))], ['zoom', String(z)]);
  }
  const limit = source.type === 'geojson' && source.maxFeatures ? source.maxFeatures : MAX_FEATURES;
  added.push(['limit', String(limit)]);
  if (q.cursor) added.push(['cursor', q.cursor]);
  for (const key of Object.keys(q.params).sort()) added.push([key, q.params[key]]);

  const ours = new Set(added.map(([k]) => k));
  // The provider's own query survives byte for byte, except keys the portal sets itself.
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !ours.has(safeDecode(pair.split('=')[0])));
  const query = [...kept, ...added.map(([k, v]) => `${encodeQueryValue(k)}=${encodeQueryValue(v)}`)].join('&');
  url.search = '';
  const hash = url.hash;
  url.hash = '';
  return `${url.toString()}?${query}${hash}`;
}

/** The manifest with relative GeoJSON source URLs made absolute against the manifest's address. */
export function resolveSourceUrls(manifest: Manifest, manifestUrl: string): Manifest {
  if (!Array.isArray(manifest.datasets)) return manifest;
  return {
    ...manifest,
    datasets: manifest.datasets.map((ds) => {
      if (!ds || typeof ds !== 'object' || !ds.source || ds.source.type !== 'geojson' || typeof ds.source.url !== 'string') return ds;
      try {
        return { ...ds, source: { ...ds.source, url: new URL(ds.source.url, manifestUrl).href } };
      } catch {
        return ds; // left as is; fetching it reports invalid_url
      }
    }),
  };
}
