// The answers of GET /api/catalog (and the catalog entries of MCP `catalog`) and of POST
// /api/registration (MCP `register_provider`): one zod schema each, and the types are their
// `z.output` (lib/operation/README.md), imported with `import type` by services, pages and the map.
import { z } from 'zod';
import { PROVIDER_SELF_ACTIONS } from '@/lib/db/schema/providers';
import { dailyUsage, healthStatus, sourceHealth } from '@/lib/health/schema';
import { datasetKey, idSchema, isoDateTime, protocolObject } from '@/lib/operation/fields';
import { CATEGORIES, MAX_FEATURES, MAX_ZOOM, PROTOCOL_VERSION, USE_CASES, type Coverage, type FieldDef, type License, type ParamDef, type Presentation, type Temporal } from '@/lib/protocol/types';
import { finding } from '@/lib/validator/report';

/** For a dataset search that found nothing: the nearest categories (catalog search, nearby `search`). */
export const categorySuggestions = z
  .array(z.object({ category: z.enum(CATEGORIES), label: z.string(), count: z.int().min(0) }))
  .meta({ id: 'CategorySuggestions' });

const catalogProvider = z
  .object({
    id: idSchema,
    name: z.string(),
    status: healthStatus.describe('The provider’s health, equal to `health.status` (see SourceHealth).'),
    datasetCount: z.int().min(1).describe('Approved datasets of the provider.'),
    managedBy: z.enum(['provider', 'portal']),
    health: sourceHealth,
  })
  .meta({ id: 'CatalogProvider' });

const catalogSource = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('geojson'),
      mode: z.enum(['full', 'bbox']).optional(),
      maxFeatures: z.int().min(1).max(MAX_FEATURES).optional(),
    }),
    z.object({
      type: z.literal('raster'),
      tiles: z.array(z.string()).min(1).max(4),
      tileSize: z.union([z.literal(256), z.literal(512)]).optional(),
      minZoom: z.number().min(0).max(MAX_ZOOM).optional(),
      maxZoom: z.number().min(0).max(MAX_ZOOM).optional(),
    }),
  ])
  .meta({ id: 'CatalogSource', description: 'The manifest source without its URL: GeoJSON data are read through `links.data`, raster tiles directly from `tiles`.' });

const catalogLinks = z.object({
  data: z.string().nullable().describe('Path of the data endpoint (`/api/data/...`); null for raster and display-only datasets.'),
  map: z.string().describe('Path of the dataset page (`/mapa/<provider>/<dataset>`).'),
  source: z.string().optional().describe('Display-only datasets: address of the original service.'),
  ogc: z
    .string()
    .optional()
    .describe('GeoJSON datasets the portal redistributes: path of the OGC API – Features collection (`/ogc/collections/<provider>.<dataset>`); add `/ogc` to QGIS as a WFS / OGC API – Features layer.'),
  tiles: z
    .string()
    .optional()
    .describe('The same datasets: vector tile template (`/ogc/collections/<provider>.<dataset>/tiles/WebMercatorQuad/{z}/{y}/{x}`, Mapbox Vector Tiles).'),
});

export const catalogDataset = z
  .object({
    key: datasetKey,
    id: idSchema.describe('The manifest dataset id.'),
    providerId: idSchema,
    providerName: z.string(),
    title: z.string(),
    description: z.string().optional(),
    category: z.enum(CATEGORIES).describe('The manifest category; values outside the recommended list are listed as `other`.'),
    categoryLabel: z.string().describe('Slovak label of the category.'),
    tags: z.array(z.string()).optional(),
    keywords: z.array(z.string()),
    useCases: z.array(z.string()).describe(`Recommended values: ${USE_CASES.join(', ')}.`),
    coverage: protocolObject<Coverage>('ManifestCoverage').optional(),
    temporal: protocolObject<Temporal>('ManifestTemporal').optional(),
    fields: z.array(protocolObject<FieldDef>('ManifestField')).optional(),
    params: z.array(protocolObject<ParamDef>('ManifestParam')).optional(),
    license: protocolObject<License>('ManifestLicense').optional(),
    displayOnly: z.boolean().optional().describe('Drawn by the portal but not redistributed (`links.data` is null, `links.source` set).'),
    sample: z
      .literal(true)
      .optional()
      .describe('Present (true) for the built-in sample datasets (category `sample`, “Ukážkové dáta”): illustrative, not real data. They never enter an automatic selection (nearby `purpose` / `search`), come after the real datasets in catalog search, and answer only when named by key.'),
    source: catalogSource,
    presentation: protocolObject<Presentation>('ManifestPresentation'),
    attribution: z.string().describe('Attribution text to show with the data.'),
    links: catalogLinks,
    health: sourceHealth,
  })
  .meta({ id: 'CatalogDataset', description: 'A manifest dataset without its source URL, plus the portal’s key, labels, attribution and links.' });

export const catalogDocument = z
  .object({
    protocol: z.string().regex(/^[0-9]+\.[0-9]+$/).describe(`Protocol version (${PROTOCOL_VERSION}).`),
    generated: isoDateTime,
    providers: z.array(catalogProvider),
    datasets: z.array(catalogDataset),
  })
  .meta({ id: 'Catalog', description: 'Approved providers and datasets. Providers awaiting approval are absent.' });

