// Evaluates a paint colour expression the way MapLibre does (its own style-spec evaluator), so the
// map's colours are tested as the map draws them, without a browser.
import { createPropertyExpression, latest } from '@maplibre/maplibre-gl-style-spec';

/** The colour `expr` gives an object with `properties`, as `#rrggbb`. */
export function evalColor(expr: unknown, properties: Record<string, unknown>): string {
  const r = createPropertyExpression(expr, 'circle-color', latest.paint_circle['circle-color'] as never);
  if (r.result !== 'success') throw new Error(JSON.stringify(r.value));
  const c = r.value.evaluate({ zoom: 10 }, { type: 'Point', properties } as never) as unknown as { r: number; g: number; b: number };
  const h = (n: number) => Math.round(n * 255).toString(16).padStart(2, '0');
  return `#${h(c.r)}${h(c.g)}${h(c.b)}`;
}
