// The portal's only outbound HTTP client. The proxy, the live test, registration, raster point
// queries and the manifest refresh all go through safeFetch, so the outbound policy (policy.ts), the
// 10 s deadline and the 15 MB limit hold everywhere without each caller remembering them.
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { Transform, Writable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { env } from '@/lib/env';
import { FetchError, isFetchError } from './errors';
import {
  bareHostname,
  blockedAddress,
  BlockedAddressError,
  checkTarget,
  effectivePort,
  guardedLookup,
  isInsecureAllowed,
  type Target,
} from './policy';

export { FetchError, isFetchError, type FetchErrorCode } from './errors';
;

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

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
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
  let method = options.method ?? 'GET';
  let body = options.body;
  const redirects: string[] = [];
  let hop = url;
  try {
    for (;;) {
      const internal = inProcessTarget(hop, options.inProcess);
      if (internal) {
        return await fetchInternal(internal.url, internal.load, options.headers, maxBytes, controller.signal, started, redirects);
      }
      const target = checkTarget(hop);
      hop = target.url.href;
      const res = await openResponse(target, method, options.headers, body, controller.signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        res.destroy();
        if (redirects.length >= maxRedirects) {
          throw new FetchError('source_error', `More than ${maxRedirects} redirects.`, hop, { reason: 'too_many_redirects' });
        }
        const next = resolveRedirect(location, target.url);
        redirects.push(next.href);
        // Browsers' rule: 303 always, and 301/302 after a POST, continue as GET without the body.
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        hop = next.href;
        continue;
      }
      const decoded = await readBody(res, maxBytes, controller.signal, hop);
      return {
        url: hop,
        status,
        headers: flattenHeaders(res.headers),
        body: decoded,
        durationMs: Math.round(performance.now() - started),
        redirects,
      };
    }
  } catch (err) {
    throw toFetchError(err, hop, controller.signal.aborted, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
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

function requestHeaders(extra: Record<string, string> | undefined, body: string | Buffer | undefined): Record<string, string> {
  const own = Object.entries(lowerKeys(extra ?? {})).filter(([k]) => !RESERVED_HEADERS.has(k));
  return {
    'user-agent': `geodata-portal/0.1 (+${env().publicBaseUrl})`,
    accept: '*/*',
    ...Object.fromEntries(own),
    // Always ours: the client decodes exactly these, and counts the decoded bytes.
    'accept-encoding': 'gzip, deflate, br',
    connection: 'close',
    ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
  };
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

function openResponse(
  target: Target,
  method: string,
  headers: Record<string, string> | undefined,
  body: string | Buffer | undefined,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const { url } = target;
    const request = url.protocol === 'https:' ? https.request : http.request;
    const req = request({
      host: bareHostname(url),
      port: effectivePort(url),
      path: `${url.pathname}${url.search}`,
      method,
      headers: requestHeaders(headers, body),
      // A fresh connection per request: no pooled socket can carry a stale, unchecked address.
      agent: false,
      lookup: guardedLookup(target.insecureAllowed),
      signal,
    });
    // `on`, not `once`: an abort after the response arrived emits another error that must not crash.
    req.on('error', reject);
    req.once('response', resolve);
    req.end(body);
  });
}

class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`over ${limit} bytes`);
    this.name = 'TooLargeError';
  }
}

async function readBody(res: http.IncomingMessage, maxBytes: number, signal: AbortSignal, url: string): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  // An honest large Content-Length is refused before any byte is read; a lying one changes nothing
  // below, because the bytes themselves are counted.
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new TooLargeError(maxBytes);
  }
  const decoders = decodersFor(res.headers['content-encoding'], url);
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
  started: number,
  redirects: string[],
): Promise<FetchResult> {
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
  return {
    url: url.href,
    status: res.status,
    headers: out,
    body: Buffer.concat(chunks, size),
    durationMs: Math.round(performance.now() - started),
    redirects,
  };
}

function flattenHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

const UNREACHABLE_CODES = new Set([
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
  if (UNREACHABLE_CODES.has(code) || message === 'socket hang up' || message === 'aborted') {
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
