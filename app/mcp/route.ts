// POST /mcp: the MCP server (Streamable HTTP, stateless, JSON responses, no authentication).
import { clientAddress, preflight, route } from '@/lib/http';
import { handleMcpRequest } from '@/lib/mcp/server';

export const dynamic = 'force-dynamic';

const mcp = route(async (req) => handleMcpRequest(req, clientAddress(req)));

export const POST = mcp;
// Stateless: no SSE stream to resume (GET) and no session to end (DELETE); the transport answers 405.
export const GET = mcp;
export const DELETE = mcp;
export const OPTIONS = preflight;
