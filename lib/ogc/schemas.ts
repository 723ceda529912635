// The response shapes of the OGC API face as zod schemas. /ogc/api documents them (z.toJSONSchema,
// OpenAPI 3.0 target) and the tests check real answers against them, so document and behaviour
// cannot drift apart. Objects are open (`loose`): an additive member is not a breaking change.
import { z } from 'zod';

export const ogcSchemas = z.registry<{ id: string; description?: string }>();

const linkSchema = z
  .object({
    href: z.string().meta({ description: 'Absolútna adresa (pri `templated: true` šablóna).' }),
    rel: z.string(),
    type: z.string().optional(),
    title: z.string().optional(),
    templated: z.boolean().optional(),
  })
  .loose();
ogcSchemas.add(linkSchema, { id: 'Link', description: 'Odkaz (RFC 8288) s typom média.' });

export const exceptionSchema = z
  .object({
    error: z.string().meta({ description: 'Správa pre človeka.' }),
    code: z.string().meta({ description: 'Strojový kód chyby portálu (napr. `invalid_query`, `unknown_dataset`, pri zlyhaní zdroja jeho kód: `timeout`, `http_error`, …).' }),
  })
  .loose();
ogcSchemas.add(exceptionSchema, { id: 'Exception', description: 'Každá chyba portálu: `{ error, code }`.' });

export const landingSchema = z
  .object({ title: z.string(), description: z.string().optional(), links: z.array(linkSchema) })
  .loose();
ogcSchemas.add(landingSchema, { id: 'LandingPage', description: 'Úvodná stránka OGC API.' });

export const conformanceSchema = z.object({ conformsTo: z.array(z.string()), links: z.array(linkSchema).optional() }).loose();
ogcSchemas.add(conformanceSchema, { id: 'ConfClasses', description: 'Triedy zhody, ktoré portál spĺňa.' });

const extentSchema = z
  .object({
    spatial: z
      .object({
        bbox: z.array(z.array(z.number()).min(4).max(6)).min(1),
        crs: z.string().optional(),
      })
      .loose()
      .optional(),
    temporal: z
      .object({
        interval: z.array(z.array(z.string().nullable()).length(2)).min(1),
        trs: z.string().optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
ogcSchemas.add(extentSchema, { id: 'Extent', description: 'Priestorový (`coverage.bbox`) a časový (rozsah časového parametra) rozsah.' });

export const collectionSchema = z
  .object({
    id: z.string().meta({ description: '`<poskytovateľ>.<dataset>`' }),
    title: z.string(),
    description: z.string().optional(),
    keywords: z.array(z.string()),
    itemType: z.literal('feature'),
    crs: z.array(z.string()),
    extent: extentSchema.optional(),
    attribution: z.string().meta({ description: 'Atribúcia, ktorú treba uviesť pri použití dát.' }),
    license: z.object({ name: z.string(), url: z.string().optional() }).loose().optional(),
    links: z.array(linkSchema),
  })
  .loose();
ogcSchemas.add(collectionSchema, { id: 'Collection', description: 'Kolekcia: jeden schválený dataset GeoJSON. Licencia je aj odkazom `rel=license`.' });

export const collectionsSchema = z.object({ links: z.array(linkSchema), collections: z.array(collectionSchema) }).loose();
ogcSchemas.add(collectionsSchema, { id: 'Collections', description: 'Všetky kolekcie.' });

const geometrySchema = z
  .object({
    type: z.enum(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']),
    coordinates: z.array(z.unknown()),
  })
  .loose()
  .meta({ description: 'Geometria GeoJSON (WGS84, CRS84).' });

export const featureSchema = z
  .object({
    type: z.literal('Feature'),
    id: z.union([z.string(), z.number()]).meta({
      description: 'Id objektu zo zdroja, inak odtlačok jeho obsahu; pri datasetoch načítavaných po výrezoch `<zoom>-<x>-<y>-<id>` (dlaždica, v ktorej objekt začína).',
    }),
    geometry: geometrySchema.nullable(),
    properties: z.record(z.string(), z.unknown()).nullable(),
    links: z.array(linkSchema).optional(),
  })
  .loose();
ogcSchemas.add(featureSchema, { id: 'FeatureGeoJSON', description: 'Objekt GeoJSON s vlastnosťami, ako ich podáva /api/data (vrátane `__dm_*`).' });

export const featureCollectionSchema = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(featureSchema),
    links: z.array(linkSchema),
    timeStamp: z.string(),
    numberMatched: z.number().int().min(0).optional().meta({ description: 'Počet vybraných objektov, ak je známy (nie pri datasetoch po výrezoch a pri zdrojoch, ktoré stránkujú samy).' }),
    numberReturned: z.number().int().min(0),
  })
  .loose();
ogcSchemas.add(featureCollectionSchema, { id: 'FeatureCollectionGeoJSON', description: 'Jedna stránka objektov; ďalšiu nesie odkaz `rel=next`.' });

const tilesetSummary = z
  .object({
    title: z.string().optional(),
    dataType: z.literal('vector'),
    crs: z.string(),
    tileMatrixSetURI: z.string(),
    links: z.array(linkSchema),
  })
  .loose();

export const tilesetsSchema = z.object({ links: z.array(linkSchema), tilesets: z.array(tilesetSummary) }).loose();
ogcSchemas.add(tilesetsSchema, { id: 'TileSets', description: 'Sady dlaždíc kolekcie (jedna: WebMercatorQuad).' });

export const tilesetSchema = tilesetSummary
  .extend({
    tileMatrixSetLimits: z
      .array(z.object({ tileMatrix: z.string(), minTileRow: z.number().int(), maxTileRow: z.number().int(), minTileCol: z.number().int(), maxTileCol: z.number().int() }).loose())
      .optional(),
    boundingBox: z.object({ lowerLeft: z.array(z.number()), upperRight: z.array(z.number()), crs: z.string().optional() }).loose().optional(),
    layers: z.array(z.object({ id: z.string(), dataType: z.literal('vector'), minTileMatrix: z.string(), maxTileMatrix: z.string() }).loose()),
  })
  .loose();
ogcSchemas.add(tilesetSchema, { id: 'TileSet', description: 'Metadáta sady vektorových dlaždíc (OGC API – Tiles).' });
