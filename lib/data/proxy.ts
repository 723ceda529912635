// The data proxy: a dataset's GeoJSON through the portal's two-level cache.
//
// Per key (lib/data/key.ts) an answer is
// - hit: a fresh copy (memory LRU, else Postgres);
// - miss: fetched from the source now (concurrent misses share one request);
// - an expired copy: its refresh starts, and the copy answers as soon as REVALIDATE_GRACE_MS pass
//   (as `hit`, revalidating) unless the refresh finishes first (then `miss`, or `stale` when it failed);
// - stale: the source failed and a copy younger than STALE_MAX_AGE exists; dm.notice says so, and the
//   source is asked again after FAILURE_BACKOFF_SECONDS, never by every request.
import { ApiError, isApiError, isErrorCode, isRetryable } from '@/lib/errors';
import { fetchJson, isFetchError, type FetchError } from '@/lib/sources';
import { recordSourceRequest } from '@/lib/health/record';
import { countDatasetUse } from '@/lib/health/usage';
import { logger } from '@/lib/observability/log';
import { metrics, observeDataAnswer } from '@/lib/observability/metrics';
import { sourceRequestUrl } from '@/lib/protocol';
import type { DataCollection, GeoJsonSource } from '@/lib/protocol/types';
import { findServedDataset, originalServiceUrl, withSourceFailureInfo, type ServedDataset } from '@/lib/providers';
import { validateDataSchema } from '@/lib/validator';
import { answerFor, type CacheState, type ClientHeaders, type DataAnswer, type Outcome } from './answer';
import { isFresh, isUsable, render, type CacheEntry, type Rendering } from './entry';
import { cacheKey, dataDefinitionFingerprint } from './key';
import { awaitFetch, claimFetch, type Claim, type Lease } from '@/lib/db/lease';
import {
  FAILURE_BACKOFF_SECONDS,
  REVALIDATE_GRACE_MS,
  SOURCE_MAX_BYTES,
  SOURCE_TIMEOUT_MS,
  STALE_MAX_AGE_SECONDS,
} from './limits';
import { asksShaping, parseDataQuery, prepareQuery, type DataQuery, type PreparedQuery } from './query';
import { shapedRendering } from './shaped';
import { dataState, type Flight } from './state';
import { readCacheEntry, schedulePrune, writeCacheEntry } from './store';
import { transformCollection, withStaleNotice, zoomInCollection } from './transform';

export type { CacheState };

/** Lifetime of the "zoom in" answer (it depends on the manifest only). */
const ZOOM_IN_TTL_SECONDS = 3600;

// ---------------------------------------------------------------------------------------------
// The dataset

/** 303 for display-only datasets, 400 for raster ones: their data never pass through the proxy. */
export function assertProxied(served: ServedDataset): void {
  if (served.displayOnly) {
    const source = originalServiceUrl(served.dataset.source);
    throw new ApiError('display_only', `${served.key} is only displayed by the portal; its data are provided by the original service.`, {
      extra: { source },
      headers: { Location: source },
    });
  }
  if (served.dataset.source.type === 'raster') {
    throw new ApiError('raster_dataset', `${served.key} is a raster dataset; its tiles are read directly from source.tiles.`);
  }
}

// ---------------------------------------------------------------------------------------------
// Source requests

function sourceFailure(err: FetchError): ApiError {
  // A URL the outbound policy refuses is the manifest's fault, not the client's query: a source error.
  if (err.code === 'invalid_url' || err.code === 'https_required') {
    return new ApiError('source_error', `The dataset's source URL is refused: ${err.message}`, { cause: err });
  }
  return new ApiError(err.code, `Data source failed: ${err.message}`, { cause: err, extra: { retryable: isRetryable(err.code, err.status) } });
}

function isSourceFailure(err: unknown): err is ApiError {
  return isApiError(err) && (err as ApiError).status === 502;
}

