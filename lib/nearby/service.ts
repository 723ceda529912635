// GET /api/nearby and the MCP `nearby` tool: what is at and around a point, per dataset. Every
// dataset is asked concurrently and answers on its own entry: a failing source gives that entry
// `status: error` with its code, never a failed answer.
import { env } from '@/lib/env';
import { ApiError, isApiError } from '@/lib/errors';
import { recordSourceRequest } from '@/lib/health/record';
import { logger } from '@/lib/observability/log';
import { locatePoint, searchPlaces, type PointLocation } from '@/lib/places';
import { findServedDataset, isSampleDataset, listApprovedDatasets, sourceFailureInfo, type ServedDataset } from '@/lib/providers';
import { categorySuggestions } from '@/lib/providers/keywords';
import type { CategorySuggestion } from '@/lib/providers/schema';
import { refuseUnknownNames } from '@/lib/operation/define';
import { swappedPointHint } from '@/lib/operation/fields';
import { normalizeParams } from '@/lib/protocol';
import type { ManifestDataset } from '@/lib/protocol/types';
import type { Bbox } from '@/lib/protocol/shared/geo';
import { bboxContains, groundResolution } from './geo';
import { checkNearbyInput, type NearbyInput, type NearbyRequest, type NearbySelectionRequest } from './query';
import { queryRasterPoint, RasterSourceError } from './raster/query';
import { selectDatasets, type Selection } from './selection';
import type { NearbyResult, NearbyResultEntry, NearbySelected, NearbySelectionResult } from './schema';
import { queryVectorPoint } from './vector';

/** Budget of one dataset's raster point query (capabilities + query), as the spec's source time-out. */
const SOURCE_BUDGET_MS = 10_000;
const MAP_HALF_WIDTH_PX = 300;

const DISPLAY_ONLY_NOTICE = 'Portál tento dataset iba zobrazuje na mape; jeho údaje poskytuje pôvodná služba.';
const OUTSIDE_COVERAGE_NOTICE = 'Bod leží mimo územia, ktoré dataset pokrýva.';

function entryBase(served: ServedDataset): NearbyResultEntry {
  const entry: NearbyResultEntry = {
    dataset: served.key,
    title: served.dataset.title,
    provider: served.provider.name,
    attribution: served.attribution,
    status: 'ok',
    hits: [],
  };
  if (served.license?.name) entry.license = served.license.name;
  return entry;
}

/** A failed dataset: its code and message, whether to try again, and the authority's own link. */
function failed(served: ServedDataset, entry: NearbyResultEntry, code: string, message: string, httpStatus?: number, retryable?: unknown): NearbyResultEntry {
  const info = sourceFailureInfo(served, code, httpStatus);
  return { ...entry, status: 'error', hits: [], code, error: message, ...info, retryable: typeof retryable === 'boolean' ? retryable : info.retryable };
}

async function queryDataset(
  served: ServedDataset,
  lon: number,
  lat: number,
  radius: number,
  max: number,
  params: Record<string, string>,
): Promise<NearbyResultEntry> {
  const base = entryBase(served);
  const d = served.dataset;
  if (served.displayOnly) return { ...base, status: 'unavailable', notice: DISPLAY_ONLY_NOTICE };
  try {
    if (d.source.type === 'raster') {
      if (d.description) base.description = d.description;
      const coverage = d.coverage?.bbox as Bbox | undefined;
      if (coverage && !bboxContains(coverage, lon, lat)) return { ...base, status: 'unavailable', notice: OUTSIDE_COVERAGE_NOTICE };
      const answer = await recordedPointQuery(served, () => queryRasterPoint(d, lon, lat, max, Date.now() + SOURCE_BUDGET_MS));
      const entry: NearbyResultEntry = { ...base, status: answer.status, hits: answer.hits };
      if (answer.count !== undefined) entry.count = answer.count;
      if (answer.notice) entry.notice = answer.notice;
      if (answer.legend) entry.legend = answer.legend;
      return entry;
    }
    const answer = await queryVectorPoint(served, lon, lat, radius, max, params);
    const entry: NearbyResultEntry = { ...base, status: answer.status, count: answer.count, radius: answer.radius, hits: answer.hits };
    if (answer.notice) entry.notice = answer.notice;
    return entry;
  } catch (err) {
    if (err instanceof RasterSourceError) return failed(served, base, err.code, err.message, err.httpStatus);
    if (isApiError(err)) return failed(served, base, err.code, err.message, undefined, err.extra.retryable);
    logger().error({ err, dataset: served.key }, 'nearby: a dataset query failed unexpectedly');
    return failed(served, base, 'internal_error', 'Dopyt na tento dataset zlyhal pre vnútornú chybu.');
  }
}

