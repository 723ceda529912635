// The protocol's public contract: the JSON Schemas and the provider OpenAPI document served under
// /schema/0.1/. The validator compiles exactly these objects, so what is served is what is enforced.
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors';
import dataDoc from './schemas/data.json';
import manifestDoc from './schemas/manifest.json';
import openApiDoc from './schemas/provider-openapi.json';
import { PROTOCOL_VERSION } from './types';

export const SCHEMA_BASE_PATH = `/schema/${PROTOCOL_VERSION}`;

/** Names accepted by the MCP `schema` tool and files served under /schema/0.1/. */
export const SCHEMA_NAMES = ['manifest', 'data', 'provider-openapi'] as const;
export type SchemaName = (typeof SCHEMA_NAMES)[number];

type Json = Record<string, unknown>;

interface SchemaSet {
  base: string;
  manifest: Json;
  data: Json;
  openapi: Json;
}

let cached: SchemaSet | undefined;

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/** The public address a schema is served at; also its `$id`. */
export function schemaUrl(name: SchemaName): string {
  return `${env().publicBaseUrl}${SCHEMA_BASE_PATH}/${name}.json`;
}

// The `$id` carries the portal's public origin, which is only known at run time; the documents are
// built once per origin (one per process outside tests) and frozen so no caller can alter them.
function schemaSet(): SchemaSet {
  const base = env().publicBaseUrl;
  if (cached?.base === base) return cached;
  const withId = (name: SchemaName, doc: Json): Json => {
    const { $schema, ...rest } = structuredClone(doc);
    return deepFreeze({ $schema, $id: `${base}${SCHEMA_BASE_PATH}/${name}.json`, ...rest });
  };
  cached = {
    base,
    manifest: withId('manifest', manifestDoc as Json),
    data: withId('data', dataDoc as Json),
    // Its `$ref`s to manifest.json and data.json are relative, resolved against its own address.
    openapi: deepFreeze(structuredClone(openApiDoc as Json)),
  };
  return cached;
}

export function manifestJsonSchema(): object {
  return schemaSet().manifest;
}

export function dataJsonSchema(): object {
  return schemaSet().data;
}

export function providerOpenApi(): object {
  return schemaSet().openapi;
}

/** A schema document by name, for the MCP `schema` tool and the /schema route. */
export function schemaDocument(name: string): object {
  switch (name) {
    case 'manifest':
      return manifestJsonSchema();
    case 'data':
      return dataJsonSchema();
    case 'provider-openapi':
      return providerOpenApi();
    default:
      throw new ApiError('unknown_schema', `Unknown schema "${name}".`, { extra: { available: [...SCHEMA_NAMES] } });
  }
}

/** GET /schema/0.1/{file}: the document with its media type. */
export function schemaResponse(file: string): Response {
  const name = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
  if (!(SCHEMA_NAMES as readonly string[]).includes(name)) {
    throw new ApiError('unknown_schema', `Unknown schema file "${file}".`, {
      extra: { available: SCHEMA_NAMES.map((n) => `${n}.json`) },
    });
  }
  const doc = schemaDocument(name);
  return new Response(JSON.stringify(doc, null, 2), {
    headers: {
      'Content-Type': name === 'provider-openapi' ? 'application/json; charset=utf-8' : 'application/schema+json; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
