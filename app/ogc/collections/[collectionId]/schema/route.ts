// GET /ogc/collections/{collectionId}/schema: the JSON Schema of the collection's features (`describedby`).
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route<{ collectionId: string }>(async (req, { params }) => {
  const { collectionId } = await params;
  return ogcJson(req, (base, query, accept) => ogc.schema(base, collectionId, query, accept), { html: false });
});
export const OPTIONS = preflight;
