// Process-wide state of the data proxy (lib/process-state.ts): the in-memory LRU and the requests
// in flight, one per process whichever copy of this module asks: a hit the route stored is a hit for
// the fast path too.
import { LRUCache } from 'lru-cache';
import type { ServedDataset } from '@/lib/providers';
import { processWide } from '@/lib/process-state';
import { entrySize, type CacheEntry } from './entry';
import { MEMORY_MAX_BYTES, MEMORY_MAX_ENTRY_BYTES } from './limits';

export interface Flight {
  promise: Promise<CacheEntry>;
  startedAt: number;
}

/** A request target the fast path has seen: its dataset and cache key, valid while the registry serves `served`. */
export interface KnownTarget {
  providerId: string;
  datasetId: string;
  served: ServedDataset;
  key: string;
}

export interface DataState {
  memory: LRUCache<string, CacheEntry>;
  /** Loads (Postgres lookup + source request) in progress per key: concurrent misses share one. */
  loads: Map<string, Promise<unknown>>;
  /** Source refreshes in progress per key. */
  refreshes: Map<string, Flight>;
  /** Fast path: request target -> its cache key, valid while the registry serves the same object. */
  targetKeys: LRUCache<string, KnownTarget>;
  /** Counters for benches and diagnostics. */
  stats: { upstreamRequests: number; dbWrites: number; dbReads: number };
  lastPrune: number;
}

export function dataState(): DataState {
  return processWide<DataState>('dataCache', () => ({
    memory: new LRUCache<string, CacheEntry>({
      maxSize: MEMORY_MAX_BYTES,
      maxEntrySize: MEMORY_MAX_ENTRY_BYTES,
      sizeCalculation: entrySize,
    }),
    targetKeys: new LRUCache({ max: 20_000 }),
    loads: new Map(),
    refreshes: new Map(),
    stats: { upstreamRequests: 0, dbWrites: 0, dbReads: 0 },
    lastPrune: 0,
  }));
}

/** Drops the in-memory copies (tests of the Postgres layer, benches); Postgres keeps its entries. */
export function clearMemoryCache(): void {
  dataState().memory.clear();
}
