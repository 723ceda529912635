// The server's compression: the `compression` middleware (it decides per answer: a compressible
// Content-Type, no `Cache-Control: no-transform`, the size threshold, the coding the client accepts;
// it adds `Vary: Accept-Encoding`), and `endWhole`, which ends an answer whose body is complete in
// one piece by encoding it at once instead of through the middleware's zlib stream.
//
// Why: a zlib stream per answer costs far more than the deflate itself for the small answers of the
// API (node hands every stream's work to libuv's thread pool and back, and sets up and tears down a
// stream state): about 250-350 µs of CPU for a 1-3 KB JSON answer against 15-30 µs for
// zlib.gzipSync of the same bytes (measured on this machine; an asynchronous zlib.gzip costs as much
// as the stream). The middleware still makes every decision; `endWhole` only encodes in the coding
// the middleware chose, with the same options, so the answer's headers and its decoded bytes are
// the same as through the stream.
import http from 'node:http';
import zlib from 'node:zlib';
import compression from 'compression';

/** Options of gzip and deflate (zlib's defaults), shared by the middleware's streams and endWhole. */
const ZLIB_OPTIONS: zlib.ZlibOptions = {};
/** Options of brotli (the middleware's default quality 4, said here so endWhole uses the same). */
const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Largest body endWhole encodes at once, on the event loop (a 50 KB JSON answer takes about 0.2 ms);
 * a larger one goes through the middleware's stream.
 */
export const WHOLE_MAX_BYTES = 64 * 1024;

export function createCompression(): ReturnType<typeof compression> {
  return compression({
    ...ZLIB_OPTIONS,
    brotli: BROTLI_OPTIONS,
    // Vector tiles (protobuf) are not in compressible's list, yet shrink by about a third to a half:
    // gzip them too (lib/ogc/tiles.ts tags them with weak ETags for that reason).
    filter: (req, res) => compression.filter(req, res) || String(res.getHeader('Content-Type') ?? '').startsWith('application/vnd.mapbox-vector-tile'),
  });
}

/** node's own end of a response, which the middleware wraps per response. */
const endUnwrapped: (this: http.ServerResponse, chunk: Uint8Array) => unknown = http.ServerResponse.prototype.end;

function encode(coding: string, body: Uint8Array): Buffer | null {
  switch (coding) {
    case 'gzip':
      return zlib.gzipSync(body, ZLIB_OPTIONS);
    case 'deflate':
      return zlib.deflateSync(body, ZLIB_OPTIONS);
    case 'br':
      return zlib.brotliCompressSync(body, BROTLI_OPTIONS);
    default:
      return null;
  }
}

/**
 * Ends `res` (inside the server's compression) with its whole body, `body` in identity coding: the
 * callers never pass on a Content-Encoding of the route's own (the fast paths drop it with the other
 * per-message headers), so a Content-Encoding on `res` is the middleware's choice. Headers not yet
 * written are written first, as the middleware writes them on a first write (it then decides on
 * compression, sets Content-Encoding and drops Content-Length). A body the middleware compresses and
 * at most WHOLE_MAX_BYTES long is encoded here at once and ended past the middleware's stream, which
 * stays unused (the middleware releases it when the response closes); anything else is ended through
 * the middleware as before.
 */
export function endWhole(res: http.ServerResponse, body: Uint8Array): void {
  if (body.byteLength > WHOLE_MAX_BYTES) {
    res.end(body);
    return;
  }
  if (!res.headersSent) res.writeHead(res.statusCode);
  const coding = res.getHeader('content-encoding');
  const encoded = typeof coding === 'string' ? encode(coding, body) : null;
  if (!encoded) {
    res.end(body);
    return;
  }
  endUnwrapped.call(res, encoded);
}
