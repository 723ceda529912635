// The map's own picture of a view (GET /api/map-image): what the map page shows before MapLibre starts
// (components/map/map-facade.tsx). Drawn by the same renderer as map_image, bare (the page has its own
// legend and attribution), as a palette PNG (the basemap's few flat colours compress to a fraction).
// The page asks the same few views again and again (its default view at a quantised box size), so the
// answers are kept: in memory, and on disk beside the embedded database so they survive a restart. A
// picture is keyed by the view and by the registry snapshot (a refreshed manifest draws anew); a
// picture in which a dataset could not be drawn is never kept, and the route refuses it as a whole
// (the page then starts the live map, which names the failure where the person looks).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { entityTag } from '@/lib/entity-tag';
import { env } from '@/lib/env';
import { guessedFacades } from '@/lib/map/facade';
import { SLOVAKIA_VIEW } from '@/lib/map/url-state';
import { ApiError } from '@/lib/errors';
import { logger } from '@/lib/observability/log';
import { processWide } from '@/lib/process-state';
import { registrySnapshot } from '@/lib/providers/served';
import { renderMapImage } from './render';
import { MAX_IMAGE_ZOOM, MIN_IMAGE_ZOOM } from './projection';
import type { MapImageLayer, MapViewInput } from './schema';

/**
 * How long a picture is kept: the data cache refreshes the datasets' data in minutes, and the
 * picture is the first glance only (the live map draws the current data once it starts). The
 * basemap alone (no datasets) changes only with the reference data: kept on disk without an age.
 */
const DATA_MAX_AGE_MS = 10 * 60_000;

/** Raised when the drawing changes, so pictures kept on disk by an earlier version are not served. */
const PICTURE_VERSION = 1;

export interface ViewImage {
  png: Buffer;
  /** Strong tag of the PNG. */
  etag: string;
}

interface ViewCache {
  entries: LRUCache<string, ViewImage>;
  pending: Map<string, Promise<ViewImage>>;
  /** The registry snapshot the kept pictures were drawn with (a new one empties the memory). */
  registry: object | null;
}

function viewCache(): ViewCache {
  return processWide<ViewCache>('mapViewImages', () => ({
    entries: new LRUCache<string, ViewImage>({ maxSize: 48 * 1024 * 1024, sizeCalculation: (e) => e.png.length + 200, ttl: DATA_MAX_AGE_MS }),
    pending: new Map(),
    registry: null,
  }));
}

/** Where pictures are kept across restarts: beside the embedded database's folder. */
function diskDir(): string {
  return path.join(path.dirname(env().pgliteDir), 'map-images');
}

function keyOf(input: MapViewInput): { memory: string; disk: string } {
  const view = JSON.stringify([PICTURE_VERSION, input.center, input.zoom, input.width, input.height, input.datasets]);
  return { memory: view, disk: createHash('sha1').update(view).digest('hex') };
}

async function draw(input: MapViewInput): Promise<{ image: ViewImage; failed: MapImageLayer[] }> {
  // MapLibre's zoom counts 512-px tiles, the renderer's 256-px ones.
  const zoom = Math.max(MIN_IMAGE_ZOOM, Math.min(MAX_IMAGE_ZOOM, input.zoom + 1));
  const image = await renderMapImage({ datasets: input.datasets, width: input.width, height: input.height, zoom }, { center: input.center, bare: true });
  const png = await sharp(image.png).png({ palette: true, colors: 16, dither: 0, compressionLevel: 9, effort: 7 }).toBuffer();
  return { image: { png, etag: entityTag(png) }, failed: image.layers.filter((l) => !l.drawn) };
}

/** The PNG of a view; `source_error` (502) naming the datasets that could not be drawn. */
export async function viewImage(input: MapViewInput): Promise<ViewImage> {
  const cache = viewCache();
  const registry = await registrySnapshot();
  if (cache.registry !== registry) {
    cache.entries.clear();
    cache.registry = registry;
  }
  const key = keyOf(input);
  const kept = cache.entries.get(key.memory);
  if (kept) return kept;
  const waiting = cache.pending.get(key.memory);
  if (waiting) return waiting;
  const job = (async () => {
    const file = path.join(diskDir(), `${key.disk}.png`);
    const age = await stat(file).then((s) => Date.now() - s.mtimeMs, () => Infinity);
    if (!input.datasets.length ? age < Infinity : age < DATA_MAX_AGE_MS) {
      const png = await readFile(file).catch(() => null);
      if (png) return { png, etag: entityTag(png) };
    }
    const { image, failed } = await draw(input);
    const unknown = failed.filter((l) => l.code === 'unknown_dataset');
    if (unknown.length) throw new ApiError('unknown_dataset', `Unknown dataset ${unknown.map((l) => `"${l.dataset}"`).join(', ')} (GET /api/catalog names the keys).`);
    if (failed.length) {
      throw new ApiError('source_error', `Not drawn: ${failed.map((l) => `${l.dataset} (${l.code ?? 'source_error'}: ${l.reason ?? ''})`).join('; ')}.`, {
        extra: { layers: failed },
        headers: { 'Cache-Control': 'no-store' },
      });
    }
    try {
      await mkdir(diskDir(), { recursive: true });
      await writeFile(`${file}.tmp`, image.png);
      await rename(`${file}.tmp`, file);
    } catch (err) {
      logger().warn({ err }, 'a map view picture could not be kept on disk');
    }
    return image;
  })();
  cache.pending.set(key.memory, job);
  try {
    const image = await job;
    cache.entries.set(key.memory, image);
    return image;
  } finally {
    cache.pending.delete(key.memory);
  }
}

/** Draws the home page's first pictures (a phone's and a wide screen's) before anyone asks: server.ts after start. */
export async function warmViewImages(): Promise<void> {
  for (const { image } of guessedFacades({ view: SLOVAKIA_VIEW, intro: true, embedded: false, panelOpen: true, datasets: [] })) {
    try {
      await viewImage({ center: [image.view.lon, image.view.lat], zoom: image.view.zoom, width: image.width, height: image.height, datasets: [] });
    } catch (err) {
      logger().warn({ err }, 'the home page picture could not be drawn ahead');
    }
  }
}
