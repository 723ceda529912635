// Provider health statuses and their rules (pure: no database), shared by the summary, the catalog,
// the OpenAPI document and the public page.

/**
 * `ok`; `degraded` (one of the last 10 requests within the hour failed, the median latency of the
 * recent successes is over 5 s, or the last manifest download failed); `unavailable` (the last 3
 * requests within the hour failed, or all of them when fewer); `invalid_manifest` / `id_mismatch`
 * (providers only, named before the others: the last manifest download was not a valid manifest of
 * this provider; the last good one is served).
 */
export const HEALTH_STATUSES = ['ok', 'degraded', 'unavailable', 'invalid_manifest', 'id_mismatch'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** Raw records are kept this long (7-day figures need 7 days), then pruned by the maintenance loop. */
export const HEALTH_RETENTION_DAYS = 8;
/** The status looks at the requests of the last hour, at most this many, newest first. */
export const RECENT_WINDOW_MINUTES = 60;
export const RECENT_COUNT = 10;
/** This many failed requests in a row (the newest) make a source `unavailable`. */
export const UNAVAILABLE_AFTER_FAILURES = 3;
/** Recent successes slower than this (median) make a source `degraded`. */
export const SLOW_MEDIAN_MS = 5000;

export interface WindowFigures {
  /** Requests in the window. */
  requests: number;
  /** Share of them that succeeded, 0–1; null without requests. */
  availability: number | null;
  /** Latency of the successful requests in ms; null without any. */
  p50Ms: number | null;
  p95Ms: number | null;
}

export interface SourceHealth {
  status: HealthStatus;
  last24h: WindowFigures;
  last7d: WindowFigures;
  /** The last successful request within the retention period (ISO time), or null. */
  lastSuccess: string | null;
  /** The last failed request within the retention period, with its error code, or null. */
  lastError: { at: string; code: string } | null;
}

export const EMPTY_WINDOW: WindowFigures = { requests: 0, availability: null, p50Ms: null, p95Ms: null };

/** Health with no request recorded: nothing known against the source. */
export function emptyHealth(status: HealthStatus = 'ok'): SourceHealth {
  return { status, last24h: EMPTY_WINDOW, last7d: EMPTY_WINDOW, lastSuccess: null, lastError: null };
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
