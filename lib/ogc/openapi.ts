// GET /ogc/api: the OpenAPI 3.0 document of the OGC API face. Parameters and response bodies are
// generated from the zod definitions the code parses and answers with (lib/ogc/query.ts through the
// operations' converter lib/operation/json-schema.ts, lib/ogc/schemas.ts as a registry; both with
// z.toJSONSchema's OpenAPI 3.0 target); only the operations are listed here. Each collection with dataset parameters or a time parameter gets its own items path, so its
// parameters are documented as query parameters.
import { z } from 'zod';
import { convert } from '@/lib/operation/json-schema';
import { paramDefaultToWire } from '@/lib/protocol/request';
import type { FieldDef, ParamDef } from '@/lib/protocol/types';
import { registrySnapshot, type ServedDataset } from '@/lib/providers';
import { isOgcCollection, timeParam } from './collections';
import { LANDING_DESCRIPTION, LANDING_TITLE } from './documents';
import { collectionIdOf } from '@/lib/protocol/shared/collection-ids';
import { MEDIA, ogcRoot } from './links';
import {
  bboxCrsParam,
  bboxParam,
  crsParam,
  cursorParam,
  datetimeParam,
  featureFormatParam,
  filterCrsParam,
  filterLangParam,
  filterParam,
  formatParam,
  limitParam,
  zoomParam,
  OGC_ITEMS_PARAMS,
  offsetParam,
  PARAM_PREFIX,
  propertiesParam,
  sortbyParam,
} from './query';
import { ogcSchemas } from './schemas';

type Json = Record<string, unknown>;

/**
 * OpenAPI 3.0 schema objects from zod's output: no `$id`/`$schema`, and a reference wrapped in a
 * one-member `allOf` (zod's way of adding a sibling in 3.0) unwrapped, since a `$ref` stands alone.
 */
function strip(schema: Json): Json {
  const { $id: _id, $schema: _schema, ...rest } = schema;
  return tidy(rest) as Json;
}

function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (!node || typeof node !== 'object') return node;
  const o = node as Json;
  const keys = Object.keys(o);
  if (Array.isArray(o.allOf) && o.allOf.length === 1 && keys.every((k) => k === 'allOf' || k === 'description')) return tidy(o.allOf[0]);
  return Object.fromEntries(keys.map((k) => [k, tidy(o[k])]));
}

/** A parameter's schema: the operations' converter (lib/operation) with the OpenAPI 3.0 target. */
function jsonSchema(schema: z.ZodType): Json {
  return strip(convert(schema, 'input', 'openapi-3.0').root);
}

/** A parameter object from a zod schema; its `description` moves from the schema to the parameter. */
function parameter(name: string, where: 'query' | 'path', schema: z.ZodType, extra: Json = {}): Json {
  const { description, ...s } = jsonSchema(schema);
  return { name, in: where, required: where === 'path', ...(description ? { description } : {}), schema: s, ...extra };
}

const ref = (kind: 'parameters' | 'responses' | 'schemas', name: string) => ({ $ref: `#/components/${kind}/${name}` });

const pathString = (description: string) => z.string().meta({ description });

function components(): Json {
  const generated = z.toJSONSchema(ogcSchemas, { target: 'openapi-3.0', uri: (id) => `#/components/schemas/${id}` }) as { schemas: Record<string, Json> };
  const schemas = Object.fromEntries(Object.entries(generated.schemas).map(([k, v]) => [k, strip(v)]));
  const error = (description: string) => ({ description, content: { [MEDIA.json]: { schema: ref('schemas', 'Exception') } } });
  return {
    schemas,
    parameters: {
      f: parameter('f', 'query', formatParam),
      fFeatures: parameter('f', 'query', featureFormatParam),
      crs: parameter('crs', 'query', crsParam),
      'bbox-crs': parameter('bbox-crs', 'query', bboxCrsParam),
      filter: parameter('filter', 'query', filterParam),
      'filter-lang': parameter('filter-lang', 'query', filterLangParam),
      'filter-crs': parameter('filter-crs', 'query', filterCrsParam),
      properties: parameter('properties', 'query', propertiesParam),
      sortby: parameter('sortby', 'query', sortbyParam),
      limit: parameter('limit', 'query', limitParam),
      offset: parameter('offset', 'query', offsetParam),
      cursor: parameter('cursor', 'query', cursorParam),
      bbox: parameter('bbox', 'query', bboxParam, { style: 'form', explode: false }),
      zoom: parameter('zoom', 'query', zoomParam),
      datetime: parameter('datetime', 'query', datetimeParam),
      collectionId: parameter('collectionId', 'path', pathString('Id kolekcie, `<poskytovateľ>.<dataset>` (zoznam: `/collections`).')),
      featureId: parameter('featureId', 'path', pathString('Id objektu, ako ho uvádza `items`.')),
      tileMatrixSetId: parameter('tileMatrixSetId', 'path', z.enum(['WebMercatorQuad']).meta({ description: 'Mriežka dlaždíc; portál ponúka WebMercatorQuad.' })),
      tileMatrix: parameter('tileMatrix', 'path', pathString('Úroveň priblíženia (zoom), 0–18.')),
      tileRow: parameter('tileRow', 'path', pathString('Riadok dlaždice (y, od severu).')),
      tileCol: parameter('tileCol', 'path', pathString('Stĺpec dlaždice (x, od západu).')),
    },
    responses: {
      InvalidParameter: error('Neplatný alebo neznámy parameter dotazu, chybný filter (`invalid_query`; správa uvádza parameter a pri filtri miesto chyby).'),
      NotFound: error('Kolekcia alebo objekt neexistuje (`unknown_dataset`, `not_found`).'),
      SourceFailed: error('Zdroj dát zlyhal a portál nemá jeho kópiu: kód zdroja (`timeout`, `http_error`, `source_unreachable`, `invalid_json`, `data_schema_mismatch`, …).'),
      ServerError: error('Vnútorná chyba portálu (`internal_error`).'),
    },
  };
}

