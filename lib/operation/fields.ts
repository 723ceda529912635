// Fields and result parts several operations share: a key, a point, a bbox, dataset parameters,
// validator findings, and references to the protocol's own JSON Schemas (embedded, not copied).
import { z } from 'zod';
import { looksSwappedForSlovakia } from '@/lib/protocol/shared/geo';
import { MAX_ZOOM } from '@/lib/protocol/types';
import { codedIssue } from './define';

import { DATASET_KEY_PATTERN, ID_PATTERN } from '@/lib/protocol/shared/keys';

export const idSchema = z.string().regex(ID_PATTERN, 'expected 1-64 lowercase letters, digits or hyphens');

export const datasetKey = z
  .string()
  .trim()
  .regex(DATASET_KEY_PATTERN, 'expected a `provider/dataset` key')
  .meta({ id: 'DatasetKey', description: '`<provider_id>/<dataset_id>`.' });

function shortValue(v: unknown): string {
  const text = typeof v === 'string' ? JSON.stringify(v) : String(JSON.stringify(v) ?? v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * A number whose every refusal (not a number, not whole, too small, too big) states the range:
 * `expected an integer from 1 to 5000, got 1000000`. The spec's limits are written once, here.
 */
export function rangedNumber(min: number, max: number, opts: { int?: boolean; noun?: string; aboveMin?: boolean } = {}) {
  const what = `expected ${opts.noun ?? (opts.int ? 'an integer' : 'a number')} ${opts.aboveMin ? `above ${min} up to ${max}` : `from ${min} to ${max}`}`;
  const error = (iss: { input?: unknown }) => (iss.input === undefined ? `required: ${what}` : `${what}, got ${shortValue(iss.input)}`);
  const base = opts.int ? z.int({ error }) : z.number({ error });
  return (opts.aboveMin ? base.gt(min, { error }) : base.min(min, { error })).max(max, { error });
}

const longitude = () => rangedNumber(-180, 180, { noun: 'a longitude' });
const latitude = () => rangedNumber(-90, 90, { noun: 'a latitude' });

export const lonLat = z
  .tuple([longitude(), latitude()])
  .meta({ id: 'LonLat', description: 'WGS84 `[lon, lat]`.' });

/**
 * The hint for a point outside Slovakia whose swapped form lies inside (it was written `[lat, lon]`);
 * undefined for any other point. The answer is still given for the point as asked.
 */
export function swappedPointHint(point: readonly [number, number] | null | undefined): string | undefined {
  if (!point || !looksSwappedForSlovakia(point[0], point[1])) return undefined;
  return `The point [${point[0]}, ${point[1]}] lies outside Slovakia, but [${point[1]}, ${point[0]}] lies inside: coordinates are [lon, lat] (longitude first). Did you swap them?`;
}

/** The `hint` member of answers to a point (see swappedPointHint). */
export const pointHint = z.string().optional().describe('Present when the point lies outside Slovakia but its swapped form lies inside: coordinates are `[lon, lat]`, longitude first.');

/** `[minLon, minLat, maxLon, maxLat]` in WGS84, min below max. */
export const bbox = z
  .tuple([longitude(), latitude(), longitude(), latitude()])
  .superRefine((b, ctx) => {
    if (b[0] >= b[2]) ctx.addIssue(codedIssue('invalid_query', 'minLon must be smaller than maxLon (order minLon,minLat,maxLon,maxLat).'));
    else if (b[1] >= b[3]) ctx.addIssue(codedIssue('invalid_query', 'minLat must be smaller than maxLat (order minLon,minLat,maxLon,maxLat).'));
  })
  .describe('`[minLon, minLat, maxLon, maxLat]` in WGS84 (in a query string: `minLon,minLat,maxLon,maxLat`).');

export const zoom = rangedNumber(0, MAX_ZOOM, { noun: 'a map zoom' }).describe(`Map zoom 0-${MAX_ZOOM}.`);

/** A dataset's own parameters `{ param: value }` in the protocol value formats. */
export const datasetParams = z
  .record(z.string(), z.string())
  .describe('Dataset parameters (catalog `params`): enum `a`, multi-enum `a,b`, range `from,to`, date-range `YYYY-MM-DD,YYYY-MM-DD`; omitted: `default`.');

export const isoDateTime = z.string().meta({ id: 'IsoDateTime', description: 'ISO 8601 timestamp.', format: 'date-time' });

/**
 * A part of the protocol's served JSON Schemas (manifest.json, data.json) by its component name
 * (`ManifestCoverage`, `DataChart`, ...). Accepted as is here; the generated documents point at the
 * embedded protocol schema (lib/operation/json-schema.ts), so the protocol is never written twice.
 */
export const protocolRefs = z.registry<{ ref: string }>();

export function protocolRef<T = unknown>(name: string): z.ZodType<T> {
  const s = z.custom<T>();
  protocolRefs.add(s, { ref: name });
  return s;
}

/**
 * A protocol object (`ManifestCoverage`, ...) typed by its protocol type `T` (lib/protocol/types.ts,
 * checked against the same JSON Schemas): accepted here as any plain object, documented and checked
 * by clients as the protocol's schema.
 */
export function protocolObject<T extends object>(name: string): z.ZodType<T> {
  const s = z.custom<T>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
  protocolRefs.add(s, { ref: name });
  return s;
}

/** The `{ error, code }` body of every failure (some codes add `available`, `source` or `check`). */
export const errorBody = z
  .object({ error: z.string().describe('Human-readable message.'), code: z.string().describe('Machine-readable error code.') })
  .meta({ id: 'Error', description: 'Every JSON error body: `{ error, code }`, with extra members for some codes (`available`, `source`, `check`).' });
