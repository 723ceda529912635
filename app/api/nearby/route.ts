// GET /api/nearby: what is at and around a point, per dataset (spec rules 1-6).
import { preflight, route } from '@/lib/http';
import { nearbyOperation } from '@/lib/nearby/operation';
import { runRest } from '@/lib/operation/rest';

export const dynamic = 'force-dynamic';

export const GET = route(async (req) =>
  Response.json(await runRest(nearbyOperation, req), { headers: { 'Cache-Control': 'no-store' } }),
);

export const OPTIONS = preflight;
