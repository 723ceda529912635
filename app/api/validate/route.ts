import { ApiError } from '@/lib/errors';
import { preflight, readJson, route, searchParams } from '@/lib/http';
import { classifyValidateBody } from '@/lib/validator';
import { runLiveTest, runValidation } from '@/lib/validator/live';

// A report describes the source at this moment; caching it would hide a fix.
const NO_STORE = { 'Cache-Control': 'no-store' };

// GET /api/validate?manifestUrl=: live test of a provider (download, check, one test query per dataset)
export const GET = route(async (req) => {
  const manifestUrl = searchParams(req).manifestUrl?.trim();
  if (!manifestUrl) throw new ApiError('invalid_input', 'manifestUrl is required: the address of the manifest (JSON).');
  const { report } = await runLiveTest(manifestUrl);
  return Response.json(report, { headers: NO_STORE });
});

// POST /api/validate: static check of a manifest or data, or the live test for { manifestUrl }
export const POST = route(async (req) => {
  const body = classifyValidateBody(await readJson(req));
  return Response.json(await runValidation(body), { headers: NO_STORE });
});

export const OPTIONS = preflight;
