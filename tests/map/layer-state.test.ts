// A failed map layer (lib/map/loads.ts, lib/map/layer-state.ts): it keeps the data it had, knows its attempt, asks again by
// itself after a growing pause when the failure may pass, and only on request when it will not.
import { describe, expect, test } from 'vitest';
import { copyAge, freshTiles, layerFailure, layerState, retriedTiles, staleText, tileFailed, tileFailure, tileLoaded, tilesPolled, tileView, TILE_TIMEOUT_MS, type TileView } from '@/lib/map/layer-state';
import { failedLoad, reconcileLoads, retriedLoad, retryDelayMs, RETRY_FIRST_MS, RETRY_MAX_MS, type LoadState } from '@/lib/map/loads';
import { dataset } from './fixtures';

const fc: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

describe('failed layers', () => {
  test('back-off: 2 s, 4 s, 8 s … at most a minute', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([RETRY_FIRST_MS, 2 * RETRY_FIRST_MS, 4 * RETRY_FIRST_MS, 8 * RETRY_FIRST_MS]);
    expect(retryDelayMs(20)).toBe(RETRY_MAX_MS);
  });

  test('a passing failure is retried by itself, the data kept; attempts count up', () => {
    const loading: LoadState = { status: 'loading', url: '/api/data/a/b', data: fc };
    const first = failedLoad(loading, '/api/data/a/b', 'timeout', 'HTTP 502', 1_000);
    expect(first).toMatchObject({ status: 'error', code: 'timeout', attempt: 1, retryAt: 1_000 + RETRY_FIRST_MS, data: fc });
    const again = retriedLoad(first);
    expect(again).toMatchObject({ status: 'loading', url: '/api/data/a/b', attempt: 1, data: fc });
    expect(failedLoad(again, '/api/data/a/b', 'http_error', 'HTTP 502', 5_000)).toMatchObject({ attempt: 2, retryAt: 5_000 + 2 * RETRY_FIRST_MS });
  });

  test('a failure that will not pass waits for "Skúsiť znova"', () => {
    const failed = failedLoad(undefined, '/api/data/a/b', 'data_schema_mismatch', 'HTTP 502');
    expect(failed).toMatchObject({ status: 'error', attempt: 1 });
    expect(failed).not.toHaveProperty('retryAt');
  });
});

