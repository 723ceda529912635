// GET /dokumentacia/ai-asistenti.md: the document as markdown. A static segment with the .md suffix beats the
// sibling dynamic [slug] page, so /dokumentacia/ai-asistenti stays the HTML page.
import { markdownDocumentRoute } from '@/lib/docs/routes';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = markdownDocumentRoute('ai-asistenti');
export const OPTIONS = preflight;
