// Shapes of the provider registry shared by REST, MCP, the pages and the data proxy. The answers
// (catalog, registration) are the `z.output` of their schemas in ./schema.ts, re-exported here.
import type { ProviderRow } from '@/lib/db/schema';
import type { License, ManifestDataset } from '@/lib/protocol/types';
import type { CatalogDataset, CatalogDocument, CatalogProvider } from './schema';

export type { CatalogDocument, CatalogSource, RegistrationResult } from './schema';

export type Approval = ProviderRow['approval'];
type ManagedBy = ProviderRow['managedBy'];
/** Health of the last manifest download; `ok` or the code of the failed refresh. */
export type ProviderStatus = ProviderRow['status'];

/**
 * One row of the providers table (lib/db/schema/providers.ts), as Drizzle reads it: `manifest` the
 * last good manifest downloaded (awaiting approval when its fingerprint is not approved),
 * `approvedManifest` the one approved last (served while a changed manifest awaits approval).
 */
export type ProviderRecord = ProviderRow;

/** A dataset as the portal serves it (data proxy, nearby, summary, MCP, pages). */
export interface ServedDataset {
  /** `<provider_id>/<dataset_id>` */
  key: string;
  provider: {
    id: string;
    name: string;
    managedBy: ManagedBy;
    /** Approval of the content served: `approved` also while a changed manifest awaits review. */
    approval: 'pending_review' | 'approved';
    status: string;
    /** The manifest's `provider.homepage`, else `provider.contact.url`: the authority's own site. */
    homepage?: string;
  };
  /** The dataset as in the served manifest, with `source.url` resolved to an absolute URL. */
  dataset: ManifestDataset;
  manifestUrl: string;
  /** SHA-256 of the served manifest's content (keys the data cache). */
  fingerprint: string;
  /** Drawn by the portal but not redistributed (honoured for `managedBy: portal` only). */
  displayOnly: boolean;
  /** The dataset licence's attribution, else the provider licence's, else the provider name. */
  attribution: string;
  /** The dataset licence, else the provider licence. */
  license: License | null;
}

/** A catalog entry before the health is joined (built once per registry version; pages, MCP `catalog`). */
export type CatalogEntry = Omit<CatalogDataset, 'health'>;

/**
 * The catalog as built once per registry version, before the provider health is joined: the answer
 * without `generated`, each provider with its manifest status in place of its health.
 */
export type CatalogBase = Pick<CatalogDocument, 'protocol'> & {
  providers: Array<Omit<CatalogProvider, 'status' | 'health'> & { status: ProviderStatus }>;
  datasets: CatalogEntry[];
};

/** Providers awaiting the operator, for /neschvalene-data and `operator list --pending`. */
export interface PendingProvider {
  id: string;
  name: string;
  description: string | null;
  homepage: string | null;
  manifestUrl: string | null;
  fingerprint: string;
  status: string;
  statusMessage: string | null;
  /** True when an earlier manifest was approved and is still what the catalog shows. */
  previouslyApproved: boolean;
  registeredAt: Date;
  updatedAt: Date;
  datasets: Array<{ id: string; title: string; description: string | null; category: string; sourceType: string; link: string }>;
}