const html = { [MEDIA.html]: { schema: { type: 'string' } } };
/** GeoJSON, FlatGeobuf, CSV and HTML of features. */
const featureContent = (schema: string) => ({
  [MEDIA.geojson]: { schema: ref('schemas', schema) },
  [MEDIA.fgb]: { schema: { type: 'string', format: 'binary' } },
  [MEDIA.csv]: { schema: { type: 'string' } },
  ...html,
});
const xCache = {
  'X-DM-Cache': {
    description: '`hit`, `miss` alebo `stale` (zdroj zlyhal, podáva sa posledná známa kópia), ako pri `/api/data`.',
    schema: { type: 'string', enum: ['hit', 'miss', 'stale'] },
  },
};

const featureHeaders = {
  ...xCache,
  'Content-Crs': { description: 'Súradnicový systém geometrií odpovede (URI v lomených zátvorkách), podľa parametra `crs`.', schema: { type: 'string' } },
};

function op(operationId: string, tag: string, summary: string, description: string, parameters: Json[], ok: Json, errors: string[] = []): Json {
  const responses: Json = { '200': ok, '400': ref('responses', 'InvalidParameter') };
  for (const e of errors) {
    if (e === 'NotFound') responses['404'] = ref('responses', 'NotFound');
    if (e === 'SourceFailed') responses['502'] = ref('responses', 'SourceFailed');
  }
  responses['500'] = ref('responses', 'ServerError');
  return { get: { operationId, tags: [tag], summary, description, parameters, responses } };
}

const jsonOk = (description: string, schema: string) => ({ description, content: { [MEDIA.json]: { schema: ref('schemas', schema) }, ...html } });

function itemsPath(operationId: string, summary: string, extraParams: Json[], tag = 'Data'): Json {
  return op(
    operationId,
    tag,
    summary,
    'Objekty kolekcie po stránkach (GeoJSON). Vlastnosti sú rovnaké ako z `/api/data`. Ďalšiu stránku nesie odkaz `rel=next`; `numberMatched` je uvedený, keď je počet známy.',
    [
      ref('parameters', 'collectionId'),
      ref('parameters', 'fFeatures'),
      ref('parameters', 'limit'),
      ref('parameters', 'offset'),
      ref('parameters', 'cursor'),
      ref('parameters', 'bbox'),
      ref('parameters', 'zoom'),
      ref('parameters', 'bbox-crs'),
      ref('parameters', 'crs'),
      ref('parameters', 'filter'),
      ref('parameters', 'filter-lang'),
      ref('parameters', 'filter-crs'),
      ref('parameters', 'properties'),
      ref('parameters', 'sortby'),
      ...extraParams,
    ],
    { description: 'Stránka objektov.', headers: featureHeaders, content: featureContent('FeatureCollectionGeoJSON') },
    ['NotFound', 'SourceFailed'],
  );
}

