// MCP tool `fetch_data`: a dataset's GeoJSON for a bbox or a municipality, cut to maxFeatures.
import { fetchDataOperation } from '@/lib/data/operation';
import { defineTool, READ_ONLY_OPEN } from '../tool';

export const fetchDataTool = defineTool({
  name: 'fetch_data',
  title: 'Dáta datasetu (GeoJSON)',
  description:
    "Returns a dataset's objects as a GeoJSON FeatureCollection (properties include the provider's dm extras as __dm_title, __dm_description, __dm_url, __dm_chart), for an area given as `bbox` or `municipality` (name, code or slug as in summary), cut to `maxFeatures`; dm.total tells how many matched and dm.truncated whether some were left out. Datasets loaded per viewport need an area. Raster datasets answer raster_dataset; display-only datasets answer display_only with `source`, the original service to use instead.",
  annotations: READ_ONLY_OPEN,
  operation: fetchDataOperation,
  headline: (c, input) =>
    `${input.dataset} — ${input.municipality ?? (input.bbox ? `bbox ${input.bbox.join(',')}` : 'celé územie')}: ${c.features.length} z ${(c.dm as { total?: number } | undefined)?.total ?? c.features.length} objektov`,
});
