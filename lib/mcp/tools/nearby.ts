// MCP tool `nearby`: the same point query as GET /api/nearby (its answer, `max` named `maxFeatures`).
import { nearbyOperation } from '@/lib/nearby/operation';
import type { NearbyResult } from '@/lib/nearby/schema';
import { MAP_UI_META } from '../ui';
import { defineTool, READ_ONLY_OPEN } from '../tool';

export const nearbyTool = defineTool({
  name: 'nearby',
  title: 'Čo je v bode a v okolí',
  description:
    'What lies at and around a `point` or `place` in the datasets chosen by `datasets`, `purpose` or `search` (as GET /api/nearby): per dataset its status and objects within `radius`, nearest first (`distance`: straight-line metres to the object’s nearest point, 0 = inside), or raster values. `location`: municipality, cadastral territory, nearest street; `map`: map link.',
  meta: MAP_UI_META,
  annotations: READ_ONLY_OPEN,
  operation: nearbyOperation,
  rename: { maxFeatures: 'max' },
  headline: nearbyHeadline,
});

/**
 * The one-line summary before the JSON: per state which datasets answered what. A failed source is
 * said to be unknown (with its code and whether to try again), never counted as "nothing near".
 */
function nearbyHeadline(r: NearbyResult): string {
  const names = (entries: NearbyResult['results']) => entries.map((e) => e.title).join('; ');
  const ok = r.results.filter((e) => e.status === 'ok');
  const found = ok.filter((e) => (e.count ?? e.hits.length) > 0);
  const none = ok.filter((e) => (e.count ?? e.hits.length) === 0);
  const unavailable = r.results.filter((e) => e.status === 'unavailable');
  const failed = r.results.filter((e) => e.status === 'error');
  const parts = [`Bod ${r.point.join(', ')}, polomer ${r.radius} m: ${r.results.length} datasetov.`];
  if (r.hint) parts.push(`Pozor: ${r.hint}`);
  if (found.length) parts.push(`Objekty v okruhu: ${names(found)}.`);
  if (none.length) parts.push(`V okruhu nič (opýtané, nič nenájdené): ${names(none)}.`);
  if (unavailable.length) parts.push(`Hodnotu v bode nedávajú: ${names(unavailable)}.`);
  if (failed.length) {
    const list = failed.map((e) => `${e.title} (${e.code}${e.retryable ? ', skúste znova neskôr' : ''}${e.authority ? `, zdroj: ${e.authority.url}` : ''})`).join('; ');
    parts.push(`ODPOVEĎ NEZNÁMA – zdroj zlyhal, neznamená to, že tam nič nie je: ${list}.`);
  }
  parts.push(`Mapa: ${r.map}`);
  return parts.join(' ');
}
