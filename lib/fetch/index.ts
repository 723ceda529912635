// The portal's only outbound HTTP client. The proxy, the live test, registration, raster point
// queries and the manifest refresh all go through safeFetch, so the outbound policy (policy.ts), the
// 10 s deadline and the 15 MB limit hold everywhere without each caller remembering them.
// Transport: undici. One pooled Agent whose connector is the address guard (policy.ts
// guardedConnector), undici's redirect interceptor to follow redirects, and in front of every hop
// a guard (HopGuard) that vets each Location before undici follows it. Bodies are decoded here with
// node:zlib (undici's decompress interceptor cannot read raw deflate and passes unknown encodings
// through undecoded) and counted after decoding.
import { performance } from 'node:perf_hooks';
import { Transform, Writable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Agent, interceptors, type Dispatcher } from 'undici';
import { env } from '@/lib/env';
import { FetchError, isFetchError } from './errors';
import { blockedAddress, BlockedAddressError, checkTarget, guardedConnector, isInsecureAllowed } from './policy';

export { FetchError, isFetchError, type FetchErrorCode } from './errors';

const FETCH_TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BYTES = 15 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface FetchOptions {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** One deadline for the whole exchange: every hop's connect, headers and the full body. */
  timeoutMs?: number;
  /** Counted on the decompressed body while it streams. */
  maxBytes?: number;
  maxRedirects?: number;
  /**
   * URLs the caller answers itself, in-process (lib/sources: the portal's built-in providers on its
   * own origin, which the policy refuses): the handler loader for such a URL, else null. The client
   * knows no such URL of its own.
   */
  inProcess?: InProcessResolver;
}

/** Answers a request in-process, as its HTTP route would. */
export type InProcessHandler = (url: URL, init?: { headers?: Record<string, string> }) => Promise<Response>;
/** The handler (loaded lazily) answering a URL in-process, or null for the network. */
export type InProcessResolver = (url: URL) => (() => Promise<InProcessHandler>) | null;

export interface FetchResult {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Decompressed. */
  body: Buffer;
  durationMs: number;
  /** Every redirect target followed, in order. */
  redirects: string[];
}

/** The statuses undici's redirect interceptor follows when a Location comes with them. */
const REDIRECT_STATUSES = new Set([300, 301, 302, 303, 307, 308]);
const MAX_CONTENT_ENCODINGS = 2;

/**
 * Requests `url` under the outbound policy. Any HTTP status is returned; policy refusals and
 * transport failures throw FetchError (invalid_url, https_required, source_unreachable, timeout,
 * response_too_large, source_error).
 */
export async function safeFetch(url: string, options: FetchOptions = {}): Promise<FetchResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_RESPONSE_BYTES;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const hops: Hops = { current: url, redirects: [], max: maxRedirects, inProcess: options.inProcess };
  const done = (status: number, headers: Record<string, string>, body: Buffer): FetchResult => ({
    url: hops.current,
    status,
    headers,
    body,
    durationMs: Math.round(performance.now() - started),
    redirects: hops.redirects,
  });
  try {
    try {
      const internal = inProcessTarget(url, options.inProcess);
      if (internal) throw new InProcessHop(internal.url, internal.load);
      const target = checkTarget(url).url;
      hops.current = target.href;
      const res = await pooledAgent()
        .compose(guardHops(hops), interceptors.redirect({ maxRedirections: maxRedirects }))
        .request({
          origin: target.origin,
          path: `${target.pathname}${target.search}`,
          method: options.method ?? 'GET',
          headers: requestHeaders(options.headers),
          body: options.body,
          signal: controller.signal,
        });
      const body = await readBody(res.body, res.headers, maxBytes, controller.signal, hops.current);
      return done(res.statusCode, flattenHeaders(res.headers), body);
    } catch (err) {
      // The first URL or a redirect names one of the caller's in-process URLs: answer it there.
      if (!(err instanceof InProcessHop)) throw err;
      hops.current = err.url.href;
      const res = await fetchInternal(err.url, err.load, options.headers, maxBytes, controller.signal);
      return done(res.status, res.headers, res.body);
    }
  } catch (err) {
    throw toFetchError(err, hops.current, controller.signal.aborted, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

/** One request's way through redirects: the hop being requested and the redirects followed. */
interface Hops {
  current: string;
  redirects: string[];
  max: number;
  inProcess?: InProcessResolver;
}

/** Raised by HopGuard when a redirect leads to a URL the caller answers in-process. */
class InProcessHop extends Error {
  constructor(
    readonly url: URL,
    readonly load: () => Promise<InProcessHandler>,
  ) {
    super(`in-process ${url.href}`);
  }
}

/**
 * Sits between undici's redirect interceptor and the agent, so it sees every hop's answer before
 * the redirect handler does: a Location is followed only when it passes the same rules as the first
 * URL (and no HTTPS to HTTP downgrade), within the redirect limit. A refusal thrown here aborts the
 * request with that FetchError before any connection to the new target is made.
 */
class HopGuard implements Dispatcher.DispatchHandler {
  constructor(
    private readonly inner: Dispatcher.DispatchHandler,
    private readonly hops: Hops,
  ) {}

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHeaders,
    statusMessage?: string,
  ): void {
    const location = headers.location;
    if (REDIRECT_STATUSES.has(statusCode) && typeof location === 'string' && location) {
      const { hops } = this;
      if (hops.redirects.length >= hops.max) {
        throw new FetchError('source_error', `More than ${hops.max} redirects.`, hops.current, { reason: 'too_many_redirects' });
      }
      const next = resolveRedirect(location, new URL(hops.current));
      hops.redirects.push(next.href);
      const internal = inProcessTarget(next.href, hops.inProcess);
      if (internal) throw new InProcessHop(internal.url, internal.load);
      hops.current = checkTarget(next).url.href;
    }
    this.inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  // The rest passes through unchanged.
  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.inner.onRequestStart?.(controller, context);
  }
  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.inner.onResponseData?.(controller, chunk);
  }
  onResponseEnd(controller: Dispatcher.DispatchController, trailers: IncomingHeaders): void {
    this.inner.onResponseEnd?.(controller, trailers);
  }
  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    this.inner.onResponseError?.(controller, error);
  }
}

