// The data route's answer to a fresh in-memory hit, for the server's fast path (lib/server/fast-path.ts),
// which asks this before Next.js (which costs tens of times more per request than node:http). It is
// computed by the same functions the route uses (registry look-up, query parsing, key, answerFor);
// null for everything else (misses, errors, stale copies, display-only and raster datasets), which the
// route answers. The server adds the route's own headers (CORS, Vary) and writes it.
import { countDatasetUse } from '@/lib/health/usage';
import { observeDataAnswer } from '@/lib/observability/metrics';
import { findServedDataset } from '@/lib/providers';
import { answerFor, type ClientHeaders, type DataAnswer } from './answer';
import { isFresh } from './entry';
import { prepareDataRequest } from './proxy';
import { asksShaping, parseDataQuery } from './query';
import { dataState, type KnownTarget } from './state';

/** A request of the data route as the route reads it: its path parameters and query members. */
export interface DataRequest {
  providerId: string;
  datasetId: string;
  query: Record<string, string>;
}

/**
 * The cache key of a request, computed by the route's own functions (registry look-up, query
 * parsing and normalisation, key). Null when the route must answer (unknown dataset, bad query,
 * display-only or raster dataset).
 */
async function resolveTarget(target: string, request: DataRequest): Promise<KnownTarget | null> {
  const served = await findServedDataset(request.providerId, request.datasetId);
  if (!served || served.displayOnly || served.dataset.source.type !== 'geojson') return null;
  let key: string;
  try {
    const { shape, ...query } = parseDataQuery(request.query);
    if (asksShaping(shape)) return null; // shaped answers are the route's
    key = prepareDataRequest(served, query).key;
  } catch {
    return null; // the route words the error
  }
  const known = { providerId: request.providerId, datasetId: request.datasetId, served, key };
  dataState().targetKeys.set(target, known);
  return known;
}

/**
 * The answer to GET or HEAD `target` (path and query) when it is a fresh in-memory hit, counted as
 * served; null leaves the request to the route. `read` gives the target's parameters the way the
 * route reads them; it is called only for a target not seen before with the current manifest.
 */
export async function freshDataAnswer(target: string, read: () => DataRequest | null, client: ClientHeaders, head: boolean): Promise<DataAnswer | null> {
  const s = dataState();
  // A target's key is remembered with the served dataset object it was computed for; the registry
  // replaces that object on every change, so the key is reused only while the same manifest is served.
  let known = s.targetKeys.get(target);
  if (!known || (await findServedDataset(known.providerId, known.datasetId)) !== known.served) {
    const request = read();
    known = request ? ((await resolveTarget(target, request)) ?? undefined) : undefined;
    if (!known) return null;
  }
  const entry = s.memory.get(known.key);
  const now = Date.now();
  if (!entry || !isFresh(entry, now)) return null;
  const answer = answerFor(entry, entry, 'hit', client, now);
  observeDataAnswer('hit', head ? 0 : (answer.body?.length ?? 0));
  countDatasetUse(known.providerId, known.datasetId);
  return answer;
}
