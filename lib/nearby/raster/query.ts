// The point query of a raster dataset: derive the service request from the tile template, ask the
// source (through the guarded client), and turn its answer into hits that keep the source's
// attribute names, with `description` and `legend` to read codes.
import { isFetchError, safeFetch, type FetchResult } from '@/lib/sources';
import { fieldLabel } from '@/lib/protocol/shared/fields';
import type { FieldDef, LegendEntry, ManifestDataset, RasterPresentation, RasterSource } from '@/lib/protocol/types';
import type { Scalar } from '../describe';
import type { HitValue, NearbyHit, NearbyLegendEntry } from '../schema';
import { imageIdentifyUrl, imageLegendUrl, mapIdentifyUrl, parseImageIdentify, parseImageLegend, parseMapIdentify, parseRasterAttributeTable, rasterAttributeTableUrl } from './arcgis';
import { pointQueryFor, type ArcGisImageQuerySpec, type WmsQuerySpec } from './template';
import {
  capabilitiesUrl,
  rankInfoFormats,
  DEFAULT_FORMAT_TRIALS,
  getFeatureInfoUrl,
  parseCapabilities,
  parseFeatureInfo,
  SourceAnswerError,
  type SourceFeature,
  type WmsCapabilities,
} from './wms';

/** Zoom the point query pretends to be drawn at (scale-dependent layers answer at their scale). */
const RASTER_QUERY_ZOOM = 16;
const INFO_MAX_BYTES = 2 * 1024 * 1024;
const CAPABILITIES_MAX_BYTES = 10 * 1024 * 1024;
const SERVICE_META_TTL_MS = 60 * 60 * 1000;
const SERVICE_META_FAILURE_TTL_MS = 5 * 60 * 1000;
/** The class table sent with a result is for reading codes, not a dump of the service. */
const MAX_LEGEND_ENTRIES = 100;

export interface RasterAnswer {
  status: 'ok' | 'unavailable' | 'error';
  count?: number;
  hits: NearbyHit[];
  notice?: string;
  legend?: NearbyLegendEntry[];
  error?: string;
  code?: string;
}

/** A failure of the source, reported on the dataset's entry (never a failed answer). */
export class RasterSourceError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The source's HTTP status for `http_error`. */
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'RasterSourceError';
  }
}

// --- service metadata cache (capabilities, class tables), per service URL ---

interface MetaEntry<T> {
  at: number;
  ttl: number;
  value: Promise<T | null>;
}
const metaCache = new Map<string, MetaEntry<unknown>>();
const META_CACHE_MAX = 500;

/** Memoises a metadata lookup; a failure is remembered briefly as null (callers fall back). */
function cachedMeta<T>(key: string, load: () => Promise<T>): Promise<T | null> {
  const now = Date.now();
  const hit = metaCache.get(key) as MetaEntry<T> | undefined;
  if (hit && now - hit.at < hit.ttl) return hit.value;
  const entry: MetaEntry<T> = { at: now, ttl: SERVICE_META_TTL_MS, value: Promise.resolve(null) };
  entry.value = load().catch(() => {
    entry.ttl = SERVICE_META_FAILURE_TTL_MS;
    return null;
  });
  if (metaCache.size >= META_CACHE_MAX) metaCache.delete(metaCache.keys().next().value as string);
  metaCache.set(key, entry as MetaEntry<unknown>);
  return entry.value;
}

/** Forgets cached capabilities and class tables (tests that change a service between cases). */
export function clearRasterServiceCache(): void {
  metaCache.clear();
  workingFormat.clear();
}

function remaining(deadline: number): number {
  return Math.max(500, deadline - Date.now());
}

async function fetchText(url: string, deadline: number, maxBytes: number): Promise<{ text: string; result: FetchResult }> {
  let result: FetchResult;
  try {
    result = await safeFetch(url, { timeoutMs: remaining(deadline), maxBytes });
  } catch (err) {
    if (isFetchError(err)) throw new RasterSourceError(err.code, err.message, err.status);
    throw err;
  }
  if (result.status < 200 || result.status > 299) {
    throw new RasterSourceError('http_error', `Zdroj odpovedal HTTP ${result.status}.`, result.status);
  }
  return { text: result.body.toString('utf8'), result };
}

// --- reading codes ---

/** Attribute names under which services report a raster cell's value. */
const PIXEL_KEYS = /^(value|value_0|value_list|pixel ?value|gray_index|palette_index|band_?1|class_?value|hodnota)$/i;

function codeKey(v: Scalar): string[] {
  if (v === null) return [];
  const s = String(v).trim();
  const n = Number(s);
  return Number.isFinite(n) && s !== '' ? [s, String(n)] : [s];
}

function legendTable(entries: LegendEntry[] | undefined): Map<string, string> {
  const m = new Map<string, string>();
  for (const e of entries ?? []) if (e.value !== undefined && e.label) for (const k of codeKey(e.value)) m.set(k, e.label);
  return m;
}

