// Point queries: what is at and around a point, per dataset (GET /api/nearby, MCP `nearby`).
export { nearby, answerNearby, answerNearbySelection, automaticSelection, mapLink, mapZoom } from './service';
export { checkNearbyInput, DEFAULT_MAX, DEFAULT_RADIUS, MAX_HITS, MAX_RADIUS, MIN_RADIUS, type NearbyInput, type NearbyRequest, type NearbySelectionRequest } from './query';
export { answersAtPoint, coversPoint, matchScore, priorityOf, selectDatasets } from './selection';
export { canQueryPoint, pointQueryFor } from './raster/template';
export { haversine, distanceToGeometry } from './geo';
export { featureTitle, featureValues } from './describe';
export { MAX_NEARBY_DATASETS } from './schema';
export type * from './schema';
