// GET /api/nearby/selection: the datasets nearby's automatic selection takes at a point, unqueried.
import { preflight, route } from '@/lib/http';
import { nearbySelectionOperation } from '@/lib/nearby/operation';
import { runRest } from '@/lib/operation/rest';

export const dynamic = 'force-dynamic';

export const GET = route(async (req) =>
  Response.json(await runRest(nearbySelectionOperation, req), { headers: { 'Cache-Control': 'no-store' } }),
);

export const OPTIONS = preflight;
