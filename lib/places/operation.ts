// GET /api/places and the MCP tool `find_place`, GET /api/places/reverse: declared operations (lib/operation).
import { z } from 'zod';
import { defineOperation } from '@/lib/operation/define';
import { lonLat, rangedNumber } from '@/lib/operation/fields';
import { DEFAULT_MAX, MAX_MAX, MAX_QUERY_LENGTH, PLACE_TYPES, placeResult, reverseResult } from './schema';
import { reversePlace } from './reverse';
import { searchPlaces } from './search';
import { lookupTerritory } from './territory';
import { DEFAULT_TERRITORY_MAX, MAX_TERRITORY_MAX, TERRITORY_BOUNDARIES, TERRITORY_LEVELS, territoryResult } from './territory-schema';

const placesInput = z.object({
  query: z
    .string()
    .max(MAX_QUERY_LENGTH)
    .describe(
      'Search text: an address or a name (e.g. "Hlavná 12, Košice", "Štúrova", "Nová Ves"); diacritics optional; qualifiers such as a district or “near X” are not understood. At least 2 letters or digits. ' +
        'Coordinates are accepted too and answer one place of type `súradnice` at that point (with the municipality holding it): WGS84 decimal degrees latitude first (`48.7363, 19.1462`; decimal commas `48,7363 19,1462`; longitude first `19.1462 48.7363` when the range says so), degrees-minutes-seconds with hemispheres (`48°44\'10.7"N 19°08\'46.3"E`, also `s. š.`/`v. d.`), ' +
        'and S-JTSK metres either as GIS writes them, EPSG:5514 East, North, negative (`-458123.45, -1229345.67`), or as the cadastre writes them, positive Y, X (`458123.45 1229345.67`); S-JTSK is transformed with EPSG:4836 “S-JTSK to WGS 84 (4)”, about 1 m.',
    ),
  max: rangedNumber(1, MAX_MAX, { int: true }).default(DEFAULT_MAX).describe(`Most places returned, 1-${MAX_MAX}.`),
  types: z
    .array(z.enum(PLACE_TYPES))
    .min(1)
    .optional()
    .describe(`Only places of these types (in a query string: comma-separated), e.g. ["okres"] or ["obec", "mesto"]: ${PLACE_TYPES.join(', ')}. Default: all.`),
});

export const placesOperation = defineOperation({
  id: 'searchPlaces',
  tags: ['places'],
  summary: 'Address, street and municipality search',
  description:
    'Searches the address register for addresses, streets, municipalities, municipality parts and other territorial units (`types` keeps only some of them). `total` and `truncated` say how many matched and whether `max` left some out. `municipality.code` can be used with the summary endpoint; `near` tells same-named places apart.',
  input: placesInput,
  output: placeResult,
  errors: ['geocoding_unavailable'],
  rest: { method: 'get', path: '/api/places', from: 'query' },
  cache: 'places',
  run: ({ query, max, types }) => searchPlaces(query, max, { types }),
});

const reverseInput = z.object({
  point: lonLat.describe('`[lon, lat]` in WGS84 (in a query string: `lon,lat`).'),
});

export const reverseOperation = defineOperation({
  id: 'reversePlace',
  tags: ['places'],
  summary: 'Where a point is: municipality, cadastral territory, nearest street or part',
  description:
    'The municipality holding the point (with district, region and the link to its overview page), its cadastral territory and the nearest street or municipality part from the reference data. Outside Slovakia the members are null. Fast enough for every map click (indexed lookups, one query).',
  input: reverseInput,
  output: reverseResult,
  errors: ['geocoding_unavailable'],
  rest: { method: 'get', path: '/api/places/reverse', from: 'query' },
  cache: 'reverse',
  run: reversePlace,
});

const territoryInput = z.object({
  query: z
    .string()
    .max(MAX_QUERY_LENGTH)
    .describe(
      'Name or code of a kraj, okres, obec or katastrálne územie, diacritics optional: "okres Zvolen", "Žilinský kraj", "k. ú. Staré Mesto", "SK032B", "835196" (a leading okres/kraj/obec/k. ú. sets the level). Coordinates ("17.1077, 48.1486") answer the units holding the point, smallest first.',
    ),
  level: z.enum(TERRITORY_LEVELS).optional().describe(`Only units of this level: ${TERRITORY_LEVELS.join(', ')}. Default: all.`),
  boundary: z
    .enum(TERRITORY_BOUNDARIES)
    .default('none')
    .describe('GeoJSON boundary: `none` (default), `simplified` (8-150 m by level) or `full` (a region: megabytes).'),
  max: rangedNumber(1, MAX_TERRITORY_MAX, { int: true }).default(DEFAULT_TERRITORY_MAX).describe(`Most units returned, 1-${MAX_TERRITORY_MAX}.`),
});

export const territoryOperation = defineOperation({
  id: 'lookupTerritory',
  tags: ['places'],
  summary: 'Region, district, municipality or cadastral territory by name or code',
  description:
    'Looks a territorial unit up by name (diacritics optional) or code and answers it with its parents, children (districts of a region, municipalities of a district, cadastral territories of a municipality), official area, census 2021 population and, with `boundary`, its boundary. An ambiguous name answers every unit matching equally well (`total`, `truncated`).',
  input: territoryInput,
  output: territoryResult,
  errors: ['unknown_place', 'reference_data_unavailable'],
  rest: { method: 'get', path: '/api/territory', from: 'query' },
  run: lookupTerritory,
});
