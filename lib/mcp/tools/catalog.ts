// MCP tool `catalog`: approved datasets ordered by match; `pointQuery` marks those that answer near a point.
import { catalogSearchOperation } from '@/lib/catalog/operation';
import { defineTool, READ_ONLY } from '../tool';

export const catalogTool = defineTool({
  name: 'catalog',
  title: 'Katalóg datasetov',
  description:
    'Lists the approved datasets of the portal as catalog entries (key `provider/dataset`, title, category, keywords, use cases, fields, parameters, licence, attribution, links). With `search` only matching datasets are returned, best match first. With `point` each dataset carries `pointQuery`: true when the `nearby` tool can answer for it at that point. Use the keys with nearby, summary and fetch_data.',
  annotations: READ_ONLY,
  operation: catalogSearchOperation,
  headline: (r) => `${r.count} datasetov${r.search ? ` pre „${r.search}“` : ''}`,
});
