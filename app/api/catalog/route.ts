// GET /api/catalog: every approved provider and dataset (serialised once per registry version; ETag,
// 304; kept for server.ts's stored-answer fast path).
import { cachedAnswer } from '@/lib/http-cache';
import { preflight, route } from '@/lib/http';
import { restInput } from '@/lib/operation/rest';
import { catalogAnswer } from '@/lib/providers/catalog';
import { catalogOperation } from '@/lib/providers/operation';

export const dynamic = 'force-dynamic';

export const GET = route(async (req) => {
  await restInput(catalogOperation, req);
  return cachedAnswer(req, catalogOperation.cache, async () => ({ answer: await catalogAnswer() }));
});

export const OPTIONS = preflight;
