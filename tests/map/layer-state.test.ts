// A failed map layer (lib/map/loads.ts): it keeps the data it had, knows its attempt, asks again by
// itself after a growing pause when the failure may pass, and only on request when it will not.
import { describe, expect, test } from 'vitest';
import { failedLoad, retriedLoad, retryDelayMs, RETRY_FIRST_MS, RETRY_MAX_MS, type LoadState } from '@/lib/map/loads';

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
