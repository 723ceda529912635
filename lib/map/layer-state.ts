// What a map layer shows a person, in one word (the catalog's "Na mape" entry and the legend carry it
// as data-layer-state): loading, shown, stale (the portal's copy), failed, zoom (out of range: zoom in)
// or none. Two things decide it: the dataset's /api/data answer (lib/map/loads.ts) and, for layers
// drawn from tiles (raster datasets, large datasets from the portal's vector tiles), the tiles
// themselves: MapLibre reports each tile's error with its source id, each loaded tile, and whether
// the source has every tile in view; a tile request the map cancelled itself is never an error.
// Pure and browser-safe: the map's rooms keep the state, these functions compute it.
import { belowMinZoom } from './data-request';
import { retryDelayMs, type LoadState } from './loads';
import type { MapDataset } from './types';

export type LayerState = 'loading' | 'shown' | 'stale' | 'failed' | 'zoom' | 'none';

/** Tiles of a source still missing this long (none failed, none arriving) count as a timed-out source. */
export const TILE_TIMEOUT_MS = 20_000;

/** A failure of the layer's own making: its code (lib/map/messages.ts) and the technical message. */
export interface LayerFailure {
  code: string;
  message: string;
}

/**
 * One tile source since its last (re)load round: tiles loaded and failed in this round, whether the
 * source has settled (every tile in view loaded or failed), since when tiles have been missing, the
 * last failure, and the back-off: failed rounds in a row and when the next round starts by itself.
 */
export interface TileHealth {
  loaded: number;
  failed: number;
  settled: boolean;
  missingSince?: number;
  failure?: LayerFailure;
  attempt: number;
  retryAt?: number;
}

/** What the rest of the map needs of a tile source: its state and, when failed, why and what next. */
export interface TileView {
  status: 'loading' | 'shown' | 'failed';
  failure?: LayerFailure;
  attempt: number;
  retryAt?: number;
}

export function freshTiles(attempt = 0): TileHealth {
  return { loaded: 0, failed: 0, settled: false, attempt };
}

/** The error MapLibre reports for a tile: the HTTP status when the server answered, its message. */
export interface TileErrorLike {
  name?: string;
  message?: string;
  status?: number;
}

/**
 * The code of a tile's failure: the server's error status, a body that is no image, or no answer at
 * all; null for a request the map cancelled itself (a tile that left the view), which is no failure.
 */
export function tileFailure(err: TileErrorLike | undefined): LayerFailure | null {
  if (!err || err.name === 'AbortError') return null;
  const message = err.message ?? '';
  // MapLibre's AJAXError: the server's status, or 0 when no answer came (refused, reset, DNS, TLS).
  if (typeof err.status === 'number') {
    return err.status >= 400 ? { code: 'tile_http_error', message: `HTTP ${err.status}: ${message}` } : { code: 'tile_unreachable', message: message || 'no answer' };
  }
  // An answer that is no image the browser can decode.
  if (/image|decode|bitmap/i.test(message)) return { code: 'tile_not_image', message };
  return { code: 'tile_unreachable', message: message || 'no answer' };
}

/** A tile arrived. */
export function tileLoaded(h: TileHealth): TileHealth {
  return { ...h, loaded: h.loaded + 1, missingSince: undefined };
}

/**
 * A tile failed: the round is failed; its first failure counts an attempt and sets when the layer
 * asks again by itself (the data layers' back-off, lib/map/loads.ts retryDelayMs).
 */
export function tileFailed(h: TileHealth, failure: LayerFailure, now: number): TileHealth {
  if (h.failed > 0) return { ...h, failed: h.failed + 1, failure };
  const attempt = h.attempt + 1;
  return { ...h, failed: 1, failure, attempt, retryAt: now + retryDelayMs(attempt) };
}

/**
 * What the map says of the source now: `loaded` = every tile in view has loaded or failed. A settled
 * round without failures ends the back-off; tiles missing for TILE_TIMEOUT_MS fail the round as a
 * time-out (a server that accepts requests and never answers).
 */
export function tilesPolled(h: TileHealth, loaded: boolean, now: number): TileHealth {
  if (loaded) {
    if (h.settled && h.missingSince === undefined) return h;
    const ok = h.failed === 0;
    return { ...h, settled: true, missingSince: undefined, ...(ok ? { attempt: 0, failure: undefined, retryAt: undefined } : {}) };
  }
  if (h.missingSince === undefined) return { ...h, settled: false, missingSince: now };
  if (h.failed === 0 && now - h.missingSince >= TILE_TIMEOUT_MS) {
    return tileFailed({ ...h, missingSince: now }, { code: 'timeout', message: `tiles missing for ${Math.round((now - h.missingSince) / 1000)} s` }, now);
  }
  return h.settled ? { ...h, settled: false } : h;
}

