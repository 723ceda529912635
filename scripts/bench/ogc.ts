// Bench of the OGC API face (`npm run bench -- ogc`, or alone: `npx tsx scripts/bench/ogc.ts`).
//
// Latency (p50 / p95 of sequential requests, interleaved in rounds with a rotating order so machine
// drift hits all alike) over node:http servers calling the route handlers, identity encoding, every cache warm:
// - items: GET /ogc/collections/{id}/items?limit=1000 of a cached 5,000-point collection (also with a
//   CQL2 filter and in S-JTSK), against
//   GET /api/data of the same dataset (5,000 features) through the route handler and through the
//   custom server's fast path (what production answers a cached hit with);
// - tiles: a z12 vector tile of a cached 5,000-polygon collection (the same tile again: its encoding
//   is cached; and first requests of distinct z12-z14 tiles: slicing + encoding), against
//   GET /api/data of the same collection;
// - tile engine (how lib/ogc/tiles.ts was chosen): geojson-vt + vt-pbf on the in-memory collection
//   against PostGIS ST_AsMVT over the same features sent to the database, per distinct tile.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { benchRouteTable, percentile, runIfMain } from './common';

const ROUNDS = 10;
const PER_ROUND = 30;
const CENTRE: [number, number] = [17.1077, 48.1486];

type WebHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** 5,000 points over Slovakia with a few properties (~130 bytes of properties each). */
function points(): unknown {
  const r = rng(7);
  return {
    type: 'FeatureCollection',
    features: Array.from({ length: 5000 }, (_, i) => ({
      type: 'Feature',
      id: i + 1,
      geometry: { type: 'Point', coordinates: [+(16.9 + r() * 5.6).toFixed(6), +(47.8 + r() * 1.8).toFixed(6)] },
      properties: { nazov: `Objekt ${i + 1}`, hodnota: Math.round(r() * 1000) / 10, druh: ['a', 'b', 'c'][i % 3], obec: 'Bratislava' },
      dm: { title: `Objekt ${i + 1}` },
    })),
    dm: { ttl: 3600 },
  };
}

/** 5,000 small polygons (8 vertices) within ~8 x 6 km of Bratislava's centre: a dense city layer. */
function buildings(): unknown {
  const r = rng(11);
  return {
    type: 'FeatureCollection',
    features: Array.from({ length: 5000 }, (_, i) => {
      const lon = CENTRE[0] + (r() - 0.5) * 0.11;
      const lat = CENTRE[1] + (r() - 0.5) * 0.055;
      const w = 0.0002 + r() * 0.0004;
      const h = 0.00015 + r() * 0.0003;
      const ring = [
        [lon, lat], [lon + w / 2, lat - h / 8], [lon + w, lat], [lon + w * 1.05, lat + h / 2],
        [lon + w, lat + h], [lon + w / 2, lat + h * 1.1], [lon, lat + h], [lon - w * 0.05, lat + h / 2], [lon, lat],
      ].map(([x, y]) => [+x.toFixed(7), +y.toFixed(7)]);
      return { type: 'Feature', id: i + 1, geometry: { type: 'Polygon', coordinates: [ring] }, properties: { cislo: i + 1, poschodia: 1 + (i % 9), druh: ['bytový dom', 'rodinný dom', 'obchod'][i % 3] } };
    }),
    dm: { ttl: 3600 },
  };
}

function listen(listener: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(listener);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

/** Calls a web route handler for a node request, as a framework would (without its other costs). */
function adapter(handler: WebHandler, params: (pathname: string) => Record<string, string>): http.RequestListener {
  return (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const response = await handler(new Request(url, { method: req.method, headers }), { params: Promise.resolve(params(url.pathname)) });
      const out: Record<string, string> = {};
      response.headers.forEach((v, k) => (out[k] = v));
      res.writeHead(response.status, out);
      if (response.body) await pipeline(Readable.fromWeb(response.body as never), res);
      else res.end();
    })().catch((err: unknown) => {
      console.error(err);
      res.destroy();
    });
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET without compression; resolves with status, bytes and milliseconds. */
function timedGet(url: string): Promise<{ status: number; bytes: number; ms: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { agent }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - t0, headers: res.headers }));
      })
      .on('error', reject);
  });
}

interface Series {
  ms: number[];
  bytes: number;
}

