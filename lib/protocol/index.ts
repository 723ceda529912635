// The protocol 0.1 in one import: types and limits, the served schemas, request building.
export * from './types';
export { manifestJsonSchema, dataJsonSchema, providerOpenApi, schemaDocument, schemaUrl, SCHEMA_NAMES, type SchemaName } from './schemas';
export {
  alignBboxToTiles,
  checkParamValue,
  formatBbox,
  normalizeParams,
  paramDefaultToWire,
  resolveSourceUrls,
  sourceRequestUrl,
  tileZoom,
  type Bbox,
} from './request';