function lookup(table: Map<string, string>, v: Scalar): string | undefined {
  for (const k of codeKey(v)) {
    const hit = table.get(k);
    if (hit) return hit;
  }
  return undefined;
}

/** Hits from source features: attribute names as the source writes them, codes read where possible. */
function toRasterHits(
  dataset: ManifestDataset,
  features: SourceFeature[],
  options: { classTable?: Map<string, string>; layerTitles?: Map<string, string | undefined>; max: number },
): NearbyHit[] {
  const fields = new Map<string, FieldDef>((dataset.fields ?? []).map((f) => [f.key, f]));
  const legend = legendTable((dataset.presentation as RasterPresentation | undefined)?.legend);
  for (const [k, v] of options.classTable ?? []) if (!legend.has(k)) legend.set(k, v);
  return features.slice(0, options.max).map((f) => {
    const values: HitValue[] = f.attrs.map(([label, value]) => {
      const out: HitValue = { label, value };
      const field = fields.get(label);
      if (field) {
        const desc = field.description ?? (field.label !== label ? fieldLabel(field) : undefined);
        if (desc) out.description = desc;
        const code = value === null ? undefined : field.values?.[String(value)];
        if (code) out.legend = code;
      }
      if (!out.legend && PIXEL_KEYS.test(label)) {
        const l = lookup(legend, value);
        if (l) out.legend = l;
      }
      return out;
    });
    const title = (f.layer && options.layerTitles?.get(f.layer)) || f.layer || dataset.title;
    return { title, distance: 0, values };
  });
}

function legendList(dataset: ManifestDataset, classTable?: Map<string, string>): NearbyLegendEntry[] | undefined {
  const out: NearbyLegendEntry[] = [];
  const seen = new Set<string>();
  for (const e of (dataset.presentation as RasterPresentation | undefined)?.legend ?? []) {
    if (e.value === undefined) continue;
    seen.add(String(e.value));
    out.push({ value: e.value, label: e.label });
  }
  for (const [value, label] of classTable ?? []) {
    if (seen.has(value)) continue;
    seen.add(value);
    out.push({ value: /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value, label });
  }
  return out.length ? out.slice(0, MAX_LEGEND_ENTRIES) : undefined;
}

// --- one answer per feature ---

/** MapServer's attributes of a raster cell: its centre (`x`, `y`) next to the value (`value_0`, `value_list`). */
const CELL_POSITION = /^(x|y)$/i;
const CELL_VALUE = /^(value_\d+|value_list)$/i;

function isRasterCell(f: SourceFeature): boolean {
  return f.attrs.some(([k]) => CELL_VALUE.test(k)) && f.attrs.filter(([k]) => CELL_POSITION.test(k)).length === 2;
}

/**
 * The features of one answer without repeats. MapServer answers a raster layer with every cell its
 * query box around the clicked pixel touches: a click a few metres from a cell border gets both
 * cells, a corner four, each with its own centre (`x`, `y`) but, inside one class, the same value.
 * Cells of one layer that differ only in their centre are one answer at the point, and features of
 * one layer with identical attributes read the same to anyone; the first of each is kept. Cells
 * with different values (a click on a class border) and distinct features stay.
 */