export const registrationResult = z
  .object({
    registered: z.boolean().describe('True only in the 201 answer: this request registered the provider.'),
    status: z.enum(['pending_review', 'approved']).describe('The provider’s approval now: `pending_review` also while a changed manifest awaits approval (the approved content stays served meanwhile).'),
    changed: z.boolean().optional().describe('Present (true) when this registration found the manifest changed since the portal last read it; the change awaits approval.'),
    message: z.string(),
    provider: z.object({ id: idSchema, name: z.string() }),
    links: z.object({
      review: z.string().describe('Path of the unapproved-data overview with the provider anchor.'),
      datasets: z.array(z.string().describe('Path of a dataset page.')),
    }),
    check: z.object({ summary: z.string(), warnings: z.array(finding) }),
  })
  .meta({ id: 'RegistrationResult' });

export type CatalogProvider = z.output<typeof catalogProvider>;
/** A catalog entry: the manifest dataset without its source URL, plus the portal's fields. */
export type CatalogDataset = z.output<typeof catalogDataset>;
export type CatalogSource = z.output<typeof catalogSource>;
/** GET /api/catalog: the catalog with each provider's and dataset's health (lib/health). */
export type CatalogDocument = z.output<typeof catalogDocument>;
export type RegistrationResult = z.output<typeof registrationResult>;

const manifestChange = z
  .object({
    path: z.string().describe('Where in the manifest, datasets named by id: `datasets/<id>/title`.'),
    kind: z.enum(['added', 'removed', 'changed']),
    before: z.unknown().optional().describe('The approved value (removed, changed).'),
    after: z.unknown().optional().describe('The new value (added, changed).'),
  })
  .meta({ id: 'ManifestChange' });

export type ManifestChange = z.output<typeof manifestChange>;

export const providerDashboard = z
  .object({
    id: idSchema,
    name: z.string(),
    managedBy: z.enum(['provider', 'portal']),
    builtIn: z.boolean(),
    manifestUrl: z.string().nullable(),
    origin: z.string().nullable().describe('The origin the provider id is bound to (its first manifest’s); actions need proof of control of it.'),
    approval: z.enum(['pending_review', 'approved', 'rejected']),
    changedAwaitingApproval: z.boolean().describe('A changed manifest awaits approval; the approved one is served meanwhile (`changes`).'),
    rejectedReason: z.string().nullable(),
    manifestStatus: z.string().describe('The last manifest download: `ok`, `invalid_manifest`, `id_mismatch`, `source_unreachable`.'),
    manifestStatusMessage: z.string().nullable(),
    registeredAt: isoDateTime,
    approvedAt: isoDateTime.nullable(),
    lastRefresh: isoDateTime.nullable().describe('When the portal last downloaded the manifest.'),
    health: sourceHealth,
    history: z.array(
      z.object({
        at: isoDateTime,
        action: z.string(),
        from: z.string().nullable(),
        to: z.string().nullable(),
        by: z.string(),
        detail: z.record(z.string(), z.unknown()).nullable(),
      }),
    ),
    datasets: z.array(
      z.object({
        id: idSchema,
        title: z.string(),
        approved: z.boolean().describe('In the approved manifest (false: only in a manifest awaiting approval).'),
        sourceType: z.enum(['geojson', 'raster']),
        link: z.string(),
        health: sourceHealth,
        cache: z.object({
          entries: z.int().min(0).describe('Answers the portal holds for the dataset (viewports, parameters).'),
          fresh: z.int().min(0),
          newest: isoDateTime.nullable().describe('When the newest held answer came from the source.'),
        }),
        requests30d: z.int().min(0).describe('Answers the portal served with the dataset’s data in the last 30 days.'),
      }),
    ),
    usage: z
      .array(dailyUsage)
      .describe('Answers served with the provider’s data per day, the last 30 days, oldest first.'),
    changes: z.array(manifestChange).describe('The current manifest against the approved one (empty when they are the same).'),
    notifications: z.array(z.object({ kind: z.string(), subject: z.string(), createdAt: isoDateTime, sentAt: isoDateTime.nullable(), via: z.string().nullable() })),
  })
  .meta({ id: 'ProviderDashboard', description: 'Everything about one provider: approval and its history, each dataset’s health, cache and use, the changes awaiting approval.' });

export type ProviderDashboard = z.output<typeof providerDashboard>;
export type CategorySuggestion = z.output<typeof categorySuggestions>[number];

export const providerAction = z.enum(PROVIDER_SELF_ACTIONS).describe('`withdraw` (remove the provider and its data), `move` (a new manifest URL), `refresh` (download the manifest now).');
export type ProviderAction = z.output<typeof providerAction>;

export const providerChallenge = z
  .object({
    provider: idSchema,
    action: providerAction,
    token: z.string().describe('Place it as the only content of a file at each `place` URL.'),
    manifestUrl: z.string().nullable().describe('A move’s new manifest URL.'),
    place: z.array(z.string()).describe('Where the token must be answered (HTTP 200, text): `<origin>/.well-known/geodata-portal/<token>` on the provider’s bound origin, and on the new origin for a move elsewhere.'),
    expiresAt: isoDateTime,
    instructions: z.string().describe('The same in Slovak words.'),
  })
  .meta({ id: 'ProviderChallenge' });
export type ProviderChallenge = z.output<typeof providerChallenge>;

export const providerActionResult = z
  .object({
    provider: idSchema,
    action: providerAction,
    approval: z.enum(['pending_review', 'approved', 'rejected']).nullable().describe('The approval after the action (null: withdrawn).'),
    message: z.string(),
  })
  .meta({ id: 'ProviderActionResult' });
export type ProviderActionResult = z.output<typeof providerActionResult>;
