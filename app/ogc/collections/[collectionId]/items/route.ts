// GET /ogc/collections/{collectionId}/items: a page of features (GeoJSON) through the data cache.
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route<{ collectionId: string }>(async (req, { params }) => {
  const { collectionId } = await params;
  return ogcJson(req, (base, query) => ogc.items(base, collectionId, query));
});
export const OPTIONS = preflight;
