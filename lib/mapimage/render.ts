// map_image: a PNG of a point or an area drawn on the server from the portal's own data. The offline
// basemap is the reference boundaries (regions, districts, municipalities, with municipality names);
// over it the chosen datasets: vector objects through the data proxy (the same cache as /api/data),
// raster tiles fetched from their source through the guarded client when they answer. Whatever could
// not be drawn is named with the reason. The SVG (Web Mercator, ./projection.ts) is rasterised by
// resvg with the Noto Sans font the site uses, so the text (legend, attribution) needs no system font.
// Raw SQL (postgres.js): PostGIS clipping, simplification and GeoJSON of the boundaries in view.
import path from 'node:path';
import { bbox as turfBbox } from '@turf/bbox';
import { Resvg } from '@resvg/resvg-js';
import type { Feature, Geometry, Position } from 'geojson';
import { basemapAttribution } from '@/lib/basemap/attribution';
import { loadDatasetCollection } from '@/lib/data';
import { getSql } from '@/lib/db';
import { isApiError } from '@/lib/errors';
import { findServedDataset, type ServedDataset } from '@/lib/providers';
import { isFetchError, safeFetch } from '@/lib/sources';
import { degreesPerPixel, pixelOf, tilesOf, viewAround, viewBbox, viewCenter, viewOfBbox, type View } from './projection';
import { DEFAULT_POINT_ZOOM, type MapImageInput, type MapImageLayer, type MapImageResult } from './schema';

/** Objects drawn per dataset at most (a denser layer says so). */
const MAX_OBJECTS = 4000;
const TILE_TIMEOUT_MS = 8000;
const FONT = path.join(process.cwd(), 'node_modules', '@expo-google-fonts', 'noto-sans', '400Regular', 'NotoSans_400Regular.ttf');
/** The marker of the asked point (the tests look for this colour at the point's pixel). */
const MARKER_COLOR = '#e3001b';
const PALETTE = ['#1f78b4', '#33a02c', '#ff7f00', '#6a3d9a', '#b15928', '#a6cee3'];

/** The drawn map: the answer's members (all but the basemap's name, which the operation adds) and the image itself. */
type MapImage = Omit<MapImageResult, 'basemap'> & { png: Buffer; svg: string };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r1 = (v: number) => Math.round(v * 10) / 10;

function ringPath(view: View, ring: Position[]): string {
  let d = '';
  for (let i = 0; i < ring.length; i++) {
    const [x, y] = pixelOf(view, ring[i][0], ring[i][1]);
    d += `${i ? 'L' : 'M'}${r1(x)} ${r1(y)}`;
  }
  return d;
}

/** SVG elements of one geometry in a style. */
function geometrySvg(view: View, g: Geometry, style: { fill: string; stroke: string; width: number; fillOpacity: number; radius: number }): string {
  const area = (rings: Position[][]) => rings.map((r) => `${ringPath(view, r)}Z`).join('');
  const point = (p: Position) => {
    const [x, y] = pixelOf(view, p[0], p[1]);
    return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${style.radius}" fill="${style.fill}" stroke="#ffffff" stroke-width="1"/>`;
  };
  switch (g.type) {
    case 'Point':
      return point(g.coordinates);
    case 'MultiPoint':
      return g.coordinates.map(point).join('');
    case 'LineString':
      return `<path d="${ringPath(view, g.coordinates)}" fill="none" stroke="${style.stroke}" stroke-width="${style.width}"/>`;
    case 'MultiLineString':
      return `<path d="${g.coordinates.map((l) => ringPath(view, l)).join('')}" fill="none" stroke="${style.stroke}" stroke-width="${style.width}"/>`;
    case 'Polygon':
      return `<path d="${area(g.coordinates)}" fill="${style.fill}" fill-opacity="${style.fillOpacity}" fill-rule="evenodd" stroke="${style.stroke}" stroke-width="${style.width}"/>`;
    case 'MultiPolygon':
      return `<path d="${g.coordinates.map(area).join('')}" fill="${style.fill}" fill-opacity="${style.fillOpacity}" fill-rule="evenodd" stroke="${style.stroke}" stroke-width="${style.width}"/>`;
    case 'GeometryCollection':
      return g.geometries.map((x) => geometrySvg(view, x, style)).join('');
  }
}