function distinctFeatures(features: SourceFeature[]): SourceFeature[] {
  const seen = new Set<string>();
  return features.filter((f) => {
    const attrs = isRasterCell(f) ? f.attrs.filter(([k]) => !CELL_POSITION.test(k)) : f.attrs;
    const key = JSON.stringify([f.layer ?? null, attrs]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The entry of a source's answer: its distinct features as hits, with the legend used. */
function okAnswer(
  dataset: ManifestDataset,
  reported: SourceFeature[],
  options: { classTable?: Map<string, string>; layerTitles?: Map<string, string | undefined>; max: number },
): RasterAnswer {
  const features = distinctFeatures(reported);
  return { status: 'ok', count: features.length, hits: toRasterHits(dataset, features, options), legend: legendList(dataset, options.classTable) };
}

// --- the query per service kind ---

/** The zoom the query is made at, kept within the dataset's drawn zoom range. */
function rasterQueryZoom(dataset: ManifestDataset): number {
  const src = dataset.source as RasterSource;
  const lo = Math.max(src.minZoom ?? 0, dataset.coverage?.minZoom ?? 0);
  const hi = Math.min(src.maxZoom ?? 24, dataset.coverage?.maxZoom ?? 24);
  return Math.max(lo, Math.min(hi, RASTER_QUERY_ZOOM));
}

/**
 * Which INFO_FORMAT answered last per service and layers: a format a service lists but cannot
 * produce for these layers (MapServer's GeoJSON for several layers at once) is skipped next time.
 */
const workingFormat = new Map<string, string>();

async function queryWms(spec: WmsQuerySpec, dataset: ManifestDataset, lon: number, lat: number, max: number, deadline: number): Promise<RasterAnswer> {
  const capsUrl = capabilitiesUrl(spec);
  const caps = await cachedMeta<WmsCapabilities>(`wms:${capsUrl}`, async () => {
    const { text } = await fetchText(capsUrl, deadline, CAPABILITIES_MAX_BYTES);
    return parseCapabilities(text);
  });
  let formats: string[];
  if (caps) {
    const requested = spec.layers.split(',').map((s) => s.trim()).filter(Boolean);
    const known = requested.filter((l) => caps.layers.has(l));
    if (known.length && known.every((l) => !caps.layers.get(l)!.queryable)) {
      return { status: 'unavailable', hits: [], notice: 'Vrstvy tejto služby WMS nepodporujú dopyt v bode (GetFeatureInfo).' };
    }
    const readable = rankInfoFormats(caps.infoFormats);
    if (caps.infoFormats.length && !readable.length) {
      return { status: 'unavailable', hits: [], notice: 'Služba WMS neposkytuje hodnoty v bode v čitateľnom formáte (JSON, GML ani text).' };
    }
    formats = readable.length ? readable : DEFAULT_FORMAT_TRIALS;
  } else {
    formats = DEFAULT_FORMAT_TRIALS;
  }
  const formatKey = `${capsUrl}|${spec.layers}`;
  const known = workingFormat.get(formatKey);
  if (known && formats.includes(known)) formats = [known, ...formats.filter((f) => f !== known)];
  const zoom = rasterQueryZoom(dataset);
  const titles = new Map<string, string | undefined>();
  for (const [name, info] of caps?.layers ?? []) titles.set(name, info.title);
  let lastError: RasterSourceError | null = null;
  for (const format of formats) {
    try {
      const { text, result } = await fetchText(getFeatureInfoUrl(spec, lon, lat, zoom, format, max), deadline, INFO_MAX_BYTES);
      const features = parseFeatureInfo(text, result.headers['content-type'] ?? '');
      workingFormat.set(formatKey, format);
      return okAnswer(dataset, features, { layerTitles: titles, max });
    } catch (err) {
      // A refused or unreadable format is worth another format; a source that is down is not.
      if (err instanceof SourceAnswerError) lastError = new RasterSourceError('source_error', err.message);
      else if (err instanceof RasterSourceError && err.code === 'http_error') lastError = err;
      else throw err;
    }
  }
  throw lastError ?? new RasterSourceError('source_error', 'Služba WMS neodpovedala na dopyt v bode.');
}

async function classTableFor(spec: ArcGisImageQuerySpec, deadline: number): Promise<Map<string, string>> {
  const table = await cachedMeta<Map<string, string>>(`image-classes:${spec.serviceUrl}`, async () => {
    try {
      const { text } = await fetchText(rasterAttributeTableUrl(spec), deadline, INFO_MAX_BYTES);
      const rat = parseRasterAttributeTable(text);
      if (rat.size) return rat;
    } catch {
      // Many image services have no attribute table; their legend may still name the classes.
    }
    const { text } = await fetchText(imageLegendUrl(spec), deadline, INFO_MAX_BYTES);
    return parseImageLegend(text);
  });
  return table ?? new Map();
}

/**
 * What the raster dataset shows at the point. Coverage and image-only templates give
 * `unavailable`; source failures throw RasterSourceError (the caller puts them on the entry).
 */
export async function queryRasterPoint(dataset: ManifestDataset, lon: number, lat: number, max: number, deadline: number): Promise<RasterAnswer> {
  const spec = pointQueryFor((dataset.source as RasterSource).tiles);
  switch (spec.kind) {
    case 'none':
      return { status: 'unavailable', hits: [], notice: spec.reason };
    case 'wms':
      return queryWms(spec, dataset, lon, lat, max, deadline);
    case 'arcgis-map': {
      const { text } = await fetchText(mapIdentifyUrl(spec, lon, lat, rasterQueryZoom(dataset)), deadline, INFO_MAX_BYTES);
      const features = parseSourceAnswer(() => parseMapIdentify(text, spec.hiddenLayerIds));
      return okAnswer(dataset, features, { max });
    }
    case 'arcgis-image': {
      const [{ text }, classTable] = await Promise.all([
        fetchText(imageIdentifyUrl(spec, lon, lat), deadline, INFO_MAX_BYTES),
        classTableFor(spec, deadline),
      ]);
      const features = parseSourceAnswer(() => parseImageIdentify(text));
      return okAnswer(dataset, features, { classTable, max });
    }
  }
}

function parseSourceAnswer(parse: () => SourceFeature[]): SourceFeature[] {
  try {
    return parse();
  } catch (err) {
    if (err instanceof SourceAnswerError) throw new RasterSourceError('source_error', err.message);
    throw err;
  }
}