type IncomingHeaders = Dispatcher.ResponseData['headers'];

function guardHops(hops: Hops): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => dispatch(opts, new HopGuard(handler, hops));
}

/**
 * The pool of connections, one per allow-list: a socket opened while ALLOW_INSECURE_SOURCES named
 * its host (tests change it) is never reused once the list has changed.
 */
let pool: { key: string; agent: Agent } | null = null;

function pooledAgent(): Agent {
  const key = env().allowInsecureSources.join(',');
  if (pool?.key !== key) {
    void pool?.agent.close().catch(() => undefined);
    pool = { key, agent: new Agent({ connect: guardedConnector() }) };
  }
  return pool.agent;
}

/**
 * safeFetch for a JSON answer: a non-2xx status throws `http_error` (with `.status`), an empty body
 * `empty_body`, an unparsable one `invalid_json`.
 */
export async function fetchJson(url: string, options: FetchOptions = {}): Promise<{ result: FetchResult; json: unknown }> {
  const result = await safeFetch(url, {
    ...options,
    headers: { accept: 'application/geo+json, application/json;q=0.9, */*;q=0.1', ...options.headers },
  });
  if (result.status < 200 || result.status > 299) {
    throw new FetchError('http_error', `The source answered HTTP ${result.status}.`, result.url, { status: result.status });
  }
  const text = result.body.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trim()) throw new FetchError('empty_body', 'The source answered with an empty body.', result.url);
  try {
    return { result, json: JSON.parse(text) as unknown };
  } catch (err) {
    const detail = err instanceof Error ? `: ${err.message.slice(0, 160)}` : '';
    throw new FetchError('invalid_json', `The answer is not valid JSON${detail}.`, result.url);
  }
}

/**
 * Why the client would refuse this absolute URL before connecting (scheme, credentials, port, a
 * literal private address; ALLOW_INSECURE_SOURCES honoured), or null when it may be requested. The
 * validator's static check uses it, so a manifest learns of an http source before the live test.
 */
export function checkOutboundUrl(url: string, inProcess?: InProcessResolver): FetchError | null {
  if (inProcessTarget(url, inProcess)) return null;
  try {
    checkTarget(url);
    return null;
  } catch (err) {
    if (isFetchError(err)) return err;
    throw err;
  }
}

function inProcessTarget(hop: string, resolve: InProcessResolver | undefined): { url: URL; load: () => Promise<InProcessHandler> } | null {
  if (!resolve) return null;
  let url: URL;
  try {
    url = new URL(hop);
  } catch {
    return null;
  }
  const load = resolve(url);
  return load ? { url, load } : null;
}

function resolveRedirect(location: string, from: URL): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new FetchError('invalid_url', 'The source redirected to an invalid URL.', from.href, { reason: 'malformed' });
  }
  if (from.protocol === 'https:' && next.protocol === 'http:' && !isInsecureAllowed(next)) {
    throw new FetchError('https_required', 'The source redirected from HTTPS to plain HTTP.', next.href, {
      reason: 'downgrade',
    });
  }
  return next;
}

/** Headers a caller may not set: they belong to the connection and the target, which are ours. */
const RESERVED_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'transfer-encoding',
  'content-length',
  'proxy-authorization',
  'proxy-connection',
  'accept-encoding',
]);

function requestHeaders(extra: Record<string, string> | undefined): Record<string, string> {
  const own = Object.entries(lowerKeys(extra ?? {})).filter(([k]) => !RESERVED_HEADERS.has(k));
  return {
    'user-agent': `geodata-portal/0.1 (+${env().publicBaseUrl})`,
    accept: '*/*',
    ...Object.fromEntries(own),
    // Always ours: the client decodes exactly these, and counts the decoded bytes.
    'accept-encoding': 'gzip, deflate, br',
  };
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`over ${limit} bytes`);
    this.name = 'TooLargeError';
  }
}