/** The reference boundaries in view, clipped and simplified to about half a pixel, and the largest municipalities' names. */
async function basemapSvg(view: View, municipalityZoom = 8): Promise<string> {
  const [w, s, e, n] = viewBbox(view);
  const tol = degreesPerPixel(view) / 2;
  const m = (e - w) * 0.05;
  const sql = await getSql();
  const rows = await sql<{ kind: string; g: string | null }[]>`
    with v as (select ST_MakeEnvelope(${w}, ${s}, ${e}, ${n}, 4326) as b, ST_MakeEnvelope(${w - m}, ${s - m}, ${e + m}, ${n + m}, 4326) as c)
    select kind, ST_AsGeoJSON(ST_SimplifyPreserveTopology(ST_ClipByBox2D(geom, v.c), ${tol}), 6) as g from (
      select 'municipality' as kind, geom from municipalities where kind = 'municipality' and geom is not null and ${view.zoom >= municipalityZoom}
      union all select 'district', geom from districts
      union all select 'region', geom from regions
    ) x, v where x.geom && v.b`;
  const labels =
    view.zoom >= 9
      ? await sql<{ name: string; lon: number; lat: number }[]>`
          select name, ST_X(label_point) as lon, ST_Y(label_point) as lat from municipalities
          where kind = 'municipality' and label_point && ST_MakeEnvelope(${w}, ${s}, ${e}, ${n}, 4326)
          order by population desc nulls last limit 25`
      : [];
  const style = {
    land: { fill: '#fbf9f3', stroke: 'none', width: 0, fillOpacity: 1, radius: 0 },
    municipality: { fill: '#fbf9f3', stroke: '#b3ad9f', width: 0.7, fillOpacity: 1, radius: 0 },
    district: { fill: 'none', stroke: '#8b8476', width: 1.4, fillOpacity: 0, radius: 0 },
    region: { fill: 'none', stroke: '#5f5a50', width: 2.2, fillOpacity: 0, radius: 0 },
  } as const;
  const draw = (kind: 'municipality' | 'district' | 'region', as: keyof typeof style = kind) =>
    rows.filter((r) => r.kind === kind && r.g).map((r) => geometrySvg(view, JSON.parse(r.g!) as Geometry, style[as]));
  // Land first (the regions' area, or the municipalities with their lines), then district and region lines.
  const parts = [...(view.zoom >= municipalityZoom ? draw('municipality') : draw('region', 'land')), ...draw('district'), ...draw('region')];
  const text = labels.map((l) => {
    const [x, y] = pixelOf(view, l.lon, l.lat);
    return `<text x="${r1(x)}" y="${r1(y)}" font-size="12" text-anchor="middle" fill="#3d3a35" stroke="#ffffff" stroke-width="3" paint-order="stroke">${esc(l.name)}</text>`;
  });
  return parts.join('') + text.join('');
}

function colorOf(served: ServedDataset, i: number): string {
  const c = (served.dataset.presentation as { color?: unknown } | undefined)?.color;
  return typeof c === 'string' && /^#[0-9a-f]{6}$/i.test(c) ? c : PALETTE[i % PALETTE.length];
}

function intersects(a: number[], b: [number, number, number, number]): boolean {
  return a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
}

