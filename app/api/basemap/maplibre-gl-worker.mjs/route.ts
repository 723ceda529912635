// GET /api/basemap/maplibre-gl-worker.mjs: MapLibre's web worker, served from the installed
// package. MapLibre (v6, ESM) finds its worker next to its own module through import.meta.url,
// which a bundled page cannot provide, so the map names this URL explicitly (workerUrl).
import { packageFileRoute } from '../package-file';
import { preflight } from '@/lib/http';

export const GET = packageFileRoute('maplibre-gl/dist/maplibre-gl-worker.mjs', 'text/javascript; charset=utf-8');

export const OPTIONS = preflight;
