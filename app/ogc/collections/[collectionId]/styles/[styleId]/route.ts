// GET /ogc/collections/{collectionId}/styles/{styleId}: the MapLibre style of the collection's vector tiles.
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route<{ collectionId: string; styleId: string }>(async (req, { params }) => {
  const { collectionId, styleId } = await params;
  return ogcJson(req, (base, query) => ogc.style(base, collectionId, styleId, query), { html: false });
});
export const OPTIONS = preflight;
