// GET /api/places: address, street and municipality search (ETag, 304, cacheable for an hour).
import { cachedJsonResponse, jsonAnswer } from '@/lib/http-cache';
import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { placesOperation } from '@/lib/places/operation';

export const dynamic = 'force-dynamic';

export const GET = route(async (req) => cachedJsonResponse(req, 'places', jsonAnswer(await runRest(placesOperation, req))));

export const OPTIONS = preflight;
