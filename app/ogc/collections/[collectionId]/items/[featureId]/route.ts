// GET /ogc/collections/{collectionId}/items/{featureId}: one feature (GeoJSON).
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route<{ collectionId: string; featureId: string }>(async (req, { params }) => {
  const { collectionId, featureId } = await params;
  return ogcJson(req, (base, query) => ogc.item(base, collectionId, featureId, query));
});
export const OPTIONS = preflight;
