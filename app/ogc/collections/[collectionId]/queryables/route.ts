// GET /ogc/collections/{collectionId}/queryables: the properties to filter, sort and select by (JSON Schema, OGC API – Features Part 3).
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route<{ collectionId: string }>(async (req, { params }) => {
  const { collectionId } = await params;
  return ogcJson(req, (base, query, accept) => ogc.queryables(base, collectionId, query, accept), { html: false });
});
export const OPTIONS = preflight;
