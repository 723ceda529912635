// GET /index.md: the portal home as markdown with the approved datasets.
import { buildHomeMarkdown } from '@/lib/docs/home';
import { generatedMarkdownRoute } from '@/lib/docs/routes';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = generatedMarkdownRoute(() => buildHomeMarkdown());
export const OPTIONS = preflight;
