// Composed maps (`/mapy/{slug}`): a selection of datasets with parameter values and a view, kept
// as JSON files in content/mapy/. Read once per process, checked with zod; a dataset that is not
// in the catalog (e.g. not approved) is simply left out of the page's selection.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isDatasetKey } from './url-state';
import type { MapDataset, MapView } from './types';

const KEY = z.string().refine(isDatasetKey, 'expected <provider>/<dataset>');

const definition = z.object({
  slug: z.string().regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/),
  title: z.string().min(1).max(120),
  description: z.string().min(1).max(600),
  keywords: z.array(z.string().max(60)).max(30).default([]),
  datasets: z.array(KEY).min(1).max(20),
  params: z.record(KEY, z.record(z.string(), z.string())).default({}),
  view: z.object({ zoom: z.number().min(0).max(22), lat: z.number().min(-85).max(85), lon: z.number().min(-180).max(180) }).optional(),
});
export type ComposedMap = z.infer<typeof definition>;

const COMPOSED_DIR = path.join(process.cwd(), 'content', 'mapy');

let cache: ComposedMap[] | null = null;

/** Every composed map, by title. Throws with the file name when a definition is invalid. */
export function listComposedMaps(dir = COMPOSED_DIR): ComposedMap[] {
  if (cache && dir === COMPOSED_DIR) return cache;
  const maps = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const parsed = definition.safeParse(JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
      if (!parsed.success) throw new Error(`content/mapy/${f}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      if (`${parsed.data.slug}.json` !== f) throw new Error(`content/mapy/${f}: slug "${parsed.data.slug}" does not match the file name`);
      return parsed.data;
    })
    .sort((a, b) => a.title.localeCompare(b.title, 'sk'));
  if (dir === COMPOSED_DIR) cache = maps;
  return maps;
}

export function findComposedMap(slug: string): ComposedMap | null {
  return listComposedMaps().find((m) => m.slug === slug) ?? null;
}

/** The page's default selection and parameters, restricted to datasets the catalog has. */
export function composedDefaults(
  map: ComposedMap,
  catalog: MapDataset[],
): { datasets: string[]; params: Record<string, Record<string, string>>; view?: MapView; missing: string[] } {
  const known = new Set(catalog.map((d) => d.key));
  const datasets = map.datasets.filter((k) => known.has(k));
  const params: Record<string, Record<string, string>> = {};
  for (const k of datasets) if (map.params[k]) params[k] = map.params[k];
  return { datasets, params, view: map.view, missing: map.datasets.filter((k) => !known.has(k)) };
}