/** Rounds of PER_ROUND requests per target, interleaved; each target's URLs cycle. */
async function interleaved(targets: Record<string, string[]>): Promise<Record<string, Series>> {
  const out: Record<string, Series> = Object.fromEntries(Object.keys(targets).map((k) => [k, { ms: [], bytes: 0 }]));
  const cursor: Record<string, number> = Object.fromEntries(Object.keys(targets).map((k) => [k, 0]));
  const entries = Object.entries(targets);
  for (let round = 0; round < ROUNDS; round++) {
    // The order rotates per round, so no target always follows the same one (GC debt, warm sockets).
    for (const [name, urls] of entries.map((_, i) => entries[(i + round) % entries.length])) {
      for (let i = 0; i < PER_ROUND; i++) {
        const url = urls[cursor[name]++ % urls.length];
        const r = await timedGet(url);
        if (r.status !== 200) throw new Error(`${name}: ${url} answered ${r.status}`);
        out[name].ms.push(r.ms);
        out[name].bytes = r.bytes;
      }
    }
  }
  return out;
}

const fmt = (n: number, d = 1) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function stats(s: Series) {
  const sorted = [...s.ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), bytes: s.bytes };
}

function table(title: string, results: Record<string, Series>, baseline: string): void {
  console.log(`\n${title}`);
  const base = stats(results[baseline]);
  const rows = Object.entries(results).map(([name, s]) => {
    const st = stats(s);
    return [name, `${fmt(st.bytes / 1024, 0)} KB`, fmt(st.p50, 2), fmt(st.p95, 2), fmt(st.p50 / base.p50, 2), fmt(st.p95 / base.p95, 2)];
  });
  const head = ['request', 'body', 'p50 ms', 'p95 ms', 'p50 ratio', 'p95 ratio'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  console.log(`(ratios against "${baseline}", measured in the same run)`);
}

export async function run(): Promise<void> {
  const { startProviderServer } = await import('../../tests/helpers/provider-server');
  const provider = await startProviderServer();
  process.env.ALLOW_INSECURE_SOURCES = [process.env.ALLOW_INSECURE_SOURCES, provider.hostPort].filter(Boolean).join(',');
  const { env, resetEnvForTests } = await import('@/lib/env');
  resetEnvForTests();
  const db = await import('@/lib/db');
  let tmp: string | undefined;
  if (env().databaseUrl) db.setDatabase(db.openDatabase({ migrate: true }));
  else {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-ogc-'));
    db.setDatabase(db.openDatabase({ pgliteDir: tmp, migrate: true, requireHost: true }));
  }
  const sql = await db.getSql();
  const registryDb = await db.getDb();
  const { bumpRegistryVersion, deleteProvider, fingerprintOf } = await import('@/lib/providers/queries');
  const { insertProviderRows } = await import('../../tests/data/helpers');
  const { invalidateRegistryCache, findServedDataset } = await import('@/lib/providers/served');
  const data = await import('@/lib/data');
  const dataRoute = await import('@/app/api/data/[provider]/[dataset]/route');
  const itemsRoute = await import('@/app/ogc/collections/[collectionId]/items/route');
  const tileRoute = await import('@/app/ogc/collections/[collectionId]/tiles/[tileMatrixSetId]/[tileMatrix]/[tileRow]/[tileCol]/route');
  const { tileOf, tileBounds } = await import('@/lib/ogc/grid');
  const { GeoJSONVT } = await import('@maplibre/geojson-vt');
  const { fromGeojsonVt } = await import('@maplibre/vt-pbf');

  const pid = `bench-ogc-${process.pid}`;
  const ds = (id: string) => ({ id, title: id, source: { type: 'geojson' as const, url: `${provider.url}/${id}.json` }, presentation: { type: 'circle', color: '#336699' } });
  const manifest = { protocol: '0.1', provider: { id: pid, name: 'Bench' }, license: { name: 'CC BY 4.0', attribution: 'Bench' }, datasets: [ds('body'), ds('budovy')] };
  await insertProviderRows(registryDb, { id: pid, managedBy: 'provider', manifestUrl: `${provider.url}/manifest.json`, manifest, fingerprint: fingerprintOf(JSON.stringify(manifest)), approval: 'approved' });
  await bumpRegistryVersion(registryDb);
  invalidateRegistryCache();
  provider.setBody('/body.json', points());
  provider.setBody('/budovy.json', buildings());

  const servers: http.Server[] = [];
  try {
    const segments = (p: string) => p.split('/').filter(Boolean);
    const dataSrv = await listen(adapter(dataRoute.GET as WebHandler, (p) => ({ provider: segments(p)[2], dataset: segments(p)[3] })));
    // The listener server.ts installs, the data route standing in for Next (misses, and the first
    // answer, from which the fast path takes the route's headers).
    const { createRequestListener } = await import('@/lib/server/listener');
    const routeTable = await benchRouteTable();
    const dataListener = adapter(dataRoute.GET as WebHandler, (p) => ({ provider: segments(p)[2], dataset: segments(p)[3] }));
    const fastSrv = await listen(createRequestListener({ app: () => async (req, res) => dataListener(req, res), routes: () => routeTable }));
    const itemsSrv = await listen(adapter(itemsRoute.GET as WebHandler, (p) => ({ collectionId: segments(p)[2] })));
    const tileSrv = await listen(
      adapter(tileRoute.GET as WebHandler, (p) => {
        const s = segments(p);
        return { collectionId: s[2], tileMatrixSetId: s[4], tileMatrix: s[5], tileRow: s[6], tileCol: s[7] };
      }),
    );
    servers.push(dataSrv.server, fastSrv.server, itemsSrv.server, tileSrv.server);

    const dataPath = (d: string) => `/api/data/${pid}/${d}`;
    const itemsUrl = `${itemsSrv.url}/ogc/collections/${pid}.body/items?limit=1000`;
    // Warm: the misses fill the cache (and the parsed collection, the tile index).
    for (const d of ['body', 'budovy']) await timedGet(`${dataSrv.url}${dataPath(d)}`);
    await timedGet(itemsUrl);
    for (const d of ['body', 'budovy']) await timedGet(`${fastSrv.url}${dataPath(d)}`);
    const hit = await timedGet(`${fastSrv.url}${dataPath('body')}`);
    if (hit.status !== 200 || hit.headers['x-dm-cache'] !== 'hit') throw new Error('fast path did not hit (is there a build? the route table is read from .next)');

    console.log(`sequential requests, ${ROUNDS} interleaved rounds of ${PER_ROUND} per target, identity encoding, caches warm`);
    table(
      'items of a cached 5,000-point collection (limit=1000) against /api/data of the same dataset',
      await interleaved({
        '/api/data (fast path)': [`${fastSrv.url}${dataPath('body')}`],
        '/api/data (route)': [`${dataSrv.url}${dataPath('body')}`],
        'items limit=1000': [itemsUrl],
        'items limit=1000, offset 4000': [`${itemsUrl}&offset=4000`],
        'items limit=100, bbox': [`${itemsSrv.url}/ogc/collections/${pid}.body/items?limit=100&bbox=17,48,19,49`],
        // Parts 2 and 3: a CQL2 filter (its selection remembered per cached collection, as bbox's) and S-JTSK coordinates.
        'items limit=1000, filter': [`${itemsUrl}&filter=${encodeURIComponent("druh IN ('a','b') AND hodnota > 20")}`],
        'items limit=1000, crs=5514': [`${itemsUrl}&crs=${encodeURIComponent('http://www.opengis.net/def/crs/EPSG/0/5514')}`],
      }),
      '/api/data (fast path)',
    );

    const tilePath = (z: number, x: number, y: number) => `${tileSrv.url}/ogc/collections/${pid}.budovy/tiles/WebMercatorQuad/${z}/${y}/${x}`;
    const t12 = tileOf(CENTRE[0], CENTRE[1], 12);
    const first = performance.now();
    const firstTile = await timedGet(tilePath(12, t12.x, t12.y));
    const firstMs = performance.now() - first;
    // Distinct tiles, each asked once: the area's tiles at z13 and z14 (their slicing and encoding are new).
    const distinct: string[] = [];
    for (const z of [13, 14]) {
      const a = tileOf(CENTRE[0] - 0.055, CENTRE[1] + 0.0275, z);
      const b = tileOf(CENTRE[0] + 0.055, CENTRE[1] - 0.0275, z);
      for (let x = a.x; x <= b.x; x++) for (let y = a.y; y <= b.y; y++) distinct.push(tilePath(z, x, y));
    }
    console.log(`\nfirst z12 tile after the collection was cached (builds the tile index): ${fmt(firstMs, 0)} ms, ${fmt(firstTile.bytes / 1024, 0)} KB`);
    const distinctMs: number[] = [];
    for (const u of distinct) {
      const r = await timedGet(u);
      if (r.status !== 200 && r.status !== 204) throw new Error(`${u}: ${r.status}`);
      distinctMs.push(r.ms);
    }
    const dSorted = [...distinctMs].sort((a, b) => a - b);
    table(
      'z12 vector tile of a cached 5,000-polygon collection against /api/data of the same collection',
      await interleaved({
        '/api/data (fast path)': [`${fastSrv.url}${dataPath('budovy')}`],
        '/api/data (route)': [`${dataSrv.url}${dataPath('budovy')}`],
        'tile z12 (same tile)': [tilePath(12, t12.x, t12.y)],
      }),
      '/api/data (fast path)',
    );
    console.log(`first requests of ${distinct.length} distinct z13-z14 tiles (slice + encode): p50 ${fmt(percentile(dSorted, 50), 2)} ms, p95 ${fmt(percentile(dSorted, 95), 2)} ms`);

    // Tile engine: geojson-vt + vt-pbf against PostGIS ST_AsMVT, per distinct tile, same features.
    const served = (await findServedDataset(pid, 'budovy'))!;
    const { collection } = await data.loadDatasetCollection(served, {});
    const t0 = performance.now();
    const index = new GeoJSONVT(collection as never, { maxZoom: 18, extent: 4096, buffer: 64, tolerance: 3 });
    const buildMs = performance.now() - t0;
    const tiles: Array<{ z: number; x: number; y: number }> = [];
    for (const z of [12, 13, 14, 15]) {
      const a = tileOf(CENTRE[0] - 0.055, CENTRE[1] + 0.0275, z);
      const b = tileOf(CENTRE[0] + 0.055, CENTRE[1] - 0.0275, z);
      for (let x = a.x; x <= b.x; x++) for (let y = a.y; y <= b.y; y++) tiles.push({ z, x, y });
    }
    const vtMs: number[] = [];
    for (const t of tiles) {
      const s = performance.now();
      const tile = index.getTile(t.z, t.x, t.y);
      if (tile) fromGeojsonVt({ budovy: tile }, { version: 2, extent: 4096 });
      vtMs.push(performance.now() - s);
    }
    const envelope = (f: { geometry: { coordinates: number[][][] } }) => {
      const xs = f.geometry.coordinates[0].map((c) => c[0]);
      const ys = f.geometry.coordinates[0].map((c) => c[1]);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    };
    const boxes = (collection.features as unknown as Array<{ geometry: { coordinates: number[][][] } }>).map(envelope);
    const pgMs: number[] = [];
    let pgNote = '';
    try {
      for (const t of tiles) {
        const s = performance.now();
        const [w, so, e, n] = tileBounds(t.z, t.x, t.y);
        const m = ((e - w) * 64) / 4096;
        const picked = collection.features.filter((_, i) => {
          const b = boxes[i];
          return b[0] <= e + m && b[2] >= w - m && b[1] <= n + m && b[3] >= so - m;
        });
        await sql.unsafe(
          `with f as (select ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(x->>'geometry'), 4326), 3857) g, x->'properties' p from jsonb_array_elements($1::jsonb) x)
           select ST_AsMVT(t, 'budovy', 4096, 'geom') from (select ST_AsMVTGeom(g, ST_TileEnvelope($2, $3, $4), 4096, 64, true) geom, p->>'druh' druh, (p->>'cislo')::int cislo, (p->>'poschodia')::int poschodia from f) t where geom is not null`,
          [JSON.stringify(picked), t.z, t.x, t.y],
        );
        pgMs.push(performance.now() - s);
      }
    } catch (err) {
      pgNote = ` (ST_AsMVT failed on this database: ${(err as Error).message.split('\n')[0]})`;
    }
    const q = (xs: number[], p: number) => percentile([...xs].sort((a, b) => a - b), p);
    console.log(`\ntile engine, ${tiles.length} distinct tiles z12-z15 of the same collection, per tile:`);
    console.log(`  geojson-vt + vt-pbf (in memory; index built once in ${fmt(buildMs, 0)} ms): p50 ${fmt(q(vtMs, 50), 2)} ms, p95 ${fmt(q(vtMs, 95), 2)} ms`);
    if (pgMs.length) {
      console.log(`  PostGIS ST_AsMVT (${env().databaseUrl ? 'PostgreSQL' : 'PGlite'}, tile's features sent as GeoJSON): p50 ${fmt(q(pgMs, 50), 2)} ms, p95 ${fmt(q(pgMs, 95), 2)} ms = ${fmt(q(pgMs, 50) / q(vtMs, 50), 1)}x geojson-vt at p50`);
    } else console.log(`  PostGIS ST_AsMVT: not measured${pgNote}`);
  } finally {
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
    agent.destroy();
    for (const d of ['body', 'budovy']) await data.deleteCacheEntries({ datasetKey: `${pid}/${d}` }).catch(() => undefined);
    await deleteProvider(registryDb, { id: pid }).catch(() => undefined);
    await bumpRegistryVersion(registryDb).catch(() => undefined);
    await provider.close();
    await db.closeDatabase();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

runIfMain(import.meta.filename, run);
