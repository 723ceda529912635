// MCP tool `catalog`: approved datasets ordered by match; `pointQuery` marks those that answer near a point.
import { z } from 'zod';
import { catalogSearchOperation } from '@/lib/catalog/operation';
import { catalogSearchEntry, catalogSearchResult } from '@/lib/catalog/schema';
import { absolute, catalogAbsoluteLinks } from '../links';
import { defineTool, READ_ONLY } from '../tool';

const output = catalogSearchResult.extend({
  datasets: z.array(catalogSearchEntry.extend({ absoluteLinks: catalogAbsoluteLinks })),
});

export const catalogTool = defineTool({
  name: 'catalog',
  title: 'Katalóg datasetov',
  description:
    'Lists the approved datasets of the portal as catalog entries (key `provider/dataset`, title, category, keywords, use cases, fields, parameters, licence, attribution, `links` as paths and `absoluteLinks` as whole URLs to give a person, and `health`: the source\'s status ok/degraded/unavailable, availability and p50/p95 latency over 24 h and 7 days, last success, last error with its code; `providers` gives the same per provider). With `search` only matching datasets are returned, best match first. Built-in sample datasets (`sample: true`, category `sample`) are illustrative, not real data: they come after every real dataset and must not be presented as facts about a place. With `point` each dataset carries `pointQuery`: true when the `nearby` tool can answer for it at that point. Use the keys with nearby, summary and fetch_data.',
  annotations: READ_ONLY,
  operation: catalogSearchOperation,
  output,
  structured: (r, { baseUrl }) => ({
    ...r,
    datasets: r.datasets.map((d) => ({
      ...d,
      absoluteLinks: {
        data: absolute(baseUrl, d.links.data),
        map: absolute(baseUrl, d.links.map),
        ...(d.links.source ? { source: d.links.source } : {}),
        ...(d.links.ogc ? { ogc: absolute(baseUrl, d.links.ogc) } : {}),
        ...(d.links.tiles ? { tiles: absolute(baseUrl, d.links.tiles) } : {}),
      },
    })),
  }),
  headline: (r) =>
    [
      `${r.count} datasetov${r.search ? ` pre „${r.search}“` : ''}.`,
      r.suggestions?.length ? `Nič nenájdené; najbližšie kategórie: ${r.suggestions.map((s) => `${s.label} (${s.category}, ${s.count})`).join(', ')}.` : '',
      r.hint ? `Pozor: ${r.hint}` : '',
    ]
      .filter(Boolean)
      .join(' '),
});
