// MCP tool `catalog`: approved datasets ordered by match, one line each; whole entries (with absolute links) on request.
import { z } from 'zod';
import { catalogSearchOperation } from '@/lib/catalog/operation';
import { assistantCatalogResult, catalogLine, catalogSearchEntry } from '@/lib/catalog/schema';
import { absolute, catalogAbsoluteLinks } from '../links';
import { defineTool, READ_ONLY } from '../tool';

const output = assistantCatalogResult.extend({
  datasets: z.array(z.union([catalogLine, catalogSearchEntry.extend({ absoluteLinks: catalogAbsoluteLinks })])),
});

export const catalogTool = defineTool({
  name: 'catalog',
  title: 'Katalóg datasetov',
  description:
    'The portal’s datasets, one line each: key, title, category, kind, pointQuery (whether `nearby` answers, at `point`), coverage, health. `search` filters, best first. `detail: true` or `dataset` (a key): whole entries (fields, params, licence, links, health). Keys serve nearby, summary, fetch_data, map_image.',
  annotations: READ_ONLY,
  operation: catalogSearchOperation,
  output,
  structured: (r, { baseUrl }) => ({
    ...r,
    datasets: r.datasets.map((d) =>
      'links' in d
        ? {
            ...d,
            absoluteLinks: {
              data: absolute(baseUrl, d.links.data),
              map: absolute(baseUrl, d.links.map),
              ...(d.links.source ? { source: d.links.source } : {}),
              ...(d.links.ogc ? { ogc: absolute(baseUrl, d.links.ogc) } : {}),
              ...(d.links.tiles ? { tiles: absolute(baseUrl, d.links.tiles) } : {}),
            },
          }
        : d,
    ),
  }),
  headline: (r) =>
    [
      `${r.count} datasetov${r.search ? ` pre „${r.search}“` : ''}${r.detail ? '' : ' (po riadku; detail: true pre celé záznamy)'}.`,
      r.suggestions?.length ? `Nič nenájdené; najbližšie kategórie: ${r.suggestions.map((s) => `${s.label} (${s.category}, ${s.count})`).join(', ')}.` : '',
      r.hint ? `Pozor: ${r.hint}` : '',
    ]
      .filter(Boolean)
      .join(' '),
});
