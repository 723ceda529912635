// How many features MapLibre draws smoothly from GeoJSON, against the same data as the portal's vector
// tiles (`npm run bench -- map`; not in the default set: it drives Debian's Chromium). Decides
// TILED_VERTEX_THRESHOLD in lib/map/layers.ts (documented in lib/map/README.md).
//
// Per data set (5,000 points, or 2,500-5,000 polygons of 8 / 40 / 200 vertices) and per mode, in a
// fresh page of MapLibre as the portal ships it (no basemap, 800 x 500), median of RUNS:
// - geojson: the map app's way — fetch and parse the /api/data body (it also lists the objects),
//   hand the object to a GeoJSON source;
// - tiles: the same fetch and parse (as the map did before it chose tiles from the catalog entry; it no
//   longer fetches the GeoJSON of a tiled dataset, so these figures are an upper bound), the layer
//   drawn from vector tiles;
// - empty: the same map without the layer (the baseline every figure is read against).
// Measured from the request until the map is idle: the time, main-thread long tasks (> 50 ms) in
// total and the longest; then the frames of a 2 s pan-and-zoom animation (p95, over 50 ms).
// Tiles are cut by the same geojson-vt + vt-pbf settings as lib/ogc/tiles.ts, served from memory.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { runIfMain } from './common';

const CENTRE: [number, number] = [19.1, 48.7];
/** Data sets by size: features x vertices per feature (1 = points). */
const SETS = [
  { features: 5000, vertices: 1 },
  { features: 1000, vertices: 8 },
  { features: 2500, vertices: 8 },
  { features: 5000, vertices: 8 },
  { features: 1000, vertices: 40 },
  { features: 2500, vertices: 40 },
  { features: 5000, vertices: 40 },
  { features: 2500, vertices: 200 },
  { features: 5000, vertices: 200 },
];
const WIDTH = 800;
const HEIGHT = 500;
const RUNS = 3;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0), s / 4294967296);
}

