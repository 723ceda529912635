// GET /api/summary/{provider}/{dataset}: the dataset in numbers for Slovakia or one municipality.
import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { summaryOperation } from '@/lib/summary/operation';

export const dynamic = 'force-dynamic';

export const GET = route<{ provider: string; dataset: string }>(async (req, { params }) =>
  Response.json(await runRest(summaryOperation, req, await params), { headers: { 'Cache-Control': 'no-store' } }),
);

export const OPTIONS = preflight;
