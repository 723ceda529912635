// GET /api/summary/{provider}/{dataset}: the dataset in numbers for Slovakia or one municipality (ETag, 304).
import { cachedJsonResponse, jsonAnswer } from '@/lib/http-cache';
import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { summaryOperation } from '@/lib/summary/operation';

export const dynamic = 'force-dynamic';

export const GET = route<{ provider: string; dataset: string }>(async (req, { params }) =>
  cachedJsonResponse(req, 'summary', jsonAnswer(await runRest(summaryOperation, req, await params))),
);

export const OPTIONS = preflight;
