// GET /poskytovatelia/sk-uzemie/manifest.json: manifest of the built-in reference-data provider
import { handleReferenceProviderRequest } from '@/lib/reference/provider';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';

export async function GET(req: Request): Promise<Response> {
  return handleReferenceProviderRequest(new URL(req.url));
}

export const OPTIONS = preflight;
