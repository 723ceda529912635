// An MCP tool derived from a declared operation (lib/operation): its inputSchema and outputSchema are
// the operation's zod schemas as JSON Schema, built once per process; a call parses the arguments
// with the operation's own input (the field's error code on failure), runs the service and answers
// the result as structuredContent plus the same JSON as text. A failure is `isError: true` with the
// JSON `{ error, code }` the REST API would send.
import type { CallToolResult, ContentBlock, Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { databaseUnavailable, isDatabaseUnavailable } from '@/lib/db/unavailable';
import { ApiError, isApiError } from '@/lib/errors';
import { logger } from '@/lib/observability/log';
import { refuseUnknownNames, zodToApiError, type Operation } from '@/lib/operation/define';
import { briefSchema, standalone } from '@/lib/operation/json-schema';
import { objectShape } from '@/lib/operation/query';

/** What a tool call knows about its request. */
export interface ToolContext {
  clientAddress: string;
  /** The portal's public origin, for absolute links. */
  baseUrl: string;
}

export interface ToolSpec<I extends z.ZodType, O extends z.ZodType, C, S extends z.ZodType> {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  operation: Operation<I, O, C>;
  /** Argument names that differ from the operation's input (`maxResults` -> `max`). */
  rename?: Record<string, string>;
  /** The operation's context from the request's (register_provider: the client address). */
  context?: (ctx: ToolContext) => C;
  /** The tool's result schema when it adds members to the operation's (absolute links). */
  output?: S;
  /** The structured result from the operation's (default: the same object). */
  structured?: (result: z.input<O>, ctx: ToolContext) => z.input<S>;
  /** A one-line human summary before the JSON text. */
  headline?: (result: z.input<O>, input: z.output<I>, ctx: ToolContext) => string;
  /** Content blocks before the text ones (map_image: the PNG). */
  content?: (result: z.input<O>) => ContentBlock[];
  /** Tool-level `_meta` in tools/list (MCP Apps: the UI resource of the tool). */
  meta?: Record<string, unknown>;
}

/** Where the whole schemas of the tools are served (tools/list carries brief ones). */
export const TOOL_SCHEMAS_PATH = '/mcp/schemas.json';

export interface PortalTool {
  name: string;
  /** The tools/list entry (brief schemas built on first use, then kept). */
  definition(): Tool;
  /** The whole input and output schemas (GET /mcp/schemas.json). */
  schemas(): { inputSchema: Record<string, unknown>; outputSchema: Record<string, unknown> };
  call(args: Record<string, unknown> | undefined, ctx: ToolContext): Promise<CallToolResult>;
}

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
/** Read-only, but reaches external provider services. */
export const READ_ONLY_OPEN = { ...READ_ONLY, openWorldHint: true } as const;

/** The tool result of a failure: the REST error body as JSON text (no structuredContent: it would not match outputSchema). */
function toolError(err: unknown): CallToolResult {
  const outage = !isApiError(err) && isDatabaseUnavailable(err);
  if (outage) logger().warn({ err }, 'mcp: the database is not answering');
  else if (!isApiError(err)) logger().error({ err }, 'mcp: a tool failed');
  const api = isApiError(err) ? (err as ApiError) : outage ? databaseUnavailable(err) : new ApiError('internal_error', 'Internal error; it has been logged.');
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(api.toBody()) }] };
}

/** A successful result: an optional headline, then the structured result as JSON text. */
function toolResult(structured: Record<string, unknown>, headline?: string, before: ContentBlock[] = []): CallToolResult {
  const json = JSON.stringify(structured);
  return {
    content: [...before, ...(headline ? [{ type: 'text' as const, text: headline }] : []), { type: 'text', text: json }],
    structuredContent: structured,
  };
}

/**
 * The annotations as tools/list carries them: `destructiveHint` and `idempotentHint` only matter when
 * `readOnlyHint` is false (MCP spec), so a read-only tool omits them; the title is the tool's own.
 */
function briefAnnotations(a: ToolAnnotations): ToolAnnotations {
  if (!a.readOnlyHint) return a;
  const { destructiveHint: _d, idempotentHint: _i, ...rest } = a;
  return rest;
}

export function defineTool<I extends z.ZodType, O extends z.ZodType, C = void, S extends z.ZodType = O>(spec: ToolSpec<I, O, C, S>): PortalTool {
  const op = spec.operation;
  const toTool = new Map(Object.entries(spec.rename ?? {}).map(([tool, opName]) => [opName, tool]));
  const fromTool = new Map(Object.entries(spec.rename ?? {}));
  let definition: Tool | undefined;
  let argumentNames: string[] | undefined;
  const toolArgumentNames = () => (argumentNames ??= Object.keys(objectShape(op.input)).map((name) => toTool.get(name) ?? name));
  let schemas: ReturnType<PortalTool['schemas']> | undefined;

  const buildSchemas = (): ReturnType<PortalTool['schemas']> => {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, field] of Object.entries(objectShape(op.input))) shape[toTool.get(name) ?? name] = field;
    // MCP requires an object schema at the root (an allOf of objects is one).
    return { inputSchema: standalone(z.object(shape), 'input'), outputSchema: { type: 'object', ...standalone(spec.output ?? op.output, 'output') } };
  };

  const build = (): Tool => {
    const full = (schemas ??= buildSchemas());
    return {
      name: spec.name,
      title: spec.title,
      description: spec.description,
      inputSchema: briefSchema(full.inputSchema, 'input') as Tool['inputSchema'],
      outputSchema: briefSchema(full.outputSchema, 'output', TOOL_SCHEMAS_PATH) as Tool['outputSchema'],
      annotations: briefAnnotations(spec.annotations),
      ...(spec.meta ? { _meta: spec.meta } : {}),
    };
  };

  return {
    name: spec.name,
    definition: () => (definition ??= build()),
    schemas: () => (schemas ??= buildSchemas()),
    async call(args, ctx) {
      try {
        // An unknown argument is refused, never silently dropped (the default answer would look
        // like an answer to the question asked); the operation's own name of a renamed argument
        // (`max` for `maxFeatures`) is suggested by its tool name.
        const known = toolArgumentNames();
        const given = Object.keys(args ?? {});
        const renamed = given.find((k) => !known.includes(k) && toTool.has(k));
        if (renamed) refuseUnknownNames([renamed], known, 'argument', `Use ${toTool.get(renamed)}.`);
        refuseUnknownNames(given, known, 'argument');
        const raw: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
        for (const [k, v] of Object.entries(args ?? {})) raw[fromTool.get(k) ?? k] = v;
        const parsed = op.input.safeParse(raw);
        if (!parsed.success) {
          throw zodToApiError(parsed.error, op.invalidCode, (path) => path.map((p, i) => (i === 0 ? (toTool.get(String(p)) ?? String(p)) : String(p))).join('.'));
        }
        if (!op.run) throw new Error(`operation ${op.id} has no service function`);
        const input = parsed.data as z.output<I>;
        const result = await op.run(input, spec.context ? spec.context(ctx) : (undefined as C));
        const structured = (spec.structured ? spec.structured(result, ctx) : result) as Record<string, unknown>;
        return toolResult(structured, spec.headline?.(result, input, ctx), spec.content?.(result));
      } catch (err) {
        return toolError(err);
      }
    },
  };
}
