// The web face of GET /api/data/{provider}/{dataset}: the request read as the route wrapper hands it
// over, the framework-free answer of ./proxy.ts as a Response. A face (.dependency-cruiser.mjs FACES),
// as lib/docs/routes.ts, so the route handler stays one line.
import { routeAcceptEncoding, searchParams } from '@/lib/http';
import { answerDataRequest } from './proxy';

/** GET /api/data/{provider}/{dataset} for this request (errors thrown as ApiError, shaped by the route wrapper). */
export async function serveDatasetData(req: Request, path: { provider: string; dataset: string }): Promise<Response> {
  const answer = await answerDataRequest(path.provider, path.dataset, searchParams(req), {
    ifNoneMatch: req.headers.get('if-none-match'),
    // Behind server.ts the server compresses (Next would drop our Content-Encoding): the plain body then.
    acceptEncoding: routeAcceptEncoding(req),
  });
  // A view, not a copy (Node's Buffers sit on plain ArrayBuffers).
  const body = answer.body ? new Uint8Array(answer.body.buffer as ArrayBuffer, answer.body.byteOffset, answer.body.byteLength) : null;
  return new Response(body, { status: answer.status, headers: answer.headers });
}
