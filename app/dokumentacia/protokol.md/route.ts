// GET /dokumentacia/protokol.md: the document as markdown. A static segment with the .md suffix beats the
// sibling dynamic [slug] page, so /dokumentacia/protokol stays the HTML page.
import { markdownDocumentRoute } from '@/lib/docs/routes';
import { preflight } from '@/lib/http';

export const dynamic = 'force-dynamic';
export const GET = markdownDocumentRoute('protokol');
export const OPTIONS = preflight;