/** A raster point query, recorded for the provider's health (kind `point`) with its outcome. */
async function recordedPointQuery<T extends { status: string }>(served: ServedDataset, query: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const record = (outcome: string) =>
    recordSourceRequest({ providerId: served.provider.id, datasetId: served.dataset.id, kind: 'point', ms: performance.now() - started, outcome, bytes: 0 });
  try {
    const answer = await query();
    record('ok');
    return answer;
  } catch (err) {
    record(err instanceof RasterSourceError || isApiError(err) ? err.code : 'internal_error');
    throw err;
  }
}

/** The dataset's parameters from the request, checked (unknown names and bad values are 400). */
function datasetParams(served: ServedDataset, given: Record<string, string> | undefined): Record<string, string> {
  const known = (served.dataset.params ?? []).map((p) => p.key);
  try {
    refuseUnknownNames(Object.keys(given ?? {}), known, `parameter of ${served.key}`);
  } catch (err) {
    // Named as written in the query (`provider/dataset.param`).
    if (isApiError(err)) throw new ApiError(err.code, `${served.key}.${err.message}`, { extra: err.extra });
    throw err;
  }
  return normalizeParams(served.dataset, given ?? {});
}

/** Zoom of the map link: the radius fits a ~600 px map, and bbox datasets are loaded at it. */
function mapZoom(radius: number, lat: number, datasets: ManifestDataset[]): number {
  let zoom = Math.floor(Math.log2((MAP_HALF_WIDTH_PX * groundResolution(0, lat)) / radius));
  zoom = Math.max(5, Math.min(19, zoom));
  for (const d of datasets) {
    if (d.source.type === 'geojson' && d.source.mode === 'bbox' && d.coverage?.minZoom !== undefined) zoom = Math.max(zoom, Math.ceil(d.coverage.minZoom));
  }
  return Math.min(22, zoom);
}

function encodeValue(v: string): string {
  return encodeURIComponent(v).replace(/%2C/gi, ',');
}

/**
 * `{base_url}/?d=p/d&d=...&p/d.param=value#zoom/lat/lon` (the spec's map link, absolute so that an
 * assistant can hand it to a person); parameters only where they differ from the default.
 */
function mapLink(datasets: Array<{ served: ServedDataset; params: Record<string, string> }>, lon: number, lat: number, zoom: number): string {
  const parts: string[] = [];
  for (const { served } of datasets) parts.push(`d=${served.key}`);
  for (const { served, params } of datasets) {
    let defaults: Record<string, string> = {};
    try {
      defaults = normalizeParams(served.dataset, {});
    } catch {
      defaults = {};
    }
    for (const [k, v] of Object.entries(params)) if (defaults[k] !== v) parts.push(`${served.key}.${k}=${encodeValue(v)}`);
  }
  return `${env().publicBaseUrl}/?${parts.join('&')}#${zoom}/${lat.toFixed(5)}/${lon.toFixed(5)}`;
}

/** Resolves the place to a point: the first hit of the place search, or 404 unknown_place. */
async function placePoint(query: string): Promise<{ name: string; type: string; point: [number, number] }> {
  const found = await searchPlaces(query, 1);
  const first = found.places[0];
  if (!first) throw new ApiError('unknown_place', `Place not found: "${query.slice(0, 100)}".`);
  return { name: first.name, type: first.type, point: [first.point[0], first.point[1]] };
}

/**
 * Where the point is, for a point in Slovakia; undefined outside it, and when the reference data is
 * not loaded or the lookup fails (the datasets' answers never depend on it).
 */
async function locationOf(point: [number, number]): Promise<PointLocation | undefined> {
  try {
    const location = await locatePoint(point);
    return location.municipality ? location : undefined;
  } catch (err) {
    if (!isApiError(err)) logger().error({ err }, 'nearby: the point location failed');
    return undefined;
  }
}

