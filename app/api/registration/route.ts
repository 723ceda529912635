// POST /api/registration: a provider registers its manifest URL (live test, then awaiting approval).
import { clientAddress, preflight, route } from '@/lib/http';
import { restInput } from '@/lib/operation/rest';
import { registrationOperation } from '@/lib/providers/operation';
import { registerProvider } from '@/lib/providers/registration';

export const dynamic = 'force-dynamic';

export const POST = route(async (req) => {
  const { manifestUrl } = await restInput(registrationOperation, req);
  // 201 for a new registration, 200 for a URL already registered: the status is part of the answer.
  const { httpStatus, result } = await registerProvider({ manifestUrl, clientAddress: clientAddress(req) });
  return Response.json(result, { status: httpStatus, headers: { 'Cache-Control': 'no-store' } });
});

export const OPTIONS = preflight;
