// Places: geocoding (searchPlaces), the municipality resolver and municipality boundaries.
export { searchPlaces, parseMax, PLACES_ATTRIBUTION, DEFAULT_MAX, MAX_MAX } from './search';
export type { Place, PlaceMunicipality, PlaceResult } from './search';
export { resolveMunicipality, municipalityGeometry, municipalityPath, toMunicipality } from './resolve';
export type { Municipality } from './resolve';
export { municipalityIndex, nearestTown, distanceKm } from './municipality-index';
