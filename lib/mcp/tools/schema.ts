// MCP tool `schema`: the protocol's JSON Schemas and the provider OpenAPI contract (as served under /schema/0.1/).
import { schemaOperation } from '@/lib/protocol/operation';
import { defineTool, READ_ONLY } from '../tool';

export const schemaTool = defineTool({
  name: 'schema',
  title: 'JSON Schema protokolu',
  description:
    'A formal schema of protocol 0.1: `manifest` or `data` (JSON Schema), `provider-openapi` (the contract of a provider endpoint). Unknown: `unknown_schema` with `available`.',
  annotations: READ_ONLY,
  operation: schemaOperation,
  headline: (_r, { type }) => `Schéma ${type} (/schema/0.1/${type}.json)`,
});
