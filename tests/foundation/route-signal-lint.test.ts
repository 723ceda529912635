// The route fast path calls route handlers with a Request without an abort signal
// (lib/server/fast-path.ts), so the lint refuses a handler or service that reads one: the portal's
// ESLint config run on a route handler that does, next to one that reads another object's signal.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function messagesOf(source: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(process.cwd(), file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('no abort signal read from a route request', () => {
  test('a route handler reading req.signal fails the lint', async () => {
    const source = "export async function GET(req: Request): Promise<Response> {\n  return new Response(String(req.signal.aborted));\n}\n";
    const messages = await messagesOf(source, 'app/api/example/route.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('no-restricted-properties');
    expect(messages[0]).toContain('lib/server/fast-path.ts');
  });

  test('a service reading request.signal fails; an AbortController of its own passes', async () => {
    expect(await messagesOf('export const f = (request: Request) => request.signal;\n', 'lib/places/example.ts')).toHaveLength(1);
    expect(await messagesOf('export const f = () => new AbortController().signal;\n', 'lib/places/example.ts')).toEqual([]);
  });
}, 60_000);
