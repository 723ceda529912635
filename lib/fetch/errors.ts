// The one error type of the outbound client. Its codes are the spec's live-test and proxy codes, so a
// caller can report them as they are (and every one of them is an ApiError code too).
import { ApiError } from '@/lib/errors';

export type FetchErrorCode =
  | 'invalid_url'
  | 'https_required'
  | 'source_unreachable'
  | 'timeout'
  | 'response_too_large'
  | 'source_error'
  | 'http_error'
  | 'empty_body'
  | 'invalid_json';

/**
 * Why a policy refusal happened, finer than the code (for messages, logs and tests):
 * the address class that was refused, or the URL rule that was broken.
 */
export type FetchRefusal =
  | 'blocked_address'
  | 'scheme'
  | 'credentials'
  | 'port'
  | 'url_too_long'
  | 'malformed'
  | 'downgrade'
  | 'too_many_redirects';

export class FetchError extends Error {
  readonly code: FetchErrorCode;
  /** The URL that failed (the hop that failed when redirects were followed). */
  readonly url: string;
  /** HTTP status for `http_error`. */
  readonly status?: number;
  readonly reason?: FetchRefusal;

  constructor(
    code: FetchErrorCode,
    message: string,
    url: string,
    options: { status?: number; reason?: FetchRefusal; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FetchError';
    this.code = code;
    this.url = url;
    this.status = options.status;
    this.reason = options.reason;
  }

  /** The same failure as a client-facing error (status from the portal's error table). */
  toApiError(): ApiError {
    return new ApiError(this.code, this.message, { cause: this });
  }
}

export function isFetchError(e: unknown): e is FetchError {
  return e instanceof FetchError || (typeof e === 'object' && e !== null && (e as { name?: string }).name === 'FetchError');
}
