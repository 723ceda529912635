// GET /ogc/tileMatrixSets: the tile grids of the vector tiles (WebMercatorQuad).
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route((req) => ogcJson(req, ogc.tileMatrixSets, { html: false }));
export const OPTIONS = preflight;
