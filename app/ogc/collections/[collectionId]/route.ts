// GET /ogc/collections/{collectionId}: one collection (title, extent, CRSs, licence, attribution, links).
import { collectionRoute, ogc } from '@/lib/ogc';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = collectionRoute(ogc.collection);
export const OPTIONS = preflight;
