// GET /api/catalog and POST /api/registration (MCP `register_provider`): declared operations (lib/operation).
import { z } from 'zod';
import { healthStatus, sourceHealth } from '@/lib/health/schema';
import { defineOperation, codedIssue } from '@/lib/operation/define';
import { datasetKey, finding, idSchema, isoDateTime, protocolObject } from '@/lib/operation/fields';
import { CATEGORIES, PROTOCOL_VERSION, USE_CASES } from '@/lib/protocol/types';
import { getCatalog } from './catalog';
import { MAX_MANIFEST_URL_LENGTH, registerProvider, checkManifestUrl } from './registration';

export const catalogProvider = z
  .object({
    id: idSchema,
    name: z.string(),
    status: healthStatus.describe('The provider’s health, equal to `health.status` (see SourceHealth).'),
    datasetCount: z.int().min(1).describe('Approved datasets of the provider.'),
    managedBy: z.enum(['provider', 'portal']),
    health: sourceHealth,
  })
  .meta({ id: 'CatalogProvider' });

export const catalogSource = z
  .object({
    type: z.enum(['geojson', 'raster']),
    mode: z.enum(['full', 'bbox']).optional(),
    maxFeatures: z.int().min(1).max(5000).optional(),
    tiles: z.array(z.string()).min(1).max(4).optional(),
    tileSize: z.union([z.literal(256), z.literal(512)]).optional(),
    minZoom: z.number().min(0).max(24).optional(),
    maxZoom: z.number().min(0).max(24).optional(),
  })
  .meta({ id: 'CatalogSource', description: 'The manifest source without its URL: GeoJSON data are read through `links.data`, raster tiles directly from `tiles`.' });

export const catalogLinks = z.object({
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
    coverage: protocolObject('ManifestCoverage').optional(),
    temporal: protocolObject('ManifestTemporal').optional(),
    fields: z.array(protocolObject('ManifestField')).optional(),
    params: z.array(protocolObject('ManifestParam')).optional(),
    license: protocolObject('ManifestLicense').optional(),
    displayOnly: z.boolean().optional().describe('Drawn by the portal but not redistributed (`links.data` is null, `links.source` set).'),
    sample: z
      .literal(true)
      .optional()
      .describe('Present (true) for the built-in sample datasets (category `sample`, “Ukážkové dáta”): illustrative, not real data. They never enter an automatic selection (nearby `purpose` / `search`), come after the real datasets in catalog search, and answer only when named by key.'),
    source: catalogSource,
    presentation: protocolObject('ManifestPresentation'),
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

export const catalogOperation = defineOperation({
  id: 'getCatalog',
  tags: ['catalog'],
  summary: 'All approved providers and datasets',
  description:
    'The catalog of approved data. Each dataset entry carries its manifest fields (without the source URL), the portal’s category label, attribution and links: `links.data` for GeoJSON (read through the portal), `source.tiles` for raster (read directly). Public, no authentication, CORS `*`.',
  input: z.object({}),
  output: catalogDocument,
  errors: [],
  rest: { method: 'get', path: '/api/catalog', from: 'query' },
  run: () => getCatalog(),
});

// --- registration ---

export const registrationInput = z.object({
  manifestUrl: z
    .string({ error: 'manifestUrl is required: the address of your manifest (JSON).' })
    .trim()
    .min(1, 'manifestUrl is required: the address of your manifest (JSON).')
    .superRefine((v, ctx) => {
      const problem = checkManifestUrl(v);
      if (problem) ctx.addIssue(codedIssue('invalid_url', problem));
    })
    .meta({ format: 'uri', maxLength: MAX_MANIFEST_URL_LENGTH })
    .describe('The https URL of the provider manifest.'),
});

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

export const registrationOperation = defineOperation({
  id: 'registerProvider',
  tags: ['registration'],
  summary: 'Provider registration',
  description:
    'Runs the live test; on success registers the provider as awaiting approval (`pending_review`). Its data are then served at `/api/data/...` and on dataset pages with a warning, but absent from the catalog, search, llms.txt and the MCP `catalog` tool until the operator approves them. More than 5 attempts a minute from one address give 429 `too_many_requests`; more than 100 providers awaiting approval give 429 `queue_full`.',
  input: registrationInput,
  output: registrationResult,
  invalidCode: 'invalid_input',
  errors: ['invalid_url', 'rejected', 'id_taken', 'url_registered', 'manifest_rejected', 'too_many_requests', 'queue_full', 'registration_unavailable'],
  rest: { method: 'post', path: '/api/registration', from: 'body', success: ['201', '200'] },
  run: async ({ manifestUrl }, ctx: { clientAddress: string }) => (await registerProvider({ manifestUrl, clientAddress: ctx.clientAddress })).result,
});
