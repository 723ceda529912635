// Places: geocoding (searchPlaces), the municipality resolver, municipality boundaries and point
// lookups (the municipality and the cadastral territory at a point, where a point is).
export { searchPlaces, placesAttribution } from './search';
export { DEFAULT_MAX, MAX_MAX } from './schema';
export type { LocatedMunicipality, Place, PlaceMunicipality, PlaceResult, PointLocation, ReverseResult } from './schema';
export { resolveMunicipality, municipalityGeometry, municipalityPath, toMunicipality } from './resolve';
export type { Municipality } from './resolve';
export { municipalityIndex, nearestTown, distanceKm } from './municipality-index';
export { cadastralTerritoryAt, cadastralTerritoriesOf, municipalityAt } from './locate';
export type { CadastralTerritory } from './locate';
export { locatePoint, reversePlace } from './reverse';
