// GET /ogc: the OGC API landing page (JSON; HTML through the rewrite to /ogc-html).
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route((req) => ogcJson(req, ogc.landing));
export const OPTIONS = preflight;