async function fetchFromSource(served: ServedDataset, pq: PreparedQuery, key: string): Promise<CacheEntry> {
  const dataset = served.dataset;
  const source = dataset.source as GeoJsonSource;
  const url = sourceRequestUrl(dataset, source.url, {
    bbox: pq.mode === 'bbox' ? pq.bbox : undefined,
    zoom: pq.mode === 'bbox' ? pq.tileZoom : undefined,
    cursor: pq.cursor,
    params: pq.params,
  });
  dataState().stats.upstreamRequests++;
  const started = performance.now();
  let bytes = 0;
  // Every request to the source is recorded (provider health, metrics) with its outcome.
  const record = (outcome: string, httpStatus?: number) =>
    recordSourceRequest({ providerId: served.provider.id, datasetId: dataset.id, kind: 'data', ms: performance.now() - started, outcome, bytes, httpStatus });
  let json: unknown;
  try {
    const fetched = await fetchJson(url, {
      timeoutMs: SOURCE_TIMEOUT_MS,
      maxBytes: SOURCE_MAX_BYTES,
      headers: { Accept: 'application/geo+json, application/json' },
    });
    json = fetched.json;
    bytes = fetched.result.body.length;
  } catch (err) {
    if (isFetchError(err)) {
      const failure = sourceFailure(err);
      record(failure.code, err.status);
      throw failure;
    }
    record('source_error');
    throw err;
  }
  const findings = validateDataSchema(json);
  if (findings.length) {
    const first = findings[0];
    const more = findings.length > 1 ? ` (+${findings.length - 1} more)` : '';
    record('data_schema_mismatch');
    throw new ApiError('data_schema_mismatch', `Data from the source do not match the data schema: ${first.path || '/'}: ${first.message}${more}`);
  }
  record('ok');
  const now = Date.now();
  const { collection, ttlSeconds } = transformCollection(json as DataCollection, served.key, dataset, new Date(now));
  return makeEntry(served, key, collection, now, ttlSeconds);
}

async function makeEntry(served: ServedDataset, key: string, collection: DataCollection, now: number, ttlSeconds: number): Promise<CacheEntry> {
  const rendering = await render(Buffer.from(JSON.stringify(collection)));
  const expiresAt = now + ttlSeconds * 1000;
  return {
    key,
    datasetKey: served.key,
    fingerprint: served.fingerprint,
    ...rendering,
    createdAt: now,
    expiresAt,
    staleUntil: expiresAt + STALE_MAX_AGE_SECONDS * 1000,
  };
}

function remember(entry: CacheEntry): void {
  dataState().memory.set(entry.key, entry);
}

/** Rounds of waiting for other instances before this one fetches regardless (leases keep changing hands). */
const MAX_LEASE_ROUNDS = 5;

/** Fetches from the source, stores the entry (memory, Postgres) and records the lease's outcome. */
async function fetchAndStore(served: ServedDataset, pq: PreparedQuery, key: string, lease: Lease | null): Promise<CacheEntry> {
  let entry: CacheEntry;
  try {
    entry = await fetchFromSource(served, pq, key);
  } catch (err) {
    if (lease) {
      const [code, message] = isSourceFailure(err) ? [err.code, err.message] : ['internal_error', 'Internal error; it has been logged.'];
      await lease.finish(code, message).catch(() => undefined);
    }
    throw err;
  }
  remember(entry);
  try {
    await writeCacheEntry(entry);
  } catch (err) {
    logger().error({ err, dataset: served.key }, 'data cache: storing an entry in Postgres failed');
  }
  schedulePrune();
  // `ok` also when the write failed: the waiting instances then find no entry and claim the key themselves.
  await lease?.finish('ok').catch(() => undefined);
  return entry;
}

/**
 * The source request of a key, once across all instances (lib/db/lease.ts): this instance fetches
 * when it wins the lease, else it waits for the winner's entry (or failure).
 */
async function fetchShared(served: ServedDataset, pq: PreparedQuery, key: string): Promise<CacheEntry> {
  const waits = metrics().dataCacheLeaseWaits;
  for (let round = 0; ; round++) {
    if (round >= MAX_LEASE_ROUNDS) return fetchAndStore(served, pq, key, null);
    let claim: Claim;
    try {
      claim = await claimFetch(key);
    } catch (err) {
      logger().warn({ err, dataset: served.key }, 'data cache: the fetch lease is unavailable; fetching without it');
      return fetchAndStore(served, pq, key, null);
    }
    if (claim.held) return fetchAndStore(served, pq, key, claim.lease);
    const waited = await awaitFetch(key, claim.holder);
    if (waited.kind === 'failed') {
      waits.inc({ result: 'failure' });
      throw new ApiError(isErrorCode(waited.code) ? waited.code : 'source_error', waited.message);
    }
    if (waited.kind === 'ok') {
      const entry = await readCacheEntry({ key }).catch(() => null);
      if (entry && isUsable(entry)) {
        waits.inc({ result: 'entry' });
        remember(entry);
        return entry;
      }
    }
    waits.inc({ result: 'takeover' });
  }
}

