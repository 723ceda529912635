// MCP tool `fetch_data`: a dataset's GeoJSON for a bbox or a municipality, shaped and paged to a size budget.
import { fetchDataOperation } from '@/lib/data/operation';
import { defineTool, READ_ONLY_OPEN } from '../tool';

export const fetchDataTool = defineTool({
  name: 'fetch_data',
  title: 'Dáta datasetu (GeoJSON)',
  description:
    'A dataset’s objects as GeoJSON for `bbox` or `municipality` (else all), shaped by `properties`, `geometry` and `precision`, or only counted (`resultType: "hits"`). Stays within `maxCharacters` (default 20,000), cut at a whole object; `page` says the total, what cut it, the exact `next` call and links to the whole data.',
  annotations: READ_ONLY_OPEN,
  operation: fetchDataOperation,
  context: ({ baseUrl }) => ({ baseUrl }),
  headline: (c, input) =>
    `${input.dataset} — ${input.municipality ?? (input.bbox ? `bbox ${input.bbox.join(',')}` : 'celé územie')}: ${input.resultType === 'hits' ? `${c.page.total} objektov` : `${c.page.returned} z ${c.page.total} objektov (od ${c.page.offset + 1})`}`,
});
