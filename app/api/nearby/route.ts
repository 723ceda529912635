// GET /api/nearby: what is at and around a point, per dataset (spec rules 1-6).
import { nearby, parseNearbyQuery } from '@/lib/nearby';
import { preflight, route, searchParams } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const GET = route(async (req) => {
  const result = await nearby(parseNearbyQuery(searchParams(req)));
  return Response.json(result, { headers: { 'Cache-Control': 'no-store' } });
});

export const OPTIONS = preflight;
