// The live test (GET /api/validate, registration, MCP validate_manifest with manifestUrl): download a
// provider's manifest, check it, then send every dataset the very query the portal would send and
// report what came back. Everything leaves through lib/fetch, so the outbound policy, the 10 s
// deadline and the 15 MB limit apply exactly as they do for the data proxy.
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { FetchError, fetchJson, isFetchError, safeFetch, type FetchErrorCode } from '@/lib/sources';
import { normalizeParams, resolveSourceUrls, sourceRequestUrl, type Bbox } from '@/lib/protocol/request';
import { fromMercator, MERCATOR_HALF, tileOf, toMercator } from '@/lib/protocol/shared/geo';
import { MAX_FEATURES, MAX_ZOOM, type Manifest, type ManifestDataset, type RasterSource } from '@/lib/protocol/types';
import type { ValidateBody } from './classify';
import { checkData, featuresOutside } from './data';
import { withHints } from './hints';
import { checkManifest } from './manifest';
import { buildPreview } from './preview';
import { plural, type Finding, type LiveDatasetReport, type LiveReport, type Report } from './report';

export type { LiveReport };

export interface LiveTestResult {
  report: LiveReport;
  /** The manifest with source URLs made absolute; null unless it passed the static check. */
  manifest: Manifest | null;
  manifestBytes: Buffer | null;
  /** SHA-256 (hex) of the manifest bytes as downloaded; approval binds to it. */
  fingerprint: string | null;
}

/** A test answer slower than this is reported as `slow_response`. */
const SLOW_RESPONSE_MS = 3000;
/** Zoom of the bbox-mode test query unless the dataset's coverage starts deeper. */
const TEST_ZOOM = 12;
/** Datasets tested at the same time (a manifest may have 200; the source should not see 200 at once). */
const LIVE_TEST_CONCURRENCY = 4;
/**
 * The whole run's budget. Each request has its own 10 s; this bounds a manifest of 200 datasets on
 * slow or silent servers (datasets not started in time are reported, not tested).
 */
const LIVE_TEST_BUDGET_MS = 120_000;
/** Viewport of the bbox-mode test query, in pixels (a typical desktop map). */
const TEST_VIEWPORT: [number, number] = [1024, 768];
/** Where the test looks when a dataset names no coverage: the centre of Slovakia. */
const DEFAULT_CENTRE: [number, number] = [19.699, 48.669];

/** Runs the whole live test; never throws for anything a source does. */
export async function runLiveTest(manifestUrl: string): Promise<LiveTestResult> {
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  const finish = (provider: LiveReport['provider'], datasets: LiveDatasetReport[], extra: Partial<LiveTestResult> = {}) => {
    for (const [i, ds] of datasets.entries()) {
      ds.errors = withHints(ds.errors);
      ds.warnings = withHints(ds.warnings);
      // The top level lists every finding (prefixed with the dataset's place), datasets[] groups them.
      errors.push(...ds.errors.map((f) => prefixed(f, `datasets/${i}`)));
      warnings.push(...ds.warnings.map((f) => prefixed(f, `datasets/${i}`)));
    }
    const report: LiveReport = {
      valid: errors.length === 0,
      summary: summarize(errors, warnings, datasets),
      errors: withHints(errors),
      warnings: withHints(warnings),
      manifestUrl,
      provider,
      datasets,
    };
    return { report, manifest: null, manifestBytes: null, fingerprint: null, ...extra };
  };

  let downloaded: Awaited<ReturnType<typeof fetchJson>>;
  try {
    downloaded = await fetchJson(manifestUrl, { headers: { accept: 'application/json' } });
  } catch (err) {
    errors.push(transportFinding('manifestUrl', err, 'Manifest'));
    return finish(null, []);
  }
  const { result, json } = downloaded;
  const manifestBytes = result.body;
  const fingerprint = createHash('sha256').update(manifestBytes).digest('hex');
  if (result.durationMs > SLOW_RESPONSE_MS) warnings.push(slowFinding('manifestUrl', result.durationMs));

  const staticReport = checkManifest(json);
  errors.push(...staticReport.errors);
  warnings.push(...staticReport.warnings);

  const ctx: RunContext = { deadline: Date.now() + LIVE_TEST_BUDGET_MS, silent: new Map() };
  const provider = providerOf(json);
  const rawDatasets = datasetsOf(json);
  // Relative source URLs are relative to where the manifest was finally found (after redirects).
  const resolved = rawDatasets ? resolveSourceUrls({ ...(json as Manifest), datasets: rawDatasets }, result.url) : null;
  const datasets = resolved
    ? await mapBounded(resolved.datasets, LIVE_TEST_CONCURRENCY, (ds, i) => testDataset(ds, i, ctx))
    : [];
  return finish(provider, datasets, {
    manifest: staticReport.valid && resolved ? resolved : null,
    manifestBytes,
    fingerprint,
  });
}

