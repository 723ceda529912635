// Places: geocoding (searchPlaces), the municipality resolver, municipality boundaries and point
// lookups (the municipality and the cadastral territory at a point, where a point is).
export { searchPlaces, placesAttribution, DEFAULT_MAX, MAX_MAX } from './search';
export type { Place, PlaceMunicipality, PlaceResult } from './search';
export { resolveMunicipality, municipalityGeometry, municipalityPath, toMunicipality } from './resolve';
export type { Municipality } from './resolve';
export { municipalityIndex, nearestTown, distanceKm } from './municipality-index';
export { cadastralTerritoryAt, cadastralTerritoriesOf, municipalityAt } from './locate';
export type { CadastralTerritory } from './locate';
export { locatePoint, reversePlace } from './reverse';
export type { LocatedMunicipality, PointLocation, ReverseResult } from './reverse';
