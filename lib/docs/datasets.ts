// The approved datasets as the markdown resources list them (llms.txt, llms-full.txt, index.md):
// read from the catalog at request time, so an approval shows up without an edit and a pending
// provider never does (the catalog holds approved content only).
import { getCatalog } from '@/lib/providers/catalog';
import type { CatalogEntry } from '@/lib/providers/types';
import { link, oneLine, truncate } from './markdown';

export interface DatasetGroup {
  category: string;
  label: string;
  datasets: CatalogEntry[];
}

/** Approved datasets grouped by category in the catalog's category order, each group by title. */
export async function approvedDatasetGroups(): Promise<{ groups: DatasetGroup[]; providerCount: number; datasetCount: number }> {
  const catalog = await getCatalog();
  const groups = new Map<string, DatasetGroup>();
  // The built-in samples are examples for providers (/priklady), not data: never listed here.
  const datasets = catalog.datasets.filter((d) => d.category !== 'sample');
  for (const d of datasets) {
    const g = groups.get(d.category) ?? { category: d.category, label: d.categoryLabel, datasets: [] };
    g.datasets.push(d);
    groups.set(d.category, g);
  }
  const collator = new Intl.Collator('sk');
  for (const g of groups.values()) g.datasets.sort((a, b) => collator.compare(a.title, b.title));
  // The order of the recommended category list (the catalog's labels), `other` last.
  const order = ['territory', 'nature', 'water', 'risks', 'energy', 'transport', 'society', 'economy', 'infrastructure', 'other'];
  const sorted = [...groups.values()].sort((a, b) => order.indexOf(a.category) - order.indexOf(b.category));
  return { groups: sorted, providerCount: new Set(datasets.map((d) => d.providerId)).size, datasetCount: datasets.length };
}

/** How a dataset's data are obtained, as one short Slovak phrase with links. */
function dataAccess(d: CatalogEntry, base: string): string {
  if (d.links.source) return `len na zobrazenie; dáta poskytuje ${link('pôvodná služba', d.links.source)}`;
  if (d.links.data && d.links.ogc) return `dáta: ${link('GeoJSON', `${base}${d.links.data}`)}, ${link('OGC API – Features', `${base}${d.links.ogc}`)}`;
  if (d.links.data) return `dáta: ${link('GeoJSON', `${base}${d.links.data}`)}`;
  return 'rastrové dlaždice priamo zo zdroja';
}

/**
 * One line per dataset: `- [Title](map page): key · provider · description. dáta: [GeoJSON](…)`.
 */
export function datasetLine(d: CatalogEntry, base: string, maxDescription = 220): string {
  const parts = [`\`${d.key}\``, oneLine(d.providerName)];
  if (d.description) parts.push(truncate(d.description, maxDescription));
  const text = parts.join(' · ');
  // A description already ends its sentence (or was cut with an ellipsis).
  return `- ${link(d.title, `${base}${d.links.map}`)}: ${text}${/[.!?…]$/.test(text) ? '' : '.'} ${capitalize(dataAccess(d, base))}.`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
