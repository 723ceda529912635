// GET /ogc/conformance: the conformance classes the portal declares.
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route((req) => ogcJson(req, ogc.conformance));
export const OPTIONS = preflight;
