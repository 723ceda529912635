// GET /api/places: address, street and municipality search
import { parseMax, searchPlaces } from '@/lib/places';
import { preflight, route, searchParams } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const GET = route(async (req) => {
  const q = searchParams(req);
  return Response.json(await searchPlaces(q.query ?? '', parseMax(q.max)));
});

export const OPTIONS = preflight;
