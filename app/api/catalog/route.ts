// GET /api/catalog: every approved provider and dataset.
import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { catalogOperation } from '@/lib/providers/operation';

export const dynamic = 'force-dynamic';

export const GET = route(async (req) =>
  Response.json(await runRest(catalogOperation, req), { headers: { 'Cache-Control': 'no-cache' } }),
);

export const OPTIONS = preflight;
