// The static validator: manifest and data checks (spec: Manifest findings, Data findings).
// The live test lives in ./live.ts.
export type { Finding, Report } from './report';
export { checkManifest } from './manifest';
export { checkData } from './data';
export { validateDataSchema } from './schema';
export { classifyValidateBody } from './classify';
