// POST /api/registration: a provider registers its manifest URL (live test, then awaiting approval).
import { ApiError } from '@/lib/errors';
import { clientAddress, preflight, readJson, route } from '@/lib/http';
import { registerProvider } from '@/lib/providers/registration';

export const dynamic = 'force-dynamic';

export const POST = route(async (req) => {
  const body = await readJson(req);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('invalid_input', 'Expected a JSON object { "manifestUrl": "https://..." }.');
  }
  const { httpStatus, result } = await registerProvider({
    manifestUrl: (body as { manifestUrl?: unknown }).manifestUrl,
    clientAddress: clientAddress(req),
  });
  return Response.json(result, { status: httpStatus, headers: { 'Cache-Control': 'no-store' } });
});

export const OPTIONS = preflight;
