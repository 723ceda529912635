// A real HTTP provider on 127.0.0.1 with fault injection, for every suite that talks to a source
// (live test, data proxy, registration, resilience). Nothing is mocked: the portal's own client
// connects to it over a socket, exactly as to a provider on the internet.
//
//   const p = await startProviderServer();        // or ({ port, tls: { cert, key }, cors }): a fixed port, HTTPS, CORS
//   allowInsecureSources(p);                      // ALLOW_INSECURE_SOURCES=127.0.0.1:<port>
//   p.setBody('/manifest.json', manifest);        // JSON-serialised; string/Buffer sent as is
//   p.setFault('/data.json', 'hang');             // or { type: 'delay', ms: 3500 }, per path, '/tiles/*' or '*'
//   ... p.requests('/data.json') === 1 ...
//   await p.close();
//
// Lookup order for a request path: exact path, then the longest matching prefix pattern ('/a/*'),
// then '*'. With no fault the body set for the path is served (404 JSON when there is none).
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { resetEnvForTests } from '@/lib/env';

export type Fault =
  /** Serve the body set for the path (the default). */
  | { type: 'ok' }
  /** Answer this status; the body is JSON `{error}` unless given. */
  | { type: 'status'; status: number; body?: string; headers?: Record<string, string> }
  /** Accept the request and never answer. */
  | { type: 'hang' }
  /** Destroy the socket as soon as the request arrives (the client sees a reset / hang up). */
  | { type: 'reset' }
  /** Send headers and part of the body, then destroy the socket. */
  | { type: 'reset-mid-body' }
  /** Send headers at once, then drip `chunk` every `intervalMs` forever (a body that never ends). */
  | { type: 'slow-body'; intervalMs?: number; chunk?: string }
  /** Serve the normal answer after `ms`. */
  | { type: 'delay'; ms: number }
  /** Declare one Content-Length and send another number of bytes, then close. */
  | { type: 'lying-length'; declared: number; actualBytes: number }
  /** A small gzip body that inflates to `decompressedBytes` (default 64 MB) of JSON whitespace. */
  | { type: 'gzip-bomb'; decompressedBytes?: number }
  | { type: 'invalid-json' }
  /** 200 with no body at all. */
  | { type: 'empty-body' }
  /** The normal body, but with this Content-Type. */
  | { type: 'content-type'; contentType: string }
  /** A FeatureCollection of `count` points inside Slovakia. */
  | { type: 'features'; count: number }
  /** A valid JSON FeatureCollection padded to `bytes`; chunked unless `declareLength`. */
  | { type: 'big-body'; bytes?: number; declareLength?: boolean }
  /** Redirect to `location` (absolute, or a path on this server). */
  | { type: 'redirect'; location: string; status?: number }
  /** Redirect to itself with a growing counter, forever. */
  | { type: 'redirect-loop' }
  /** Answer 200 with an HTML page where an image is expected. */
  | { type: 'not-image' }
  /** Answer a 1x1 PNG. */
  | { type: 'png' }
  /** Serve the body compressed with this encoding. */
  | { type: 'compressed'; encoding: 'gzip' | 'deflate' | 'deflate-raw' | 'br' };

export type FaultName =
  | 'ok'
  | '500'
  | '502'
  | '503'
  | '504'
  | '404'
  | 'hang'
  | 'reset'
  | 'reset-mid-body'
  | 'slow-body'
  | 'lying-length'
  | 'gzip-bomb'
  | 'invalid-json'
  | 'empty-body'
  | 'wrong-content-type'
  | 'big-body'
  | 'redirect-loop'
  | 'not-image'
  | 'png';

export interface RecordedRequest {
  method: string;
  path: string;
  /** Query parameters of the request. */
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  at: number;
}

type BodyValue = unknown;
/** A body computed per request (e.g. features filtered by the requested bbox). */
export type BodyFn = (req: RecordedRequest) => BodyValue | Promise<BodyValue>;

export interface ProviderServerOptions {
  /** A fixed port (one the portal under test allows); any free one by default. */
  port?: number;
  /** Serve over HTTPS with this certificate (tile templates must be https). */
  tls?: { cert: Buffer; key: Buffer };
  /** Every answer (errors too) allows any origin, as a tile server a browser map reads must. */
  cors?: boolean;
}

