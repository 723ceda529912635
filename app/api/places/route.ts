// GET /api/places: address, street and municipality search (ETag, 304, cacheable for an hour).
import { jsonAnswer } from '@/lib/entity-tag';
import { cachedAnswer } from '@/lib/http-cache';
import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { placesOperation } from '@/lib/places/operation';

export const dynamic = 'force-dynamic';

export const GET = route((req) => cachedAnswer(req, placesOperation.cache, async () => ({ answer: jsonAnswer(await runRest(placesOperation, req)) })));

export const OPTIONS = preflight;
