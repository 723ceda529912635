// REST input of an operation: the query string (strings coerced to the input's own types) or the
// JSON body, plus the `{provider}/{dataset}` path and dataset parameters as the binding says. The
// same binding is what /openapi.json documents (lib/openapi/operations.ts).
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { readJson, searchParams } from '@/lib/http';
import type { Operation } from './define';
import { queryInput } from './query';

/** Parses a REST request into the operation's typed input (400 with the field's code on failure). */
export async function restInput<I extends z.ZodType, O extends z.ZodType, C>(
  op: Operation<I, O, C>,
  req: Request,
  path: Record<string, string> = {},
): Promise<z.output<I>> {
  const binding = op.rest;
  if (!binding) throw new Error(`operation ${op.id} has no REST binding`);
  if (binding.from === 'body') {
    const fromPath = Object.fromEntries((binding.pathParams ?? []).map((name) => [name, path[name]]));
    // An operation whose whole input is in its path takes no body: `curl -X POST <url>` is enough.
    if (takesAllFromPath(op.input, binding.pathParams ?? [])) return op.parse(fromPath);
    const body = await readJson(req);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ApiError(op.invalidCode, 'Expected a JSON object.');
    }
    return op.parse({ ...body, ...fromPath });
  }
  return op.parse(queryInput(op.input, binding, searchParams(req), path));
}

/** Whether every member of an object input is a path parameter (a body would carry nothing). */
function takesAllFromPath(input: z.ZodType, pathParams: string[]): boolean {
  return input instanceof z.ZodObject && Object.keys(input.shape).every((key) => pathParams.includes(key));
}

/** Parses a REST request and runs the operation's service: the whole of a thin route handler. */
export async function runRest<I extends z.ZodType, O extends z.ZodType, C>(
  op: Operation<I, O, C>,
  req: Request,
  path: Record<string, string> = {},
  ctx?: C,
): Promise<z.input<O>> {
  if (!op.run) throw new Error(`operation ${op.id} has no service function`);
  return op.run(await restInput(op, req, path), ctx as C);
}
