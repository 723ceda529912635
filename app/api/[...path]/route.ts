// Any /api/... path that no route claims: 404 in the portal's error shape, with CORS.
import { ApiError } from '@/lib/errors';
import { preflight, route } from '@/lib/http';

const notFound = route<{ path: string[] }>(async (req) => {
  throw new ApiError('not_found', `No API endpoint at ${new URL(req.url).pathname}.`);
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = preflight;
