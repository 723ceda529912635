// GET /api/data/{provider}/{dataset}: a dataset's GeoJSON through the portal cache (lib/data).
// Fresh in-memory hits are usually answered before Next.js by server.ts (tryServeCachedData), with
// the same functions; this route answers everything else.
import { serveDatasetData } from '@/lib/data';
import { preflight, route, searchParams } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const GET = route<{ provider: string; dataset: string }>(async (req, { params }) => {
  const { provider, dataset } = await params;
  return serveDatasetData(provider, dataset, searchParams(req), req.headers.get('if-none-match'), req.headers.get('accept-encoding'));
});

export const OPTIONS = preflight;
