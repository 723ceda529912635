// GET /ogc/collections/{collectionId}/styles: the collection's styles (one: `default`).
import { collectionRoute, ogc } from '@/lib/ogc';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = collectionRoute(ogc.styles, { html: false });
export const OPTIONS = preflight;