export interface ProviderServer {
  /** `http://127.0.0.1:<port>` (`https://` with `tls`) */
  url: string;
  port: number;
  /** `127.0.0.1:<port>`, the ALLOW_INSECURE_SOURCES entry for this server. */
  hostPort: string;
  setFault(path: string, fault: Fault | FaultName | null): void;
  /** Objects are sent as JSON; strings and Buffers as they are. */
  setBody(path: string, body: BodyValue | BodyFn, contentType?: string): void;
  /** Requests seen on `path` (exact pathname, or a '/x/*' pattern), or all of them. */
  requests(path?: string): number;
  log(path?: string): RecordedRequest[];
  /** Forget faults, bodies and the request log. */
  reset(): void;
  close(): Promise<void>;
}

/** The smallest valid PNG (1x1, transparent). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const NAMED: Record<FaultName, Fault> = {
  ok: { type: 'ok' },
  '500': { type: 'status', status: 500 },
  '502': { type: 'status', status: 502 },
  '503': { type: 'status', status: 503 },
  '504': { type: 'status', status: 504 },
  '404': { type: 'status', status: 404 },
  hang: { type: 'hang' },
  reset: { type: 'reset' },
  'reset-mid-body': { type: 'reset-mid-body' },
  'slow-body': { type: 'slow-body' },
  'lying-length': { type: 'lying-length', declared: 40, actualBytes: 16 * 1024 * 1024 },
  'gzip-bomb': { type: 'gzip-bomb' },
  'invalid-json': { type: 'invalid-json' },
  'empty-body': { type: 'empty-body' },
  'wrong-content-type': { type: 'content-type', contentType: 'text/html; charset=utf-8' },
  'big-body': { type: 'big-body' },
  'redirect-loop': { type: 'redirect-loop' },
  'not-image': { type: 'not-image' },
  png: { type: 'png' },
};

/** Points of a FeatureCollection spread over Slovakia (lon 17-22, lat 47.8-49.5). */
export function pointCollection(count: number): { type: 'FeatureCollection'; features: unknown[] } {
  const features = Array.from({ length: count }, (_, i) => ({
    type: 'Feature',
    id: i + 1,
    geometry: {
      type: 'Point',
      coordinates: [Number((17 + ((i * 7919) % 5000) / 1000).toFixed(5)), Number((47.8 + ((i * 104729) % 1700) / 1000).toFixed(5))],
    },
    properties: { name: `Objekt ${i + 1}`, value: i % 100 },
  }));
  return { type: 'FeatureCollection', features };
}

/**
 * A bbox-mode source as a provider writes one: answers the features of `collection` whose point lies
 * in the requested `bbox` (all of them without one), at most `limit`.
 */
export function bboxFiltered(collection: { features: unknown[] }): BodyFn {
  return (req) => {
    const b = (req.query.bbox ?? '').split(',').map(Number);
    const limit = Number(req.query.limit ?? Infinity);
    const inside = (f: unknown) => {
      const c = (f as { geometry?: { coordinates?: number[] } }).geometry?.coordinates;
      return b.length !== 4 || !c || (c[0] >= b[0] && c[0] <= b[2] && c[1] >= b[1] && c[1] <= b[3]);
    };
    return { type: 'FeatureCollection', features: collection.features.filter(inside).slice(0, limit) };
  };
}

/** `count` points in a regular grid filling `bbox` (`[minLon, minLat, maxLon, maxLat]`). */
export function pointGrid(bbox: [number, number, number, number], count: number): { type: 'FeatureCollection'; features: unknown[] } {
  const side = Math.ceil(Math.sqrt(count));
  const features = Array.from({ length: count }, (_, i) => {
    const x = bbox[0] + ((i % side) + 0.5) * ((bbox[2] - bbox[0]) / side);
    const y = bbox[1] + (Math.floor(i / side) + 0.5) * ((bbox[3] - bbox[1]) / side);
    return {
      type: 'Feature',
      id: i + 1,
      geometry: { type: 'Point', coordinates: [Number(x.toFixed(6)), Number(y.toFixed(6))] },
      properties: { name: `Bod ${i + 1}`, value: i % 100 },
    };
  });
  return { type: 'FeatureCollection', features };
}