describe('a layer drawn from tiles', () => {
  const raster = dataset({ key: 'p/raster', source: { type: 'raster', tiles: ['https://t.example/{z}/{x}/{y}.png'], minZoom: 10 }, links: { map: '/mapa/p/raster', data: null } });
  const http500 = { name: 'AJAXError', status: 500, message: 'AJAXError: Internal Server Error (500): https://t.example/1/2/3.png?format=image/png' };

  test("a tile's error names its kind; a tile the map cancelled is none", () => {
    expect(tileFailure(http500)).toMatchObject({ code: 'tile_http_error', message: expect.stringMatching(/^HTTP 500/) });
    // No answer at all: status 0, even when the URL mentions an image format.
    expect(tileFailure({ name: 'AJAXError', status: 0, message: 'AJAXError: Failed to fetch (0): https://t.example/a?format=image/png' })).toMatchObject({ code: 'tile_unreachable' });
    expect(tileFailure({ name: 'Error', message: 'Could not load image because of The source image could not be decoded.' })).toMatchObject({ code: 'tile_not_image' });
    expect(tileFailure({ name: 'AbortError', message: 'signal is aborted without reason' })).toBeNull();
    expect(tileFailure(undefined)).toBeNull();
  });

  test('failed tiles fail the round, once per round an attempt with back-off; the next round that settles clean shows it again', () => {
    let h = tileLoaded(freshTiles());
    expect(tileView(h).status).toBe('loading');
    h = tileFailed(h, tileFailure(http500)!, 1_000);
    expect(tileView(h)).toMatchObject({ status: 'failed', attempt: 1, retryAt: 1_000 + RETRY_FIRST_MS, failure: { code: 'tile_http_error' } });
    h = tileFailed(h, tileFailure(http500)!, 1_500);
    expect(h).toMatchObject({ failed: 2, attempt: 1, retryAt: 1_000 + RETRY_FIRST_MS });
    // Every tile in view came or failed: still failed (part of the map is unknown).
    h = tilesPolled(h, true, 2_000);
    expect(tileView(h).status).toBe('failed');
    // Asked again: failed until the tiles arrive; a failure again doubles the pause.
    h = retriedTiles(h);
    expect(tileView(h)).toMatchObject({ status: 'failed', attempt: 1 });
    h = tileFailed(h, tileFailure(http500)!, 5_000);
    expect(h).toMatchObject({ attempt: 2, retryAt: 5_000 + 2 * RETRY_FIRST_MS });
    // The source is back: the next round loads and settles without a failure.
    h = tileLoaded(retriedTiles(h));
    expect(tileView(h).status).toBe('failed');
    h = tilesPolled(h, true, 10_000);
    expect(tileView(h)).toEqual({ status: 'shown', attempt: 0 });
  });

  test('tiles missing for TILE_TIMEOUT_MS are a time-out; arriving tiles keep the clock from running out', () => {
    let h = tilesPolled(freshTiles(), false, 0);
    h = tilesPolled(h, false, TILE_TIMEOUT_MS - 1);
    expect(tileView(h).status).toBe('loading');
    h = tileLoaded(h);
    h = tilesPolled(h, false, TILE_TIMEOUT_MS + 10);
    h = tilesPolled(h, false, 2 * TILE_TIMEOUT_MS);
    expect(tileView(h).status).toBe('loading');
    h = tilesPolled(h, false, 2 * TILE_TIMEOUT_MS + 20);
    expect(tileView(h)).toMatchObject({ status: 'failed', failure: { code: 'timeout' }, attempt: 1 });
  });

  test("the layer's one state: out of range first, a failure (also while asking again), loading, stale, shown", () => {
    const full = dataset({ key: 'p/full' });
    const fail: TileView = { status: 'failed', attempt: 1, failure: { code: 'tile_http_error', message: 'HTTP 500' }, retryAt: 9 };
    expect(layerState(raster, undefined, undefined, 12)).toBe('loading');
    expect(layerState(raster, undefined, fail, 12)).toBe('failed');
    expect(layerState(raster, undefined, fail, 8)).toBe('zoom');
    expect(layerState(raster, undefined, { status: 'shown', attempt: 0 }, 12)).toBe('shown');
    expect(layerFailure(undefined, fail)).toEqual({ code: 'tile_http_error', message: 'HTTP 500', attempt: 1, retryAt: 9 });

    const ok: LoadState = { status: 'ok', url: '/api/data/p/full', data: fc, dm: {}, cache: 'miss' };
    expect(layerState(full, ok, undefined, 7)).toBe('shown');
    expect(layerState(full, { ...ok, cache: 'stale' }, undefined, 7)).toBe('stale');
    // Whole data drawn from tiles: the tiles' failure fails the layer.
    expect(layerState(full, ok, fail, 7)).toBe('failed');
    const failed = failedLoad({ status: 'loading', url: ok.url }, ok.url, 'timeout', 'HTTP 504', 0);
    expect(layerState(full, failed, undefined, 7)).toBe('failed');
    const retrying = retriedLoad(failed);
    expect(layerState(full, retrying, undefined, 7)).toBe('failed');
    expect(layerFailure(retrying, undefined)).toMatchObject({ code: 'timeout', attempt: 1 });
    expect(layerState(full, { status: 'loading', url: ok.url }, undefined, 7)).toBe('loading');
    expect(layerState(dataset({ key: 'p/near', coverage: { minZoom: 12 } }), ok, undefined, 7)).toBe('zoom');
  });

  test("a stale copy's age in words", () => {
    const at = Date.parse('2026-11-28T12:00:00Z');
    expect(staleText('2026-11-28T11:20:00Z', at)).toBe('Zdroj teraz neodpovedá: zobrazené sú údaje z kópie portálu (stav spred 40 min).');
    expect(copyAge('2026-11-28T09:00:00Z', at)).toBe('spred 3 h');
    expect(copyAge('2026-11-25T12:00:00Z', at)).toBe('spred 3 dní');
    expect(staleText(undefined, at)).toBe('Zdroj teraz neodpovedá: zobrazené sú údaje z kópie portálu.');
  });

  test('a layer that failed stays failed while a moved map asks for new data', () => {
    const failed = failedLoad({ status: 'loading', url: '/api/data/p/b?bbox=1' }, '/api/data/p/b?bbox=1', 'source_unreachable', 'HTTP 502', 0);
    const next = reconcileLoads({ 'p/b': failed }, new Map([['p/b', { status: 'fetch', url: '/api/data/p/b?bbox=2' }]]));
    expect(next['p/b']).toMatchObject({ status: 'loading', url: '/api/data/p/b?bbox=2', attempt: 1, failure: { code: 'source_unreachable' } });
  });
});
