// GET /ogc/collections/{collectionId}/queryables: the properties to filter, sort and select by (JSON Schema, OGC API – Features Part 3).
import { collectionRoute, ogc } from '@/lib/ogc';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = collectionRoute(ogc.queryables, { html: false });
export const OPTIONS = preflight;
