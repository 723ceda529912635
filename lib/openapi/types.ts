// The subset of OpenAPI 3.1 the portal's interface document uses, typed so that a misspelt member
// is a compile error rather than a lint finding.

/** A JSON Schema 2020-12 object (OpenAPI 3.1 schemas are plain JSON Schema). */
export type JsonSchema = { [keyword: string]: unknown };

interface Reference {
  $ref: string;
  summary?: string;
  description?: string;
}

interface ExampleObject {
  summary?: string;
  description?: string;
  value?: unknown;
  externalValue?: string;
}

export interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, ExampleObject | Reference>;
}

interface Header {
  description?: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Response {
  description: string;
  headers?: Record<string, Header | Reference>;
  content?: Record<string, MediaType>;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  description: string;
  required?: boolean;
  schema?: JsonSchema;
  style?: 'form' | 'simple';
  explode?: boolean;
  example?: unknown;
  examples?: Record<string, ExampleObject>;
}

interface RequestBody {
  description?: string;
  required?: boolean;
  content: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: Array<Parameter | Reference>;
  requestBody?: RequestBody;
  /** Status code (or `default`) -> response. */
  responses: Record<string, Response | Reference>;
  externalDocs?: { url: string; description?: string };
}

interface PathItem {
  summary?: string;
  description?: string;
  parameters?: Array<Parameter | Reference>;
  get?: Operation;
  post?: Operation;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: {
    title: string;
    version: string;
    summary?: string;
    description: string;
    contact?: { name?: string; url?: string; email?: string };
    license: { name: string; identifier?: string; url?: string };
  };
  servers: Array<{ url: string; description?: string }>;
  security: Array<Record<string, string[]>>;
  tags: Array<{ name: string; description: string; externalDocs?: { url: string; description?: string } }>;
  externalDocs?: { url: string; description?: string };
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters?: Record<string, Parameter>;
    responses?: Record<string, Response>;
    headers?: Record<string, Header>;
  };
}
