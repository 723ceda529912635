// Validates real responses against the served /openapi.json: the status must be documented for the
// operation, the media type listed, required headers present, and the body valid against the
// documented schema (ajv, JSON Schema 2020-12, the components of the same document).
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { OpenApiDocument, Response as OaResponse } from '@/lib/openapi/types';

const DOC_ID = 'https://portal.test/openapi.json';

export interface Checked {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : rewriteRefs(v);
  }
  return out;
}

export class ResponseValidator {
  private ajv: Ajv2020;
  private compiled = new Map<string, ValidateFunction>();
  /** `METHOD path status` of every response checked, for the coverage report. */
  readonly covered = new Set<string>();

  constructor(private doc: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: DOC_ID, components: doc.components } as object);
  }

  private responseFor(path: string, method: 'get' | 'post', status: number): { key: string; response: OaResponse } {
    const op = this.doc.paths[path]?.[method];
    expect(op, `${method.toUpperCase()} ${path} is documented`).toBeDefined();
    const responses = op!.responses as Record<string, OaResponse>;
    const key = responses[String(status)] ? String(status) : `${String(status)[0]}XX`;
    expect(responses[key], `${method.toUpperCase()} ${path} documents status ${status}`).toBeDefined();
    return { key, response: responses[key] };
  }

  private validatorFor(id: string, schema: object): ValidateFunction {
    let v = this.compiled.get(id);
    if (!v) {
      v = this.ajv.compile(rewriteRefs(schema) as object);
      this.compiled.set(id, v);
    }
    return v;
  }

  /** Checks one real response against the document; returns its parsed body. */
  async check(path: string, method: 'get' | 'post', res: Response): Promise<Checked> {
    const { key, response } = this.responseFor(path, method, res.status);
    this.covered.add(`${method.toUpperCase()} ${path} ${res.status}`);
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if ('required' in header && header.required) expect(res.headers.get(name), `header ${name}`).not.toBeNull();
    }
    const text = await res.text();
    if (!response.content) return { status: res.status, body: undefined, text, headers: res.headers };
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0].trim();
    const media = response.content[mediaType];
    expect(media, `${method.toUpperCase()} ${path} ${res.status} documents ${mediaType} (has ${Object.keys(response.content)})`).toBeDefined();
    const isJson = /json$/.test(mediaType);
    const body: unknown = isJson ? JSON.parse(text) : text;
    if (media?.schema) {
      const validate = this.validatorFor(`${method} ${path} ${key} ${mediaType}`, media.schema);
      const ok = validate(body);
      expect(ok ? [] : validate.errors!.slice(0, 8).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`), `${method.toUpperCase()} ${path} ${res.status} body`).toEqual([]);
    }
    return { status: res.status, body, text, headers: res.headers };
  }

  /** Validates a value against an inline schema of the document. */
  schema(schema: object, value: unknown): string[] {
    const v = this.validatorFor(`inline ${JSON.stringify(schema)}`, schema);
    return v(value) ? [] : v.errors!.map((e) => `${e.instancePath} ${e.message}`);
  }

  /** Validates a value against a named component (for documented examples). */
  component(name: string, value: unknown): string[] {
    const v = this.validatorFor(`component ${name}`, { $ref: `#/components/schemas/${name}` });
    return v(value) ? [] : v.errors!.map((e) => `${e.instancePath} ${e.message}`);
  }
}
