// GET /zdroje.md: sources, licences and attribution, generated from the registry.
import { buildSourcesMarkdown } from '@/lib/docs/sources';
import { generatedMarkdownRoute } from '@/lib/docs/routes';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = generatedMarkdownRoute(() => buildSourcesMarkdown());
export const OPTIONS = preflight;
