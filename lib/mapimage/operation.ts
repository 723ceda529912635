// The MCP tool `map_image`: a declared operation (lib/operation) without a REST binding; its answer
// is the PNG (an MCP image block) plus what was drawn (structuredContent).
import { defineOperation } from '@/lib/operation/define';
import { renderMapImage } from './render';
import { mapImageInput, mapImageResult } from './schema';

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
