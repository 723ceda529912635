// MCP tool `territory`: the same lookup as GET /api/territory.
import { territoryOperation } from '@/lib/places/operation';
import { defineTool, READ_ONLY } from '../tool';

export const territoryTool = defineTool({
  name: 'territory',
  title: 'Územná jednotka',
  description:
    'A region (kraj), district (okres), municipality or cadastral territory by name, code or a point (as GET /api/territory): parents, children (districts, municipalities, cadastral territories), area, census 2021 population, boundary on request.',
  annotations: READ_ONLY,
  operation: territoryOperation,
  headline: (r) => `${r.count} z ${r.total} územných jednotiek pre „${r.query}“`,
});
