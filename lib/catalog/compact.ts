// The catalog as an assistant reads it first (MCP `catalog`): one line per dataset (key, title,
// category, kind, point query, coverage, health status), under 10,000 characters for the whole
// catalog; the whole entries (fields, parameters, licence, links, health figures) with `detail`
// or for one `dataset`. The selection and order are catalog search's (lib/catalog/search.ts).
import { ApiError } from '@/lib/errors';
import { NATIONWIDE_SHARE } from '@/lib/map/catalog';
import { sourceAnswersAtPoint } from '@/lib/nearby/selection';
import { slovakiaShare, type Bbox } from '@/lib/protocol/shared/geo';
import type { AssistantCatalogResult, CatalogLine, CatalogSearchEntry } from './schema';
import { searchCatalog } from './search';

export interface AssistantCatalogInput {
  search?: string;
  point?: [number, number];
  detail?: boolean;
  dataset?: string;
  samples?: boolean;
}

/** Where a dataset has data: "Slovakia" or its box, and from which zoom it is drawn. */
function coverageLine(coverage: { bbox?: number[]; minZoom?: number } | undefined): string {
  const b = coverage?.bbox;
  const where = !b || slovakiaShare(b as Bbox) >= NATIONWIDE_SHARE ? 'Slovakia' : `bbox ${b.map((v) => Math.round(v * 100) / 100).join(',')}`;
  return coverage?.minZoom !== undefined ? `${where}, from zoom ${coverage.minZoom}` : where;
}

function catalogLineOf(entry: CatalogSearchEntry): CatalogLine {
  const kind = entry.displayOnly ? 'display-only' : entry.source.type === 'raster' ? 'raster' : 'geojson';
  return {
    key: entry.key,
    title: entry.title,
    category: entry.category,
    kind,
    pointQuery: entry.pointQuery ?? sourceAnswersAtPoint(entry.source, entry.displayOnly),
    coverage: coverageLine(entry.coverage as { bbox?: number[]; minZoom?: number } | undefined),
    status: entry.health.status,
    ...(entry.sample ? { sample: true as const } : {}),
  };
}

export async function assistantCatalog(input: AssistantCatalogInput): Promise<AssistantCatalogResult> {
  // A dataset named by key is found even when it is a sample.
  const found = await searchCatalog({ search: input.search, point: input.point, samples: input.samples || Boolean(input.dataset) });
  if (input.dataset) {
    const entry = found.datasets.find((d) => d.key === input.dataset);
    if (!entry) {
      throw new ApiError('unknown_dataset', `Unknown dataset ${input.dataset}${input.search ? ` among the matches of "${input.search}"` : ''}; catalog without \`dataset\` lists the keys.`);
    }
    return { ...found, count: 1, detail: true, datasets: [entry], providers: found.providers.filter((p) => p.id === entry.providerId) };
  }
  if (input.detail) return { ...found, detail: true };
  const { providers: _providers, ...rest } = found;
  return { ...rest, detail: false, datasets: found.datasets.map(catalogLineOf) };
}
