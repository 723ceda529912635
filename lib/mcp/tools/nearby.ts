// MCP tool `nearby`: the same point query as GET /api/nearby (its answer, `max` named `maxFeatures`).
import { nearbyOperation } from '@/lib/nearby/operation';
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
  headline: (r) => `Bod ${r.point.join(', ')}, polomer ${r.radius} m: ${r.results.length} datasetov. Mapa: ${r.map}`,
});
