// GET /api/summary/{provider}/{dataset}: the dataset in numbers for Slovakia or one municipality (ETag, 304).
import { jsonAnswer } from '@/lib/entity-tag';
import { cachedAnswer } from '@/lib/http-cache';
import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { summaryOperation } from '@/lib/summary/operation';

export const dynamic = 'force-dynamic';

export const GET = route<{ provider: string; dataset: string }>(async (req, { params }) => {
  const path = await params;
  return cachedAnswer(req, summaryOperation.cache, async () => ({ answer: jsonAnswer(await runRest(summaryOperation, req, path)) }));
});

export const OPTIONS = preflight;
