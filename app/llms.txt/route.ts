// GET /llms.txt: the index for language models (llmstxt.org layout), from the registry.
import { buildLlmsTxt } from '@/lib/docs/llms';
import { generatedTextRoute } from '@/lib/docs/routes';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = generatedTextRoute(() => buildLlmsTxt());
export const OPTIONS = preflight;
