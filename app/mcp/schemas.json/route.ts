// GET /mcp/schemas.json: the whole input and output schemas of every MCP tool (tools/list carries brief forms).
import { preflight, route } from '@/lib/http';
import { toolSchemasDocument } from '@/lib/mcp/tools';

export const GET = route(async () => Response.json(toolSchemasDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } }));
export const OPTIONS = preflight;
