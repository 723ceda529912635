// GET /api/basemap/{layer}: simplified boundaries (regions, districts, municipalities) or label
// points of the offline basemap as GeoJSON, with a strong ETag and a day of browser caching.
import { tagMatches } from '@/lib/entity-tag';
import { ApiError } from '@/lib/errors';
import { preflight, route } from '@/lib/http';
import { getBasemapLayer, isBasemapLayer, BASEMAP_LAYERS } from '@/lib/basemap/boundaries';

export const GET = route<{ layer: string }>(async (req, { params }) => {
  const name = (await params).layer.replace(/\.geojson$/, '');
  if (!isBasemapLayer(name)) {
    throw new ApiError('not_found', `Unknown basemap layer; available: ${BASEMAP_LAYERS.join(', ')}.`);
  }
  const doc = await getBasemapLayer(name);
  const headers = { ETag: doc.etag, 'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800' };
  if (tagMatches(req.headers.get('if-none-match'), doc.etag)) return new Response(null, { status: 304, headers });
  return new Response(doc.body, { headers: { ...headers, 'Content-Type': 'application/geo+json; charset=utf-8' } });
});

export const OPTIONS = preflight;
