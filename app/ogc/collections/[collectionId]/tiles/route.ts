// GET /ogc/collections/{collectionId}/tiles: the collection's vector tilesets (WebMercatorQuad).
import { collectionRoute, ogc } from '@/lib/ogc';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = collectionRoute(ogc.tilesets, { html: false });
export const OPTIONS = preflight;
