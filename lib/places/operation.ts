// GET /api/places and the MCP tool `find_place`, GET /api/places/reverse: declared operations (lib/operation).
import { z } from 'zod';
import { defineOperation } from '@/lib/operation/define';
import { lonLat } from '@/lib/operation/fields';
import { reversePlace } from './reverse';
import { DEFAULT_MAX, MAX_MAX, MAX_QUERY_LENGTH, searchPlaces } from './search';

export const placesInput = z.object({
  query: z
    .string()
    .max(MAX_QUERY_LENGTH)
    .describe('Search text: an address or a name only (e.g. "Hlavná 12, Košice", "Štúrova", "Nová Ves"); diacritics optional; qualifiers such as a district or “near X” are not understood. At least 2 letters or digits.'),
  max: z.int().min(1).max(MAX_MAX).default(DEFAULT_MAX).describe(`Most places returned, 1-${MAX_MAX}.`),
});

export const placeMunicipality = z.object({
  slug: z.string().describe('`<region-slug>/<municipality-slug>`: the overview page; accepted as `municipality` by the summary.'),
  code: z.string().describe('Municipality code (usable as `municipality` in summary and fetch_data).'),
  name: z.string(),
  district: z.string().nullable(),
  region: z.string(),
});

export const place = z
  .object({
    name: z.string(),
    type: z.string().describe('One of: adresa, ulica, obec, mesto, mestská časť, časť obce, vojenský obvod, okres, kraj.'),
    point: lonLat,
    municipality: placeMunicipality.nullable(),
    near: z
      .object({ name: z.string(), slug: z.string(), distanceKm: z.number().min(0) })
      .optional()
      .describe('Only for places outside towns over 10,000 inhabitants: the nearest such town and the distance in km.'),
  })
  .meta({ id: 'Place' });

export const placeResult = z
  .object({
    query: z.string().describe('The search text as understood.'),
    count: z.int().min(0),
    places: z.array(place).max(MAX_MAX),
    attribution: z.string(),
  })
  .meta({ id: 'PlaceResult' });

export const placesOperation = defineOperation({
  id: 'searchPlaces',
  tags: ['places'],
  summary: 'Address, street and municipality search',
  description:
    'Searches the address register for addresses, streets, municipalities, municipality parts and other territorial units. `municipality.code` can be used with the summary endpoint; `near` tells same-named places apart.',
  input: placesInput,
  output: placeResult,
  errors: ['geocoding_unavailable'],
  rest: { method: 'get', path: '/api/places', from: 'query' },
  run: ({ query, max }) => searchPlaces(query, max),
});

export const reverseInput = z.object({
  point: lonLat.describe('`[lon, lat]` in WGS84 (in a query string: `lon,lat`).'),
});

export const locatedMunicipality = placeMunicipality
  .extend({
    type: z.string().describe('One of: obec, mesto, mestská časť, vojenský obvod (Bratislava and Košice answer with their city district).'),
    url: z.string().describe('Absolute address of the municipality’s overview page on the portal (`{base_url}/{slug}`).'),
  })
  .meta({ id: 'LocatedMunicipality' });

/** Where a point is: shared by GET /api/places/reverse and the `location` of a nearby answer. */
export const pointLocation = z
  .object({
    municipality: locatedMunicipality.nullable().describe('The municipality (city district in Bratislava and Košice) holding the point; null outside Slovakia.'),
    cadastralTerritory: z
      .object({ code: z.string().describe('6-digit cadastral territory code.'), name: z.string() })
      .nullable()
      .describe('The cadastral territory (katastrálne územie) holding the point; null outside Slovakia.'),
    nearest: z
      .object({
        type: z.enum(['street', 'part']).describe('`street` (ulica) or `part` (časť obce).'),
        name: z.string(),
        distance: z.number().min(0).describe('Metres to the nearest known point of the street or part: a register entrance where address points are loaded, otherwise the street’s or part’s centre point (the reference data has no street lines).'),
      })
      .nullable()
      .describe('The nearest street or municipality part of the municipality; null outside Slovakia and in villages without street names or listed parts.'),
    attribution: z.string(),
  })
  .meta({ id: 'PointLocation' });

export const reverseResult = pointLocation.extend({ point: lonLat }).meta({ id: 'ReverseResult' });

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
  run: reversePlace,
});
