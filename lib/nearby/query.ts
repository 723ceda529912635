// The nearby request: the spec's rules 1 and 2 and its limits, as one zod input shared by the REST
// query string (strings coerced, lib/operation/rest.ts) and the MCP tool (lib/nearby/operation.ts).
import { z } from 'zod';
import { codedIssue, parseWith } from '@/lib/operation/define';
import { datasetKey, datasetParams, lonLat, rangedNumber } from '@/lib/operation/fields';
import { USE_CASES } from '@/lib/protocol/types';
import { MAX_NEARBY_DATASETS } from './schema';

const DEFAULT_RADIUS = 500;
const MIN_RADIUS = 1;
const MAX_RADIUS = 20_000;
const DEFAULT_MAX = 5;
const MAX_HITS = 50;
const MAX_SEARCH_LENGTH = 200;

/** The request's members; each field carries its limit once. */
const nearbyFields = z.object({
  point: lonLat.optional().describe('`[lon, lat]` in WGS84 (in a query string: `lon,lat`).'),
  place: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_SEARCH_LENGTH)
    .optional()
    .describe('Address or name, e.g. "Hlavná 12, Košice"; the first hit of the place search is used.'),
  datasets: z
    .array(datasetKey)
    .min(1, 'must list at least one provider/dataset key')
    .max(MAX_NEARBY_DATASETS, `at most ${MAX_NEARBY_DATASETS} datasets`)
    .optional()
    .describe(`\`provider/dataset\` keys, at most ${MAX_NEARBY_DATASETS} (in a query string: comma-separated).`),
  purpose: z
    .enum(USE_CASES, { message: `expected one of ${USE_CASES.join(', ')}` })
    .optional()
    .describe('A use case: selects datasets with this use case that cover the point.'),
  search: z.string().trim().min(1, 'must not be empty').max(MAX_SEARCH_LENGTH).optional().describe('Free text that selects datasets, e.g. "povodne".'),
  radius: rangedNumber(MIN_RADIUS, MAX_RADIUS, { noun: 'a number of metres' }).default(DEFAULT_RADIUS).describe(`Metres, ${MIN_RADIUS}-${MAX_RADIUS}: objects whose nearest point lies at most this far in a straight line (as \`distance\`).`),
  max: rangedNumber(1, MAX_HITS, { int: true }).default(DEFAULT_MAX).describe(`Most objects per dataset, 1-${MAX_HITS}.`),
  params: z
    .record(datasetKey, datasetParams)
    .optional()
    .describe('Dataset parameters `{ "provider/dataset": { "param": "value" } }` (in a query string: `provider/dataset.param=value`, as in map links).'),
});

export type NearbyInput = z.input<typeof nearbyFields>;

/** A checked request: exactly one selection, a point or a place, limits within range. */
export interface NearbyRequest {
  point?: [number, number];
  place?: string;
  selection: { datasets: string[] } | { purpose: string } | { search: string };
  radius: number;
  max: number;
  params: Record<string, Record<string, string>>;
}

/** Rule 2, after the selection (rule 1) has passed: a point or a place, never both. */
function checkPlace(v: { point?: unknown; place?: string }, ctx: z.RefinementCtx): void {
  if (!v.point && !v.place) ctx.addIssue(codedIssue('missing_place', 'Give a point (lon,lat) or a place (address or name).'));
  else if (v.point && v.place) ctx.addIssue(codedIssue('invalid_query', 'Give either point or place, not both.'));
}

/** Rules 1 and 2 with their own codes, then the checked request. */
export const nearbyInput = nearbyFields
  .superRefine((v, ctx) => {
    const chosen = [v.datasets !== undefined, v.purpose !== undefined, v.search !== undefined].filter(Boolean).length;
    if (chosen !== 1) {
      ctx.addIssue(
        codedIssue(
          'missing_dataset_selection',
          chosen === 0
            ? 'Choose datasets with exactly one of: datasets (provider/dataset keys), purpose (a use case) or search (text).'
            : 'Give only one of datasets, purpose and search.',
        ),
      );
    } else checkPlace(v, ctx);
  })
  .transform(
    (v): NearbyRequest => ({
      point: v.point as [number, number] | undefined,
      place: v.place,
      selection: v.datasets ? { datasets: [...new Set(v.datasets)] } : v.purpose ? { purpose: v.purpose } : { search: v.search! },
      radius: v.radius,
      max: v.max,
      params: v.params ?? {},
    }),
  );

/** Checks a typed request; throws ApiError with the spec's codes. */
export function checkNearbyInput(input: NearbyInput): NearbyRequest {
  return parseWith(nearbyInput, input);
}

/** The automatic selection alone (GET /api/nearby/selection): a point or a place, a purpose or a search. */
/** The selection's extra purpose: every dataset that can answer at the point (the map panel's "všetko"). */
const ALL_PURPOSES = 'all';

export const nearbySelectionInput = nearbyFields
  .pick({ point: true, place: true, search: true })
  .extend({
    purpose: z
      .enum([...USE_CASES, ALL_PURPOSES], { message: `expected one of ${[...USE_CASES, ALL_PURPOSES].join(', ')}` })
      .optional()
      .describe(`A use case: selects datasets with this use case that cover the point; \`${ALL_PURPOSES}\`: every dataset that can answer at the point.`),
  })
  .superRefine((v, ctx) => {
    const chosen = [v.purpose !== undefined, v.search !== undefined].filter(Boolean).length;
    if (chosen !== 1) {
      ctx.addIssue(
        codedIssue(
          'missing_dataset_selection',
          chosen === 0 ? 'Choose the selection with exactly one of: purpose (a use case, or all) or search (text).' : 'Give only one of purpose and search.',
        ),
      );
    } else checkPlace(v, ctx);
  })
  .transform((v): NearbySelectionRequest => ({
    point: v.point as [number, number] | undefined,
    place: v.place,
    by: v.purpose ? { purpose: v.purpose } : { search: v.search! },
  }));

export interface NearbySelectionRequest {
  point?: [number, number];
  place?: string;
  by: { purpose: string } | { search: string };
}
