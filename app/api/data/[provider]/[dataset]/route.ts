// GET /api/data/{provider}/{dataset}: a dataset's GeoJSON through the portal cache (lib/data).
// Fresh in-memory hits are usually answered before Next.js by the server (lib/server/fast-path.ts), with
// the same functions; this route answers everything else.
import { serveDatasetData } from '@/lib/data';
import { preflight, route, routeAcceptEncoding, searchParams } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const GET = route<{ provider: string; dataset: string }>(async (req, { params }) => {
  const { provider, dataset } = await params;
  // Behind server.ts the server compresses (Next would drop our Content-Encoding): the plain body then.
  return serveDatasetData(provider, dataset, searchParams(req), req.headers.get('if-none-match'), routeAcceptEncoding(req));
});

export const OPTIONS = preflight;
