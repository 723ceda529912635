// GET /ogc/collections/{collectionId}/tiles/{tileMatrixSetId}: tileset metadata.
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route<{ collectionId: string; tileMatrixSetId: string }>(async (req, { params }) => {
  const { collectionId, tileMatrixSetId } = await params;
  return ogcJson(req, (base, query) => ogc.tileset(base, collectionId, tileMatrixSetId, query), { html: false });
});
export const OPTIONS = preflight;
