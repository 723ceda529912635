// Shared pieces of the resilience suite: options, bounded HTTP requests to the portal on 127.0.0.1,
// result records and the tables the parts print.
import http from 'node:http';
import zlib from 'node:zlib';

export interface PartOptions {
  /** The CI form: fewer requests, kills and seconds. */
  short: boolean;
  /** Seed of the generated inputs (fuzz) and of the random timings (crash). */
  seed: number;
}

/** What a part hands back to the runner: its figures (printed and written to the README) and failures. */
export interface PartResult {
  name: string;
  ok: boolean;
  durationMs: number;
  /** Ordered figure name -> value, as printed. */
  figures: Array<[string, string]>;
  /** One line each, precise enough to reproduce. */
  failures: string[];
}

export function parseArgs(argv = process.argv.slice(2)): PartOptions & { keep: boolean } {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const seed = Number(get('seed') ?? process.env.RESILIENCE_SEED ?? Date.now() % 1_000_000);
  return { short: argv.includes('--short'), seed: Number.isFinite(seed) ? seed : 1, keep: argv.includes('--keep') };
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

export class NoAnswer extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'network',
  ) {
    super(message);
  }
}

/**
 * One HTTP request with a hard client-side deadline (the whole exchange, body included). Uses
 * node:http so the suite controls everything: raw paths, any method, any Content-Type, a local
 * source address (`localAddress`, e.g. 127.0.0.7 to look like another client).
 */
export function request(
  base: string,
  path: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    timeoutMs?: number;
    localAddress?: string;
  } = {},
): Promise<Reply> {
  const started = performance.now();
  const u = new URL(base);
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path,
        method: init.method ?? 'GET',
        // Node sends a body of DELETE/OPTIONS without a length unless told; the server would then
        // read it as the next request and answer its own 400.
        headers: {
          connection: 'close',
          ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}),
          ...init.headers,
        },
        localAddress: init.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          let body: Buffer = Buffer.concat(chunks);
          try {
            body = decode(body, String(res.headers['content-encoding'] ?? ''));
          } catch (e) {
            return reject(new NoAnswer(`undecodable ${String(res.headers['content-encoding'])} body: ${(e as Error).message}`, 'network'));
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: performance.now() - started });
        });
        res.on('error', (e) => {
          clearTimeout(timer);
          reject(new NoAnswer(`response broke: ${e.message}`, 'network'));
        });
      },
    );
    const timeoutMs = init.timeoutMs ?? 30_000;
    const timer = setTimeout(() => {
      req.destroy(new NoAnswer(`no complete answer within ${timeoutMs / 1000} s`, 'timeout'));
    }, timeoutMs);
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e instanceof NoAnswer ? e : new NoAnswer(`${(e as NodeJS.ErrnoException).code ?? ''} ${e.message}`.trim(), 'network'));
    });
    if (init.body !== undefined) req.end(init.body);
    else req.end();
  });
}

/** The body as the server meant it (the client asked for gzip/br/deflate at random). */
function decode(body: Buffer, encoding: string): Buffer {
  if (!body.length) return body;
  for (const enc of encoding.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean).reverse()) {
    if (enc === 'gzip' || enc === 'x-gzip') body = zlib.gunzipSync(body);
    else if (enc === 'br') body = zlib.brotliDecompressSync(body);
    else if (enc === 'deflate') body = zlib.inflateSync(body);
  }
  return body;
}

export function json(reply: Reply): unknown {
  try {
    return JSON.parse(reply.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The spec's error body: `{ error: string, code: string }` (other members allowed). */
export function isErrorBody(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    typeof (body as { error?: unknown }).error === 'string' &&
    typeof (body as { code?: unknown }).code === 'string'
  );
}

/** Alive = the catalog answers 200 within 15 s. */
export async function healthy(base: string): Promise<boolean> {
  try {
    const r = await request(base, '/api/catalog', { timeoutMs: 15_000 });
    return r.status === 200 && Array.isArray((json(r) as { datasets?: unknown })?.datasets);
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `fn` over `items` with at most `limit` at once. */
export async function pool<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  });
  await Promise.all(workers);
}

/** A deterministic PRNG (mulberry32) for timings and choices the seed should reproduce. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => (cell ?? '').padEnd(widths[c])).join(' | ')} |`;
  return [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

export function ms(n: number): string {
  return n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`;
}

export function mb(kb: number | null): string {
  return kb === null ? '-' : `${(kb / 1024).toFixed(0)} MB`;
}

export function printResult(r: PartResult): void {
  console.log(`\n== ${r.name}: ${r.ok ? 'PASS' : 'FAIL'} (${ms(r.durationMs)})`);
  for (const [k, v] of r.figures) console.log(`  ${k}: ${v}`);
  if (r.failures.length) {
    console.log(`  failures (${r.failures.length}):`);
    for (const f of r.failures.slice(0, 40)) console.log(`   - ${f}`);
    if (r.failures.length > 40) console.log(`   ... and ${r.failures.length - 40} more`);
  }
}

/** A shell reproducer for one request. */
export function curl(base: string, path: string, method: string, headers: Record<string, string>, body?: string | Buffer): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const parts = ['curl -sS -i', '-X', method, ...Object.entries(headers).flatMap(([k, v]) => ['-H', q(`${k}: ${v}`)])];
  if (body !== undefined) {
    const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
    parts.push(text.length > 600 ? `--data-binary ${q(`${text.slice(0, 600)}…(${text.length} chars)`)}` : `--data-binary ${q(text)}`);
  }
  parts.push(q(`${base}${path}`));
  return parts.join(' ');
}
