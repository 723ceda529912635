// The answers of GET /api/places (MCP `find_place`) and GET /api/places/reverse (and nearby's
// `location`): one zod schema each, and the types are their `z.output` (lib/operation/README.md).
// Imported with `import type` by the services, pages and the browser; no interface beside them.
import { z } from 'zod';
import { lonLat, pointHint } from '@/lib/operation/fields';

export const DEFAULT_MAX = 5;
export const MAX_MAX = 10;
export const MAX_QUERY_LENGTH = 200;

/** Every `type` a place search answers, as it names them. */
export const PLACE_TYPES = ['adresa', 'ulica', 'obec', 'mesto', 'mestská časť', 'časť obce', 'vojenský obvod', 'okres', 'kraj', 'súradnice'] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];
/** How many matches a search counts at most for `total`. */
export const MAX_COUNTED = 200;

const placeMunicipality = z.object({
  slug: z.string().describe('`<region-slug>/<municipality-slug>`: the overview page; accepted as `municipality` by the summary.'),
  code: z.string().describe('Municipality code (usable as `municipality` in summary and fetch_data).'),
  name: z.string(),
  district: z.string().nullable(),
  region: z.string(),
});

const place = z
  .object({
    name: z.string(),
    type: z.string().describe('One of: adresa, ulica, obec, mesto, mestská časť, časť obce, vojenský obvod, okres, kraj; `súradnice` for a query that is coordinates.'),
    point: lonLat,
    municipality: placeMunicipality.nullable(),
    near: z
      .object({
        name: z.string(),
        slug: z.string(),
        distanceKm: z.number().min(0).describe('Kilometres in a straight line (great circle) from the place’s point to the town’s centre point, one decimal.'),
      })
      .optional()
      .describe('Only for places outside towns over 10,000 inhabitants: the nearest such town (by the straight-line distance from the place’s point to the town’s centre point).'),
  })
  .meta({ id: 'Place' });

export const placeResult = z
  .object({
    query: z.string().describe('The search text as understood.'),
    count: z.int().min(0).describe('Places in this answer.'),
    total: z
      .int()
      .min(0)
      .describe(`Places that matched (of the asked types): names equal to or beginning with the text, plus similar spellings when those are fewer than \`max\`; counted up to ${MAX_COUNTED}.`),
    truncated: z.boolean().describe('True when matching places were left out (`total` > `count`): ask with a higher `max`, `types` or a longer text.'),
    places: z.array(place).max(MAX_MAX).describe('Best match first. `near.distanceKm`: straight-line km from the place’s point to the nearest town’s centre.'),
    attribution: z.string(),
  })
  .meta({ id: 'PlaceResult' });

const locatedMunicipality = placeMunicipality
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
        distance: z.number().min(0).describe('Metres in a straight line (geodesic) from the point to the nearest known point of the street or part: a register entrance where address points are loaded, otherwise the street’s or part’s centre point (the reference data has no street lines).'),
      })
      .nullable()
      .describe('The nearest street or municipality part of the municipality; null outside Slovakia and in villages without street names or listed parts.'),
    attribution: z.string(),
  })
  .meta({ id: 'PointLocation' });

export const reverseResult = pointLocation.extend({ point: lonLat, hint: pointHint }).meta({ id: 'ReverseResult' });

export type Place = z.output<typeof place>;
export type PlaceResult = z.output<typeof placeResult>;
export type PointLocation = z.output<typeof pointLocation>;
export type ReverseResult = z.output<typeof reverseResult>;
