// Point queries: what is at and around a point, per dataset (GET /api/nearby, MCP `nearby`).
export { nearby } from './service';
export { answersAtPoint, coversPoint, matchScore } from './selection';
export { MAX_NEARBY_DATASETS } from './schema';
export type * from './schema';
