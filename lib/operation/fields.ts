// Fields and result parts several operations share: a key, a point, a bbox, dataset parameters,
// validator findings, and references to the protocol's own JSON Schemas (embedded, not copied).
import { z } from 'zod';
import { MAX_ZOOM } from '@/lib/protocol/types';
import { codedIssue } from './define';

import { DATASET_KEY_PATTERN, ID_PATTERN } from '@/lib/protocol/shared/keys';

export { DATASET_KEY_PATTERN, ID_PATTERN };

export const idSchema = z.string().regex(ID_PATTERN, 'expected 1-64 lowercase letters, digits or hyphens');

export const datasetKey = z
  .string()
  .trim()
  .regex(DATASET_KEY_PATTERN, 'expected a `provider/dataset` key')
  .meta({ id: 'DatasetKey', description: '`<provider_id>/<dataset_id>`.' });

export const lonLat = z
  .tuple([
    z.number().min(-180, 'longitude must be within -180..180').max(180, 'longitude must be within -180..180'),
    z.number().min(-90, 'latitude must be within -90..90').max(90, 'latitude must be within -90..90'),
  ])
  .meta({ id: 'LonLat', description: 'WGS84 `[lon, lat]`.' });

/** `[minLon, minLat, maxLon, maxLat]` in WGS84, min below max. */
export const bbox = z
  .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90)])
  .superRefine((b, ctx) => {
    if (b[0] >= b[2]) ctx.addIssue(codedIssue('invalid_query', 'minLon must be smaller than maxLon (order minLon,minLat,maxLon,maxLat).'));
    else if (b[1] >= b[3]) ctx.addIssue(codedIssue('invalid_query', 'minLat must be smaller than maxLat (order minLon,minLat,maxLon,maxLat).'));
  })
  .describe('`[minLon, minLat, maxLon, maxLat]` in WGS84 (in a query string: `minLon,minLat,maxLon,maxLat`).');

export const zoom = z.number().min(0).max(MAX_ZOOM).describe(`Map zoom 0-${MAX_ZOOM}.`);

/** A dataset's own parameters `{ param: value }` in the protocol value formats. */
export const datasetParams = z
  .record(z.string(), z.string())
  .describe('The dataset’s own parameters (catalog `params`) in the protocol value formats: enum `a`, multi-enum `a,b`, range `from,to`, date-range `YYYY-MM-DD,YYYY-MM-DD`. Omitted ones get their `default`.');

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
