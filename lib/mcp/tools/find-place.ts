// MCP tool `find_place`: the same geocoding as GET /api/places (its answer, `max` named `maxResults`).
import { placesOperation } from '@/lib/places/operation';
import { defineTool, READ_ONLY } from '../tool';

export const findPlaceTool = defineTool({
  name: 'find_place',
  title: 'Vyhľadanie miesta',
  description:
    'Finds Slovak addresses, streets, municipalities, city districts and municipality parts in the address register, or the point of typed coordinates (WGS84 decimal or degrees-minutes-seconds, S-JTSK EPSG:5514 or the cadastre’s Y X: one place of type `súradnice`); the answer is that of GET /api/places. Each place has name, type, point [lon, lat], municipality { slug, code, name, district, region } and, outside towns over 10,000 inhabitants, `near` (nearest such town and distance in km) to tell same-named places apart. municipality.code works as `municipality` in summary and fetch_data. For the reverse question (which municipality, cadastral territory and street is at a point) use `nearby` with the point: its `location` answers it.',
  annotations: READ_ONLY,
  operation: placesOperation,
  rename: { maxResults: 'max' },
  headline: (r) => `${r.count} miest pre „${r.query}“`,
});
