// GET /ogc/collections/{collectionId}/schema: the JSON Schema of the collection's features (`describedby`).
import { collectionRoute, ogc } from '@/lib/ogc';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = collectionRoute(ogc.schema, { html: false });
export const OPTIONS = preflight;
