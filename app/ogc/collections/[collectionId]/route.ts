// GET /ogc/collections/{collectionId}: one collection (title, extent, licence, attribution, links).
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route<{ collectionId: string }>(async (req, { params }) => {
  const { collectionId } = await params;
  return ogcJson(req, (base, query) => ogc.collection(base, collectionId, query));
});
export const OPTIONS = preflight;