/** The documented schema of a dataset parameter (the data proxy checks values with the protocol's rules). */
function datasetParamSchema(p: ParamDef): z.ZodType {
  const options = (p.options ?? []).map((o) => o.value);
  const label = `${p.label}${p.description ? ` – ${p.description.replace(/\.\s*$/, '')}` : ''}`;
  let s: z.ZodType;
  switch (p.type) {
    case 'enum':
      s = options.length ? z.enum(options as [string, ...string[]]) : z.string();
      break;
    case 'multi-enum':
      s = z.string().meta({ description: `${label}. Hodnoty oddelené čiarkou z: ${options.join(', ')}.` });
      break;
    case 'range':
      s = z.string().regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?)?$/).meta({ description: `${label}. Rozsah \`od,do\`${p.min !== undefined ? `, ${p.min}–${p.max ?? ''}` : ''}.` });
      break;
    case 'date-range':
      s = z.string().regex(/^\d{4}-\d{2}-\d{2}(,\d{4}-\d{2}-\d{2})?$/).meta({ description: `${label}. Dátumy \`YYYY-MM-DD,YYYY-MM-DD\`.` });
      break;
    case 'number': {
      let n = z.number();
      if (typeof p.min === 'number') n = n.min(p.min);
      if (typeof p.max === 'number') n = n.max(p.max);
      s = n;
      break;
    }
    default:
      s = z.string().max(200);
  }
  const def = paramDefaultToWire(p.default);
  const withDescription = p.type === 'multi-enum' || p.type === 'range' || p.type === 'date-range' ? s : s.meta({ description: `${label}.` });
  return def !== undefined && p.type !== 'number' ? withDescription.meta({ default: def }) : withDescription;
}

/** The schema of a property filter (`?name=value`, OGC API – Features Part 1) from the manifest's field. */
function fieldSchema(f: FieldDef): z.ZodType {
  const label = `Vlastnosť „${f.label}“${f.unit ? ` (${f.unit})` : ''}: len objekty s touto hodnotou.`;
  if (f.type === 'integer') return z.int().meta({ description: label });
  if (f.type === 'number') return z.number().meta({ description: label });
  if (f.type === 'boolean') return z.boolean().meta({ description: label });
  const codes = f.values ? Object.keys(f.values) : [];
  return (codes.length ? z.enum(codes as [string, ...string[]]) : z.string()).meta({ description: label });
}

/**
 * The items path of one collection: its dataset parameters as `param.<key>`, and its described
 * fields as equality filters (GDAL turns `-where` into these and into `filter-lang=cql-text`).
 */
function collectionItemsPath(s: ServedDataset): Json {
  const tp = timeParam(s.dataset);
  const id = collectionIdOf(s.key);
  const reserved = new Set<string>(OGC_ITEMS_PARAMS);
  const extra: Json[] = (s.dataset.params ?? []).map((p) => parameter(`${PARAM_PREFIX}${p.key}`, 'query', datasetParamSchema(p)));
  for (const f of s.dataset.fields ?? []) {
    if (!reserved.has(f.key) && !f.key.startsWith('__dm_') && !f.key.startsWith(PARAM_PREFIX)) extra.push(parameter(f.key, 'query', fieldSchema(f)));
  }
  if (tp) extra.unshift(ref('parameters', 'datetime'));
  const path = itemsPath(`getFeatures_${id.replace(/[^A-Za-z0-9]/g, '_')}`, `Objekty: ${s.dataset.title}`, extra, 'Collections');
  // The collection id is fixed in this path.
  const get = (path.get as Json) ?? {};
  get.parameters = (get.parameters as Json[]).filter((p) => (p as { $ref?: string }).$ref !== '#/components/parameters/collectionId');
  return path;
}

