// GET /api/basemap/maplibre-gl-worker.mjs: MapLibre's web worker, served from the installed
// package. MapLibre (v6, ESM) finds its worker next to its own module through import.meta.url,
// which a bundled page cannot provide, so the map names this URL explicitly (workerUrl).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { preflight, route } from '@/lib/http';

let worker: Promise<{ body: Buffer; etag: string }> | null = null;

function load() {
  worker ??= readFile(path.join(process.cwd(), 'node_modules', 'maplibre-gl', 'dist', 'maplibre-gl-worker.mjs')).then((body) => ({
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  }));
  return worker;
}

export const GET = route(async (req) => {
  const { body, etag } = await load();
  const headers = { ETag: etag, 'Cache-Control': 'public, max-age=86400', 'Content-Type': 'text/javascript; charset=utf-8' };
  if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(body), { headers });
});

export const OPTIONS = preflight;
