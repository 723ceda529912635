// The MCP tool `map_image`: a declared operation (lib/operation) without a REST binding; its answer
// is the PNG (an MCP image block) plus what was drawn (structuredContent).
import { defineOperation } from '@/lib/operation/define';
import { renderMapImage } from './render';
import { mapImageInput, mapImageResult, mapViewInput, mapViewResult } from './schema';

export const mapImageOperation = defineOperation({
  id: 'mapImage',
  summary: 'A PNG map of a point or an area with chosen datasets',
  description: 'Drawn on the server from the portal’s own data: the reference boundaries as the basemap, vector datasets through the data proxy, raster tiles when their source answers.',
  input: mapImageInput,
  output: mapImageResult,
  errors: [],
  run: async (input) => {
    const image = await renderMapImage(input);
    return { ...image, basemap: 'hranice krajov, okresov a obcí (referenčné dáta portálu), názvy obcí' };
  },
});

/**
 * GET /api/map-image: the map's own picture of a view, the first screen of a map page
 * (components/map/map-facade.tsx). Its answer is the PNG itself; the route reads the input through
 * this declaration and answers from lib/mapimage/view.ts.
 */
export const mapViewOperation = defineOperation({
  id: 'mapViewImage',
  tags: ['map'],
  summary: 'A PNG of a map view, as the map page shows it before the live map starts',
  description:
    'The view as the map states it (centre, MapLibre zoom, box size in CSS pixels) with the enabled datasets at their default parameters, drawn like `map_image` without a marker, legend or attribution band. Answers are kept (ETag, Cache-Control). A dataset that could not be drawn makes the whole answer `source_error` (502) naming it in `layers`: the picture never silently leaves a dataset out.',
  input: mapViewInput,
  output: mapViewResult,
  errors: ['unknown_dataset', 'source_error'],
  rest: { method: 'get', path: '/api/map-image', from: 'query' },
});