const bombs = new Map<number, Promise<Buffer>>();
/** Built once per size, by streaming zeros through gzip (never holding the inflated bytes). */
function gzipBomb(bytes: number): Promise<Buffer> {
  let p = bombs.get(bytes);
  if (!p) {
    p = new Promise<Buffer>((resolve, reject) => {
      const gz = zlib.createGzip({ level: 9 });
      const out: Buffer[] = [];
      gz.on('data', (d: Buffer) => out.push(d));
      gz.on('end', () => resolve(Buffer.concat(out)));
      gz.on('error', reject);
      const block = Buffer.alloc(1024 * 1024, 0x20);
      let left = bytes;
      const pump = () => {
        while (left > 0) {
          const n = Math.min(left, block.length);
          left -= n;
          if (!gz.write(n === block.length ? block : block.subarray(0, n))) return gz.once('drain', pump);
        }
        gz.end();
      };
      pump();
    });
    bombs.set(bytes, p);
  }
  return p;
}

function matchPattern(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  return pattern.endsWith('/*') && path.startsWith(pattern.slice(0, -1));
}

function lookup<T>(table: Map<string, T>, path: string): T | undefined {
  if (table.has(path)) return table.get(path);
  let best: { len: number; value: T } | undefined;
  for (const [pattern, value] of table) {
    if (pattern !== '*' && matchPattern(pattern, path) && (!best || pattern.length > best.len)) {
      best = { len: pattern.length, value };
    }
  }
  if (best) return best.value;
  return table.get('*');
}

