// The declared shape of provider health in the catalog (GET /api/catalog, MCP `catalog`; lib/operation)
// and of a provider's daily use (its dashboard): the zod schemas, whose `z.output` are the health and
// usage types, and the statuses and retention they name.
import { z } from 'zod';
import { isoDateTime } from '@/lib/operation/fields';

/**
 * `ok`; `degraded` (one of the last 10 requests within the hour failed, the median latency of the
 * recent successes is over 5 s, or the last manifest download failed); `unavailable` (the last 3
 * requests within the hour failed, or all of them when fewer); `invalid_manifest` / `id_mismatch`
 * (providers only, named before the others: the last manifest download was not a valid manifest of
 * this provider; the last good one is served).
 */
const HEALTH_STATUSES = ['ok', 'degraded', 'unavailable', 'invalid_manifest', 'id_mismatch'] as const;

/** Raw records are kept this long (7-day figures need 7 days), then pruned by the maintenance loop. */
export const HEALTH_RETENTION_DAYS = 8;

export const healthStatus = z
  .enum(HEALTH_STATUSES)
  .describe(
    '`ok`; `degraded` (a recent request failed, recent answers are slow, or the last manifest download failed); `unavailable` (the last 3 requests within the hour failed); providers also `invalid_manifest` / `id_mismatch` (the last manifest download was not a valid manifest of this provider; the last good one keeps being served). A provider is `unavailable` only when every one of its datasets asked within the hour is, `degraded` when any of them is not `ok`. No recorded request: `ok`.',
  );

const healthWindow = z
  .object({
    requests: z.int().min(0).describe('Requests made in the window.'),
    availability: z.number().min(0).max(1).nullable().describe('Share of the requests that succeeded; null without requests.'),
    p50Ms: z.int().min(0).nullable().describe('Median latency of the successful requests, ms.'),
    p95Ms: z.int().min(0).nullable().describe('95th percentile latency of the successful requests, ms.'),
  })
  .meta({ id: 'HealthWindow' });

export const sourceHealth = z
  .object({
    status: healthStatus,
    last24h: healthWindow,
    last7d: healthWindow,
    lastSuccess: isoDateTime.nullable().describe('The last successful request (within the retention period).'),
    lastError: z
      .object({
        at: isoDateTime,
        code: z.string().describe('The error code, e.g. `timeout`, `http_error`, `source_unreachable`, `data_schema_mismatch`, `invalid_manifest`.'),
        httpStatus: z.int().min(100).max(599).nullable().describe('The HTTP status the source answered (`http_error`: e.g. 503), null when it failed otherwise (time-out, reset, invalid data).'),
      })
      .nullable()
      .describe('The last failed request (within the retention period) with its error code and HTTP status.'),
  })
  .meta({
    id: 'SourceHealth',
    description: `What the portal saw of a source: every request it made (data, manifest downloads, point queries) is recorded and kept ${HEALTH_RETENTION_DAYS} days. Also on the public page /stav-zdrojov.`,
  });

/** A provider's answers served per day (the provider dashboard's `usage`, lib/health/usage.ts). */
export const dailyUsage = z.object({
  day: z.string().describe('YYYY-MM-DD (Europe/Bratislava).'),
  total: z.int().min(0),
  datasets: z.record(z.string(), z.int().min(0)),
});

export type HealthStatus = z.output<typeof healthStatus>;
/** Requests, availability (0–1, null without requests) and latency of the successes in one window. */
export type WindowFigures = z.output<typeof healthWindow>;
export type SourceHealth = z.output<typeof sourceHealth>;
export type UsageDay = z.output<typeof dailyUsage>;
