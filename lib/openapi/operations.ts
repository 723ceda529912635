// The REST operations of /openapi.json, generated from the declared operations (lib/operation): their
// parameters or request body from the zod input as the route reads it (lib/operation/rest.ts), the
// answer from the zod result, the errors from the operation's codes and the one code -> status table.
import { z } from 'zod';
import type { ErrorCode } from '@/lib/errors';
import type { CachedKind } from '@/lib/http-cache';
import type { OperationDescription } from '@/lib/operation/define';
import { idSchema } from '@/lib/operation/fields';
import { convert, toComponentRefs, type JsonSchema } from '@/lib/operation/json-schema';
import { objectShape, schemaKind } from '@/lib/operation/query';
import { errorResponses } from './errors';
import type { MediaType, Operation as OaOperation, Parameter, Response } from './types';

/** Any declared operation, as the document reads it (no cast: see OperationDescription). */
export type AnyOperation = OperationDescription<CachedKind>;

/** What the document adds to a generated operation: examples and the odd status or header. */
export interface OperationDoc {
  /** Example of the success answer (captured from a real one), or one per success status. */
  example?: unknown;
  examples?: Record<string, unknown>;
  /** Named request body examples. */
  bodyExamples?: Record<string, { summary: string; value: unknown }>;
  /** Success media type (default application/json). */
  mediaType?: string;
  /** Extra responses (e.g. 304) and success headers. */
  responses?: Record<string, Response>;
  headers?: Response['headers'];
  /** Example message per error code. */
  errorExamples?: Partial<Record<ErrorCode, string>>;
  /** Example value per query parameter. */
  parameterExamples?: Record<string, unknown>;
}

/** Collects the named definitions of every converted schema as components. */
export class Components {
  readonly schemas: Record<string, JsonSchema> = {};

  /** The schema with `$ref`s into components; its definitions are added. */
  add(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const { root, defs } = convert(schema, io);
    for (const [name, def] of Object.entries(defs)) {
      const json = toComponentRefs(def);
      const known = this.schemas[name];
      if (known && JSON.stringify(known) !== JSON.stringify(json)) throw new Error(`two different schemas are named ${name}`);
      this.schemas[name] = json;
    }
    return toComponentRefs(root);
  }
}

const DATASET_PARAMS_DESCRIPTION =
  'The dataset’s own parameters (catalog `params`), each as its own query parameter named by its key, in the protocol value format: enum `a`, multi-enum `a,b`, range `from,to`, date-range `YYYY-MM-DD,YYYY-MM-DD`. Omitted ones get their `default`.';

function parameters(op: AnyOperation, components: Components, doc: OperationDoc): Parameter[] {
  const binding = op.rest!;
  const out: Parameter[] = [];
  if (binding.datasetPath) {
    const id = components.add(idSchema, 'input');
    out.push({ name: 'provider', in: 'path', required: true, description: 'Provider id.', schema: id, example: 'sk-uzemie' });
    out.push({ name: 'dataset', in: 'path', required: true, description: 'Dataset id.', schema: id, example: 'obyvatelstvo' });
  }
  for (const name of binding.pathParams ?? []) {
    const field = objectShape(op.input)[name];
    const { description, ...schema } = components.add(field, 'input');
    out.push({ name, in: 'path', required: true, description: String(description ?? name), schema });
  }
  if (binding.from === 'body') return out;
  for (const [name, field] of Object.entries(objectShape(op.input))) {
    if (name === 'params' || (binding.datasetPath && name === 'dataset') || binding.pathParams?.includes(name)) continue;
    const { description, ...schema } = components.add(field, 'input');
    const list = ['array', 'tuple'].includes(schemaKind(field));
    out.push({
      name,
      in: 'query',
      required: !field.isOptional(),
      description: String(description ?? name),
      schema,
      // Arrays are comma-separated in the query string (`point=17.1,48.1`).
      ...(list ? { style: 'form', explode: false } : {}),
      ...(doc.parameterExamples?.[name] !== undefined ? { example: doc.parameterExamples[name] } : {}),
    });
  }
  if (binding.params) {
    out.push({
      name: 'params',
      in: 'query',
      required: false,
      style: 'form',
      explode: true,
      description:
        binding.params === 'dotted'
          ? 'Dataset parameters as `{provider}/{dataset}.{param}=value`, the same form as in the map link.'
          : DATASET_PARAMS_DESCRIPTION,
      schema: { type: 'object', additionalProperties: { type: 'string' } },
      example: binding.params === 'dotted' ? { 'sk-uzemie/obyvatelstvo.rok': '2021' } : { rok: '2015,2024' },
    });
  }
  return out;
}

/** One generated OpenAPI operation of a declared operation with a REST binding. */
export function restOperation(op: AnyOperation, components: Components, doc: OperationDoc = {}): OaOperation {
  const binding = op.rest;
  if (!binding) throw new Error(`operation ${op.id} has no REST binding`);
  const output = components.add(op.output, 'output');
  const success: Record<string, Response> = {};
  for (const status of binding.success ?? ['200']) {
    const example = doc.examples?.[status] ?? doc.example;
    const media: MediaType = { schema: output, ...(example === undefined ? {} : { example }) };
    success[status] = {
      description: status === '201' ? 'Created.' : op.summary + '.',
      ...(doc.headers ? { headers: doc.headers } : {}),
      content: { [doc.mediaType ?? 'application/json']: media },
    };
  }
  const codes = [...new Set<ErrorCode>([...(binding.from === 'body' || Object.keys(objectShape(op.input)).length || binding.datasetPath ? [op.invalidCode] : []), ...op.errors])];
  const operation: OaOperation = {
    operationId: op.id,
    tags: op.tags ?? [],
    summary: op.summary,
    description: op.description,
    responses: { ...success, ...doc.responses, ...errorResponses(codes, doc.errorExamples) },
  };
  if (binding.from === 'body') {
    const params = parameters(op, components, doc);
    if (params.length) operation.parameters = params;
    const pathNames = new Set(binding.pathParams ?? []);
    const bodyInput = pathNames.size && op.input instanceof z.ZodObject ? op.input.omit(Object.fromEntries([...pathNames].map((n) => [n, true])) as never) : op.input;
    // The whole input in the path: no body (lib/operation/rest.ts reads none).
    if (!(bodyInput instanceof z.ZodObject && Object.keys(bodyInput.shape).length === 0)) operation.requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: components.add(bodyInput, 'input'),
          ...(doc.bodyExamples ? { examples: doc.bodyExamples } : {}),
        },
      },
    };
  } else {
    const params = parameters(op, components, doc);
    if (params.length) operation.parameters = params;
  }
  return operation;
}
