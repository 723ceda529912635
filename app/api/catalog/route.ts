// GET /api/catalog: every approved provider and dataset.
import { preflight, route } from '@/lib/http';
import { getCatalog } from '@/lib/providers/catalog';

export const dynamic = 'force-dynamic';

export const GET = route(async () => {
  return Response.json(await getCatalog(), { headers: { 'Cache-Control': 'no-cache' } });
});

export const OPTIONS = preflight;
