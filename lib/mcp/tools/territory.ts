// MCP tool `territory`: the same lookup as GET /api/territory.
import { territoryOperation } from '@/lib/places/operation';
import { defineTool, READ_ONLY } from '../tool';

export const territoryTool = defineTool({
  name: 'territory',
  title: 'Územná jednotka',
  description:
    'A kraj, okres, municipality or cadastral territory by name, code or point (GET /api/territory): parents, children (e.g. municipalities of a district), area, census 2021 population, boundary on request.',
  annotations: READ_ONLY,
  operation: territoryOperation,
  headline: (r) => `${r.count} z ${r.total} územných jednotiek pre „${r.query}“`,
});
