// GET /ogc/collections: one collection per approved GeoJSON dataset.
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route((req) => ogcJson(req, ogc.collections));
export const OPTIONS = preflight;
