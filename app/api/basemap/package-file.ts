// A file of an installed package served as is (MapLibre's worker, the print tool's font): read once,
// with a strong ETag and a day of caching, since the file changes only with the package.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { tagMatches } from '@/lib/entity-tag';
import { route } from '@/lib/http';

/** The GET handler for `node_modules/<file>` with this Content-Type. */
export function packageFileRoute(file: string, contentType: string) {
  let loaded: Promise<{ body: Buffer; etag: string }> | null = null;
  const load = () =>
    (loaded ??= readFile(path.join(process.cwd(), 'node_modules', file)).then((body) => ({
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    })));
  return route(async (req) => {
    const { body, etag } = await load();
    const headers = { ETag: etag, 'Cache-Control': 'public, max-age=86400', 'Content-Type': contentType };
    if (tagMatches(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    return new Response(new Uint8Array(body), { headers });
  });
}
