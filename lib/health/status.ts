// Provider health statuses and their rules (pure: no database), shared by the summary, the catalog,
// the OpenAPI document and the public page.

import { HEALTH_RETENTION_DAYS, type HealthStatus, type SourceHealth, type WindowFigures } from './schema';

export { HEALTH_RETENTION_DAYS };
export type { HealthStatus, SourceHealth, WindowFigures };

/** The status looks at the requests of the last hour, at most this many, newest first. */
export const RECENT_WINDOW_MINUTES = 60;
export const RECENT_COUNT = 10;
/** This many failed requests in a row (the newest) make a source `unavailable`. */
const UNAVAILABLE_AFTER_FAILURES = 3;
/** Recent successes slower than this (median) make a source `degraded`. */
const SLOW_MEDIAN_MS = 5000;

export const EMPTY_WINDOW: WindowFigures = { requests: 0, availability: null, p50Ms: null, p95Ms: null };

/** Health with no request recorded: nothing known against the source. */
export function emptyHealth(status: HealthStatus = 'ok'): SourceHealth {
  return { status, last24h: EMPTY_WINDOW, last7d: EMPTY_WINDOW, lastSuccess: null, lastError: null };
}

/**
 * A provider's status from its datasets' statuses (those asked within the hour): `unavailable` only
 * when every one of them is, `degraded` when any is not `ok`, else `ok`; null when none was asked (the
 * provider's own recent requests, manifest downloads included, decide then). So the page, the catalog
 * and MCP never call a provider unavailable while some of its datasets answer.
 */
export function statusOfDatasets(statuses: HealthStatus[]): HealthStatus | null {
  if (!statuses.length) return null;
  if (statuses.every((s) => s === 'unavailable')) return 'unavailable';
  return statuses.some((s) => s !== 'ok') ? 'degraded' : 'ok';
}

/** The status of recent requests (newest first), by the rules above. */
export function statusOfRecent(recent: Array<{ ok: boolean; ms: number }>): 'ok' | 'degraded' | 'unavailable' {
  if (!recent.length) return 'ok';
  const newest = recent.slice(0, UNAVAILABLE_AFTER_FAILURES);
  if (newest.every((r) => !r.ok)) return 'unavailable';
  if (recent.some((r) => !r.ok)) return 'degraded';
  const ms = recent.map((r) => r.ms).sort((a, b) => a - b);
  if (ms[Math.floor(ms.length / 2)] > SLOW_MEDIAN_MS) return 'degraded';
  return 'ok';
}
