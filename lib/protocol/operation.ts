// The MCP tools `schema` and `example`: the protocol's served documents (lib/operation).
import { z } from 'zod';
import { defineOperation } from '@/lib/operation/define';
import { EXAMPLE_NAMES, exampleDocument } from './examples';
import { SCHEMA_NAMES, schemaDocument } from './schemas';

// Names are plain strings, not enums: an unknown one answers the spec's own code with `available`.
const schemaInput = z.object({
  type: z.string().max(100).describe(`Schema to return, one of: ${SCHEMA_NAMES.join(', ')}.`),
});

export const schemaOperation = defineOperation({
  id: 'schema',
  summary: 'A JSON Schema or the provider OpenAPI contract of the protocol',
  description: 'The documents served under `/schema/0.1/`.',
  input: schemaInput,
  output: z.looseObject({}).describe('The JSON Schema (draft 2020-12) or the OpenAPI 3.1 document.'),
  errors: ['unknown_schema'],
  run: async ({ type }) => schemaDocument(type) as Record<string, unknown>,
});

const exampleInput = z.object({
  name: z.string().max(100).describe(`Sample to return, one of: ${EXAMPLE_NAMES.join(', ')}.`),
});

export const exampleOperation = defineOperation({
  id: 'example',
  summary: 'A valid sample manifest or data response',
  description: 'The documents served under `/priklady/`.',
  input: exampleInput,
  output: z.looseObject({}).describe('The sample manifest or FeatureCollection.'),
  errors: ['unknown_example'],
  run: async ({ name }) => exampleDocument(name) as Record<string, unknown>,
});
