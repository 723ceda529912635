// GET /dokumentacia/o-projekte.md: the document as markdown. A static segment with the .md suffix beats the
// sibling dynamic [slug] page, so /dokumentacia/o-projekte stays the HTML page.
import { markdownDocumentRoute } from '@/lib/docs/routes';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = markdownDocumentRoute('o-projekte');
export const OPTIONS = preflight;
