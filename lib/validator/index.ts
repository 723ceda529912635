// The static validator: manifest and data checks (spec: Manifest findings, Data findings).
// The live test lives in ./live.ts.
export type { AnyReport, Finding, LiveDatasetReport, LiveReport, Report } from './report';
export { checkManifest } from './manifest';
export { checkData } from './data';
export { validateDataSchema, validateDatasetSchema, validateManifestSchema } from './schema';
export { classifyValidateBody, type ValidateBody } from './classify';
export { buildReport } from './report';