/** A new round (the back-off's or "Skúsiť znova"): every tile asked again, the attempt count kept. */
export function retriedTiles(h: TileHealth): TileHealth {
  return { ...freshTiles(h.attempt), failure: h.failure };
}

/** The state a tile source shows: failed from a failed tile until a round passes without one. */
export function tileView(h: TileHealth): TileView {
  const base = { attempt: h.attempt, ...(h.failure ? { failure: h.failure } : {}), ...(h.retryAt !== undefined ? { retryAt: h.retryAt } : {}) };
  if (h.failed > 0) return { status: 'failed', ...base };
  // Asking again after a failure: still failed until the tiles arrive.
  if (h.failure && !h.settled) return { status: 'failed', ...base };
  return { status: h.settled ? 'shown' : 'loading', ...base };
}

export function sameTileView(a: TileView | undefined, b: TileView): boolean {
  return !!a && a.status === b.status && a.attempt === b.attempt && a.retryAt === b.retryAt && a.failure?.code === b.failure?.code;
}

/** The zoom below which the layer draws nothing: its coverage's minZoom, a raster's own minZoom. */
function outOfRange(d: MapDataset, zoom: number): boolean {
  if (belowMinZoom(d, zoom)) return true;
  return d.source.type === 'raster' && typeof d.source.minZoom === 'number' && zoom < d.source.minZoom;
}

/** The minimal zoom of a layer (for "Priblížte mapu (od úrovne N)"). */
export function minZoomOf(d: MapDataset): number {
  const raster = d.source.type === 'raster' && typeof d.source.minZoom === 'number' ? d.source.minZoom : 0;
  return Math.max(d.coverage?.minZoom ?? 0, raster);
}

/** A failed data load, also while it asks again: the failure it last met. */
function loadFailure(load: LoadState | undefined): LayerFailure | null {
  if (!load) return null;
  if (load.status === 'error') return { code: load.code, message: load.message };
  if (load.status === 'loading' && load.failure) return load.failure;
  return null;
}

/**
 * The layer's one state: out of range first (nothing is drawn there anyway), then a failure of its
 * data or tiles (also while asking again), loading, the portal's stale copy, shown.
 */
export function layerState(d: MapDataset, load: LoadState | undefined, tiles: TileView | undefined, zoom: number): LayerState {
  if (load?.status === 'zoom' || outOfRange(d, zoom)) return 'zoom';
  if (loadFailure(load) || tiles?.status === 'failed') return 'failed';
  if (load?.status === 'loading' || tiles?.status === 'loading') return 'loading';
  if (load?.status === 'ok') return load.cache === 'stale' ? 'stale' : 'shown';
  if (tiles) return tiles.status;
  // A raster layer whose tiles the map has not reported yet.
  return d.source.type === 'raster' ? 'loading' : 'none';
}

/** The layer's failure to tell: the data's, else the tiles'. */
export function layerFailure(load: LoadState | undefined, tiles: TileView | undefined): (LayerFailure & { attempt: number; retryAt?: number }) | null {
  const data = loadFailure(load);
  if (data && load && 'attempt' in load) return { ...data, attempt: load.attempt ?? 1, ...(load.status === 'error' && load.retryAt !== undefined ? { retryAt: load.retryAt } : {}) };
  if (tiles?.status === 'failed' && tiles.failure) return { ...tiles.failure, attempt: tiles.attempt, ...(tiles.retryAt !== undefined ? { retryAt: tiles.retryAt } : {}) };
  return null;
}

/** "spred 3 h": the age of the portal's copy (its `dm.generated`) at `now` ('' when unknown). */
export function copyAge(generated: string | undefined, now: number): string {
  const t = generated ? Date.parse(generated) : NaN;
  if (!Number.isFinite(t) || !Number.isFinite(now)) return '';
  const minutes = Math.max(1, Math.round((now - t) / 60_000));
  if (minutes < 90) return `spred ${minutes} min`;
  if (minutes < 48 * 60) return `spred ${Math.round(minutes / 60)} h`;
  return `spred ${Math.round(minutes / 1440)} dní`;
}

/** The portal's copy shown while the source does not answer, with its age. */
export function staleText(generated: string | undefined, now: number): string {
  const age = copyAge(generated, now);
  return `Zdroj teraz neodpovedá: zobrazené sú údaje z kópie portálu${age ? ` (stav ${age})` : ''}.`;
}
