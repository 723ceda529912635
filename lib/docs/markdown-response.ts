// The one way a markdown resource is answered: UTF-8 text/markdown, short public caching (the
// registry-generated documents change when the operator approves a provider).
const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';
export const PLAIN_TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

export function markdownResponse(body: string, contentType = MARKDOWN_CONTENT_TYPE): Response {
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': contentType,
      'Cache-Control': 'public, max-age=60',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
