// GET /ogc/api: the OpenAPI 3.0 document of the OGC API (generated from the zod definitions).
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route((req) => ogcJson(req, ogc.apiDefinition));
export const OPTIONS = preflight;
