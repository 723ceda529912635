export { getOpenApiDocument } from './document';
