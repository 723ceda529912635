// GET /api/map-image: the map's own picture of a view (PNG), the first screen of a map page before
// MapLibre starts (components/map/map-facade.tsx). Kept by lib/mapimage/view.ts; ETag, 304.
import { tagMatches } from '@/lib/entity-tag';
import { preflight, route } from '@/lib/http';
import { mapViewOperation } from '@/lib/mapimage/operation';
import { VIEW_IMAGE_CACHE_CONTROL } from '@/lib/mapimage/schema';
import { viewImage } from '@/lib/mapimage/view';
import { restInput } from '@/lib/operation/rest';

export const dynamic = 'force-dynamic';

export const GET = route(async (req) => {
  const image = await viewImage(await restInput(mapViewOperation, req));
  const headers = { 'Cache-Control': VIEW_IMAGE_CACHE_CONTROL, ETag: image.etag };
  if (tagMatches(req.headers.get('if-none-match'), image.etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.png), { status: 200, headers: { 'Content-Type': 'image/png', ...headers } });
});

export const OPTIONS = preflight;
