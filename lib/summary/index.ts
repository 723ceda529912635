// Dataset summaries for Slovakia or one municipality (GET /api/summary, MCP `summary`, dataset pages).
export { summarizeDataset, clearSummaryCache, locateCollection, representativePoint, interiorPoint, RANKING_SIZE, type SummaryInput } from './service';
export { classifierFor, type CategoryClass, type Classifier } from './categories';
export { municipalityIndex, resetMunicipalityIndex, locate, locateAll, buildIndex, type MunicipalityIndex } from './municipality-index';
export type * from './schema';
