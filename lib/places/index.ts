// Places: geocoding (searchPlaces), the municipality resolver, municipality boundaries and point
// lookups (the municipality and the cadastral territory at a point, where a point is).
export { searchPlaces } from './search';
export type { PlaceResult, PointLocation, ReverseResult } from './schema';
export { resolveMunicipality, municipalityGeometry, municipalityPath } from './resolve';
export type { Municipality } from './resolve';
export { cadastralTerritoryAt, cadastralTerritoriesOf, municipalityAt } from './locate';
export { locatePoint, reversePlace } from './reverse';