/** The test query of one dataset, by source type. */
interface RunContext {
  deadline: number;
  /** Servers that did not answer during this run: origin -> the dataset that found out, and the code. */
  silent: Map<string, { datasetId: string; code: string }>;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * A server that already timed out or refused in this run is not asked again: a manifest listing
 * many datasets on one dead server would otherwise hold the test for 10 s per dataset.
 */
function knownSilent(ctx: RunContext, url: string, path: string, tile: boolean): Finding | null {
  const origin = originOf(url);
  const seen = origin ? ctx.silent.get(origin) : undefined;
  if (!seen) return null;
  return {
    path,
    code: tile ? 'tile_unreachable' : seen.code,
    message: `Server ${origin} neodpovedal už pri datasete ${seen.datasetId}; znova sa netestuje.`,
  };
}

function noteSilent(ctx: RunContext, url: string, datasetId: string, err: unknown): void {
  if (!isFetchError(err) || (err.code !== 'timeout' && err.code !== 'source_unreachable')) return;
  const origin = originOf(url);
  if (origin && !ctx.silent.has(origin)) ctx.silent.set(origin, { datasetId, code: err.code });
}

async function testDataset(dataset: ManifestDataset, index: number, ctx: RunContext): Promise<LiveDatasetReport> {
  const id = typeof dataset?.id === 'string' ? dataset.id : `#${index}`;
  const source = dataset?.source as { type?: unknown } | undefined;
  if (Date.now() > ctx.deadline) {
    const error: Finding = {
      path: 'source',
      code: 'timeout',
      message: `Živý test prekročil celkový čas ${LIVE_TEST_BUDGET_MS / 1000} s; dataset sa už netestoval.`,
      hint: 'Zrýchlite odpovede zdrojov; portál testuje 4 datasety naraz.',
    };
    return { id, request: '', durationMs: 0, featureCount: null, errors: [error], warnings: [] };
  }
  if (source?.type === 'geojson' && typeof (source as { url?: unknown }).url === 'string') return testGeoJson(dataset, id, ctx);
  if (source?.type === 'raster' && Array.isArray((source as { tiles?: unknown }).tiles)) return testRaster(dataset, id, ctx);
  // The static check already reported the broken source; there is nothing to query.
  return { id, request: '', durationMs: 0, featureCount: null, errors: [], warnings: [] };
}

async function testGeoJson(dataset: ManifestDataset, id: string, ctx: RunContext): Promise<LiveDatasetReport> {
  const source = dataset.source as Extract<ManifestDataset['source'], { type: 'geojson' }>;
  const out: LiveDatasetReport = { id, request: source.url, durationMs: 0, featureCount: null, errors: [], warnings: [] };
  let params: Record<string, string> = {};
  try {
    params = normalizeParams(dataset, {});
  } catch {
    // An invalid default is reported by the static check; test without parameters.
  }
  try {
    if (source.mode === 'bbox') {
      const zoom = bboxTestZoom(dataset);
      out.request = sourceRequestUrl(dataset, source.url, { bbox: viewportAround(centreOf(dataset), zoom), zoom, params });
    } else {
      out.request = sourceRequestUrl(dataset, source.url, { params });
    }
  } catch (err) {
    out.errors.push(transportFinding('source/url', err, 'Adresa zdroja'));
    return out;
  }

  const silent = knownSilent(ctx, out.request, 'source/url', false);
  if (silent) {
    out.errors.push(silent);
    return out;
  }
  let json: unknown;
  const started = performance.now();
  try {
    const r = await fetchJson(out.request);
    out.durationMs = r.result.durationMs;
    json = r.json;
  } catch (err) {
    out.durationMs = Math.round(performance.now() - started);
    noteSilent(ctx, out.request, id, err);
    out.errors.push(transportFinding('source/url', err, 'Zdroj dát'));
    return out;
  }
  if (out.durationMs > SLOW_RESPONSE_MS) out.warnings.push(slowFinding('source/url', out.durationMs));

  const features = (json as { features?: unknown } | null)?.features;
  out.featureCount = Array.isArray(features) ? features.length : null;
  if (Array.isArray(features)) out.preview = buildPreview(json, { mode: source.mode === 'bbox' ? 'bbox' : 'full', limit: source.maxFeatures ?? MAX_FEATURES });
  const dataReport = checkData(json, dataset, { limit: source.maxFeatures ?? MAX_FEATURES, answersLimit: true });
  // Findings about the dataset object itself (path `dataset/...`) are the manifest check's business.
  const aboutData = (f: Finding) => !f.path.startsWith('dataset');
  const dataErrors = dataReport.errors.filter(aboutData);
  const schemaErrors = dataErrors.filter((f) => f.code.startsWith('schema_'));
  if (schemaErrors.length) {
    const first = schemaErrors[0];
    out.errors.push({
      path: 'source/url',
      code: 'data_schema_mismatch',
      message: `Odpoveď zdroja nezodpovedá schéme dát (${plural(schemaErrors.length, 'problém', 'problémy', 'problémov')}; prvý v ${first.path || 'koreni dokumentu'}: ${first.message}).`,
      hint: 'Dátový endpoint musí vrátiť GeoJSON FeatureCollection podľa /schema/0.1/data.json.',
    });
  }
  // Paths of data findings point into the test answer.
  out.errors.push(...dataErrors.map((f) => prefixed(f, 'response')));
  out.warnings.push(...dataReport.warnings.filter(aboutData).map((f) => prefixed(f, 'response')));
  // A bbox source must answer the window it is asked for; swapped coordinates are said already.
  if (source.mode === 'bbox' && !schemaErrors.length && !dataErrors.some((f) => f.code === 'coordinates_swapped')) {
    const ignored = await testBboxFilter(dataset, json, out.request, params, ctx);
    if (ignored) out.errors.push(ignored);
  }
  if (out.featureCount === 0) {
    out.warnings.push({
      path: 'source/url',
      code: 'empty_response',
      message:
        source.mode === 'bbox'
          ? 'Testovací dopyt na stred pokrytia (coverage.bbox) nevrátil žiadne objekty.'
          : 'Testovací dopyt nevrátil žiadne objekty.',
      hint:
        source.mode === 'bbox'
          ? 'Nastavte coverage.bbox tak, aby v jeho strede boli dáta, alebo skontrolujte filtrovanie podľa bbox.'
          : 'Skontrolujte, či endpoint vráti dataset na dopyt len s parametrom limit.',
    });
  }
  return out;
}

/** A feature counts as inside a window grown by this share of its size on each side (tile buffers, envelopes). */
const BBOX_TOLERANCE = 0.5;

function requestedBbox(request: string): Bbox | null {
  const raw = new URL(request).searchParams.get('bbox');
  const b = raw?.split(',').map(Number);
  return b && b.length === 4 && b.every(Number.isFinite) ? (b as Bbox) : null;
}

function grown(b: Bbox, share: number): Bbox {
  const dx = (b[2] - b[0]) * share;
  const dy = (b[3] - b[1]) * share;
  return [b[0] - dx, b[1] - dy, b[2] + dx, b[3] + dy];
}

/**
 * The `bbox` filter of a source, checked with two windows: the test window (its answer is `first`)
 * and the window beside it. An answer mostly outside its own window (beyond a tolerance) means the
 * source ignores `bbox`: the map would load the same objects at every move and the limit would cut
 * them arbitrarily. Returns the error, or null when both answers fit their windows.
 */
async function testBboxFilter(
  dataset: ManifestDataset,
  first: unknown,
  firstRequest: string,
  params: Record<string, string>,
  ctx: RunContext,
): Promise<Finding | null> {
  const source = dataset.source as Extract<ManifestDataset['source'], { type: 'geojson' }>;
  const window = requestedBbox(firstRequest);
  if (!window) return null;
  const finding = (request: string, box: Bbox, data: unknown): Finding | null => {
    const { located, outside } = featuresOutside(data, grown(box, BBOX_TOLERANCE));
    if (!located || outside * 2 <= located) return null;
    return {
      path: 'source/url',
      code: 'bbox_ignored',
      message: `Zdroj v režime bbox vrátil na dopyt s bbox=${box.map((v) => Number(v.toFixed(5))).join(',')} ${outside} z ${located} objektov mimo tohto výrezu: bbox zrejme nefiltruje (${request}).`,
      hint: 'V režime bbox vracajte len objekty, ktoré zasahujú do výrezu bbox (minLon,minLat,maxLon,maxLat vo WGS84); celý dataset naraz posielajte v režime full.',
    };
  };
  const own = finding(firstRequest, window, first);
  if (own) return own;
  // The second window: the same size, one window's width east of the first (west when that leaves
  // the coverage), so that with the tolerance the two still do not meet.
  const width = window[2] - window[0];
  const coverage = finiteBbox(dataset.coverage?.bbox);
  const east: Bbox = [window[2] + width, window[1], window[2] + 2 * width, window[3]];
  const side = coverage && east[0] >= coverage[2] ? ([window[0] - 2 * width, window[1], window[0] - width, window[3]] as Bbox) : east;
  const zoom = bboxTestZoom(dataset);
  let request: string;
  try {
    request = sourceRequestUrl(dataset, source.url, { bbox: side, zoom, params });
  } catch {
    return null;
  }
  if (Date.now() > ctx.deadline || knownSilent(ctx, request, 'source/url', false)) return null;
  try {
    const { json } = await fetchJson(request);
    return finding(request, requestedBbox(request) ?? side, json);
  } catch {
    // The first window answered; a failure of the second is not a verdict on the filter.
    return null;
  }
}

const IMAGE_SIGNATURES: Array<{ name: string; test: (b: Buffer) => boolean }> = [
  { name: 'PNG', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { name: 'JPEG', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { name: 'GIF', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { name: 'WebP', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The image format of the bytes, by their magic numbers (content types of map servers lie). */
export function imageFormat(body: Buffer): string | null {
  return IMAGE_SIGNATURES.find((s) => s.test(body))?.name ?? null;
}

async function testRaster(dataset: ManifestDataset, id: string, ctx: RunContext): Promise<LiveDatasetReport> {
  const source = dataset.source as RasterSource;
  const zoom = rasterTestZoom(dataset);
  const [lon, lat] = centreOf(dataset);
  const tile = tileAt(lon, lat, zoom);
  const out: LiveDatasetReport = { id, request: '', durationMs: 0, featureCount: null, errors: [], warnings: [] };
  // One tile per template (a source lists 1-4 mirrors; each has to work, since the map uses them all).
  const templates = source.tiles.filter((t): t is string => typeof t === 'string');
  const results = await Promise.all(templates.map((template, i) => testTile(template, tile, `source/tiles/${i}`, ctx, id)));
  for (const r of results) {
    out.request ||= r.request;
    out.durationMs = Math.max(out.durationMs, r.durationMs);
    out.errors.push(...r.errors);
    out.warnings.push(...r.warnings);
  }
  return out;
}

async function testTile(
  template: string,
  tile: { z: number; x: number; y: number },
  path: string,
  ctx: RunContext,
  datasetId: string,
): Promise<{ request: string; durationMs: number; errors: Finding[]; warnings: Finding[] }> {
  const request = fillTileTemplate(template, tile);
  const out = { request, durationMs: 0, errors: [] as Finding[], warnings: [] as Finding[] };
  const silent = knownSilent(ctx, request, path, true);
  if (silent) {
    out.errors.push(silent);
    return out;
  }
  const started = performance.now();
  try {
    const r = await safeFetch(request, { headers: { accept: 'image/png,image/jpeg,image/webp,image/*;q=0.8' } });
    out.durationMs = r.durationMs;
    if (r.status < 200 || r.status > 299) {
      out.errors.push({ path, code: 'tile_http_error', message: `Testovacia dlaždica vrátila HTTP ${r.status}.` });
    } else if (!imageFormat(r.body)) {
      const type = r.headers['content-type'] ?? 'bez Content-Type';
      const excerpt = r.body.subarray(0, 120).toString('utf8').replace(/\s+/g, ' ').trim();
      out.errors.push({
        path,
        code: 'tile_not_image',
        message: `Testovacia dlaždica nie je obrázok PNG, JPEG, GIF ani WebP (${type}${excerpt ? `: "${excerpt}"` : ', prázdna'}).`,
        hint: 'Mapové servery hlásia chyby (napr. WMS ServiceException) s HTTP 200; skontrolujte v šablóne vrstvu, CRS a formát.',
      });
    } else if (r.durationMs > SLOW_RESPONSE_MS) {
      out.warnings.push(slowFinding(path, r.durationMs));
    }
  } catch (err) {
    out.durationMs = Math.round(performance.now() - started);
    noteSilent(ctx, request, datasetId, err);
    out.errors.push(tileTransportFinding(path, err));
  }
  return out;
}

function tileTransportFinding(path: string, err: unknown): Finding {
  if (!isFetchError(err)) return transportFinding(path, err, 'Testovacia dlaždica');
  // Policy codes keep their names; anything the tile server did in transport is tile_unreachable.
  if (err.code === 'invalid_url' || err.code === 'https_required' || err.code === 'response_too_large') {
    return transportFinding(path, err, 'Testovacia dlaždica');
  }
  const why = err.code === 'timeout' ? 'neprišla celá do 10 s' : `${err.message}`;
  return { path, code: 'tile_unreachable', message: `Testovaciu dlaždicu sa nepodarilo stiahnuť (${why}).` };
}

// ---------------------------------------------------------------------------------------------
// Test geometry: where and at which zoom the test asks

function finiteBbox(b: unknown): Bbox | null {
  return Array.isArray(b) && b.length === 4 && b.every((v) => typeof v === 'number' && Number.isFinite(v)) ? (b as Bbox) : null;
}

function centreOf(dataset: ManifestDataset): [number, number] {
  const bbox = finiteBbox(dataset.coverage?.bbox);
  if (!bbox) return DEFAULT_CENTRE;
  return [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2];
}

function zoomOr(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(MAX_ZOOM, Math.max(0, Math.floor(v))) : fallback;
}

/** Zoom 12, or the coverage's minZoom when data only starts deeper; never beyond its maxZoom. */
function bboxTestZoom(dataset: ManifestDataset): number {
  const min = zoomOr(dataset.coverage?.minZoom, 0);
  const max = zoomOr(dataset.coverage?.maxZoom, MAX_ZOOM);
  return Math.min(Math.max(TEST_ZOOM, min), Math.max(max, min));
}

/** Zoom 12 clamped into the raster's own zoom range (falling back to the coverage's). */
function rasterTestZoom(dataset: ManifestDataset): number {
  const source = dataset.source as RasterSource;
  const min = zoomOr(source.minZoom ?? dataset.coverage?.minZoom, 0);
  const max = zoomOr(source.maxZoom ?? dataset.coverage?.maxZoom, MAX_ZOOM);
  return Math.min(Math.max(TEST_ZOOM, min), Math.max(max, min));
}

/** The bbox a TEST_VIEWPORT-sized map centred at `centre` shows at `zoom`. */
export function viewportAround(centre: [number, number], zoom: number): Bbox {
  const metresPerPixel = (2 * MERCATOR_HALF) / (256 * 2 ** zoom);
  const [cx, cy] = toMercator(centre[0], centre[1]);
  const dx = (TEST_VIEWPORT[0] / 2) * metresPerPixel;
  const dy = (TEST_VIEWPORT[1] / 2) * metresPerPixel;
  const [minLon, minLat] = fromMercator(Math.max(-MERCATOR_HALF, cx - dx), Math.max(-MERCATOR_HALF, cy - dy));
  const [maxLon, maxLat] = fromMercator(Math.min(MERCATOR_HALF, cx + dx), Math.min(MERCATOR_HALF, cy + dy));
  return [minLon, minLat, maxLon, maxLat];
}

export function tileAt(lon: number, lat: number, z: number): { z: number; x: number; y: number } {
  return { z, ...tileOf(lon, lat, z) };
}

/**
 * A tile URL from a template the way MapLibre fills it: `{z}`, `{x}`, `{y}`, `{-y}` (TMS rows),
 * `{quadkey}` and `{bbox-epsg-3857}` (WMS GetMap: minX,minY,maxX,maxY in metres).
 */
export function fillTileTemplate(template: string, t: { z: number; x: number; y: number }): string {
  const size = (2 * MERCATOR_HALF) / 2 ** t.z;
  const bbox = [-MERCATOR_HALF + t.x * size, MERCATOR_HALF - (t.y + 1) * size, -MERCATOR_HALF + (t.x + 1) * size, MERCATOR_HALF - t.y * size]
    .map((v) => String(Number(v.toFixed(6))))
    .join(',');
  let quadkey = '';
  for (let i = t.z; i > 0; i--) {
    const mask = 1 << (i - 1);
    quadkey += String((t.x & mask ? 1 : 0) + (t.y & mask ? 2 : 0));
  }
  return template
    .replaceAll('{z}', String(t.z))
    .replaceAll('{x}', String(t.x))
    .replaceAll('{y}', String(t.y))
    .replaceAll('{-y}', String(2 ** t.z - 1 - t.y))
    .replaceAll('{quadkey}', quadkey)
    .replaceAll('{bbox-epsg-3857}', bbox);
}

// ---------------------------------------------------------------------------------------------
// Findings

const TRANSPORT_MESSAGES: Record<FetchErrorCode, string> = {
  invalid_url: 'nemá platnú verejnú adresu https',
  https_required: 'nie je dostupný cez HTTPS',
  source_unreachable: 'neodpovedá',
  timeout: 'neodpovedal celý do 10 s',
  response_too_large: 'má viac ako 15 MB',
  source_error: 'sa nepodarilo prečítať',
  http_error: 'vrátil chybu HTTP',
  empty_body: 'vrátil prázdnu odpoveď',
  invalid_json: 'nevrátil platný JSON',
};

const TRANSPORT_HINTS: Partial<Record<FetchErrorCode, string>> = {
  https_required: 'Portál číta zdroje len cez HTTPS.',
  invalid_url: 'Použite absolútnu adresu https verejného servera (bez mena a hesla, bez privátnych adries).',
  timeout: 'Portál dáva zdroju 10 s na celú odpoveď; odpovedajte rýchlejšie alebo posielajte menej naraz.',
  response_too_large: 'Použite mode "bbox" s maxFeatures alebo nižšie maxFeatures, aby odpovede ostali malé.',
};

/** A finding from a failed request; the client's (English, technical) message is kept as the detail. */
function transportFinding(path: string, err: unknown, what: string): Finding {
  if (err instanceof FetchError || isFetchError(err)) {
    const e = err as FetchError;
    const status = e.code === 'http_error' && e.status ? ` ${e.status}` : '';
    // An HTTP error's detail only repeats its status (in English): the Slovak sentence says it all.
    const detail = status ? '' : ` (${e.message})`;
    const finding: Finding = { path, code: e.code, message: `${what} ${TRANSPORT_MESSAGES[e.code]}${status}${detail}` };
    const hint = TRANSPORT_HINTS[e.code];
    return hint ? { ...finding, hint } : finding;
  }
  const message = err instanceof Error ? err.message : String(err);
  return { path, code: 'invalid_url', message: `${what} nie je platná adresa (${message})`, hint: TRANSPORT_HINTS.invalid_url };
}

function slowFinding(path: string, ms: number): Finding {
  return {
    path,
    code: 'slow_response',
    message: `Odpoveď trvala ${(ms / 1000).toFixed(1).replace('.', ',')} s (viac ako ${SLOW_RESPONSE_MS / 1000} s).`,
    hint: 'Používatelia mapy na to čakajú pri každom pohľade; odpoveď cachujte alebo zjednodušte dopyt.',
  };
}

function prefixed(f: Finding, prefix: string): Finding {
  return { ...f, path: f.path ? `${prefix}/${f.path}` : prefix };
}

function summarize(errors: Finding[], warnings: Finding[], datasets: LiveDatasetReport[]): string {
  const failed = datasets.filter((d) => d.errors.length).length;
  const counts = `${plural(errors.length, 'chyba', 'chyby', 'chýb')}, ${plural(warnings.length, 'odporúčanie', 'odporúčania', 'odporúčaní')}`;
  const tested = `${plural(datasets.length, 'dataset otestovaný', 'datasety otestované', 'datasetov otestovaných')}`;
  if (errors.length) {
    return `Živý test neprešiel (${counts}); ${tested}, s chybou ${failed}.`;
  }
  return `Živý test prešiel (${counts}); ${tested}.`;
}

function providerOf(json: unknown): LiveReport['provider'] {
  const p = (json as { provider?: { id?: unknown; name?: unknown } } | null)?.provider;
  return p && typeof p.id === 'string' && typeof p.name === 'string' ? { id: p.id, name: p.name } : null;
}

/** The datasets array as it is (non-objects included, so indices match the manifest's paths). */
function datasetsOf(json: unknown): ManifestDataset[] | null {
  const ds = (json as { datasets?: unknown } | null)?.datasets;
  return Array.isArray(ds) ? (ds as ManifestDataset[]) : null;
}

async function mapBounded<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * One entry for every body form of POST /api/validate (and the MCP validate tools): a static
 * manifest or data check, or the live test. Always a report; input errors were thrown by
 * classifyValidateBody before.
 */
export async function runValidation(body: ValidateBody): Promise<Report | LiveReport> {
  switch (body.kind) {
    case 'manifest':
      return checkManifest(body.manifest);
    case 'data':
      return checkData(body.data, body.dataset);
    case 'live':
      return (await runLiveTest(body.manifestUrl)).report;
  }
}
