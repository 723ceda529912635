// The limits of the OGC API face in one place (documented in lib/ogc/README.md and /ogc/api).
import { MAX_FEATURES } from '@/lib/protocol/types';

/** Features per items page when the request names no `limit`. */
export const DEFAULT_LIMIT = 100;
/**
 * Largest page. A larger `limit` is served as this many (OGC API – Features: a limit above the
 * maximum is not an error). One page never spans more than one cached source answer's worth.
 */
export const MAX_LIMIT = MAX_FEATURES;
/** `bbox` datasets: at most this many tile loads (source pages) per items request; the rest follows `next`. */
export const MAX_TILE_LOADS_PER_PAGE = 16;
/** `bbox` datasets without `coverage.minZoom` are read in tiles of this zoom (about 26 km wide in Slovakia). */
export const BBOX_MODE_DEFAULT_ZOOM = 10;
/** Vector tiles: the deepest zoom served (and up to which geometry keeps its detail). */
export const MAX_TILE_ZOOM = 18;
/** Longest `cursor` value accepted. */
export const MAX_CURSOR_LENGTH = 1000;
