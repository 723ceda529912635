// GET /api/data/{provider}/{dataset}: a dataset's GeoJSON through the portal cache (lib/data).
// Fresh in-memory hits are usually answered before Next.js by server.ts (tryServeCachedData), with
// the same functions; this route answers everything else.
import { serveDatasetData } from '@/lib/data';
import { preflight, route, searchParams } from '@/lib/http';

export const dynamic = 'force-dynamic';

// The body leaves here uncompressed: server.ts compresses what passes through Next (a gzipped body
// was gzipped again on that way); only the fast path sends the cached gzip bytes itself.
export const GET = route<{ provider: string; dataset: string }>(async (req, { params }) => {
  const { provider, dataset } = await params;
  return serveDatasetData(provider, dataset, searchParams(req), req.headers.get('if-none-match'), null);
});

export const OPTIONS = preflight;