function paths(datasets: ServedDataset[]): Json {
  const tileResponses = {
    '200': {
      description: 'Dlaždica (Mapbox Vector Tile, vrstva pomenovaná podľa id kolekcie).',
      headers: { ETag: { description: 'Značka obsahu dlaždice (slabá: server dlaždice komprimuje).', schema: { type: 'string' } }, ...xCache },
      content: { [MEDIA.mvt]: { schema: { type: 'string', format: 'binary' } } },
    },
    '204': { description: 'Dlaždica bez objektov (v rámci hraníc sady dlaždíc; mimo nich 404).' },
    '304': { description: 'Bez zmeny (`If-None-Match`).' },
    '400': ref('responses', 'InvalidParameter'),
    '404': ref('responses', 'NotFound'),
    '500': ref('responses', 'ServerError'),
    '502': ref('responses', 'SourceFailed'),
  };
  const out: Json = {
    '/': op('getLandingPage', 'Capabilities', 'Úvodná stránka', 'Odkazy na popis rozhrania, triedy zhody a kolekcie.', [ref('parameters', 'f')], jsonOk('Úvodná stránka.', 'LandingPage')),
    '/conformance': op('getConformanceDeclaration', 'Capabilities', 'Triedy zhody', 'Triedy zhody OGC API – Features a OGC API – Tiles, ktoré portál spĺňa.', [ref('parameters', 'f')], jsonOk('Triedy zhody.', 'ConfClasses')),
    '/api': op('getApiDescription', 'Capabilities', 'Popis rozhrania', 'Tento dokument (OpenAPI 3.0).', [ref('parameters', 'f')], {
      description: 'Popis rozhrania.',
      content: { [MEDIA.openapi]: { schema: { type: 'object' } }, ...html },
    }),
    '/collections': op('getCollections', 'Capabilities', 'Kolekcie', 'Jedna kolekcia na každý schválený dataset GeoJSON (bez datasetov len na zobrazenie).', [ref('parameters', 'f')], jsonOk('Kolekcie.', 'Collections')),
    '/collections/{collectionId}': op('describeCollection', 'Capabilities', 'Kolekcia', 'Názov, opis, kľúčové slová, rozsah, licencia a atribúcia jednej kolekcie.', [ref('parameters', 'collectionId'), ref('parameters', 'f')], jsonOk('Kolekcia.', 'Collection'), ['NotFound']),
    '/collections/{collectionId}/items': itemsPath('getFeatures', 'Objekty kolekcie', [
      {
        ...ref('parameters', 'datetime'),
      },
    ]),
    '/collections/{collectionId}/items/{featureId}': op(
      'getFeature',
      'Data',
      'Jeden objekt',
      'Objekt podľa id zo stránky `items`. Parametre datasetu (`param.<kľúč>`) a `datetime` vyberajú tie isté dáta ako pri `items`.',
      [ref('parameters', 'collectionId'), ref('parameters', 'featureId'), ref('parameters', 'fFeatures'), ref('parameters', 'crs')],
      { description: 'Objekt.', headers: featureHeaders, content: featureContent('FeatureGeoJSON') },
      ['NotFound', 'SourceFailed'],
    ),
    '/collections/{collectionId}/queryables': op(
      'getQueryables',
      'Capabilities',
      'Vlastnosti na filtrovanie',
      'JSON Schema vlastností kolekcie (OGC API – Features, časť 3): všetky sa dajú použiť vo `filter`, ako `názov=hodnota`, v `sortby` a `properties`; geometria je `geometry`.',
      [ref('parameters', 'collectionId'), ref('parameters', 'f')],
      { description: 'Vlastnosti.', content: { [MEDIA.schema]: { schema: { type: 'object' } }, [MEDIA.json]: { schema: { type: 'object' } } } },
      ['NotFound', 'SourceFailed'],
    ),
    '/collections/{collectionId}/schema': op(
      'getSchema',
      'Capabilities',
      'Schéma objektov',
      'JSON Schema objektov GeoJSON kolekcie s typmi vlastností (odkaz `describedby` kolekcie).',
      [ref('parameters', 'collectionId'), ref('parameters', 'f')],
      { description: 'Schéma.', content: { [MEDIA.schema]: { schema: { type: 'object' } }, [MEDIA.json]: { schema: { type: 'object' } } } },
      ['NotFound', 'SourceFailed'],
    ),
    '/collections/{collectionId}/styles': op('getStyles', 'Styles', 'Štýly kolekcie', 'Štýly vektorových dlaždíc kolekcie (jeden: `default`).', [ref('parameters', 'collectionId'), ref('parameters', 'f')], {
      description: 'Štýly.',
      content: { [MEDIA.json]: { schema: { type: 'object' } } },
    }, ['NotFound']),
    '/collections/{collectionId}/styles/{styleId}': op(
      'getStyle',
      'Styles',
      'Štýl MapLibre',
      'Štýl vektorových dlaždíc kolekcie (MapLibre / Mapbox GL, verzia 8) podľa prezentácie datasetu, ako ho kreslí mapa portálu.',
      [ref('parameters', 'collectionId'), parameter('styleId', 'path', z.enum(['default']).meta({ description: 'Id štýlu.' })), parameter('f', 'query', z.enum(['mapbox', 'json']).meta({ description: 'Formát štýlu: `mapbox` (štýl MapLibre / Mapbox GL).' }))],
      { description: 'Štýl.', content: { [MEDIA.style]: { schema: { type: 'object' } } } },
      ['NotFound'],
    ),
    '/tileMatrixSets': op('getTileMatrixSetsList', 'Tiles', 'Mriežky dlaždíc', 'Mriežky dlaždíc portálu (WebMercatorQuad).', [ref('parameters', 'f')], {
      description: 'Mriežky dlaždíc.',
      content: { [MEDIA.json]: { schema: { type: 'object' } } },
    }),
    '/tileMatrixSets/{tileMatrixSetId}': op(
      'getTileMatrixSet',
      'Tiles',
      'Definícia mriežky dlaždíc',
      'WebMercatorQuad podľa OGC Two Dimensional Tile Matrix Set 2.0.',
      [ref('parameters', 'tileMatrixSetId'), ref('parameters', 'f')],
      { description: 'Mriežka dlaždíc.', content: { [MEDIA.json]: { schema: { type: 'object' } } } },
      ['NotFound'],
    ),
    '/collections/{collectionId}/tiles': op('getCollectionTileSets', 'Tiles', 'Sady dlaždíc kolekcie', 'Vektorové dlaždice kolekcie (WebMercatorQuad).', [ref('parameters', 'collectionId'), ref('parameters', 'f')], {
      description: 'Sady dlaždíc.',
      content: { [MEDIA.json]: { schema: ref('schemas', 'TileSets') } },
    }, ['NotFound']),
    '/collections/{collectionId}/tiles/{tileMatrixSetId}': op(
      'getCollectionTileSet',
      'Tiles',
      'Metadáta sady dlaždíc',
      'Mriežka, rozsah úrovní a obdĺžnik dlaždíc s dátami, vrstva, atribúcia.',
      [ref('parameters', 'collectionId'), ref('parameters', 'tileMatrixSetId'), ref('parameters', 'f')],
      { description: 'Metadáta sady dlaždíc.', content: { [MEDIA.json]: { schema: ref('schemas', 'TileSet') } } },
      ['NotFound'],
    ),
    '/collections/{collectionId}/tiles/{tileMatrixSetId}/{tileMatrix}/{tileRow}/{tileCol}': {
      get: {
        operationId: 'getCollectionTile',
        tags: ['Tiles'],
        summary: 'Vektorová dlaždica',
        description:
          'Dlaždica Mapbox Vector Tile z vyrovnávacej pamäte portálu. Parametre datasetu (`param.<kľúč>`) a `datetime` sa dajú pridať ako pri `items`. Dlaždica mimo hraníc sady (`tileMatrixSetLimits`, pri datasetoch načítavaných po výrezoch od `coverage.minZoom`) je 404.',
        parameters: [
          ref('parameters', 'collectionId'),
          ref('parameters', 'tileMatrixSetId'),
          ref('parameters', 'tileMatrix'),
          ref('parameters', 'tileRow'),
          ref('parameters', 'tileCol'),
        ],
        responses: tileResponses,
      },
    },
  };
  for (const s of datasets) out[`/collections/${collectionIdOf(s.key)}/items`] = collectionItemsPath(s);
  return out;
}

