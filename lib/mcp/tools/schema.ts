// MCP tool `schema`: the protocol's JSON Schemas and the provider OpenAPI contract (as served under /schema/0.1/).
import { schemaOperation } from '@/lib/protocol/operation';
import { defineTool, READ_ONLY } from '../tool';

export const schemaTool = defineTool({
  name: 'schema',
  title: 'JSON Schema protokolu',
  description:
    'Returns a formal schema of protocol 0.1: `manifest` (JSON Schema of a provider manifest), `data` (JSON Schema of a data response, a GeoJSON FeatureCollection with dm extras) or `provider-openapi` (the OpenAPI 3.1 contract a provider data endpoint implements). An unknown type answers the error code `unknown_schema` with the list `available`.',
  annotations: READ_ONLY,
  operation: schemaOperation,
  headline: (_r, { type }) => `Schéma ${type} (/schema/0.1/${type}.json)`,
});
