// GET /ogc/collections/{collectionId}/tiles: the collection's vector tilesets (WebMercatorQuad).
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route<{ collectionId: string }>(async (req, { params }) => {
  const { collectionId } = await params;
  return ogcJson(req, (base, query) => ogc.tilesets(base, collectionId, query), { html: false });
});
export const OPTIONS = preflight;
