// GET /llms-full.txt: llms.txt followed by every documentation document.
import { buildLlmsFullTxt } from '@/lib/docs/llms';
import { generatedTextRoute } from '@/lib/docs/routes';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = generatedTextRoute(() => buildLlmsFullTxt());
export const OPTIONS = preflight;
