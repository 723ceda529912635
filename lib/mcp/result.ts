// Tool results: structured content plus a text rendering; errors carry the same codes as REST.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError, isApiError } from '@/lib/errors';

const MAX_TEXT = 60_000;

function render(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}\n… (skrátené; úplný výsledok je v structuredContent)` : text;
}

/** A successful result: `structured` as structuredContent, `headline` + the JSON as text. */
export function toolResult(structured: Record<string, unknown>, headline?: string): CallToolResult {
  const body = render(structured);
  return {
    content: [{ type: 'text', text: headline ? `${headline}\n\n${body}` : body }],
    structuredContent: structured,
  };
}

/** A markdown document as the text content (and its metadata as structured content). */
export function markdownResult(markdown: string, meta: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: markdown }], structuredContent: { ...meta, markdown } };
}

export function toolError(err: unknown): CallToolResult {
  const api = isApiError(err)
    ? (err as ApiError)
    : new ApiError('internal_error', 'Internal error; it has been logged.');
  if (!isApiError(err)) console.error('[mcp] tool failed', err);
  const body = api.toBody();
  return {
    isError: true,
    content: [{ type: 'text', text: `${api.code}: ${api.message}` }],
    structuredContent: body,
  };
}

/** Runs a tool body, turning thrown ApiErrors (and anything else) into tool errors. */
export function runTool<A>(body: (args: A) => Promise<CallToolResult>): (args: A) => Promise<CallToolResult> {
  return async (args: A) => {
    try {
      return await body(args);
    } catch (err) {
      return toolError(err);
    }
  };
}

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
/** Read-only, but reaches external provider services. */
export const READ_ONLY_OPEN = { ...READ_ONLY, openWorldHint: true } as const;
