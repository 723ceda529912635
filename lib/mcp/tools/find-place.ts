// MCP tool `find_place`: the same geocoding as GET /api/places (its answer, `max` named `maxResults`).
import { placesOperation } from '@/lib/places/operation';
import { MAP_UI_META } from '../ui';
import { defineTool, READ_ONLY } from '../tool';

export const findPlaceTool = defineTool({
  name: 'find_place',
  title: 'Vyhľadanie miesta',
  description:
    'Finds addresses, streets, municipalities, their parts, districts, regions or coordinates (WGS84, S-JTSK), as GET /api/places; `types` filters, `total`/`truncated` tell what was left out. `municipality.code` works in summary, fetch_data, territory; `near` (nearest town over 10,000) tells same-named places apart.',
  meta: MAP_UI_META,
  annotations: READ_ONLY,
  operation: placesOperation,
  rename: { maxResults: 'max' },
  // The plain map link (hosts without MCP Apps): the first place on the portal's map.
  headline: (r, _input, { baseUrl }) =>
    `${r.count} miest pre „${r.query}“${r.places[0] ? `; mapa: ${baseUrl}/#15/${r.places[0].point[1]}/${r.places[0].point[0]}` : ''}`,
});
