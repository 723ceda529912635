// GDAL (Debian gdal-bin) as the OGC client of the tests: ogrinfo / ogr2ogr against the app's routes
// served over real HTTP (tests/helpers/app-server.ts). GDAL reaches the portal's links on its
// configured PUBLIC_BASE_URL through the test server acting as its HTTP proxy.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import type { AppServer } from '../helpers/app-server';

const run = promisify(execFile);

export async function gdal(app: AppServer, tool: 'ogrinfo' | 'ogr2ogr', args: string[]): Promise<string> {
  const env = { ...process.env, GDAL_HTTP_PROXY: app.proxy, NO_PROXY: '', no_proxy: '', http_proxy: '', GDAL_HTTP_TIMEOUT: '120', CPL_DEBUG: 'OFF' };
  try {
    const { stdout } = await run(tool, args, { env, maxBuffer: 1 << 28 });
    return stdout;
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`${tool} ${args.join(' ')} failed: ${err.stderr ?? err.message}`);
  }
}

interface GeoJsonOut {
  features: Array<{ properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown } | null }>;
}

/** A GDAL-readable dataset as GeoJSON (read back by GDAL itself), optionally reprojected to WGS84. */
export async function readWithGdal(app: AppServer, source: string, extra: string[] = []): Promise<GeoJsonOut> {
  return JSON.parse(await gdal(app, 'ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', source, ...extra])) as GeoJsonOut;
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

function canonical(v: unknown): unknown {
  if (typeof v === 'number') return round(v);
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
  return v;
}

/**
 * A checksum of features over the given properties and the geometry (coordinates to 1e-6°), in an
 * order-independent way: the sorted lines' SHA-256.
 */
export function checksum(features: Array<{ properties: Record<string, unknown> | null; geometry: { coordinates: unknown } | null }>, keys: string[]): string {
  const lines = features.map((f) => JSON.stringify([...keys.map((k) => canonical(f.properties?.[k] ?? null)), canonical(f.geometry?.coordinates ?? null)])).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}
