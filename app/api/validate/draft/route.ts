import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { draftOperation } from '@/lib/validator/operation';

// POST /api/validate/draft { url }: a manifest drafted from an OGC API – Features, WFS 2.0 or ArcGIS service
export const POST = route(async (req) => Response.json(await runRest(draftOperation, req), { headers: { 'Cache-Control': 'no-store' } }));

export const OPTIONS = preflight;