/**
 * The one refresh of a key in flight (single-flight): a new entry stored in memory and Postgres, or a
 * rejection. A source failure is recorded on the held copy so that it answers as stale meanwhile.
 */
function refresh(served: ServedDataset, pq: PreparedQuery, key: string, held: CacheEntry | undefined): Flight {
  const s = dataState();
  const running = s.refreshes.get(key);
  if (running) return running;
  const promise = fetchShared(served, pq, key);
  const flight: Flight = { promise, startedAt: Date.now() };
  s.refreshes.set(key, flight);
  promise.then(
    () => s.refreshes.delete(key),
    (err: unknown) => {
      s.refreshes.delete(key);
      if (held && isSourceFailure(err)) {
        held.failure = { at: Date.now(), code: err.code, message: err.message };
        if (s.memory.has(key)) remember(held);
      } else if (!isSourceFailure(err)) {
        logger().error({ err, dataset: served.key }, 'data proxy: refreshing failed');
      }
    },
  );
  return flight;
}

/** Resolves when every refresh in flight has settled (graceful shutdown). */
export async function settleDataRefreshes(): Promise<void> {
  await Promise.allSettled([...dataState().refreshes.values()].map((f) => f.promise));
}

const delay = (ms: number) => new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), Math.max(0, ms)).unref?.());

async function loadEntry(served: ServedDataset, pq: PreparedQuery, key: string, inMemory: CacheEntry | undefined): Promise<{ entry: CacheEntry; outcome: Outcome }> {
  const now = Date.now();
  let held = inMemory && isUsable(inMemory, now) ? inMemory : undefined;
  // During a known outage the copy answers at once: no Postgres read, no source request.
  if (held?.failure && now - held.failure.at < FAILURE_BACKOFF_SECONDS * 1000) return { entry: held, outcome: 'stale' };

  // Postgres: the entry after a restart, or a newer one another instance fetched.
  let stored: CacheEntry | null = null;
  try {
    stored = await readCacheEntry({ key });
  } catch (err) {
    logger().error({ err, dataset: served.key }, 'data cache: reading Postgres failed');
  }
  if (stored && isUsable(stored) && (!held || stored.createdAt > held.createdAt)) {
    held = stored;
    remember(stored);
  }
  if (held && isFresh(held)) return { entry: held, outcome: 'hit' };

  const flight = refresh(served, pq, key, held);
  if (!held) return { entry: await flight.promise, outcome: 'miss' };

  const settled = await Promise.race([
    flight.promise.then(
      (entry) => ({ entry }),
      (error: unknown) => ({ error }),
    ),
    delay(flight.startedAt + REVALIDATE_GRACE_MS - Date.now()),
  ]);
  if (settled === 'late') return { entry: held, outcome: 'revalidating' };
  if ('entry' in settled) return { entry: settled.entry, outcome: 'miss' };
  if (isSourceFailure(settled.error)) return { entry: held, outcome: 'stale' };
  throw settled.error;
}

/** The entry for a prepared query: memory, Postgres, or the source, sharing work between concurrent callers. */
async function obtainEntry(served: ServedDataset, pq: PreparedQuery, key: string): Promise<{ entry: CacheEntry; outcome: Outcome }> {
  const s = dataState();
  const inMemory = s.memory.get(key);
  if (inMemory && isFresh(inMemory)) return { entry: inMemory, outcome: 'hit' };
  if (pq.belowMinZoom) {
    // Below minZoom the portal does not load data (spec: coverage.minZoom): a notice, no source request.
    const now = Date.now();
    const entry = await makeEntry(served, key, zoomInCollection(served.key, pq.minZoom ?? 0, new Date(now)), now, ZOOM_IN_TTL_SECONDS);
    remember(entry);
    return { entry, outcome: 'hit' };
  }
  let load = s.loads.get(key) as Promise<{ entry: CacheEntry; outcome: Outcome }> | undefined;
  if (!load) {
    load = loadEntry(served, pq, key, inMemory);
    s.loads.set(key, load);
    const forget = () => s.loads.delete(key);
    load.then(forget, forget);
  }
  return load.catch((err: unknown) => {
    // A failed source says whether to try again and where the authority's own service is.
    throw isSourceFailure(err) ? withSourceFailureInfo(served, err) : err;
  });
}

