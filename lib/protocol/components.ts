// The protocol's JSON Schemas (the very objects served under /schema/0.1/ and enforced by the
// validator) embedded as OpenAPI components. Their `$defs` are hoisted to components with a prefix
// (`#/$defs/provider` in manifest.json -> `#/components/schemas/ManifestProvider`), because OpenAPI
// tooling resolves `#/...` against the interface document, not against an embedded schema's `$id`.
// Embedding (rather than referencing the absolute URLs) keeps the document self-contained: linting
// and response validation work offline and cannot drift from the served schemas.
// In the protocol layer, so the operations' JSON Schemas (lib/operation/json-schema.ts, MCP tools)
// and /openapi.json (lib/openapi) both embed the same documents.
import { dataJsonSchema, manifestJsonSchema, schemaUrl } from './schemas';

type JsonSchema = { [keyword: string]: unknown };

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Component name of a hoisted definition: `Manifest` + `GeojsonSource`. */
function hoistedName(prefix: string, def: string): string {
  return `${prefix}${pascal(def)}`;
}

function rewriteRefs(node: unknown, prefix: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, prefix));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string') {
      const m = /^#\/\$defs\/([^/]+)(\/.*)?$/.exec(v);
      if (m) out[k] = `#/components/schemas/${hoistedName(prefix, m[1])}${m[2] ?? ''}`;
      else if (v === '#') out[k] = `#/components/schemas/${prefix}`;
      else throw new Error(`Cannot embed ${prefix} schema: unsupported $ref ${v}`);
    } else out[k] = rewriteRefs(v, prefix);
  }
  return out;
}

/** One protocol schema as components: the root under `prefix`, each `$defs` entry hoisted. */
function embedSchema(schema: object, prefix: string, url: string): Record<string, JsonSchema> {
  const { $schema: _s, $id: _id, $defs, ...root } = structuredClone(schema) as JsonSchema & { $defs?: Record<string, unknown> };
  const out: Record<string, JsonSchema> = {
    [prefix]: { ...(rewriteRefs(root, prefix) as JsonSchema), externalDocs: { description: 'Served JSON Schema', url } },
  };
  for (const [name, def] of Object.entries($defs ?? {})) out[hoistedName(prefix, name)] = rewriteRefs(def, prefix) as JsonSchema;
  return out;
}

/** Manifest* and Data* components from /schema/0.1/manifest.json and /schema/0.1/data.json. */
export function protocolComponents(): Record<string, JsonSchema> {
  return {
    ...embedSchema(manifestJsonSchema(), 'Manifest', schemaUrl('manifest')),
    ...embedSchema(dataJsonSchema(), 'Data', schemaUrl('data')),
  };
}
