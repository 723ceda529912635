// The one wrapper for every route handler: CORS on every answer, input parsing, error shaping and
// logging. Handlers parse, call lib/, and shape the response; nothing else.
import { z } from 'zod';
import { env } from './env';
import { databaseUnavailable, isDatabaseUnavailable } from './db/unavailable';
import { ApiError, isApiError } from './errors';
import { logger } from './observability/log';
import { requestContext } from './process-state';
import { zodToApiError } from './operation/define';

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'Content-Type, Accept, If-None-Match, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
  'Access-Control-Expose-Headers': 'X-DM-Cache, ETag, Location, Mcp-Session-Id, Mcp-Protocol-Version',
  'Access-Control-Max-Age': '86400',
};

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response> | Response;

/**
 * The key of a WholeResponse's bytes. A registered symbol, because the server (server.ts, run by
 * tsx) and the route handlers (Next.js's bundle) load this module twice: the class differs between
 * them, so `instanceof` cannot tell the server a route's WholeResponse.
 */
const WHOLE_BODY = Symbol.for('geodata-sk.wholeBody');

/**
 * A Response whose body is complete in memory (the JSON answers): it keeps its bytes, and
 * the body stream is made only when someone reads `body` or a body method (Next.js when it sends the
 * answer, a test). undici builds a ReadableStream for every body handed to `new Response()`, 11 of
 * the 12 µs such a Response costs (measured on this machine), and the server's route fast path has
 * no use for it: it writes the bytes at once (`wholeBodyOf`, lib/server/fast-path.ts).
 */
export class WholeResponse extends Response {
  readonly [WHOLE_BODY]: Uint8Array;
  #reader: Response | undefined;

  constructor(body: string | Uint8Array, init: ResponseInit) {
    super(null, init);
    this[WHOLE_BODY] = typeof body === 'string' ? Buffer.from(body) : body;
  }

  /** A Response over the same bytes that reads them for the body accessors (made once). */
  #read(): Response {
    return (this.#reader ??= new Response(this[WHOLE_BODY] as Uint8Array<ArrayBuffer>, { status: this.status, headers: this.headers }));
  }

  override clone(): WholeResponse {
    return new WholeResponse(this[WHOLE_BODY], { status: this.status, statusText: this.statusText, headers: new Headers(this.headers) });
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#read().arrayBuffer();
  }
  override blob(): Promise<Blob> {
    return this.#read().blob();
  }
  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#read().bytes();
  }
  override formData(): Promise<FormData> {
    return this.#read().formData();
  }
  override json(): Promise<unknown> {
    return this.#read().json();
  }
  override text(): Promise<string> {
    return this.#read().text();
  }

  static {
    // Accessors, not fields: lib.dom declares them as properties, which a class may not override with accessors.
    Object.defineProperties(WholeResponse.prototype, {
      body: {
        get(this: WholeResponse) {
          return this.#read().body;
        },
      },
      bodyUsed: {
        get(this: WholeResponse) {
          return this.#reader?.bodyUsed ?? false;
        },
      },
    });
  }
}

function withCors(res: Response): Response {
  // Responses built by Response.json() have mutable headers; a redirect's may not.
  try {
    for (const [k, v] of Object.entries(CORS_HEADERS)) res.headers.set(k, v);
    return res;
  } catch {
    const headers = new Headers(res.headers);
    for (const [k, v] of Object.entries(CORS_HEADERS)) headers.set(k, v);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}

/** The bytes of a WholeResponse (of either copy of this module) whose body nobody has read; undefined for any other Response. */
export function wholeBodyOf(response: Response): Uint8Array | undefined {
  const bytes = (response as Partial<Record<typeof WHOLE_BODY, Uint8Array>>)[WHOLE_BODY];
  return bytes && !response.bodyUsed ? bytes : undefined;
}

/** The JSON error body `{ error, code }` with its status and CORS. */
function errorResponse(err: ApiError): Response {
  return withCors(
    new WholeResponse(JSON.stringify(err.toBody()), {
      status: err.status,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...err.headers },
    }),
  );
}

/**
 * Wraps a route handler: CORS everywhere, ApiError -> its status, a database outage -> 503
 * database_unavailable with Retry-After, anything else -> 500 internal_error.
 */
export function route<P = Record<string, string>>(handler: Handler<P>): Handler<P> {
  return async (req, ctx) => {
    try {
      return withCors(await handler(req, ctx));
    } catch (err) {
      if (isApiError(err)) return errorResponse(err as ApiError);
      if (err instanceof z.ZodError) return errorResponse(zodToApiError(err, 'invalid_query'));
      if (isDatabaseUnavailable(err)) {
        logger().warn({ err, method: req.method, path: new URL(req.url).pathname }, 'the database is not answering');
        return errorResponse(databaseUnavailable(err));
      }
      logger().error({ err, method: req.method, path: new URL(req.url).pathname }, 'unexpected error in a route handler');
      return errorResponse(new ApiError('internal_error', 'Internal error; it has been logged.'));
    }
  };
}

/** The preflight answer for every route. */
export function preflight(): Response {
  return new Response(null, { status: 204, headers: CORS_HEADERS });
}

export function searchParams(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URL(req.url).searchParams) out[k] = v;
  return out;
}

const MAX_JSON_BODY_BYTES = 5 * 1024 * 1024;

/** Reads a JSON body, refusing non-JSON and bodies over the limit with `invalid_input`. */
export async function readJson(req: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new ApiError('invalid_input', `Body larger than ${maxBytes} bytes.`);
  const text = await readTextLimited(req, maxBytes);
  if (!text.trim()) throw new ApiError('invalid_input', 'Empty body; expected JSON.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('invalid_input', 'Body is not valid JSON.');
  }
}

async function readTextLimited(req: Request, maxBytes: number): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ApiError('invalid_input', `Body larger than ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The client's address: the socket peer (from the request context server.ts enters), or the last
 * X-Forwarded-For hop when the peer is one of the configured TRUSTED_PROXIES (a forged header from
 * anyone else is ignored).
 */
export function clientAddress(req: Request): string {
  return clientAddressOf(requestContext()?.peer ?? 'unknown', req.headers.get('x-forwarded-for'));
}

/** The Accept-Encoding a route may answer with itself: none behind server.ts, which compresses. */
export function routeAcceptEncoding(req: Request): string | null {
  return requestContext()?.serverCompresses ? null : req.headers.get('accept-encoding');
}

/** clientAddress() from the socket peer and the X-Forwarded-For value (the server's request log). */
export function clientAddressOf(peer: string, forwardedFor: string | null | undefined): string {
  const trusted = env().trustedProxies;
  if (trusted.length && trusted.includes(peer)) {
    const hops = (forwardedFor ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // Walk from the nearest hop outward, skipping our own proxies.
    for (let i = hops.length - 1; i >= 0; i--) {
      if (!trusted.includes(hops[i])) return hops[i];
    }
  }
  return peer;
}

/** The public origin of the portal, for absolute links. */
export function baseUrl(): string {
  return env().publicBaseUrl;
}
