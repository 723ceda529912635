// GET /api/nearby: what is at and around a point, per dataset (spec rules 1-6). ETag, 304; an answer
// with a failed source is neither stored by caches nor kept.
import { jsonAnswer } from '@/lib/entity-tag';
import { cachedAnswer } from '@/lib/http-cache';
import { preflight, route } from '@/lib/http';
import { nearbyOperation } from '@/lib/nearby/operation';
import { runRest } from '@/lib/operation/rest';

export const dynamic = 'force-dynamic';

export const GET = route((req) =>
  cachedAnswer(req, nearbyOperation.cache, async () => {
    const result = await runRest(nearbyOperation, req);
    return { answer: jsonAnswer(result), transient: result.results.some((r) => r.status === 'error') };
  }),
);

export const OPTIONS = preflight;
