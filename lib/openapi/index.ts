export { buildOpenApiDocument, getOpenApiDocument, OPENAPI_VERSION } from './document';
export type { OpenApiDocument } from './types';