function ogcApiDocument(base: string, datasets: ServedDataset[]): Json {
  return {
    openapi: '3.0.3',
    info: {
      title: LANDING_TITLE,
      version: '1.0.0',
      description: `${LANDING_DESCRIPTION}\n\nChyby majú telo \`{ error, code }\`. V QGIS: Vrstva → Pridať vrstvu → Pridať vrstvu WFS / OGC API – Features, adresa ${ogcRoot(base)}.`,
      license: { name: 'Dáta: licencia podľa kolekcie (odkaz rel=license)', url: `${base.replace(/\/+$/, '')}/dokumentacia/api` },
    },
    servers: [{ url: ogcRoot(base), description: 'Tento portál.' }],
    security: [],
    tags: [
      { name: 'Capabilities', description: 'Úvodná stránka, triedy zhody, popis rozhrania a kolekcie.' },
      { name: 'Data', description: 'Objekty kolekcií (OGC API – Features).' },
      { name: 'Collections', description: 'Objekty jednotlivých kolekcií s ich parametrami.' },
      { name: 'Tiles', description: 'Vektorové dlaždice (OGC API – Tiles).' },
      { name: 'Styles', description: 'Štýly vektorových dlaždíc (MapLibre).' },
    ],
    paths: paths(datasets),
    components: components(),
  };
}

const built = new WeakMap<object, { base: string; doc: Json }>();

/** The document for the registry's current collections, built once per registry version and origin. */
export async function buildOgcApiDocument(base: string): Promise<Json> {
  const snap = await registrySnapshot();
  const cached = built.get(snap);
  if (cached?.base === base) return cached.doc;
  const doc = ogcApiDocument(base, snap.approved.filter(isOgcCollection));
  built.set(snap, { base, doc });
  return doc;
}
