// GET /api/map-image: the map's own picture of a view (PNG), the first screen of a map page before
// MapLibre starts (components/map/map-facade.tsx). Kept by lib/mapimage/view.ts; ETag, 304.
import { tagMatches } from '@/lib/entity-tag';
import { preflight, route } from '@/lib/http';
import { mapViewOperation } from '@/lib/mapimage/operation';
import { viewImage } from '@/lib/mapimage/view';
import { restInput } from '@/lib/operation/rest';

export const dynamic = 'force-dynamic';

/** Browsers keep a picture 10 minutes (the data cache's pace), then revalidate with the tag. */
const CACHE_CONTROL = 'public, max-age=600, stale-while-revalidate=3600';

export const GET = route(async (req) => {
  const image = await viewImage(await restInput(mapViewOperation, req));
  const headers = { 'Cache-Control': CACHE_CONTROL, ETag: image.etag };
  if (tagMatches(req.headers.get('if-none-match'), image.etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.png), { status: 200, headers: { 'Content-Type': 'image/png', ...headers } });
});

export const OPTIONS = preflight;
