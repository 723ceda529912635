// The facade's arithmetic (lib/map/facade.ts): the picture's address is stable for a box size step,
// the point under the box's centre is the view's centre, a pixel maps by Web Mercator at MapLibre's
// 512-px zoom, and the wide home page's fit puts all of Slovakia inside the padding.
import { describe, expect, test } from 'vitest';
import { facadeImage, facadePoint, fittedView, homeFitPadding } from '@/lib/map/facade';
import { SLOVAKIA_BBOX } from '@/lib/protocol/shared/geo';

const VIEW = { zoom: 7, lat: 48.7, lon: 19.5 };

/** Web Mercator world pixel at MapLibre's zoom, written independently. */
function mercator(lon: number, lat: number, zoom: number): [number, number] {
  const n = 512 * 2 ** zoom;
  const φ = (lat * Math.PI) / 180;
  return [((lon + 180) / 360) * n, ((1 - Math.log(Math.tan(φ) + 1 / Math.cos(φ)) / Math.PI) / 2) * n];
}

describe('facade', () => {
  test('boxes of one size step share one picture; the size covers the box', () => {
    const a = facadeImage(VIEW, { width: 390, height: 844 }, ['sk-uzemie/obce']);
    const b = facadeImage(VIEW, { width: 412, height: 823 }, ['sk-uzemie/obce']);
    expect(a.url).toBe(b.url);
    expect(a.width).toBeGreaterThanOrEqual(412);
    expect(a.height).toBeGreaterThanOrEqual(844);
    expect(a.url).toBe('/api/map-image?center=19.5,48.7&zoom=7&width=512&height=896&datasets=sk-uzemie/obce');
  });

  test('the box centre is the view centre; a pixel east and south is the Mercator point there', () => {
    const box = { width: 400, height: 800 };
    expect(facadePoint(VIEW, box, 200, 400)).toEqual({ lon: 19.5, lat: 48.7 });
    const p = facadePoint(VIEW, box, 300, 500);
    const [cx, cy] = mercator(VIEW.lon, VIEW.lat, VIEW.zoom);
    const [x, y] = mercator(p.lon, p.lat, VIEW.zoom);
    expect(x - cx).toBeCloseTo(100, 1);
    expect(y - cy).toBeCloseTo(100, 1);
  });

  test('the home fit puts Slovakia inside the padding of the box', () => {
    const box = { width: 1366, height: 768 };
    const pad = homeFitPadding(true);
    const v = fittedView(SLOVAKIA_BBOX, box, pad);
    const [cx, cy] = mercator(v.lon, v.lat, v.zoom);
    const [wx, ny] = mercator(SLOVAKIA_BBOX[0], SLOVAKIA_BBOX[3], v.zoom);
    const [ex, sy] = mercator(SLOVAKIA_BBOX[2], SLOVAKIA_BBOX[1], v.zoom);
    const left = wx - cx + box.width / 2;
    const right = ex - cx + box.width / 2;
    const top = ny - cy + box.height / 2;
    const bottom = sy - cy + box.height / 2;
    expect(left).toBeGreaterThanOrEqual(pad.left - 0.5);
    expect(right).toBeLessThanOrEqual(box.width - pad.right + 0.5);
    expect(top).toBeGreaterThanOrEqual(pad.top - 0.5);
    expect(bottom).toBeLessThanOrEqual(box.height - pad.bottom + 0.5);
    // One side touches its padding (the largest zoom that fits).
    expect(Math.min(Math.abs(left - pad.left), Math.abs(top - pad.top))).toBeLessThan(0.5);
  });
});
