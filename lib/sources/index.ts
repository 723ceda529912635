// Where the portal reads a provider's source: manifests, data, raster tiles and point queries. The
// portal's built-in providers, the reference data (lib/reference/provider.ts, sk-uzemie) and the
// protocol samples (lib/protocol/examples.ts, priklady), live on the portal's own origin, which the
// guarded client refuses (loopback, often plain http); their URLs are answered in-process by the very
// handlers their Next routes use (same bytes, no socket, no policy exception for any other path of
// the origin). Every other URL goes through the guarded client (lib/fetch), which knows no URL of
// its own. The layer rule lets only this module import lib/fetch, so no caller can bypass it.
import { env } from '@/lib/env';
import * as guarded from '@/lib/fetch';
import type { FetchError, FetchOptions, FetchResult, InProcessHandler } from '@/lib/fetch';
import { SAMPLES_PATH } from '@/lib/protocol/examples';
import { REFERENCE_PROVIDER_PATH } from '@/lib/reference/provider';

export { FetchError, isFetchError, type FetchErrorCode, type FetchOptions, type FetchResult } from '@/lib/fetch';

interface BuiltInRoute {
  prefix: string;
  /** Lazy, so a caller does not load the reference or sample modules before it needs them. */
  load: () => Promise<InProcessHandler>;
}

const BUILT_IN_ROUTES: readonly BuiltInRoute[] = [
  { prefix: `${REFERENCE_PROVIDER_PATH}/`, load: async () => (await import('@/lib/reference/provider')).handleReferenceProviderRequest },
  { prefix: `${SAMPLES_PATH}/`, load: async () => (await import('@/lib/protocol/examples')).handleExampleRequest },
];

/** The handler of a built-in provider answering this URL, or null when the URL leaves the portal. */
function builtInHandler(url: URL): (() => Promise<InProcessHandler>) | null {
  let origin: string;
  try {
    origin = new URL(env().publicBaseUrl).origin;
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return BUILT_IN_ROUTES.find((r) => url.pathname.startsWith(r.prefix))?.load ?? null;
}

/** The path prefixes answered in-process (for documentation and tests). */
export function builtInPrefixes(): string[] {
  return BUILT_IN_ROUTES.map((r) => r.prefix);
}

/** lib/fetch's safeFetch, with the built-in providers answered in-process. */
export function safeFetch(url: string, options: FetchOptions = {}): Promise<FetchResult> {
  return guarded.safeFetch(url, { ...options, inProcess: builtInHandler });
}

/** lib/fetch's fetchJson, with the built-in providers answered in-process. */
export function fetchJson(url: string, options: FetchOptions = {}): Promise<{ result: FetchResult; json: unknown }> {
  return guarded.fetchJson(url, { ...options, inProcess: builtInHandler });
}

/** Why a source URL would be refused before connecting, or null (a built-in provider's never is). */
export function checkOutboundUrl(url: string): FetchError | null {
  return guarded.checkOutboundUrl(url, builtInHandler);
}
