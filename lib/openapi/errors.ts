// Error responses of the interface document, generated from the portal's one code -> status table
// (lib/errors.ts), so a code documented under the wrong status cannot happen: each operation lists
// its codes and they are grouped by the status the portal really answers with.
import { ERROR_STATUS, type ErrorCode } from '@/lib/errors';
import type { JsonSchema, Response } from './types';

const STATUS_TEXT: Record<number, string> = {
  303: 'Display-only dataset: the data are provided by the original service (header `Location`, member `source`).',
  400: 'Invalid request; `error` names the offending field.',
  403: 'Forbidden.',
  404: 'Not found.',
  409: 'Conflict with an existing registration.',
  422: 'The manifest failed the live test (the full report is in `check`), or the address is not a service a manifest can be drafted from.',
  429: 'Too many requests.',
  500: 'Unexpected error of the portal (logged; no details are exposed).',
  501: 'Not available for this country.',
  502: 'The data source failed and the portal holds no earlier copy.',
  503: 'Temporarily unavailable.',
};

/** Extra members some error bodies carry, by code. */
const EXTRA_MEMBERS: Partial<Record<ErrorCode, { properties: Record<string, JsonSchema>; required: string[] }>> = {
  display_only: {
    properties: { source: { type: 'string', description: 'Address of the original provider service.' } },
    required: ['source'],
  },
  unknown_schema: {
    properties: { available: { type: 'array', items: { type: 'string' }, description: 'The valid names.' } },
    required: ['available'],
  },
  unknown_example: {
    properties: { available: { type: 'array', items: { type: 'string' }, description: 'The valid names.' } },
    required: ['available'],
  },
  manifest_rejected: {
    properties: { check: { $ref: '#/components/schemas/LiveReport' } },
    required: ['check'],
  },
};

const HEADERS_BY_STATUS: Partial<Record<number, Response['headers']>> = {
  303: { Location: { description: 'The original service of the dataset.', required: true, schema: { type: 'string' } } },
  429: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } } },
  503: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } } },
};

/** The `{ error, code }` body restricted to `codes`, with the extra members those codes carry. */
function errorBodySchema(codes: readonly ErrorCode[]): JsonSchema {
  const extras = codes.map((c) => EXTRA_MEMBERS[c]).filter((e) => e !== undefined);
  const schema: JsonSchema = {
    allOf: [{ $ref: '#/components/schemas/Error' }],
    properties: { code: { type: 'string', enum: [...codes] } },
  };
  if (extras.length > 0) {
    schema.properties = { ...(schema.properties as object), ...Object.assign({}, ...extras.map((e) => e.properties)) };
    // Every code of the group carries the member only when all do (e.g. 303 has one code).
    if (extras.length === codes.length) schema.required = [...new Set(extras.flatMap((e) => e.required))];
  }
  return schema;
}

/** Responses for these codes (plus 500 internal_error), one per HTTP status, each with its code enum. */
export function errorResponses(codes: readonly ErrorCode[], examples: Partial<Record<ErrorCode, string>> = {}): Record<string, Response> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, 'internal_error' as const]) {
    const status = ERROR_STATUS[code];
    const list = byStatus.get(status) ?? [];
    if (!list.includes(code)) list.push(code);
    byStatus.set(status, list);
  }
  const out: Record<string, Response> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const first = list.find((c) => examples[c]) ?? list[0];
    out[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Error.'} Codes: ${list.map((c) => `\`${c}\``).join(', ')}.`,
      ...(HEADERS_BY_STATUS[status] ? { headers: HEADERS_BY_STATUS[status] } : {}),
      content: {
        'application/json': {
          schema: errorBodySchema(list),
          example: exampleBody(first, examples[first]),
        },
      },
    };
  }
  return out;
}

function exampleBody(code: ErrorCode, message?: string): Record<string, unknown> {
  const body: Record<string, unknown> = { error: message ?? defaultMessage(code), code };
  if (code === 'display_only') body.source = 'https://geoportal.example.sk/arcgis/rest/services/vrstva/MapServer';
  if (code === 'unknown_schema') body.available = ['manifest.json', 'data.json', 'provider-openapi.json'];
  if (code === 'unknown_example') body.available = ['manifest-minimal.json', 'manifest-complete.json', 'data-points.json', 'data-polygons.json'];
  if (code === 'manifest_rejected') {
    body.check = {
      valid: false,
      summary: 'The manifest could not be downloaded.',
      errors: [{ path: '', code: 'timeout', message: 'The source did not answer within 10 s.' }],
      warnings: [],
      manifestUrl: 'https://data.example.sk/manifest.json',
      provider: null,
      datasets: [],
    };
  }
  return body;
}

function defaultMessage(code: ErrorCode): string {
  return code === 'internal_error' ? 'Internal error; it has been logged.' : `Request failed (${code}).`;
}