/** The body with the stale notice, built once per entry. */
async function staleRendering(entry: CacheEntry): Promise<Rendering> {
  if (!entry.staleRendering) {
    entry.staleRendering = await render(withStaleNotice(entry.body, entry.createdAt));
    if (dataState().memory.get(entry.key) === entry) remember(entry); // re-measure its size
  }
  return entry.staleRendering;
}

// ---------------------------------------------------------------------------------------------
// Requests (the route, the fast path and the other services share these)

/** The data definition's fingerprint per served dataset object (the registry replaces it on any change). */
const definitions = new WeakMap<ServedDataset, string>();

function definitionOf(served: ServedDataset): string {
  let d = definitions.get(served);
  if (d === undefined) definitions.set(served, (d = dataDefinitionFingerprint(served.dataset)));
  return d;
}

/** The request parts that decide the cache key, shared by the route and the fast path. */
export function prepareDataRequest(served: ServedDataset, query: DataQuery): { pq: PreparedQuery; key: string } {
  const pq = prepareQuery(served.dataset, query);
  return { pq, key: cacheKey(served.key, definitionOf(served), pq) };
}

/**
 * The whole GET /api/data behaviour as a framework-free answer (errors are thrown as ApiError); the
 * route's web face is ./routes.ts.
 */
export async function answerDataRequest(providerId: string, datasetId: string, query: Record<string, string>, client: ClientHeaders): Promise<DataAnswer> {
  const served = await findServedDataset(providerId, datasetId);
  if (!served) throw new ApiError('unknown_dataset', `Unknown dataset ${providerId}/${datasetId}.`);
  assertProxied(served);
  const { shape, ...dataQuery } = parseDataQuery(query);
  const { pq, key } = prepareDataRequest(served, dataQuery);
  const { entry, outcome } = await obtainEntry(served, pq, key);
  const rendering = outcome === 'stale' ? await staleRendering(entry) : entry;
  const shaped = asksShaping(shape) ? await shapedRendering(served, rendering, parsedCollection(rendering), shape, query) : null;
  const answer = answerFor(entry, shaped ?? rendering, outcome, client);
  if (shaped?.link) answer.headers.Link = shaped.link;
  observeDataAnswer(outcome, answer.body?.length ?? 0);
  countDatasetUse(providerId, datasetId);
  return answer;
}

/**
 * A dataset's collection for other services (nearby, summary, MCP fetch_data), through the same
 * cache. Throws ApiError: display_only, raster_dataset, invalid_query, or the source's code.
 */
export async function loadDatasetCollection(
  served: ServedDataset,
  q: DataQuery,
): Promise<{ collection: DataCollection; cache: CacheState }> {
  assertProxied(served);
  const { pq, key } = prepareDataRequest(served, { ...q, params: q.params ?? {} });
  const { entry, outcome } = await obtainEntry(served, pq, key);
  observeDataAnswer(outcome, 0);
  countDatasetUse(served.provider.id, served.dataset.id);
  const rendering = outcome === 'stale' ? await staleRendering(entry) : entry;
  return { collection: parsedCollection(rendering), cache: outcome === 'revalidating' ? 'hit' : outcome };
}

/** A rendering's body as a collection, parsed once per rendering (shared: callers treat it as read-only). */
function parsedCollection(rendering: Rendering): DataCollection {
  let collection = parsedCollections.get(rendering);
  if (!collection) {
    collection = JSON.parse(rendering.body.toString('utf8')) as DataCollection;
    parsedCollections.set(rendering, collection);
  }
  return collection;
}

/**
 * The parsed collection of each cached rendering, for as long as the rendering lives (the LRU holds
 * it): nearby asks up to 12 cached collections per request, and parsing 5,000-object bodies every
 * time would dominate its answer. The collection is shared, so callers treat it as read-only.
 */
const parsedCollections = new WeakMap<object, DataCollection>();
