// Dataset summaries for Slovakia or one municipality (GET /api/summary, MCP `summary`, dataset pages).
export { summarizeDataset, locateCollection } from './service';
export { municipalityIndex, resetMunicipalityIndex } from './municipality-index';
export type * from './schema';
