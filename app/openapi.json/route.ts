// GET /openapi.json: the formal description of the portal's interface (OpenAPI 3.1, version 0.1).
import { preflight, route } from '@/lib/http';
import { getOpenApiDocument } from '@/lib/openapi';

export const dynamic = 'force-dynamic';

export const GET = route(async () =>
  Response.json(getOpenApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } }),
);
export const OPTIONS = preflight;
