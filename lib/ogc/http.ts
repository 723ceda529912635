// Shaping the OGC answers as web Responses (the route handlers stay one call each).
import { tagMatches } from '@/lib/entity-tag';
import { ApiError } from '@/lib/errors';
import { baseUrl, route, searchParams } from '@/lib/http';
import { MEDIA } from './links';
import { HTML_PREFIX } from './html-routes';
import type { OgcJsonAnswer, TileResult } from './service';

/**
 * JSON/GeoJSON of an OGC resource. HTML (f=html or a browser's Accept) is answered by the pages under
 * /ogc-html, which next.config.ts rewrites such requests to; should one reach a route anyway (a
 * deployment without the rewrites), it is redirected there.
 */
export async function ogcJson(
  req: Request,
  answer: (base: string, query: Record<string, string>, accept: string | null) => Promise<OgcJsonAnswer>,
  options: { html?: boolean } = {},
): Promise<Response> {
  const url = new URL(req.url);
  if (options.html !== false && url.searchParams.get('f') === 'html') {
    return new Response(null, { status: 303, headers: { Location: `${HTML_PREFIX}${url.pathname.slice('/ogc'.length)}${url.search}` } });
  }
  const a = await answer(baseUrl(), searchParams(req), req.headers.get('accept'));
  const body = a.bytes ? new Uint8Array(a.bytes.buffer as ArrayBuffer, a.bytes.byteOffset, a.bytes.byteLength) : (a.text ?? JSON.stringify(a.body));
  return new Response(body, { status: 200, headers: { 'Content-Type': a.type, Vary: 'Accept', ...a.headers } });
}

/** A vector tile: 200 with the MVT bytes, 204 for an empty tile, 304 when the client's tag matches (weak comparison). */
export async function ogcTile(req: Request, answer: (query: Record<string, string>) => Promise<TileResult>): Promise<Response> {
  const t = await answer(searchParams(req));
  if (tagMatches(req.headers.get('if-none-match'), t.etag)) return new Response(null, { status: 304, headers: t.headers });
  if (!t.bytes) return new Response(null, { status: 204, headers: t.headers });
  const body = new Uint8Array(t.bytes.buffer as ArrayBuffer, t.bytes.byteOffset, t.bytes.byteLength);
  return new Response(body, { status: 200, headers: { 'Content-Type': MEDIA.mvt, ...t.headers } });
}

/** An /ogc path without a resource: JSON 404, or to a browser the site's 404 page (through the HTML pages' prefix). */
export async function ogcNotFound(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const html = url.searchParams.get('f') === 'html' || (!url.searchParams.has('f') && (req.headers.get('accept') ?? '').includes('text/html'));
  if (html) return new Response(null, { status: 303, headers: { Location: `${HTML_PREFIX}${url.pathname.slice('/ogc'.length)}${url.search}` } });
  throw new ApiError('not_found', `No OGC API resource at ${url.pathname}; the landing page /ogc links the resources.`);
}

type CollectionAnswer = (base: string, collectionId: string, query: Record<string, string>, accept: string | null) => Promise<OgcJsonAnswer>;

/** The GET handler of a resource under /collections/{collectionId} (one line per route file). */
export function collectionRoute(answer: CollectionAnswer, options: { html?: boolean } = {}) {
  return route<{ collectionId: string }>(async (req, { params }) => {
    const { collectionId } = await params;
    return ogcJson(req, (base, query, accept) => answer(base, collectionId, query, accept), options);
  });
}
