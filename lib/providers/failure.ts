// What a failed source answer tells its client besides the code: whether asking again later may
// help (`retryable`) and where the authority's own site or service is (`authority`), so that "we
// could not ask" is never mistaken for "there is nothing" (REST error bodies, nearby entries, MCP).
import { ApiError, isRetryable } from '@/lib/errors';
import { authorityLink } from './catalog';
import type { ServedDataset } from './types';

export interface SourceFailureInfo {
  retryable: boolean;
  authority?: { name: string; url: string };
}

/** `retryable` by the code (and the source's HTTP status when known) and the authority's link. */
export function sourceFailureInfo(served: ServedDataset, code: string, httpStatus?: number): SourceFailureInfo {
  const authority = authorityLink(served);
  return { retryable: isRetryable(code, httpStatus), ...(authority ? { authority } : {}) };
}

/** The same source failure with `retryable` (kept when already decided from the status) and `authority` in its body. */
export function withSourceFailureInfo(served: ServedDataset, err: ApiError): ApiError {
  if (typeof err.extra.retryable === 'boolean' && err.extra.authority) return err;
  const info = sourceFailureInfo(served, err.code);
  const retryable = typeof err.extra.retryable === 'boolean' ? err.extra.retryable : info.retryable;
  return new ApiError(err.code, err.message, { cause: err.cause ?? err, headers: err.headers, extra: { ...err.extra, ...info, retryable } });
}
