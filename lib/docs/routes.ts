// Route handler factories for the markdown resources, so each app/ route file is one line and the
// behaviour (content type, CORS, error shape) is defined once.
import { route } from '@/lib/http';
import type { DocSlug } from './schema';
import { getDocumentMarkdown } from './load';
import { markdownResponse, PLAIN_TEXT_CONTENT_TYPE } from './markdown-response';

/** GET handler answering one documentation document as text/markdown. */
export function markdownDocumentRoute(slug: DocSlug) {
  return route(async () => markdownResponse(await getDocumentMarkdown(slug)));
}

/** GET handler answering a generated markdown resource (index.md, zdroje.md). */
export function generatedMarkdownRoute(build: () => Promise<string>) {
  return route(async () => markdownResponse(await build()));
}

/** GET handler answering a generated llms.txt-style resource as text/plain (a .txt file to browsers). */
export function generatedTextRoute(build: () => Promise<string>) {
  return route(async () => markdownResponse(await build(), PLAIN_TEXT_CONTENT_TYPE));
}
