// How long start-up work (the reference import, seeding the built-in providers) reports progress:
// a progress bar for a person at a terminal, one log line per step otherwise.
export interface LoadOptions {
  progress: boolean;
  log: (line: string) => void;
}
