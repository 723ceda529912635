// A dataset's objects for one area (a bbox or a municipality), shaped and paged to fit a reader: what
// the MCP tool fetch_data returns. Reads through the same cache as /api/data. An answer is cut at a
// whole object when it reaches maxFeatures or the size budget (maxCharacters of its JSON text), and
// then says how many objects matched, what was left out and the exact call for the next page.
import { bbox as turfBbox } from '@turf/bbox';
import { booleanIntersects } from '@turf/boolean-intersects';
import type { Feature, Geometry, MultiPolygon } from 'geojson';
import { ApiError } from '@/lib/errors';
import { municipalityGeometry, resolveMunicipality } from '@/lib/places';
import { formatBbox, type Bbox } from '@/lib/protocol/request';
import type { DataCollection, DataFeature } from '@/lib/protocol/types';
import { catalogEntry, findServedDataset, type ServedDataset } from '@/lib/providers';
import { loadDatasetCollection, type CacheState } from './proxy';
import { assertProxied } from './proxy';
import type { ExtractPage, GeometryForm, NextCall } from './schema';
import { prepareShaping, shapeFeature, type ShapeOptions } from './shape';

export const DEFAULT_EXTRACT_FEATURES = 100;
export const MAX_EXTRACT_FEATURES = 5000;
/** Zoom used for bbox-mode datasets when none is given (at least the dataset's coverage.minZoom). */
const DEFAULT_EXTRACT_ZOOM = 12;
/** The default size budget of an answer: characters of its JSON text. */
export const DEFAULT_MAX_CHARACTERS = 20_000;
export const MIN_MAX_CHARACTERS = 1_000;
export const MAX_MAX_CHARACTERS = 1_000_000;

type ResultType = 'results' | 'hits';

export interface ExtractInput extends Omit<ShapeOptions, 'zoom'> {
  /** `provider/dataset` */
  dataset: string;
  bbox?: Bbox;
  municipality?: string;
  zoom?: number;
  params?: Record<string, string>;
  maxFeatures?: number;
  /** Objects of the area to skip (paging). */
  offset?: number;
  /** The source's cursor (`dm.next` of a bbox dataset's page). */
  cursor?: string;
  resultType?: ResultType;
  /** Budget of the answer's JSON text in characters. */
  maxCharacters?: number;
}

export interface Extract {
  collection: DataCollection & { page: ExtractPage };
  cache: CacheState;
  municipality: { code: string; name: string } | null;
  page: ExtractPage;
}

