import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { liveTestOperation, validateOperation } from '@/lib/validator/operation';

// A report describes the source at this moment; caching it would hide a fix.
const NO_STORE = { 'Cache-Control': 'no-store' };

// GET /api/validate?manifestUrl=: live test of a provider (download, check, one test query per dataset)
export const GET = route(async (req) => Response.json(await runRest(liveTestOperation, req), { headers: NO_STORE }));

// POST /api/validate: static check of a manifest or data, or the live test for { manifestUrl }
export const POST = route(async (req) => Response.json(await runRest(validateOperation, req), { headers: NO_STORE }));

export const OPTIONS = preflight;
