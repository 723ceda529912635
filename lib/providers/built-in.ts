// The portal's built-in providers (managedBy "portal") in one place: their ids, the paths on the
// portal's own origin where their manifests and data live, and the folder of kept manifests.
// - sk-uzemie: the Slovak reference data, served by the portal itself (lib/reference/provider.ts);
// - priklady: the protocol samples (/priklady/manifest-complete.json), category "sample";
// - content/providers/<id>.json: manifests the portal keeps for real public services (WMS, ArcGIS).
// The two served by the portal define their own ids and paths (lib/reference/provider.ts,
// lib/protocol/examples.ts); lib/sources answers their URLs in-process, ./seed.ts registers them.
import path from 'node:path';
import { SAMPLE_PROVIDER_ID, SAMPLES_PATH } from '@/lib/protocol/examples';
import type { Manifest } from '@/lib/protocol/types';
import { REFERENCE_PROVIDER_ID, REFERENCE_PROVIDER_PATH } from '@/lib/reference/provider';

export { REFERENCE_PROVIDER_ID, SAMPLE_PROVIDER_ID };
export const CONTENT_PROVIDERS_DIR = path.join(process.cwd(), 'content', 'providers');

export interface BuiltInProvider {
  id: string;
  /** Paths under this prefix are answered in-process by the provider's own handler. */
  prefix: string;
  /** The manifest's path on the portal's origin. */
  manifestPath: string;
  /** Where the provider is defined, for logs. */
  origin: string;
}

/** The built-ins served by the portal itself (the kept manifests of content/providers are not). */
export const SERVED_BUILT_INS = {
  reference: {
    id: REFERENCE_PROVIDER_ID,
    prefix: `${REFERENCE_PROVIDER_PATH}/`,
    manifestPath: `${REFERENCE_PROVIDER_PATH}/manifest.json`,
    origin: 'lib/reference/provider.ts',
  },
  samples: {
    id: SAMPLE_PROVIDER_ID,
    prefix: `${SAMPLES_PATH}/`,
    manifestPath: `${SAMPLES_PATH}/manifest-complete.json`,
    origin: 'lib/protocol/examples.ts',
  },
} as const satisfies Record<string, BuiltInProvider>;

/** The sample provider: the complete sample manifest as the portal's own provider `priklady`. */
export function sampleProviderManifest(example: Manifest): Manifest {
  return {
    ...example,
    provider: { ...example.provider, id: SAMPLE_PROVIDER_ID, managedBy: 'portal' },
    datasets: example.datasets.map((d) => ({ ...d, category: 'sample' })),
  };
}
