// Which form of the POST /api/validate body this is (spec: POST /api/validate). Anything that is
// none of the forms is `invalid_input`; everything else is checked and answered with a report.
import { ApiError } from '@/lib/errors';

export type ValidateBody =
  | { kind: 'manifest'; manifest: unknown }
  | { kind: 'data'; data: unknown; dataset?: unknown }
  | { kind: 'live'; manifestUrl: string };

export const FORMS = 'a manifest, { manifest }, a FeatureCollection, { data, dataset? } or { manifestUrl }';

export function classifyValidateBody(body: unknown): ValidateBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('invalid_input', `Expected a JSON object: ${FORMS}.`);
  }
  const b = body as Record<string, unknown>;
  const has = (k: string) => Object.prototype.hasOwnProperty.call(b, k);
  if (has('manifestUrl')) {
    if (typeof b.manifestUrl !== 'string' || b.manifestUrl.trim() === '') {
      throw new ApiError('invalid_input', 'manifestUrl must be a non-empty string (the manifest address).');
    }
    return { kind: 'live', manifestUrl: b.manifestUrl.trim() };
  }
  if (has('manifest')) return { kind: 'manifest', manifest: b.manifest };
  if (has('data')) {
    if (has('dataset') && b.dataset !== undefined && b.dataset !== null && (typeof b.dataset !== 'object' || Array.isArray(b.dataset))) {
      throw new ApiError('invalid_input', 'dataset must be a dataset object from a manifest.');
    }
    return b.dataset === undefined || b.dataset === null ? { kind: 'data', data: b.data } : { kind: 'data', data: b.data, dataset: b.dataset };
  }
  // A bare manifest is recognised by its top-level members, a bare collection by its GeoJSON ones.
  if (has('datasets') || has('provider') || has('protocol')) return { kind: 'manifest', manifest: body };
  if (b.type === 'FeatureCollection' || has('features')) return { kind: 'data', data: body };
  throw new ApiError('invalid_input', `Unrecognised body; expected ${FORMS}.`);
}
