// GET /ogc/collections/{collectionId}/items: a page of features (GeoJSON, FlatGeobuf, CSV) through the data cache.
import { collectionRoute, ogc } from '@/lib/ogc';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = collectionRoute(ogc.items);
export const OPTIONS = preflight;