export async function startProviderServer(options: ProviderServerOptions = {}): Promise<ProviderServer> {
  const faults = new Map<string, Fault>();
  const bodies = new Map<string, { body: BodyValue | BodyFn; contentType?: string }>();
  let log: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
    return t;
  };

  async function normalBody(rec: RecordedRequest): Promise<{ status: number; body: Buffer; contentType: string }> {
    const entry = lookup(bodies, rec.path);
    if (!entry) {
      return { status: 404, body: Buffer.from(JSON.stringify({ error: `nothing at ${rec.path}` })), contentType: 'application/json' };
    }
    const value = typeof entry.body === 'function' ? await (entry.body as BodyFn)(rec) : entry.body;
    if (Buffer.isBuffer(value)) return { status: 200, body: value, contentType: entry.contentType ?? 'application/octet-stream' };
    if (typeof value === 'string') return { status: 200, body: Buffer.from(value), contentType: entry.contentType ?? 'application/json' };
    return { status: 200, body: Buffer.from(JSON.stringify(value)), contentType: entry.contentType ?? 'application/geo+json' };
  }

  async function serveNormal(rec: RecordedRequest, res: http.ServerResponse, contentType?: string) {
    const b = await normalBody(rec);
    res.writeHead(b.status, { 'content-type': contentType ?? b.contentType, 'content-length': b.body.length });
    res.end(b.body);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const rec: RecordedRequest = {
      method: req.method ?? 'GET',
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      headers: req.headers,
      at: Date.now(),
    };
    log.push(rec);
    const fault = lookup(faults, rec.path) ?? { type: 'ok' };
    const socket = req.socket;
    switch (fault.type) {
      case 'ok':
        return serveNormal(rec, res);
      case 'status':
        res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
        return res.end(fault.body ?? JSON.stringify({ error: `fault ${fault.status}` }));
      case 'hang':
        return; // the socket stays open until the client gives up or the server closes
      case 'reset':
        return socket.destroy();
      case 'reset-mid-body':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100_000 });
        res.write('{"type":"FeatureCollection","features":[');
        return later(50, () => socket.destroy());
      case 'slow-body': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"type":"FeatureCollection","features":[');
        const drip = () => {
          if (res.destroyed || socket.destroyed) return;
          res.write(fault.chunk ?? ' ');
          later(fault.intervalMs ?? 250, drip);
        };
        return drip();
      }
      case 'delay':
        return later(fault.ms, () => {
          if (!socket.destroyed) void serveNormal(rec, res);
        });
      case 'lying-length': {
        // Raw bytes on the socket: node's ServerResponse would refuse to send more than declared.
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${fault.declared}\r\nconnection: close\r\n\r\n`,
        );
        const block = Buffer.alloc(64 * 1024, 0x20);
        let left = fault.actualBytes;
        const pump = () => {
          while (left > 0 && !socket.destroyed) {
            const n = Math.min(left, block.length);
            left -= n;
            if (!socket.write(block.subarray(0, n))) return socket.once('drain', pump);
          }
          socket.end();
        };
        return pump();
      }
      case 'gzip-bomb': {
        const gz = await gzipBomb(fault.decompressedBytes ?? 64 * 1024 * 1024);
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': gz.length });
        return res.end(gz);
      }
      case 'invalid-json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"type":"FeatureCollection","features":[{"type":');
      case 'empty-body':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 0 });
        return res.end();
      case 'content-type':
        return serveNormal(rec, res, fault.contentType);
      case 'features': {
        const body = Buffer.from(JSON.stringify(pointCollection(fault.count)));
        res.writeHead(200, { 'content-type': 'application/geo+json', 'content-length': body.length });
        return res.end(body);
      }
      case 'big-body': {
        const total = fault.bytes ?? 16 * 1024 * 1024;
        const head = '{"type":"FeatureCollection","features":[],"padding":"';
        const tail = '"}';
        const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
        if (fault.declareLength) headers['content-length'] = total;
        res.writeHead(200, headers);
        res.write(head);
        const block = Buffer.alloc(64 * 1024, 0x61);
        let left = total - head.length - tail.length;
        const pump = () => {
          while (left > 0 && !res.destroyed) {
            const n = Math.min(left, block.length);
            left -= n;
            if (!res.write(block.subarray(0, n))) return res.once('drain', pump);
          }
          if (!res.destroyed) res.end(tail);
        };
        return pump();
      }
      case 'redirect':
        res.writeHead(fault.status ?? 302, { location: fault.location });
        return res.end();
      case 'redirect-loop': {
        const n = Number(rec.query.hop ?? '0') + 1;
        res.writeHead(302, { location: `${rec.path}?hop=${n}` });
        return res.end();
      }
      case 'not-image':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<!doctype html><html><body>Service exception</body></html>');
      case 'png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG_1X1.length });
        return res.end(PNG_1X1);
      case 'compressed': {
        const b = await normalBody(rec);
        const packed =
          fault.encoding === 'gzip'
            ? zlib.gzipSync(b.body)
            : fault.encoding === 'deflate'
              ? zlib.deflateSync(b.body)
              : fault.encoding === 'deflate-raw'
                ? zlib.deflateRawSync(b.body)
                : zlib.brotliCompressSync(b.body);
        const encoding = fault.encoding === 'deflate-raw' ? 'deflate' : fault.encoding;
        res.writeHead(b.status, { 'content-type': b.contentType, 'content-encoding': encoding, 'content-length': packed.length });
        return res.end(packed);
      }
    }
  }

  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    // Requests are answered without reading their bodies; drain them so the socket stays usable.
    req.pipe(new PassThrough()).resume();
    if (options.cors) res.setHeader('access-control-allow-origin', '*');
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  };
  const server = options.tls ? https.createServer(options.tls, listener) : http.createServer(listener);
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // Faults like "reset" make the client write to a dead socket; that is the point, not a crash.
  server.on('clientError', (_err, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;

  return {
    url,
    port,
    hostPort: `127.0.0.1:${port}`,
    setFault(path, fault) {
      if (fault === null) faults.delete(path);
      else faults.set(path, typeof fault === 'string' ? NAMED[fault] : fault);
    },
    setBody(path, body, contentType) {
      bodies.set(path, { body, contentType });
    },
    requests(path) {
      return path === undefined ? log.length : log.filter((r) => matchPattern(path, r.path)).length;
    },
    log(path) {
      return path === undefined ? [...log] : log.filter((r) => matchPattern(path, r.path));
    },
    reset() {
      faults.clear();
      bodies.clear();
      log = [];
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Lets the portal's client reach these servers (plain http on 127.0.0.1), as ALLOW_INSECURE_SOURCES
 * does in a development setup. Returns a function that restores the previous value.
 */
export function allowInsecureSources(...servers: Array<{ hostPort: string } | string>): () => void {
  const previous = process.env.ALLOW_INSECURE_SOURCES;
  process.env.ALLOW_INSECURE_SOURCES = servers.map((s) => (typeof s === 'string' ? s : s.hostPort)).join(',');
  resetEnvForTests();
  return () => {
    if (previous === undefined) delete process.env.ALLOW_INSECURE_SOURCES;
    else process.env.ALLOW_INSECURE_SOURCES = previous;
    resetEnvForTests();
  };
}
