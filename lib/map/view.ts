// A map view (zoom/lat/lon) that shows a bounding box, for pages that open on a place.
import { MERCATOR_HALF, toMercator } from '@/lib/protocol/shared/geo';
import type { MapView } from './types';

/** Zoom that fits `bbox` into roughly 900 × 520 pixels (the embedded map), centred on it. */
export function viewForBbox(bbox: [number, number, number, number], width = 900, height = 520): MapView {
  const [w, s, e, n] = bbox;
  const lon = (w + e) / 2;
  const lat = (s + n) / 2;
  // Extents as fractions of the projected world.
  const dx = Math.max(1e-6, (e - w) / 360);
  const dy = Math.max(1e-6, (toMercator(0, n)[1] - toMercator(0, s)[1]) / (2 * MERCATOR_HALF));
  const zoom = Math.min(Math.log2(width / 512 / dx), Math.log2(height / 512 / dy)) - 0.2;
  return { zoom: Math.max(3, Math.min(16, Math.round(zoom * 100) / 100)), lat: Math.round(lat * 1e4) / 1e4, lon: Math.round(lon * 1e4) / 1e4 };
}

/**
 * Where a dataset page opens: on the dataset's coverage box, at least at its `minZoom` (below it the
 * portal loads no data); without a coverage box, the map's default view.
 */
export function coverageView(coverage: { bbox?: [number, number, number, number] | number[]; minZoom?: number } | undefined): MapView | undefined {
  const b = coverage?.bbox;
  if (!b || b.length !== 4) return undefined;
  const view = viewForBbox(b as [number, number, number, number]);
  return coverage?.minZoom !== undefined && view.zoom < coverage.minZoom ? { ...view, zoom: coverage.minZoom } : view;
}
