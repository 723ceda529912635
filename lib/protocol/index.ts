// The protocol 0.1 in one import: types and limits, the served schemas, request building.
export * from './types';
export {
  alignBboxToTiles,
  normalizeParams,
  sourceRequestUrl,
} from './request';
