// MCP tool `find_place`: the same geocoding as GET /api/places (its answer, `max` named `maxResults`).
import { placesOperation } from '@/lib/places/operation';
import { defineTool, READ_ONLY } from '../tool';

export const findPlaceTool = defineTool({
  name: 'find_place',
  title: 'Vyhľadanie miesta',
  description:
    'Finds addresses, streets, municipalities, their parts, districts, regions or coordinates (WGS84, S-JTSK), as GET /api/places; `types` filters, `total`/`truncated` tell what was left out. `municipality.code` works in summary, fetch_data, territory; `near` (nearest town over 10,000) tells same-named places apart.',
  annotations: READ_ONLY,
  operation: placesOperation,
  rename: { maxResults: 'max' },
  headline: (r) => `${r.count} miest pre „${r.query}“`,
});
