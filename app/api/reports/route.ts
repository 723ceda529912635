// POST /api/reports: "Nahlásiť problém" (a report about the site or a dataset) for the operator.
import { ApiError } from '@/lib/errors';
import { clientAddress, preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { MAX_REPORT_BODY_BYTES, reportOperation } from '@/lib/reports/operation';

export const dynamic = 'force-dynamic';

export const POST = route(async (req) => {
  if (Number(req.headers.get('content-length') ?? '0') > MAX_REPORT_BODY_BYTES) {
    throw new ApiError('payload_too_large', `Body larger than ${MAX_REPORT_BODY_BYTES} bytes.`);
  }
  const receipt = await runRest(reportOperation, req, {}, { clientAddress: clientAddress(req) });
  return Response.json(receipt, { status: 201, headers: { 'Cache-Control': 'no-store' } });
});

export const OPTIONS = preflight;
