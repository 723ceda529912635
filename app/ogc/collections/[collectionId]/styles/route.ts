// GET /ogc/collections/{collectionId}/styles: the collection's styles (one: `default`).
import { ogc, ogcJson } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = route<{ collectionId: string }>(async (req, { params }) => {
  const { collectionId } = await params;
  return ogcJson(req, (base, query) => ogc.styles(base, collectionId, query), { html: false });
});
export const OPTIONS = preflight;