async function vectorLayer(view: View, served: ServedDataset, color: string): Promise<{ svg: string; layer: Partial<MapImageLayer> }> {
  const bbox = viewBbox(view);
  const source = served.dataset.source;
  const bboxMode = source.type === 'geojson' && source.mode === 'bbox';
  const minZoom = served.dataset.coverage?.minZoom ?? 0;
  const zoom = Math.max(Math.round(view.zoom), minZoom);
  const { collection } = await loadDatasetCollection(served, { bbox: bboxMode ? bbox : undefined, zoom: bboxMode ? zoom : undefined, params: {} });
  const inView = collection.features.filter((f) => f.geometry && intersects(turfBbox(f as Feature<Geometry>), bbox));
  const drawn = inView.slice(0, MAX_OBJECTS);
  const style = { fill: color, stroke: color, width: 1.6, fillOpacity: 0.35, radius: 5 };
  const svg = drawn.map((f) => geometrySvg(view, f.geometry as Geometry, style)).join('');
  return {
    svg,
    layer: {
      count: drawn.length,
      ...(inView.length > drawn.length ? { reason: `${inView.length} objects in view; the first ${MAX_OBJECTS} drawn` } : {}),
      ...(!inView.length ? { reason: collection.dm?.notice ?? 'no object of the dataset lies in view' } : {}),
    },
  };
}

async function rasterLayer(view: View, served: ServedDataset): Promise<{ svg: string; layer: Partial<MapImageLayer> }> {
  const source = served.dataset.source;
  if (source.type !== 'raster') return { svg: '', layer: {} };
  const template = source.tiles[0];
  const tiles = tilesOf(view);
  const failures: string[] = [];
  const images = await Promise.all(
    tiles.map(async (t) => {
      const url = template
        .replace('{z}', String(t.z))
        .replace('{x}', String(t.x))
        .replace('{y}', String(t.y))
        .replace('{bbox-epsg-3857}', t.bbox3857.join(','));
      try {
        const r = await safeFetch(url, { timeoutMs: TILE_TIMEOUT_MS, maxBytes: 4 * 1024 * 1024 });
        const type = (r.headers['content-type'] ?? '').split(';')[0].trim();
        if (r.status !== 200 || !/^image\/(png|jpeg|webp)$/.test(type)) {
          failures.push(`HTTP ${r.status} ${type || 'without a type'}`);
          return '';
        }
        return `<image x="${r1(t.left)}" y="${r1(t.top)}" width="${r1(t.size)}" height="${r1(t.size)}" preserveAspectRatio="none" opacity="0.8" href="data:${type};base64,${r.body.toString('base64')}"/>`;
      } catch (err) {
        failures.push(isFetchError(err) ? err.code : 'source_error');
        return '';
      }
    }),
  );
  const drawn = images.filter(Boolean).length;
  return {
    svg: images.join(''),
    layer: {
      count: drawn,
      ...(drawn === 0 ? { drawn: false, code: failures[0], reason: `the tile source did not answer (${[...new Set(failures)].join(', ')})` } : {}),
      ...(drawn > 0 && failures.length ? { reason: `${failures.length} of ${tiles.length} tiles did not answer` } : {}),
    },
  };
}

/** Attribution lines that fit the width (about 5.6 px per character at 10 px), at most four. */
function wrap(text: string, width: number): string[] {
  const perLine = Math.max(20, Math.floor((width - 12) / 5.6));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > perLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.length > 4 ? [...lines.slice(0, 3), `${lines[3].slice(0, perLine - 1)}…`] : lines;
}

/** How a view's picture differs from map_image's: a given centre, and no legend or attribution band (the map page shows its own). */
export interface RenderOptions {
  center?: [number, number];
  bare?: boolean;
}

