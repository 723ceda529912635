// The data proxy's limits and lifetimes in one place (documented in lib/data/README.md).

/** Most features one response carries (the protocol's maxFeatures maximum). */
export { MAX_FEATURES } from '@/lib/protocol/types';
/** Lifetime of an entry when the source sends no dm.ttl. */
export const DEFAULT_TTL_SECONDS = 300;
/** Longest lifetime honoured from dm.ttl. */
export const MAX_TTL_SECONDS = 86_400;
/** How long a copy may still answer (as stale) after it expired, while the source fails. */
export const STALE_MAX_AGE_SECONDS = 7 * 86_400;
/** stale-while-revalidate advertised to browsers and CDNs. */
export const SWR_SECONDS = 60;
/** stale-if-error advertised to CDNs. */
export const STALE_IF_ERROR_SECONDS = 86_400;
/** An expired entry waits this long for its refresh before the held copy answers. */
export const REVALIDATE_GRACE_MS = 300;
/** After a failed refresh, the copy answers as stale without asking the source for this long. */
export const FAILURE_BACKOFF_SECONDS = 30;
/** The in-memory LRU's bound (identity + gzip bytes of all entries). */
export const MEMORY_MAX_BYTES = 256 * 1024 * 1024;
/** Entries above this are kept only in Postgres. */
export const MEMORY_MAX_ENTRY_BYTES = 40 * 1024 * 1024;
/** The Postgres cache's bound (gzipped bytes); the oldest entries go first. */
export const DB_MAX_BYTES = 512 * 1024 * 1024;
/** Pruning runs at most this often per process. */
export const PRUNE_INTERVAL_MS = 60_000;
/** Source request limits (the spec's). */
export const SOURCE_TIMEOUT_MS = 10_000;
export const SOURCE_MAX_BYTES = 15 * 1024 * 1024;
/** Longest cursor accepted. */
export const MAX_CURSOR_LENGTH = 500;
