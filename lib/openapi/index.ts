export { getOpenApiDocument } from './document';
;
