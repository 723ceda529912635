// GET /api/summary/{provider}/{dataset}: the dataset in numbers for Slovakia or one municipality.
import { preflight, route, searchParams } from '@/lib/http';
import { summarizeDataset } from '@/lib/summary';

export const dynamic = 'force-dynamic';

export const GET = route<{ provider: string; dataset: string }>(async (req, { params }) => {
  const { municipality, ...datasetParams } = searchParams(req);
  const summary = await summarizeDataset({ ...(await params), municipality, params: datasetParams });
  return Response.json(summary, { headers: { 'Cache-Control': 'no-store' } });
});

export const OPTIONS = preflight;
