// One declared operation per job: the zod input (the spec's limits, the error code of each field),
// the zod result and the service function. REST handlers (lib/operation/rest.ts), MCP tools
// (lib/mcp/tools/*) and /openapi.json (lib/openapi) are all derived from it, so a limit or a field
// is written once. See lib/operation/README.md.
import { closest, distance } from 'fastest-levenshtein';
import { z } from 'zod';
import { ApiError, type ErrorCode } from '@/lib/errors';

/** Where a REST request's input comes from (lib/operation/rest.ts reads it, lib/openapi documents it). */
export interface RestBinding {
  method: 'get' | 'post';
  path: string;
  /** `query` (strings coerced to the input's types) or `body` (JSON). */
  from: 'query' | 'body';
  /** Path `{provider}/{dataset}` becomes the input member `dataset` (`provider/dataset` key). */
  datasetPath?: boolean;
  /** Other path members (`/api/providers/{id}`): each becomes the input member of its name. */
  pathParams?: string[];
  /**
   * Dataset parameters in the query string become the input member `params`: `flat` = every member
   * that is no input field (`rok=2021`), `dotted` = `{provider}/{dataset}.{param}` members.
   */
  params?: 'flat' | 'dotted';
  /** Statuses of a successful answer (default ['200']). */
  success?: string[];
}

export interface OperationSpec<I extends z.ZodType, O extends z.ZodType, C, K extends string = string> {
  /** Operation id (OpenAPI operationId). */
  id: string;
  summary: string;
  description: string;
  tags?: string[];
  input: I;
  output: O;
  /** Code of input the schema refuses (a refinement may name its own with `params: { code }`). */
  invalidCode?: ErrorCode;
  /** Codes the operation answers besides input errors (documented per HTTP status). */
  errors: readonly ErrorCode[];
  rest?: RestBinding;
  /**
   * The kind of answer shared caches keep (lib/http-cache.ts CACHE_LIFETIMES): said here once, the
   * REST route passes `op.cache` to cachedAnswer and /openapi.json documents ETag, Cache-Control and
   * 304 from it. Absent: the answer is not kept.
   */
  cache?: K;
  /** The service; absent only where the route answers with its own responder (the data proxy's bytes). */
  run?: (input: z.output<I>, ctx: C) => Promise<z.input<O>>;
}

export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, C = void, K extends string = string> extends OperationSpec<I, O, C, K> {
  invalidCode: ErrorCode;
  /** Parses typed input (MCP arguments, a JSON body); failures throw ApiError with the field's code. */
  parse(raw: unknown): z.output<I>;
}

/** A declared operation as defineOperation returns it: a cached one's kind is part of its type. */
export type DefinedOperation<I extends z.ZodType, O extends z.ZodType, C, K extends string> = Operation<I, O, C, K> & ([K] extends [never] ? unknown : { cache: K });

/**
 * What a description of operations reads (/openapi.json): every declared operation is one, whatever
 * its input, answer and context types, without a cast. It leaves out `run` and `parse`, whose
 * parameters are each operation's own input and context (a list of them as `Operation` would need
 * the cast: a function taking one operation's input does not take any input).
 */
export type OperationDescription<K extends string = string> = Omit<Operation<z.ZodType, z.ZodType, never, K>, 'run' | 'parse'>;

/** The message of a zod failure, naming the field: `radius: Too big: expected number to be <=20000`. */
function zodMessage(err: z.ZodError, rename: (path: PropertyKey[]) => string = defaultPath): string {
  const first = err.issues[0];
  if (!first) return 'invalid input';
  const name = rename(first.path);
  const where = name ? `${name}: ` : '';
  return `${where}${first.message}`;
}

function defaultPath(path: PropertyKey[]): string {
  return path.map(String).join('.');
}

/** The ApiError of a zod failure: the first issue's own code (`params.code`) or `fallback`. */
export function zodToApiError(err: z.ZodError, fallback: ErrorCode, rename?: (path: PropertyKey[]) => string): ApiError {
  const first = err.issues[0] as (z.core.$ZodIssue & { params?: { code?: ErrorCode } }) | undefined;
  const code = (first?.code === 'custom' && first.params?.code) || fallback;
  return new ApiError(code, zodMessage(err, rename));
}

/**
 * The known name nearest to an unknown one ("radiuss" -> "radius"), or undefined when none is close:
 * a case-insensitive match, or at most a third of the name's letters (at least 2) different.
 */
function nearestName(unknown: string, known: readonly string[]): string | undefined {
  if (!known.length) return undefined;
  const lower = unknown.toLowerCase();
  const sameCase = known.find((k) => k.toLowerCase() === lower);
  if (sameCase) return sameCase;
  const best = closest(lower, known.map((k) => k.toLowerCase()));
  const index = known.findIndex((k) => k.toLowerCase() === best);
  return distance(lower, best) <= Math.max(2, Math.floor(unknown.length / 3)) ? known[index] : undefined;
}

/** The conventional cache-buster member (`?_=<time>`, jQuery's `cache: false`): ignored, never refused. */
export const CACHE_BUSTER = '_';

/**
 * Refuses names the operation does not know (`invalid_query` for query parameters and tool
 * arguments alike, one code for one fault): the message names the first unknown one, the nearest
 * known one ("did you mean radius?") and the known names.
 */
export function refuseUnknownNames(given: Iterable<string>, known: readonly string[], what: string, note = ''): void {
  const allowed = new Set(known);
  for (const name of given) {
    if (allowed.has(name) || name === CACHE_BUSTER) continue;
    const near = nearestName(name, known);
    const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
    throw new ApiError(
      'invalid_query',
      `${shown}: unknown ${what}${near ? `; did you mean ${near}?` : '.'} Known: ${known.length ? known.join(', ') : '(none)'}.${note ? ` ${note}` : ''}`,
      { extra: { unknown: shown, ...(near ? { suggestion: near } : {}), known: [...known] } },
    );
  }
}

/** Parses with a schema; a failure throws the ApiError of its first issue (`field` names a lone value). */
export function parseWith<T extends z.ZodType>(schema: T, raw: unknown, fallback: ErrorCode = 'invalid_query', field?: string): z.output<T> {
  const r = schema.safeParse(raw);
  if (!r.success) throw zodToApiError(r.error, fallback, field === undefined ? undefined : (path) => [field, ...path].map(String).join('.'));
  return r.data;
}

/** Declares an operation; `cache: 'places'` keeps its literal kind in the type (K), no `cache`: never. */
export function defineOperation<I extends z.ZodType, O extends z.ZodType, C = void, K extends string = never>(spec: OperationSpec<I, O, C, K>): DefinedOperation<I, O, C, K> {
  const invalidCode = spec.invalidCode ?? 'invalid_query';
  const op: Operation<I, O, C, K> = {
    ...spec,
    invalidCode,
    parse: (raw) => parseWith(spec.input, raw, invalidCode),
  };
  return op as DefinedOperation<I, O, C, K>;
}

/** A refinement issue carrying its own error code (e.g. `invalid_url`, `missing_place`). */
export function codedIssue(code: ErrorCode, message: string, path: PropertyKey[] = []): z.core.$ZodRawIssue {
  return { code: 'custom', message, path, params: { code }, input: undefined };
}