/** Draws the map; never throws for a dataset (its layer says what went wrong). */
export async function renderMapImage(req: MapImageInput, options: RenderOptions = {}): Promise<MapImage> {
  const { width, height } = req;
  const view = options.center
    ? viewAround(options.center, req.zoom ?? DEFAULT_POINT_ZOOM, width, height)
    : req.bbox
      ? viewOfBbox(req.bbox, width, height)
      : viewAround(req.point!, req.zoom ?? DEFAULT_POINT_ZOOM, width, height);
  const layers: MapImageLayer[] = [];
  /** The colour each layer is drawn in, for the legend. */
  const colors: string[] = [];
  const overlays: string[] = [];
  const credits: string[] = [];
  let i = 0;
  for (const key of req.datasets ?? []) {
    const [provider, id] = key.split('/');
    const served = await findServedDataset(provider, id);
    if (!served) {
      layers.push({ dataset: key, title: key, kind: 'vector', drawn: false, code: 'unknown_dataset', reason: 'unknown dataset (catalog names the keys)' });
      colors.push('#cccccc');
      continue;
    }
    const kind = served.dataset.source.type === 'raster' ? 'raster' : 'vector';
    const color = kind === 'raster' ? '#999999' : colorOf(served, i++);
    try {
      const { svg, layer } = kind === 'raster' ? await rasterLayer(view, served) : await vectorLayer(view, served, color);
      overlays.push(svg);
      layers.push({ dataset: key, title: served.dataset.title, kind, drawn: true, ...layer });
      colors.push(layer.drawn === false ? '#cccccc' : color);
      if (layer.drawn !== false) credits.push(served.attribution);
    } catch (err) {
      layers.push({
        dataset: key, title: served.dataset.title, kind, drawn: false,
        code: isApiError(err) ? err.code : 'source_error',
        reason: isApiError(err) ? err.message : 'the source failed',
      });
      colors.push('#cccccc');
    }
  }
  const attribution = ['Geodáta Slovenska', basemapAttribution(), ...new Set(credits)].join(' · ');
  const marker = req.point
    ? (() => {
        const [x, y] = pixelOf(view, req.point[0], req.point[1]);
        return `<circle cx="${r1(x)}" cy="${r1(y)}" r="8" fill="${MARKER_COLOR}" stroke="#ffffff" stroke-width="2.5"/>`;
      })()
    : '';
  const legendRows = layers.map((l, k) => {
    const color = colors[k];
    const label = `${l.title}${l.drawn ? '' : ' (nenakreslené)'}`;
    return `<rect x="10" y="${14 + k * 18}" width="12" height="12" fill="${color}" stroke="#555555" stroke-width="0.5"/><text x="28" y="${24 + k * 18}" font-size="12" fill="#222222">${esc(label)}</text>`;
  });
  const legend = layers.length && !options.bare
    ? `<rect x="4" y="6" width="${Math.min(width - 8, 40 + Math.max(...layers.map((l) => l.title.length + 15)) * 6.5)}" height="${layers.length * 18 + 8}" fill="#ffffff" fill-opacity="0.85"/>${legendRows.join('')}`
    : '';
  const lines = wrap(`© ${attribution}`, width);
  const bandHeight = lines.length * 13 + 6;
  const band = options.bare ? '' : `<rect x="0" y="${height - bandHeight}" width="${width}" height="${bandHeight}" fill="#ffffff" fill-opacity="0.9"/>${lines
    .map((l, k) => `<text x="6" y="${height - bandHeight + 14 + k * 13}" font-size="10" fill="#222222">${esc(l)}</text>`)
    .join('')}`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Noto Sans">` +
    `<rect width="${width}" height="${height}" fill="#e6ecef"/>` +
    // A view's picture is a first glance, kept small: municipality lines from one zoom closer.
    (await basemapSvg(view, options.bare ? 9 : 8)) +
    overlays.join('') +
    marker +
    legend +
    band +
    '</svg>';
  const png = Buffer.from(
    new Resvg(svg, { font: { fontFiles: [FONT], loadSystemFonts: false, defaultFontFamily: 'Noto Sans' }, fitTo: { mode: 'original' } }).render().asPng(),
  );
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  const b = viewBbox(view);
  const c = viewCenter(view);
  return {
    png, svg, width, height,
    zoom: Math.round(view.zoom * 100) / 100,
    center: [round(c[0]), round(c[1])],
    bbox: [round(b[0]), round(b[1]), round(b[2]), round(b[3])],
    point: req.point ?? null,
    layers,
    attribution,
  };
}