/** `n` features over Slovakia: points, or closed rings of `vertices` points (small areas, like municipalities at 200). */
function dataset(n: number, vertices: number) {
  const r = rng(n * 31 + vertices);
  const features = Array.from({ length: n }, (_, i) => {
    const lon = CENTRE[0] + (r() - 0.5) * 5.4;
    const lat = CENTRE[1] + (r() - 0.5) * 1.8;
    const props = { nazov: `Objekt ${i}`, hodnota: Math.round(r() * 100), druh: ['a', 'b', 'c'][i % 3] };
    if (vertices === 1) return { type: 'Feature', id: i + 1, geometry: { type: 'Point', coordinates: [lon, lat] }, properties: props };
    const rad = 0.01 + r() * 0.03;
    const ring = Array.from({ length: vertices }, (_, k) => {
      const a = (2 * Math.PI * k) / vertices;
      const wobble = 1 + 0.25 * Math.sin(a * 5 + i);
      return [+(lon + Math.cos(a) * rad * wobble).toFixed(6), +(lat + Math.sin(a) * rad * 0.66 * wobble).toFixed(6)];
    });
    ring.push(ring[0]);
    return { type: 'Feature', id: i + 1, geometry: { type: 'Polygon', coordinates: [ring] }, properties: props };
  });
  return { type: 'FeatureCollection', features };
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/dist/maplibre-gl.css">
<style>html,body{margin:0}#map{width:800px;height:500px}</style></head><body><div id="map"></div>
<script type="module">
import * as ml from '/dist/maplibre-gl.mjs';
ml.setWorkerUrl(location.origin + '/dist/maplibre-gl-worker.mjs');
window.measure = async ({ mode, key, points }) => {
  const longTasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: false });
  const map = new ml.Map({ container: 'map', style: { version: 8, sources: {}, layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#f2efe9' } }] }, center: [19.1, 48.7], zoom: 7, attributionControl: false });
  await new Promise((r) => map.once('load', r));
  const idle = () => new Promise((r) => map.once('idle', r));
  const t0 = performance.now();
  let layerSource = {};
  const data = await (await fetch('/data/' + key + '.json')).json();
  if (mode === 'geojson') {
    map.addSource('d', { type: 'geojson', data });
  } else if (mode === 'tiles') {
    map.addSource('d', { type: 'vector', tiles: [location.origin + '/tiles/' + key + '/{z}/{x}/{y}.pbf'], maxzoom: 18 });
    layerSource = { 'source-layer': 'd' };
  }
  if (mode === 'empty') map.triggerRepaint();
  else if (points) map.addLayer({ id: 'c', type: 'circle', source: 'd', ...layerSource, paint: { 'circle-radius': 4, 'circle-color': '#d7301f', 'circle-stroke-color': '#fff', 'circle-stroke-width': 1 } });
  else {
    map.addLayer({ id: 'f', type: 'fill', source: 'd', ...layerSource, paint: { 'fill-color': ['match', ['get', 'druh'], 'a', '#2e7d32', 'b', '#9ccc65', '#1b5e20'], 'fill-opacity': 0.6 } });
    map.addLayer({ id: 'l', type: 'line', source: 'd', ...layerSource, paint: { 'line-color': '#fff', 'line-width': 0.8 } });
  }
  await idle();
  const loadMs = performance.now() - t0;
  const loadLong = longTasks.splice(0);
  const frames = [];
  let last = performance.now();
  let running = true;
  const tick = (t) => { frames.push(t - last); last = t; if (running) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  map.easeTo({ center: [19.6, 48.9], zoom: 9, duration: 2000 });
  await new Promise((r) => map.once('moveend', r));
  running = false;
  await idle();
  frames.sort((a, b) => a - b);
  const p95 = frames[Math.floor(frames.length * 0.95)] ?? 0;
  const result = {
    loadMs,
    blockedMs: loadLong.reduce((a, b) => a + b, 0),
    longestTask: Math.max(0, ...loadLong),
    frames: frames.length,
    frameP95: p95,
    frameMax: frames[frames.length - 1] ?? 0,
    slowFrames: frames.filter((f) => f > 50).length,
  };
  map.remove();
  return result;
};
window.ready = true;
</script></body></html>`;

export async function run(): Promise<void> {
  const { chromium } = await import('@playwright/test');
  const dist = path.join(process.cwd(), 'node_modules', 'maplibre-gl', 'dist');
  const bodies = new Map<string, Buffer>();
  const indexes = new Map<string, GeoJSONVT>();
  const keyOf = (set: (typeof SETS)[number]) => `${set.vertices === 1 ? 'points' : `polygons-${set.vertices}`}-${set.features}`;
  for (const set of SETS) {
    const fc = dataset(set.features, set.vertices);
    bodies.set(keyOf(set), Buffer.from(JSON.stringify(fc)));
    indexes.set(keyOf(set), new GeoJSONVT(fc as never, { maxZoom: 18, extent: 4096, buffer: 64, tolerance: 3 }));
  }
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    try {
      if (url.pathname === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      if (url.pathname.startsWith('/dist/')) {
        const file = path.join(dist, path.basename(url.pathname));
        const type = file.endsWith('.css') ? 'text/css' : 'text/javascript';
        return void res.writeHead(200, { 'content-type': type }).end(await readFile(file));
      }
      let m = /^\/data\/(.+)\.json$/.exec(url.pathname);
      if (m) return void res.writeHead(200, { 'content-type': 'application/geo+json' }).end(bodies.get(m[1]));
      m = /^\/tiles\/(.+)\/(\d+)\/(\d+)\/(\d+)\.pbf$/.exec(url.pathname);
      if (m) {
        const tile = indexes.get(m[1])!.getTile(Number(m[2]), Number(m[3]), Number(m[4]));
        if (!tile || !tile.features.length) return void res.writeHead(204).end();
        return void res.writeHead(200, { 'content-type': 'application/vnd.mapbox-vector-tile' }).end(fromGeojsonVt({ d: tile }, { version: 2, extent: 4096 }));
      }
      res.writeHead(404).end();
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--enable-unsafe-swiftshader'],
  });
  const fmt = (v: number, w = 7) => v.toFixed(0).padStart(w);
  console.log(`Chromium (software WebGL, --disable-gpu), ${WIDTH} x ${HEIGHT}; median of ${RUNS} runs per row; times in ms`);
  console.log('data                 vertices     MB  mode      to idle  long tasks  longest  frame p95  frames >50');
  try {
    for (const set of SETS) {
      const key = keyOf(set);
      const vertices = set.features * (set.vertices === 1 ? 1 : set.vertices + 1);
      for (const mode of ['empty', 'geojson', 'tiles'] as const) {
        const runs: Array<Record<string, number>> = [];
        for (let i = 0; i < RUNS; i++) {
          const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
          await page.goto(origin);
          await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
          runs.push(
            await page.evaluate(
              (a) => (window as unknown as { measure: (x: unknown) => Promise<Record<string, number>> }).measure(a),
              { mode, key, points: set.vertices === 1 },
            ),
          );
          await page.close();
        }
        const med = (f: string) => runs.map((r) => r[f]).sort((a, b) => a - b)[Math.floor(RUNS / 2)];
        console.log(
          `${key.padEnd(20)} ${String(vertices).padStart(9)} ${(bodies.get(key)!.length / 1e6).toFixed(1).padStart(6)}  ${mode.padEnd(8)} ${fmt(med('loadMs'))}  ${fmt(med('blockedMs'), 10)}  ${fmt(med('longestTask'))}  ${fmt(med('frameP95'), 9)}  ${fmt(med('slowFrames'), 10)}`,
        );
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
}

runIfMain(import.meta.filename, run);
