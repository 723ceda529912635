// The data proxy: GET /api/data through a two-level cache (see README.md in this folder).
export { loadDatasetCollection, settleDataRefreshes, type CacheState } from './proxy';
export { freshDataAnswer, type DataRequest } from './fast-path';
export { clearMemoryCache, dataState } from './state';
export { pruneDataCache, deleteCacheEntries } from './store';
export { computeTrend } from './trend';
