// JSON Schemas of the portal's own responses (catalog, places, nearby, summary, validator report,
// registration, MCP envelope), written from the spec's "Resources and their fields" and the parts
// the spec leaves to us (lib/summary, lib/nearby types). Objects stay open (extra members allowed)
// so that an additive change is not a breaking one; required members and value types are strict.
import { CATEGORIES, PROTOCOL_VERSION, USE_CASES } from '@/lib/protocol/types';
import type { JsonSchema } from './types';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const str = (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...(description ? { description } : {}), ...extra });
const int = (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...(description ? { description } : {}), ...extra });
const num = (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'number', ...(description ? { description } : {}), ...extra });
const obj = (required: string[], properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  required,
  properties,
});

export const DATASET_KEY_PATTERN = '^[a-z0-9]([a-z0-9-]*[a-z0-9])?/[a-z0-9]([a-z0-9-]*[a-z0-9])?$';

export function portalSchemas(): Record<string, JsonSchema> {
  return {
    Error: obj(
      ['error', 'code'],
      { error: str('Human-readable message.'), code: str('Machine-readable error code.') },
      'Every JSON error body: `{ error, code }`, with extra members for some codes (`available`, `source`, `check`).',
    ),
    LonLat: {
      type: 'array',
      description: 'WGS84 `[lon, lat]`.',
      minItems: 2,
      maxItems: 2,
      prefixItems: [num('Longitude.', { minimum: -180, maximum: 180 }), num('Latitude.', { minimum: -90, maximum: 90 })],
      items: false,
    },
    DatasetKey: str('`<provider_id>/<dataset_id>`.', { pattern: DATASET_KEY_PATTERN, maxLength: 129 }),
    IsoDateTime: str('ISO 8601 timestamp.', { format: 'date-time' }),

    // --- catalog ---
    Catalog: obj(
      ['protocol', 'generated', 'providers', 'datasets'],
      {
        protocol: str('Protocol version.', { pattern: '^[0-9]+\\.[0-9]+$', examples: [PROTOCOL_VERSION] }),
        generated: ref('IsoDateTime'),
        providers: { type: 'array', items: ref('CatalogProvider') },
        datasets: { type: 'array', items: ref('CatalogDataset') },
      },
      'Approved providers and datasets. Providers awaiting approval are absent.',
    ),
    CatalogProvider: obj(['id', 'name', 'status', 'datasetCount', 'managedBy'], {
      id: ref('ManifestId'),
      name: str(),
      status: str('`ok`, or the code of the last failed manifest refresh (`source_unreachable`, `invalid_manifest`, `id_mismatch`); the last good manifest keeps being served.', {
        examples: ['ok'],
      }),
      datasetCount: int('Approved datasets of the provider.', { minimum: 1 }),
      managedBy: { enum: ['provider', 'portal'] },
    }),
    CatalogDataset: {
      ...obj(['key', 'providerId', 'providerName', 'title', 'category', 'categoryLabel', 'keywords', 'useCases', 'source', 'presentation', 'attribution', 'links'], {
        key: ref('DatasetKey'),
        providerId: ref('ManifestId'),
        providerName: str(),
        title: str(),
        description: str(),
        category: { enum: [...CATEGORIES], description: 'The manifest category; values outside the recommended list are listed as `other`.' },
        categoryLabel: str('Slovak label of the category.'),
        tags: { type: 'array', items: str() },
        keywords: { type: 'array', items: str() },
        useCases: { type: 'array', items: str(), description: `Recommended values: ${USE_CASES.join(', ')}.` },
        coverage: ref('ManifestCoverage'),
        temporal: ref('ManifestTemporal'),
        fields: { type: 'array', items: ref('ManifestField') },
        params: { type: 'array', items: ref('ManifestParam') },
        license: ref('ManifestLicense'),
        displayOnly: { type: 'boolean', description: 'Drawn by the portal but not redistributed (`links.data` is null, `links.source` set).' },
        source: ref('CatalogSource'),
        presentation: ref('ManifestPresentation'),
        attribution: str('Attribution text to show with the data.'),
        links: obj(['data', 'map'], {
          data: {
            type: ['string', 'null'],
            description: 'Path of the data endpoint (`/api/data/...`); null for raster and display-only datasets.',
          },
          map: str('Path of the dataset page (`/mapa/<provider>/<dataset>`).'),
          source: str('Display-only datasets: address of the original service.'),
        }),
      }),
      description: 'A manifest dataset without its source URL, plus the portal’s key, labels, attribution and links.',
    },
    CatalogSource: {
      type: 'object',
      description: 'The manifest source without its URL: GeoJSON data are read through `links.data`, raster tiles directly from `tiles`.',
      required: ['type'],
      properties: {
        type: { enum: ['geojson', 'raster'] },
        mode: { enum: ['full', 'bbox'] },
        maxFeatures: int(undefined, { minimum: 1, maximum: 5000 }),
        tiles: { type: 'array', items: str(), minItems: 1, maxItems: 4 },
        tileSize: { enum: [256, 512] },
        minZoom: num(undefined, { minimum: 0, maximum: 24 }),
        maxZoom: num(undefined, { minimum: 0, maximum: 24 }),
        // Never published: GeoJSON is read through the portal.
        url: false,
      },
    },

    // --- data ---
    DataResponse: {
      allOf: [ref('Data')],
      description:
        'The protocol FeatureCollection as the portal serves it: feature `dm` members moved to `properties.__dm_title|__dm_description|__dm_url|__dm_color|__dm_chart` (plus `__dm_trend` for trend colouring), and the collection `dm` with `protocol`, `dataset`, `generated`, `ttl`.',
      properties: {
        dm: {
          type: 'object',
          required: ['protocol', 'dataset'],
          properties: { protocol: { const: PROTOCOL_VERSION }, dataset: ref('DatasetKey') },
        },
        features: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              // Moved into properties.__dm_* by the portal.
              dm: false,
              properties: {
                type: ['object', 'null'],
                properties: { __dm_trend: { enum: ['roste', 'stagnuje', 'klesá'] } },
              },
            },
          },
        },
      },
    },

    // --- places ---
    PlaceResult: obj(['query', 'count', 'places', 'attribution'], {
      query: str('The search text as understood.'),
      count: int(undefined, { minimum: 0 }),
      places: { type: 'array', items: ref('Place'), maxItems: 10 },
      attribution: str(),
    }),
    Place: obj(['name', 'type', 'point', 'municipality'], {
      name: str(),
      type: str('One of: adresa, ulica, obec, mesto, mestská časť, časť obce, vojenský obvod, okres, kraj.', {
        examples: ['obec', 'ulica', 'adresa'],
      }),
      point: ref('LonLat'),
      municipality: {
        oneOf: [
          { type: 'null' },
          obj(['slug', 'code', 'name', 'district', 'region'], {
            slug: str('`<region-slug>/<municipality-slug>`: the overview page; accepted as `municipality` by the summary.'),
            code: str('Municipality code (usable as `municipality` in /api/summary).'),
            name: str(),
            district: { type: ['string', 'null'] },
            region: str(),
          }),
        ],
      },
      near: obj(
        ['name', 'distanceKm'],
        { name: str(), slug: str(), distanceKm: num(undefined, { minimum: 0 }) },
        'Only for places outside towns over 10,000 inhabitants: the nearest such town and the distance in km.',
      ),
    }),

    // --- nearby ---
    NearbyResult: obj(['point', 'radius', 'generated', 'results', 'skipped', 'map'], {
      place: obj(['name', 'type', 'point'], { name: str(), type: str(), point: ref('LonLat') }, 'Present when `place` was used.'),
      point: ref('LonLat'),
      radius: num('Metres.', { minimum: 1, maximum: 20000 }),
      generated: ref('IsoDateTime'),
      results: { type: 'array', items: ref('NearbyResultEntry') },
      skipped: {
        type: 'array',
        description: 'Datasets over the limit of the automatic selection.',
        items: obj(['dataset'], { dataset: ref('DatasetKey'), title: str() }),
      },
      map: str('Map link (path) with the chosen datasets and the point, with a zoom fragment.'),
    }),
    NearbyResultEntry: obj(['dataset', 'title', 'provider', 'attribution', 'status', 'hits'], {
      dataset: ref('DatasetKey'),
      title: str(),
      provider: str('Provider name.'),
      attribution: str(),
      license: str(),
      status: { enum: ['ok', 'unavailable', 'error'], description: '`ok`: the query ran (empty `hits` = nothing near); `unavailable`: no value at a point; `error`: the source failed (`error`, `code`).' },
      count: int('Objects in the vicinity (GeoJSON).', { minimum: 0 }),
      radius: num('Effective radius in metres (reduced for datasets loaded only at high zoom).', { minimum: 0 }),
      notice: str(),
      hits: { type: 'array', items: ref('NearbyHit') },
      description: str('Raster datasets: what the values mean.'),
      legend: { type: 'array', items: obj(['value', 'label'], { value: { type: ['string', 'number'] }, label: str() }) },
      error: str(),
      code: str(),
    }),
    NearbyHit: obj(['title', 'distance', 'values'], {
      title: str(),
      distance: num('Metres; 0 = the point lies inside the object.', { minimum: 0 }),
      values: { type: 'array', items: ref('LabelledValue') },
      url: str(),
    }),
    LabelledValue: obj(['label', 'value'], {
      label: str('Field label (with unit) from the dataset’s `fields`; raster: the source’s attribute name.'),
      value: { type: ['string', 'number', 'boolean', 'null'] },
      description: str(),
      legend: str('Human meaning of a code.'),
    }),

    // --- summary ---
    Summary: obj(
      ['dataset', 'title', 'provider', 'attribution', 'municipality', 'params', 'generated', 'count', 'truncated', 'categories', 'rankings', 'own'],
      {
        dataset: ref('DatasetKey'),
        title: str(),
        provider: str('Provider name.'),
        attribution: str(),
        license: str(),
        municipality: {
          description: 'null = the whole territory the dataset covers.',
          oneOf: [
            { type: 'null' },
            obj(['code', 'name', 'region', 'path'], {
              code: str(),
              name: str(),
              district: { type: ['string', 'null'] },
              region: str(),
              path: str('`<region-slug>/<municipality-slug>`.'),
            }),
          ],
        },
        params: { type: 'object', additionalProperties: str(), description: 'Dataset parameters applied (defaults filled in).' },
        generated: ref('IsoDateTime'),
        dataGenerated: { type: ['string', 'null'], description: 'When the portal got the data from the source.' },
        count: int('Objects in the scope.', { minimum: 0 }),
        truncated: { type: 'boolean', description: 'The source gave only part of the data; the numbers are lower bounds.' },
        notice: str(),
        categories: {
          description: 'Counts per colour class of the presentation, in legend order; null without class colouring.',
          oneOf: [
            { type: 'null' },
            obj(['type', 'field', 'label', 'items'], {
              type: { enum: ['categorical', 'step', 'interpolate', 'trend'] },
              field: { type: ['string', 'null'] },
              label: { type: ['string', 'null'] },
              items: {
                type: 'array',
                items: obj(['key', 'label', 'color', 'count'], {
                  key: str(),
                  label: str(),
                  color: { type: ['string', 'null'] },
                  count: int(undefined, { minimum: 0 }),
                  from: { type: ['number', 'null'] },
                  to: { type: ['number', 'null'] },
                  value: str(),
                }),
              },
            }),
          ],
        },
        rankings: {
          description: 'Highest and lowest values of the numeric colour field; null when there is none.',
          oneOf: [
            { type: 'null' },
            obj(['field', 'label', 'unit', 'count', 'highest', 'lowest'], {
              field: str(),
              label: str(),
              unit: { type: ['string', 'null'] },
              count: int(undefined, { minimum: 0 }),
              highest: { type: 'array', items: ref('RankedObject') },
              lowest: { type: 'array', items: ref('RankedObject') },
            }),
          ],
        },
        own: {
          description: 'Cartograms with a municipality: the area(s) the municipality lies in or equals; else null.',
          oneOf: [
            { type: 'null' },
            {
              type: 'array',
              items: obj(['title', 'values'], {
                title: str(),
                values: { type: 'array', items: ref('LabelledValue') },
                value: { type: ['number', 'null'] },
                category: obj(['key', 'label'], { key: str(), label: str(), color: { type: ['string', 'null'] } }),
                rank: obj(['position', 'of'], { position: int(undefined, { minimum: 1 }), of: int(undefined, { minimum: 1 }) }),
              }),
            },
          ],
        },
      },
      'A dataset in numbers for Slovakia or one municipality; the same numbers as on the dataset page.',
    ),
    RankedObject: obj(['title', 'value'], {
      title: str(),
      value: num(),
      municipality: obj(['code', 'name'], { code: str(), name: str() }),
    }),

    // --- validator ---
    Finding: obj(['path', 'code', 'message'], {
      path: str('JSON Pointer into the checked document without the leading `/` (`datasets/0/source/url`; empty = the document).'),
      code: str(),
      message: str(),
      hint: str('How to fix it (recommendations).'),
    }),
    ValidatorReport: obj(['valid', 'summary', 'errors', 'warnings'], {
      valid: { type: 'boolean', description: 'True when there are no errors (recommendations do not count).' },
      summary: str(),
      errors: { type: 'array', items: ref('Finding') },
      warnings: { type: 'array', items: ref('Finding') },
    }),
    LiveReport: {
      allOf: [ref('ValidatorReport')],
      description: 'Live test report: the validator report plus the provider and one test query per dataset.',
      required: ['manifestUrl', 'provider', 'datasets'],
      properties: {
        manifestUrl: str(),
        provider: { oneOf: [{ type: 'null' }, obj(['id', 'name'], { id: str(), name: str() })] },
        datasets: {
          type: 'array',
          items: obj(['id', 'request', 'durationMs', 'featureCount', 'errors', 'warnings'], {
            id: str(),
            request: str('The URL of the test query (the first tile for raster datasets).'),
            durationMs: num(undefined, { minimum: 0 }),
            featureCount: { type: ['integer', 'null'], minimum: 0 },
            errors: { type: 'array', items: ref('Finding') },
            warnings: { type: 'array', items: ref('Finding') },
          }),
        },
      },
    },

    // --- registration ---
    RegistrationResult: obj(['registered', 'status', 'message', 'provider', 'links', 'check'], {
      registered: { type: 'boolean' },
      status: { enum: ['pending_review', 'approved'] },
      message: str(),
      provider: obj(['id', 'name'], { id: ref('ManifestId'), name: str() }),
      links: obj(['review', 'datasets'], {
        review: str('Path of the unapproved-data overview with the provider anchor.'),
        datasets: { type: 'array', items: str('Path of a dataset page.') },
      }),
      check: obj(['summary', 'warnings'], { summary: str(), warnings: { type: 'array', items: ref('Finding') } }),
    }),

    // --- MCP (JSON-RPC 2.0 envelope; the tools are listed by tools/list) ---
    JsonRpcRequest: obj(['jsonrpc', 'method'], {
      jsonrpc: { const: '2.0' },
      id: { type: ['string', 'integer'], description: 'Absent for notifications.' },
      method: str('initialize, tools/list, tools/call, ping, notifications/initialized, ...'),
      params: { type: 'object' },
    }),
    JsonRpcResponse: {
      type: 'object',
      required: ['jsonrpc'],
      properties: {
        jsonrpc: { const: '2.0' },
        id: { type: ['string', 'integer', 'null'] },
        result: { type: 'object', description: 'For tools/call: `{ content: [{ type: "text", text }], structuredContent?, isError? }`.' },
        error: obj(['code', 'message'], { code: { type: 'integer' }, message: str(), data: {} }),
      },
    },
  };
}
