// GET /api/places: address, street and municipality search
import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { placesOperation } from '@/lib/places/operation';

export const dynamic = 'force-dynamic';

export const GET = route(async (req) => Response.json(await runRest(placesOperation, req)));

export const OPTIONS = preflight;
