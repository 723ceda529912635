// Shapes of the provider registry shared by REST, MCP, the pages and the data proxy.
import type { ProviderRow } from '@/lib/db/schema';
import type { HealthStatus, SourceHealth } from '@/lib/health/status';
import type { Category, GeoJsonSource, License, ManifestDataset, Presentation, RasterSource } from '@/lib/protocol/types';

export type Approval = ProviderRow['approval'];
export type ManagedBy = ProviderRow['managedBy'];
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

export interface CatalogProvider {
  id: string;
  name: string;
  /** The provider's health status (lib/health HEALTH_STATUSES): ok, degraded, unavailable, invalid_manifest, id_mismatch. */
  status: string;
  datasetCount: number;
  managedBy: ManagedBy;
  /** What the portal saw of the provider's sources (/stav-zdrojov shows the same). */
  health?: SourceHealth;
}

/** A catalog entry: the manifest dataset without its source URL, plus the portal's fields. */
export interface CatalogDataset {
  key: string;
  /** The manifest dataset id. */
  id: string;
  providerId: string;
  providerName: string;
  title: string;
  description?: string;
  category: Category;
  categoryLabel: string;
  tags?: string[];
  keywords: string[];
  useCases: string[];
  coverage?: ManifestDataset['coverage'];
  temporal?: ManifestDataset['temporal'];
  fields?: ManifestDataset['fields'];
  params?: ManifestDataset['params'];
  license?: License;
  displayOnly?: boolean;
  /** A built-in sample dataset (category `sample`): never in an automatic selection, listed after the real data. */
  sample?: true;
  /** GeoJSON: `{ type, mode?, maxFeatures? }`; raster: `{ type, tiles, tileSize?, minZoom?, maxZoom? }`. */
  source: Omit<GeoJsonSource, 'url'> | RasterSource;
  presentation: Presentation;
  attribution: string;
  links: {
    data: string | null;
    map: string;
    source?: string;
    /** GeoJSON datasets redistributed by the portal: the OGC API collection (`/ogc/collections/<provider>.<dataset>`). */
    ogc?: string;
    /** The same datasets: the vector tile template (`{z}/{y}/{x}`) of that collection. */
    tiles?: string;
  };
  /** What the portal saw of the dataset's source (GET /api/catalog and MCP `catalog`). */
  health?: SourceHealth;
}

/** The catalog as built once per registry version, before the provider health is joined. */
export interface CatalogBase {
  protocol: string;
  providers: CatalogProvider[];
  datasets: CatalogDataset[];
}

/** GET /api/catalog: the catalog with each provider's and dataset's health (lib/health). */
export interface CatalogDocument {
  protocol: string;
  generated: string;
  providers: Array<CatalogProvider & { status: HealthStatus; health: SourceHealth }>;
  datasets: Array<CatalogDataset & { health: SourceHealth }>;
}

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

export interface RegistrationResult {
  registered: boolean;
  status: 'pending_review' | 'approved';
  /** Present (true) when this registration found the manifest changed since the portal last read it. */
  changed?: boolean;
  message: string;
  provider: { id: string; name: string };
  links: { review: string; datasets: string[] };
  check: { summary: string; warnings: Array<{ path: string; code: string; message: string; hint?: string }> };
}
