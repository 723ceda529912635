// The portal's built-in providers (lib/providers/built-in.ts: its reference data and its protocol
// samples) are ordinary providers with manifests on the portal's own origin. The guarded client refuses that origin
// (loopback, often plain http), so such URLs are answered in-process by the very handler the Next
// route uses: same bytes, no socket, no policy exception for anything else on the origin.
import { env } from '@/lib/env';
import { SERVED_BUILT_INS } from '@/lib/providers/built-in';

export type InternalHandler = (url: URL, init?: { headers?: Record<string, string> }) => Promise<Response>;

interface InternalRoute {
  prefix: string;
  /** Lazy, so the client does not pull the reference or protocol modules into every importer. */
  load: () => Promise<InternalHandler>;
}

const INTERNAL_ROUTES: readonly InternalRoute[] = [
  {
    prefix: SERVED_BUILT_INS.reference.prefix,
    load: async () => (await import('@/lib/reference/provider')).handleReferenceProviderRequest,
  },
  {
    prefix: SERVED_BUILT_INS.samples.prefix,
    load: async () => (await import('@/lib/protocol/examples')).handleExampleRequest,
  },
];

/** The built-in handler answering this URL, or null when the URL leaves the portal. */
export function internalRouteFor(url: URL): InternalRoute | null {
  let origin: string;
  try {
    origin = new URL(env().publicBaseUrl).origin;
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return INTERNAL_ROUTES.find((r) => url.pathname.startsWith(r.prefix)) ?? null;
}

/** The path prefixes served in-process (for documentation and tests). */
export function internalPrefixes(): string[] {
  return INTERNAL_ROUTES.map((r) => r.prefix);
}
