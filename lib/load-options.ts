// How start-up work reports progress (reference import, built-in providers): a leaf module, so the
// steps can take it without importing lib/startup.ts, which imports them (no import cycle).
export interface LoadOptions {
  progress: boolean;
  log: (line: string) => void;
}
