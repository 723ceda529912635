// GET /api/places/reverse: where a point is (municipality, cadastral territory, nearest street or
// part). ETag, 304, cacheable like place search (it depends only on the reference data).
import { jsonAnswer } from '@/lib/entity-tag';
import { cachedAnswer } from '@/lib/http-cache';
import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { reverseOperation } from '@/lib/places/operation';

export const dynamic = 'force-dynamic';

export const GET = route((req) => cachedAnswer(req, reverseOperation.cache, async () => ({ answer: jsonAnswer(await runRest(reverseOperation, req)) })));

export const OPTIONS = preflight;
