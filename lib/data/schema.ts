// The answer parts of MCP fetch_data beyond the protocol's FeatureCollection (how the objects were
// shaped and paged): one zod schema each, and the types are their `z.output` (lib/operation/README.md).
import { z } from 'zod';

export const GEOMETRY_FORMS = ['full', 'simplified', 'centroid', 'bbox', 'none'] as const;
export type GeometryForm = (typeof GEOMETRY_FORMS)[number];

/** What a shaping did, as reported to the reader. */
const shapingResult = z
  .object({
    geometry: z.enum(GEOMETRY_FORMS),
    toleranceMetres: z.number().min(0).optional().describe('`simplified`: the tolerance used, in metres.'),
    precision: z.int().min(0).optional().describe('Decimals the coordinates were rounded to.'),
    properties: z.array(z.string()).optional().describe('The properties kept.'),
  })
  .describe('How the objects were shaped.');
export type Shaping = z.output<typeof shapingResult>;

/** The fetch_data call that continues an answer. */
const nextCall = z
  .object({ tool: z.literal('fetch_data'), arguments: z.record(z.string(), z.unknown()).describe('The arguments to call it with, exactly.') })
  .describe('The exact call for the next page (or for a lighter answer when one object alone was over budget); null when nothing is left.');
export type NextCall = z.output<typeof nextCall>;

export const extractPage = z
  .object({
    total: z.int().min(0).describe('Objects of the area matching the query (also `dm.total`).'),
    offset: z.int().min(0).describe('Objects skipped before this page.'),
    returned: z.int().min(0).describe('Objects in this answer.'),
    truncated: z.boolean().describe('Objects after this page were left out (also `dm.truncated`).'),
    cutBy: z
      .enum(['maxFeatures', 'maxCharacters', 'source'])
      .nullable()
      .describe('What cut the page: `maxFeatures`, the size budget `maxCharacters` (cut at a whole object), or the source’s own limit; null when nothing was cut.'),
    maxCharacters: z.int().min(0).describe('The size budget used: characters of the JSON text of the answer.'),
    shaping: shapingResult,
    next: nextCall.nullable(),
    hint: z.string().optional().describe('How to get more per page, when something was cut.'),
    links: z
      .object({
        data: z.string().describe('The whole data: GET /api/data with the same parameters (GeoJSON, the portal cache).'),
        map: z.string().describe('The dataset page on the portal map.'),
        ogc: z.string().optional().describe('The OGC API – Features items of the dataset (GIS software, paged by the OGC API).'),
      })
      .describe('Links to the whole data (absolute URLs).'),
  })
  .meta({ id: 'FetchDataPage', description: 'How the answer was shaped and paged, and how to get the rest.' });
export type ExtractPage = z.output<typeof extractPage>;

