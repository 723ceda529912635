// Any /ogc/... path no route claims: 404 `{ error, code }` for JSON clients (GIS software); a browser
// (Accept: text/html, no f) is sent to the same path among the HTML pages, where the site's 404 page answers.
import { ApiError } from '@/lib/errors';
import { preflight, route } from '@/lib/http';
import { ogcNotFound } from '@/lib/ogc';

export const dynamic = 'force-dynamic';
export const GET = route<{ path: string[] }>((req) => ogcNotFound(req));
export const OPTIONS = preflight;
const refuse = route<{ path: string[] }>(async (req) => {
  throw new ApiError('not_found', `No OGC API resource at ${new URL(req.url).pathname}.`);
});
export const POST = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;
