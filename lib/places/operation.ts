// GET /api/places and the MCP tool `find_place`: one declared operation (lib/operation).
import { z } from 'zod';
import { defineOperation } from '@/lib/operation/define';
import { lonLat } from '@/lib/operation/fields';
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
