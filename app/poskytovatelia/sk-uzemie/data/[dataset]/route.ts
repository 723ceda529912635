// GET /poskytovatelia/sk-uzemie/data/{dataset}: GeoJSON of a built-in reference dataset
import { handleReferenceProviderRequest } from '@/lib/reference/provider';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';

export async function GET(req: Request): Promise<Response> {
  return handleReferenceProviderRequest(new URL(req.url));
}

export const OPTIONS = preflight;