async function readBody(
  res: Dispatcher.ResponseData['body'],
  headers: IncomingHeaders,
  maxBytes: number,
  signal: AbortSignal,
  url: string,
): Promise<Buffer> {
  const declared = Number(headers['content-length']);
  // An honest large Content-Length is refused before any byte is read; a lying one changes nothing
  // below, because the bytes themselves are counted.
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new TooLargeError(maxBytes);
  }
  const encoding = headers['content-encoding'];
  let decoders: Transform[];
  try {
    decoders = decodersFor(Array.isArray(encoding) ? encoding.join(', ') : encoding, url);
  } catch (err) {
    res.destroy();
    throw err;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > maxBytes) return cb(new TooLargeError(maxBytes));
      chunks.push(chunk);
      cb();
    },
  });
  await pipeline([res, ...decoders, sink], { signal });
  return Buffer.concat(chunks, size);
}

function decodersFor(header: string | undefined, url: string): Transform[] {
  const encodings = (header ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s && s !== 'identity');
  if (encodings.length > MAX_CONTENT_ENCODINGS) {
    throw new FetchError('source_error', `Too many content encodings (${header}).`, url);
  }
  // Encodings are listed in the order they were applied; undo them in reverse.
  return encodings.reverse().map((enc) => {
    switch (enc) {
      case 'gzip':
      case 'x-gzip':
        return zlib.createGunzip();
      case 'deflate':
        return new DeflateDecoder();
      case 'br':
        return zlib.createBrotliDecompress();
      default:
        throw new FetchError('source_error', `Unsupported content encoding ${enc}.`, url);
    }
  });
}

/**
 * "deflate" should be zlib-wrapped (RFC 9110) but some servers send raw deflate; the first byte
 * tells them apart (a zlib header has compression method 8 in its low nibble).
 */
class DeflateDecoder extends Transform {
  private inner: zlib.Inflate | zlib.InflateRaw | null = null;

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    if (!this.inner) {
      const inner = (chunk[0] & 0x0f) === 8 ? zlib.createInflate() : zlib.createInflateRaw();
      inner.on('data', (d: Buffer) => {
        if (!this.push(d)) inner.pause();
      });
      inner.on('error', (e) => this.destroy(e));
      this.inner = inner;
    }
    if (this.inner.write(chunk)) cb();
    else this.inner.once('drain', () => cb());
  }

  override _read(size: number): void {
    this.inner?.resume();
    super._read(size);
  }

  override _flush(cb: TransformCallback): void {
    if (!this.inner) return cb();
    this.inner.once('end', () => cb());
    this.inner.end();
  }

  override _destroy(err: Error | null, cb: (error: Error | null) => void): void {
    this.inner?.destroy();
    cb(err);
  }
}

async function fetchInternal(
  url: URL,
  load: () => Promise<InProcessHandler>,
  headers: Record<string, string> | undefined,
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  const handler = await Promise.race([load(), aborted]);
  const res = await Promise.race([handler(url, { headers: lowerKeys(headers ?? {}) }), aborted]);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (res.body) {
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await Promise.race([reader.read(), aborted]);
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) throw new TooLargeError(maxBytes);
        chunks.push(value);
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  }
  const out: Record<string, string> = {};
  res.headers.forEach((v, k) => (out[k] = v));
  return { status: res.status, headers: out, body: Buffer.concat(chunks, size) };
}

function flattenHeaders(h: IncomingHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

const UNREACHABLE_CODES = new Set([
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  // The connection closed before the body its Content-Length declared had arrived.
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NODATA',
  'EAI_NONAME',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ETIMEDOUT',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

function toFetchError(err: unknown, url: string, timedOut: boolean, timeoutMs: number): FetchError {
  if (isFetchError(err)) return err;
  if (timedOut) {
    return new FetchError('timeout', `No complete answer within ${timeoutMs / 1000} s.`, url, { cause: err });
  }
  if (err instanceof TooLargeError) {
    return new FetchError('response_too_large', `The answer is larger than ${err.limit / 1024 / 1024} MB.`, url);
  }
  if (err instanceof BlockedAddressError) return blockedAddress(url, err.address, err.why);
  const e = err as NodeJS.ErrnoException;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = e instanceof Error ? e.message : String(err);
  if (code === 'EBLOCKEDADDRESS') return blockedAddress(url, (e as BlockedAddressError).address, (e as BlockedAddressError).why);
  if (UNREACHABLE_CODES.has(code)) {
    return new FetchError('source_unreachable', `The source did not answer (${code || message}).`, url, { cause: err });
  }
  if (code.startsWith('Z_') || code.startsWith('ERR__') || code.includes('BROTLI')) {
    return new FetchError('source_error', `The compressed answer is corrupt (${code}).`, url, { cause: err });
  }
  if (code.startsWith('HPE_')) {
    return new FetchError('source_error', `The source sent a malformed HTTP answer (${code}).`, url, { cause: err });
  }
  if (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /CERT|SELF_SIGNED|UNABLE_TO_/.test(code)) {
    return new FetchError('source_error', `TLS with the source failed: ${message}`, url, { cause: err });
  }
  return new FetchError('source_error', `Talking to the source failed: ${message}`, url, { cause: err });
}
