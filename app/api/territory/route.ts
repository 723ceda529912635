// GET /api/territory: a region, district, municipality or cadastral territory by name or code.
import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { territoryOperation } from '@/lib/places/operation';

export const dynamic = 'force-dynamic';

export const GET = route(async (req) => Response.json(await runRest(territoryOperation, req)));

export const OPTIONS = preflight;
