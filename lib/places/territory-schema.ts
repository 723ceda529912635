// The answer of GET /api/territory and the MCP tool `territory`: one zod schema, the types are its
// z.output (lib/operation/README.md).
import { z } from 'zod';
import { lonLat } from '@/lib/operation/fields';

/** The four levels of Slovakia's territorial units a lookup answers. */
export const TERRITORY_LEVELS = ['kraj', 'okres', 'obec', 'katastrálne územie'] as const;
export type TerritoryLevel = (typeof TERRITORY_LEVELS)[number];
export const TERRITORY_BOUNDARIES = ['none', 'simplified', 'full'] as const;
export const DEFAULT_TERRITORY_MAX = 5;
export const MAX_TERRITORY_MAX = 20;

const unitRef = z.object({ code: z.string(), name: z.string() });

const territoryChild = z.object({
  code: z.string(),
  name: z.string(),
  type: z.string().describe('okres, obec, mesto, mestská časť, vojenský obvod or katastrálne územie.'),
  population: z.int().nullable().optional().describe('Census 2021 residents (districts: the sum of their municipalities).'),
  areaKm2: z.number().nullable().optional(),
});

const territory = z
  .object({
    level: z.enum(TERRITORY_LEVELS),
    type: z.string().describe('kraj, okres, obec, mesto, mestská časť, vojenský obvod or katastrálne územie.'),
    code: z.string().describe('kraj: NUTS3 (SK032); okres: LAU1 (SK0325); obec: 12-character code (SK0325…), the whole cities Bratislava and Košice 6 digits; katastrálne územie: 6 digits.'),
    name: z.string(),
    match: z
      .enum(['code', 'exact', 'prefix', 'similar', 'point'])
      .describe('How the query matched: the code, the whole name, the beginning of the name, a similar spelling, or `point`: the unit holds the coordinates asked.'),
    parents: z
      .object({ region: unitRef.nullable(), district: unitRef.nullable(), municipality: unitRef.nullable() })
      .describe('The units holding it (null where none: a region has no parents; Bratislava and Košice as whole cities lie in several districts).'),
    areaKm2: z.number().nullable().describe('Official area (GKÚ VYMERA) in km².'),
    population: z
      .int()
      .nullable()
      .describe('Residents at the census 2021 (ŠÚ SR, SODB 2021); a district or region: the sum of its municipalities; null for a cadastral territory (not counted per territory).'),
    point: lonLat.describe('A point inside the unit (label point), `[lon, lat]`.'),
    bbox: z.array(z.number()).length(4).nullable().describe('`[west, south, east, north]` of the boundary.'),
    slug: z.string().optional().describe('Municipalities: `<region-slug>/<slug>`, the overview page (`{base_url}/{slug}`) and `municipality` of summary.'),
    children: z
      .object({
        type: z.string().describe('What the children are: okresy (of a region), obce (of a district), katastrálne územia (of a municipality).'),
        count: z.int().min(0),
        items: z.array(territoryChild),
      })
      .nullable()
      .describe('Districts of a region, municipalities of a district (by name), cadastral territories of a municipality; null for a cadastral territory.'),
    boundary: z
      .object({ type: z.string(), coordinates: z.array(z.unknown()) })
      .optional()
      .describe('GeoJSON (Multi)Polygon in WGS84, only with `boundary` simplified or full.'),
  })
  .meta({ id: 'Territory' });

export const territoryResult = z
  .object({
    query: z.string(),
    count: z.int().min(0).describe('Units in this answer.'),
    total: z.int().min(0).describe('Units matching equally well.'),
    truncated: z.boolean().describe('True when `max` left matches out: narrow with `level` or the code.'),
    territories: z.array(territory).describe('Best match first; several when the name is ambiguous (okres, mesto and k. ú. Zvolen): each with parents, children, areaKm2, population (census 2021).'),
    attribution: z.string(),
  })
  .meta({ id: 'TerritoryResult' });

export type Territory = z.output<typeof territory>;
export type TerritoryChild = z.output<typeof territoryChild>;
/** A unit named by its code and name (a territory's parents). */
export type TerritoryRef = z.output<typeof unitRef>;
export type TerritoryResult = z.output<typeof territoryResult>;
