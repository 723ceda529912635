// MCP tool `map_image`: a PNG of a point or an area with chosen datasets (an MCP image block), what was
// drawn as structuredContent, and the portal's interactive map link.
import { z } from 'zod';
import { mapImageOperation } from '@/lib/mapimage/operation';
import { mapImageResult } from '@/lib/mapimage/schema';
import { MAP_UI_META } from '../ui';
import { defineTool, READ_ONLY_OPEN } from '../tool';

/** The operation's answer carries the rendered PNG and SVG beside its schema's members (never structured). */
type Rendered = { png: Buffer; svg: string };
const rendered = (r: unknown) => r as Rendered;

const output = mapImageResult.extend({
  mapUrl: z.string().describe('The view on the interactive map.'),
});

export const mapImageTool = defineTool({
  name: 'map_image',
  title: 'Obrázok mapy',
  description:
    'A PNG map (MCP image) of a `point` (red dot) and/or `bbox` with datasets, drawn on the server (boundaries as basemap, vector and raster layers, attribution). `layers`: what was not drawn and why; `mapUrl`: the interactive map.',
  meta: MAP_UI_META,
  annotations: READ_ONLY_OPEN,
  operation: mapImageOperation,
  output,
  structured: (r, { baseUrl }) => {
    const { png: _png, svg: _svg, ...rest } = r as typeof r & Partial<Rendered>;
    const keys = rest.layers.map((l) => `d=${encodeURIComponent(l.dataset).replace('%2F', '/')}`).join('&');
    return { ...rest, mapUrl: `${baseUrl}/${keys ? `?${keys}` : ''}#${Math.round(rest.zoom)}/${rest.center[1]}/${rest.center[0]}` };
  },
  content: (r) => [{ type: 'image', data: rendered(r).png.toString('base64'), mimeType: 'image/png' }],
  headline: (r) => {
    const drawn = r.layers.filter((l) => l.drawn).map((l) => `${l.title}${l.count !== undefined ? ` (${l.count})` : ''}`);
    const missing = r.layers.filter((l) => !l.drawn).map((l) => `${l.title}: ${l.reason ?? l.code}`);
    return [
      `Mapa ${r.width}×${r.height} px, zoom ${r.zoom}, ${r.point ? `bod ${r.point[1]}, ${r.point[0]} (červená bodka)` : `výrez ${r.bbox.join(', ')}`}; podklad: ${r.basemap}.`,
      drawn.length ? `Nakreslené: ${drawn.join('; ')}.` : '',
      missing.length ? `NENAKRESLENÉ: ${missing.join('; ')}.` : '',
    ]
      .filter(Boolean)
      .join(' ');
  },
});
