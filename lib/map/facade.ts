// The map's facade (components/map/map-facade.tsx): the picture of the view a map page starts with,
// drawn by the server (GET /api/map-image), shown until the person first touches the map, when
// MapLibre starts at the same view. Pure and browser-safe: the picture's address for a view and a box,
// the view a wide home page fits Slovakia into, and the point under a pixel of the picture.
import { SLOVAKIA_BBOX } from '@/lib/protocol/shared/geo';
import { PHONE_LAYOUT_QUERY } from './citizen';
import { lonLatOf as mercatorLonLat, worldPixel as mercatorPixel } from './mercator';
import type { Bbox } from './data-request';
import type { MapView } from './types';

/**
 * Box sizes are rounded up to this step, so a page asks the same few pictures again and again (the
 * server keeps them). The picture is centred in the box and larger by less than a step.
 */
const SIZE_STEP = 128;
const MAX_SIZE = 2048;

export interface FacadeBox {
  width: number;
  height: number;
}

/** What a map's picture shows: the view, the picture's size and the datasets drawn. */
export interface FacadeImage {
  view: MapView;
  width: number;
  height: number;
  datasets: string[];
  url: string;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

// MapLibre's zoom counts 512-px tiles.
const worldPixel = (lon: number, lat: number, zoom: number) => mercatorPixel(lon, lat, zoom, 512);
const lonLatOf = (x: number, y: number, zoom: number) => mercatorLonLat(x, y, zoom, 512);

/** A box size rounded up to the step (at least 256, at most MAX_SIZE). */
function bucket(v: number): number {
  return Math.min(MAX_SIZE, Math.max(256, Math.ceil(v / SIZE_STEP) * SIZE_STEP));
}

/** The picture of a view in a box: centre and zoom rounded as the map's link writes them. */
export function facadeImage(view: MapView, box: FacadeBox, datasets: string[]): FacadeImage {
  const v = { zoom: round(Math.max(4, Math.min(17, view.zoom)), 2), lat: round(view.lat, 4), lon: round(view.lon, 4) };
  const width = bucket(box.width);
  const height = bucket(box.height);
  const query = new URLSearchParams({ center: `${v.lon},${v.lat}`, zoom: String(v.zoom), width: String(width), height: String(height) });
  if (datasets.length) query.set('datasets', datasets.join(','));
  return { view: v, width, height, datasets, url: `/api/map-image?${query.toString().replace(/%2C/g, ',').replace(/%2F/g, '/')}` };
}

/**
 * The view MapLibre's fitBounds gives a box: the bbox as large as fits inside the padding, its centre
 * in the middle of the padded area (the wide home page: Slovakia beside the open catalog).
 */
export function fittedView(bbox: Bbox, box: FacadeBox, padding: { top: number; right: number; bottom: number; left: number }): MapView {
  const [ax, ay] = worldPixel(bbox[0], bbox[3], 0);
  const [bx, by] = worldPixel(bbox[2], bbox[1], 0);
  const w = Math.max(1, box.width - padding.left - padding.right);
  const h = Math.max(1, box.height - padding.top - padding.bottom);
  const zoom = Math.log2(Math.min(w / (bx - ax), h / (by - ay)));
  const scale = 2 ** zoom;
  const cx = ((ax + bx) / 2) * scale - (padding.left - padding.right) / 2;
  const cy = ((ay + by) / 2) * scale - (padding.top - padding.bottom) / 2;
  const [lon, lat] = lonLatOf(cx, cy, zoom);
  return { zoom, lat, lon };
}

/** Room the first screen's name, sentence and search take above the map on a wide screen (px). */
const INTRO_HEIGHT = 190;
/** The open catalog panel's width plus its margins (map.css: `.catalog-panel { width: 340px; left: 10px }`). */
const PANEL_SPACE = 360;

/** The padding the wide home page fits Slovakia into: below the intro, beside the catalog when open. */
export function homeFitPadding(panelOpen: boolean): { top: number; right: number; bottom: number; left: number } {
  return { top: INTRO_HEIGHT, right: 60, bottom: 50, left: panelOpen ? PANEL_SPACE + 20 : 40 };
}

/** The home page's wide first screen: all of Slovakia beside the open catalog, below the intro. */
export function homeFitView(box: FacadeBox, panelOpen: boolean): MapView {
  return fittedView(SLOVAKIA_BBOX, box, homeFitPadding(panelOpen));
}

/**
 * The pictures the server names before any script has measured the box: one for a phone and one
 * for a wide screen (a `<picture>`), each at the box size most such screens give this page. The
 * browser picks one at once; the map app asks again only where the measured box needs another size.
 */
export function guessedFacades(page: { view: MapView; intro: boolean; embedded: boolean; panelOpen: boolean; datasets: string[] }): Array<{ image: FacadeImage; media?: string }> {
  // A phone's page puts its embedded map between the page's margins (map.css).
  const phone = { width: page.embedded ? 370 : 412, height: page.embedded ? 576 : 823 };
  const wide = { width: page.embedded ? 1100 : 1366, height: page.embedded ? 640 : 768 };
  return [
    { image: facadeImage(page.view, phone, page.datasets), media: PHONE_LAYOUT_QUERY },
    { image: facadeImage(page.intro ? homeFitView(wide, page.panelOpen) : page.view, wide, page.datasets) },
  ];
}

/** The point under a pixel of the box (from its top-left corner), the picture's view centred in it. */
export function facadePoint(view: MapView, box: FacadeBox, x: number, y: number): { lon: number; lat: number } {
  const [cx, cy] = worldPixel(view.lon, view.lat, view.zoom);
  const [lon, lat] = lonLatOf(cx + x - box.width / 2, cy + y - box.height / 2, view.zoom);
  return { lon: round(lon, 6), lat: round(lat, 6) };
}
