// GET /api/nearby/selection: the datasets nearby's automatic selection takes at a point, unqueried.
// ETag, 304, cacheable for 60 s like nearby (it follows the registry).
import { jsonAnswer } from '@/lib/entity-tag';
import { cachedAnswer } from '@/lib/http-cache';
import { preflight, route } from '@/lib/http';
import { nearbySelectionOperation } from '@/lib/nearby/operation';
import { runRest } from '@/lib/operation/rest';

export const dynamic = 'force-dynamic';

export const GET = route((req) => cachedAnswer(req, nearbySelectionOperation.cache, async () => ({ answer: jsonAnswer(await runRest(nearbySelectionOperation, req)) })));

export const OPTIONS = preflight;
