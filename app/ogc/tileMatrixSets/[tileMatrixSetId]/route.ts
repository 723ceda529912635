// GET /ogc/tileMatrixSets/{tileMatrixSetId}: a tile grid's definition (OGC Two Dimensional Tile Matrix Set 2.0).
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route<{ tileMatrixSetId: string }>(async (req, { params }) => {
  const { tileMatrixSetId } = await params;
  return ogcJson(req, (base, query) => ogc.tileMatrixSet(base, tileMatrixSetId, query), { html: false });
});
export const OPTIONS = preflight;
