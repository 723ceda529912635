// One error type for the whole portal and one table from error code to HTTP status.
// The table follows the spec's Errors part; codes the spec lists without a status get the status
// of the nearest documented case (a source failing behind the proxy is a 502, and so on).

export const ERROR_STATUS = {
  // portal query errors
  invalid_query: 400,
  invalid_input: 400,
  invalid_url: 400,
  https_required: 400,
  missing_place: 400,
  missing_dataset_selection: 400,
  raster_dataset: 400,
  summary_requires_place: 400,
  ambiguous_place: 400,
  unknown_dataset: 404,
  unknown_place: 404,
  unknown_provider: 404,
  unknown_schema: 404,
  unknown_example: 404,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  display_only: 303,
  geocoding_unavailable: 501,
  reference_data_unavailable: 503,
  /** The server is preparing (database, reference data, app); /readyz names the part. */
  starting: 503,
  /** The database does not answer (outage, restart); what is in memory is still served. */
  database_unavailable: 503,
  internal_error: 500,
  // registration
  rejected: 403,
  id_taken: 409,
  url_registered: 409,
  manifest_rejected: 422,
  /** The manifest draft: the address is not an OGC API – Features, WFS 2.0 or ArcGIS service. */
  unrecognised_service: 422,
  too_many_requests: 429,
  queue_full: 429,
  registration_unavailable: 503,
  // a provider's own actions with proof of control (lib/providers/actions.ts)
  unknown_challenge: 404,
  proof_failed: 403,
  origin_mismatch: 409,
  // a data source failing behind the portal
  source_unreachable: 502,
  timeout: 502,
  http_error: 502,
  invalid_json: 502,
  empty_body: 502,
  response_too_large: 502,
  data_schema_mismatch: 502,
  source_error: 502,
  invalid_manifest: 502,
  id_mismatch: 502,
  tile_http_error: 502,
  tile_not_image: 502,
  tile_unreachable: 502,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Whether asking again later may succeed: time-outs, unreachable sources, server-side HTTP errors
 * (5xx, 408, 429; an unknown status counts as one) and the portal's own passing outages. Answers
 * that were wrong (schema, JSON, size), refusals and client errors are not retryable.
 */
export function isRetryable(code: string, httpStatus?: number): boolean {
  if (['timeout', 'source_unreachable', 'tile_unreachable', 'database_unavailable', 'starting', 'registration_unavailable', 'too_many_requests'].includes(code)) return true;
  if (code === 'http_error' || code === 'tile_http_error') return httpStatus === undefined || httpStatus >= 500 || httpStatus === 408 || httpStatus === 429;
  return false;
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_STATUS, code);
}

/** An error meant for the client: its code picks the status, its message is shown as is. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra members of the error body (e.g. `available`, `source`, `check`). */
  readonly extra: Record<string, unknown>;
  /** Extra response headers (e.g. `Location` for display_only, `Retry-After`). */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  toBody(): Record<string, unknown> {
    return { error: this.message, code: this.code, ...this.extra };
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError || (typeof e === 'object' && e !== null && (e as { name?: string }).name === 'ApiError' && 'code' in e && 'status' in e);
}
