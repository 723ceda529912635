// MCP tool `nearby`: the same point query as GET /api/nearby (its answer, `max` named `maxFeatures`).
import { nearbyOperation } from '@/lib/nearby/operation';
import type { NearbyResult } from '@/lib/nearby/schema';
import { USE_CASES } from '@/lib/protocol/types';
import { defineTool, READ_ONLY_OPEN } from '../tool';

export const nearbyTool = defineTool({
  name: 'nearby',
  title: 'Čo je v bode a v okolí',
  description:
    'Answers "what lies at and around this point" with the answer of GET /api/nearby: for each chosen dataset the objects within `radius` metres, nearest first, with human-labelled values (distance 0 = the point lies inside the area), or for raster map services the values the service reports at the point. Give the location as `point` ([lon, lat] WGS84) or `place` (an address or name; the first place-search hit is used). Choose datasets with exactly one of: `datasets` (keys from the catalog tool), `purpose` (a use case: ' +
    USE_CASES.join(', ') +
    ') or `search` (free text); automatic selection puts risks and restrictions first and lists datasets over the limit in `skipped`. Each result has status ok | unavailable | error (with code). For a point in Slovakia `location` says where it is: the municipality (district, region, `url` of its portal page), the cadastral territory (code and name) and the nearest street or municipality part with its distance in metres. `map` links to the portal map of the point with the datasets.',
  annotations: READ_ONLY_OPEN,
  operation: nearbyOperation,
  rename: { maxFeatures: 'max' },
  headline: nearbyHeadline,
});

/**
 * The one-line summary before the JSON: per state which datasets answered what. A failed source is
 * said to be unknown (with its code and whether to try again), never counted as "nothing near".
 */
export function nearbyHeadline(r: NearbyResult): string {
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