function bboxesIntersect(a: Bbox, b: Bbox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/** The geometry form one step lighter, for a page whose first object alone is over budget. */
const LIGHTER: Record<GeometryForm, GeometryForm | null> = { full: 'simplified', simplified: 'centroid', centroid: 'none', bbox: 'none', none: null };

/** The given arguments for a next call: defaults left out, so the call reads as a person would write it. */
function callArguments(input: ExtractInput, override: Partial<ExtractInput>): Record<string, unknown> {
  const args: Record<string, unknown> = { ...input, ...override };
  const defaults: Record<string, unknown> = { maxFeatures: DEFAULT_EXTRACT_FEATURES, geometry: 'full', resultType: 'results', maxCharacters: DEFAULT_MAX_CHARACTERS, offset: 0 };
  for (const [k, v] of Object.entries(args)) {
    if (v === undefined || defaults[k] === v || (k === 'params' && v && !Object.keys(v).length)) delete args[k];
  }
  return args;
}

function dataLinks(baseUrl: string, served: ServedDataset, params: Record<string, string>, bbox: Bbox | undefined, zoom: number | undefined): ExtractPage['links'] {
  const links = catalogEntry(served).links;
  const query = new URLSearchParams(params);
  if (bbox && zoom !== undefined) {
    query.set('bbox', formatBbox(bbox));
    query.set('zoom', String(zoom));
  }
  const qs = query.toString();
  return {
    data: `${baseUrl}${links.data}${qs ? `?${qs}` : ''}`,
    map: `${baseUrl}${links.map}`,
    ...(links.ogc ? { ogc: `${baseUrl}${links.ogc}/items${bbox ? `?bbox=${formatBbox(bbox)}` : ''}` } : {}),
  };
}

/** `baseUrl` makes the links absolute (they count towards the budget as sent). */
export async function extractDataset(input: ExtractInput, baseUrl = ''): Promise<Extract> {
  const [providerId, datasetId, extra] = input.dataset.split('/');
  if (!providerId || !datasetId || extra !== undefined) {
    throw new ApiError('invalid_query', 'dataset: expected a `provider/dataset` key.');
  }
  const served = await findServedDataset(providerId, datasetId);
  if (!served) throw new ApiError('unknown_dataset', `Unknown dataset ${input.dataset}.`);
  assertProxied(served);
  // The ranges are checked by the operation's input (lib/data/operation.ts).
  const max = input.maxFeatures ?? DEFAULT_EXTRACT_FEATURES;
  const offset = input.offset ?? 0;
  const budget = input.maxCharacters ?? DEFAULT_MAX_CHARACTERS;
  if (input.bbox && input.municipality) throw new ApiError('invalid_query', 'Give `bbox` or `municipality`, not both.');

  let area: Feature<MultiPolygon> | null = null;
  let bbox = input.bbox;
  let municipality: Extract['municipality'] = null;
  if (input.municipality) {
    const m = await resolveMunicipality(input.municipality);
    const geometry = await municipalityGeometry(m.code);
    if (!geometry) throw new ApiError('unknown_place', `No boundary is known for ${m.name}.`);
    area = { type: 'Feature', properties: {}, geometry };
    bbox = turfBbox(area) as Bbox;
    municipality = { code: m.code, name: m.name };
  }

  const source = served.dataset.source;
  const bboxMode = source.type === 'geojson' && source.mode === 'bbox';
  if (bboxMode && !bbox) {
    throw new ApiError('invalid_query', `${served.key} is loaded per viewport: give \`bbox\` or \`municipality\`.`);
  }
  const zoom = input.zoom ?? Math.max(DEFAULT_EXTRACT_ZOOM, served.dataset.coverage?.minZoom ?? 0);
  const params = input.params ?? {};
  const { collection, cache } = await loadDatasetCollection(served, {
    bbox: bboxMode ? bbox : undefined,
    zoom: bboxMode ? zoom : undefined,
    cursor: input.cursor,
    params,
  });

  let features: DataFeature[] = collection.features;
  if (bbox) {
    const b = bbox;
    features = features.filter((f) => {
      if (!f.geometry) return false;
      if (!bboxesIntersect(turfBbox(f as Feature<Geometry>) as Bbox, b)) return false;
      return area ? booleanIntersects(f as Feature<Geometry>, area) : true;
    });
  }
  const total = features.length;
  const shaping = prepareShaping(features, { ...input, zoom: input.zoom }, (served.dataset.fields ?? []).map((f) => f.key));
  const links = dataLinks(baseUrl, served, params, bboxMode ? bbox : undefined, bboxMode ? zoom : undefined);
  const sourceCut = Boolean(collection.dm?.truncated) || collection.dm?.next !== undefined;
  const { next: sourceNext, ...dm } = collection.dm ?? {};

  const answer = (kept: DataFeature[], page: ExtractPage): DataCollection & { page: ExtractPage } => ({
    ...collection,
    features: kept,
    dm: { ...dm, total, truncated: page.truncated, ...(page.cutBy === 'source' && sourceNext !== undefined ? { next: sourceNext } : {}) },
    page,
  });
  const pageOf = (returned: number, cutBy: ExtractPage['cutBy'], next: NextCall | null, hint?: string): ExtractPage => ({
    total,
    offset,
    returned,
    truncated: cutBy !== null,
    cutBy,
    maxCharacters: budget,
    shaping,
    next,
    ...(hint ? { hint } : {}),
    links,
  });
  const done = (kept: DataFeature[], page: ExtractPage): Extract => ({ collection: answer(kept, page), cache, municipality, page });

  if (input.resultType === 'hits') return done([], pageOf(0, null, null));

  const window = features.slice(offset, offset + max);
  const shaped = window.map((f) => shapeFeature(f, shaping));
  const afterWindow = offset + window.length < total;
  /** The page of the first `n` shaped objects, with what cut it and how to go on. */
  const pageFor = (n: number): ExtractPage => {
    if (n === 0 && shaped.length > 0) {
      const lighter = LIGHTER[shaping.geometry];
      const next = lighter
        ? { tool: 'fetch_data' as const, arguments: callArguments(input, { geometry: lighter, tolerance: undefined }) }
        : budget < MAX_MAX_CHARACTERS
          ? { tool: 'fetch_data' as const, arguments: callArguments(input, { maxCharacters: MAX_MAX_CHARACTERS }) }
          : null;
      return pageOf(0, 'maxCharacters', next, `The first object alone is over maxCharacters (${budget}); ask with geometry "${lighter ?? shaping.geometry}"${lighter ? '' : ', fewer properties'} or a larger maxCharacters.`);
    }
    if (n < shaped.length) {
      const next = { tool: 'fetch_data' as const, arguments: callArguments(input, { offset: offset + n }) };
      const hint = shaping.geometry === 'full' || shaping.geometry === 'simplified' ? 'More objects fit with geometry "centroid" or "none", or with fewer properties.' : undefined;
      return pageOf(n, 'maxCharacters', next, hint);
    }
    if (afterWindow) return pageOf(n, 'maxFeatures', { tool: 'fetch_data', arguments: callArguments(input, { offset: offset + n }) });
    if (sourceCut) {
      const next = sourceNext !== undefined ? { tool: 'fetch_data' as const, arguments: callArguments(input, { cursor: sourceNext, offset: undefined }) } : null;
      return pageOf(n, 'source', next, next ? undefined : 'The source itself sent only part of the objects; the links lead to the whole data where the source offers them.');
    }
    return pageOf(n, null, null);
  };

  // Cut at a whole object: the longest prefix whose JSON text stays within the budget.
  const lengths = shaped.map((f) => JSON.stringify(f).length);
  const base = JSON.stringify(answer([], pageFor(Math.min(1, shaped.length)))).length;
  let n = 0;
  let size = base;
  while (n < shaped.length && size + lengths[n] + (n > 0 ? 1 : 0) <= budget) {
    size += lengths[n] + (n > 0 ? 1 : 0);
    n++;
  }
  // The page's own members change a little with n; settle on a count that fits exactly.
  while (n > 0 && JSON.stringify(answer(shaped.slice(0, n), pageFor(n))).length > budget) n--;
  return done(shaped.slice(0, n), pageFor(n));
}
