// GET /api/data/{provider}/{dataset}: a dataset's GeoJSON through the portal cache (lib/data).
// Fresh in-memory hits are usually answered before Next.js by the server (lib/server/fast-path.ts), with
// the same functions; this route answers everything else.
import { serveDatasetData } from '@/lib/data/routes';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const GET = route<{ provider: string; dataset: string }>(async (req, { params }) => serveDatasetData(req, await params));

export const OPTIONS = preflight;
