// GET /api/data/{provider}/{dataset}: a dataset's GeoJSON through the portal cache (lib/data).
// Fresh in-memory hits are usually answered before Next.js by server.ts (tryServeCachedData), with
// the same functions; this route answers everything else.
import { serveDatasetData } from '@/lib/data';
import { preflight, route, searchParams, SERVER_COMPRESSES_HEADER } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const GET = route<{ provider: string; dataset: string }>(async (req, { params }) => {
  const { provider, dataset } = await params;
  // Behind server.ts the server compresses (Next would drop our Content-Encoding): send the plain body.
  const acceptEncoding = req.headers.has(SERVER_COMPRESSES_HEADER) ? null : req.headers.get('accept-encoding');
  return serveDatasetData(provider, dataset, searchParams(req), req.headers.get('if-none-match'), acceptEncoding);
});

export const OPTIONS = preflight;