/**
 * The automatic selection of nearby (purpose or search) among the approved datasets: the one rule
 * REST nearby, its selection endpoint and the MCP tool share (lib/nearby/selection.ts).
 */
async function automaticSelection(by: { purpose: string } | { search: string }, lon: number, lat: number): Promise<Selection & { suggestions?: CategorySuggestion[] }> {
  const approved = await listApprovedDatasets();
  const sel = selectDatasets(approved, by, lon, lat);
  if ('search' in by && !sel.chosen.length) return { ...sel, suggestions: categorySuggestions(by.search, approved) };
  return sel;
}

function selected(served: ServedDataset): NearbySelected {
  return {
    dataset: served.key,
    title: served.dataset.title,
    provider: served.provider.name,
    type: served.dataset.source.type,
    sample: isSampleDataset(served.dataset),
  };
}

/**
 * GET /api/nearby/selection: which datasets nearby's automatic selection takes at the point (and
 * which it skips over the limit), without querying them, so a client can ask each one separately.
 */
export async function answerNearbySelection(req: NearbySelectionRequest): Promise<NearbySelectionResult> {
  const place = req.place !== undefined ? await placePoint(req.place) : undefined;
  const [lon, lat] = place ? place.point : req.point!;
  const sel = await automaticSelection(req.by, lon, lat);
  const result: NearbySelectionResult = {
    point: [lon, lat],
    datasets: sel.chosen.map(selected),
    skipped: sel.skipped.map(selected),
    ...(sel.suggestions ? { suggestions: sel.suggestions } : {}),
  };
  return place ? { place, ...result } : result;
}

/** Nearby for a typed input (checked here). */
export async function nearby(input: NearbyInput): Promise<NearbyResult> {
  return answerNearby(checkNearbyInput(input));
}

/** Nearby for a checked request (the operation parses it: lib/nearby/operation.ts). */
export async function answerNearby(req: NearbyRequest): Promise<NearbyResult> {
  const place = req.place !== undefined ? await placePoint(req.place) : undefined;
  const [lon, lat] = place ? place.point : req.point!;

  let chosen: ServedDataset[] = [];
  let skipped: ServedDataset[] = [];
  let suggestions: CategorySuggestion[] | undefined;
  const order: Array<{ key: string; served: ServedDataset | null }> = [];
  if ('datasets' in req.selection) {
    for (const key of req.selection.datasets) {
      const [providerId, datasetId] = key.split('/');
      const served = await findServedDataset(providerId, datasetId);
      order.push({ key, served });
      if (served) chosen.push(served);
    }
  } else {
    const sel = await automaticSelection(req.selection, lon, lat);
    chosen = sel.chosen;
    skipped = sel.skipped;
    suggestions = sel.suggestions;
    for (const served of chosen) order.push({ key: served.key, served });
  }

  // Parameters are checked before any source is asked: a bad value is the client's 400.
  const withParams = chosen.map((served) => ({ served, params: datasetParams(served, req.params[served.key]) }));
  const answers = new Map<string, NearbyResultEntry>();
  const [location] = await Promise.all([
    locationOf([lon, lat]),
    ...withParams.map(async ({ served, params }) => {
      answers.set(served.key, await queryDataset(served, lon, lat, req.radius, req.max, params));
    }),
  ]);
  const results: NearbyResultEntry[] = order.map(({ key, served }) =>
    served
      ? answers.get(key)!
      : {
          dataset: key,
          title: key,
          provider: key.split('/')[0],
          attribution: '',
          status: 'error',
          hits: [],
          code: 'unknown_dataset',
          error: `Dataset ${key} portál neposkytuje.`,
          retryable: false,
        },
  );

  const zoom = mapZoom(req.radius, lat, chosen.map((s) => s.dataset));
  const hint = swappedPointHint([lon, lat]);
  const result: NearbyResult = {
    point: [lon, lat],
    ...(hint ? { hint } : {}),
    ...(location ? { location } : {}),
    radius: req.radius,
    generated: new Date().toISOString(),
    results,
    skipped: skipped.map((s) => ({ dataset: s.key, title: s.dataset.title })),
    ...(suggestions ? { suggestions } : {}),
    map: mapLink(withParams, lon, lat, zoom),
  };
  if (place) return { place, ...result };
  return result;
}
