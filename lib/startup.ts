// What a server does before it listens: open (and migrate) the database, load the reference data
// on first run, seed the built-in providers. Kept out of the request path.
import { openDatabase, setDatabase, type DatabaseHandle } from './db';
import { env } from './env';
import { ensureReferenceData } from './reference/import';
import { startManifestRefreshLoop } from './providers/refresh';
import { seedBuiltInProviders } from './providers/seed';

export interface LoadOptions {
  progress: boolean;
  log: (line: string) => void;
}

/** Reference data (first run only; idempotent) and built-in providers. Also used by the tests. */
export async function loadContent(handle: DatabaseHandle, options: LoadOptions): Promise<void> {
  const dir = env().referenceDataDir;
  if (dir) await ensureReferenceData(handle, dir, options);
  else options.log('reference data: REFERENCE_DATA_DIR not found; place search answers 501 geocoding_unavailable');
  await seedBuiltInProviders(handle, options);
}

export async function prepareServer(log: (line: string) => void = console.log): Promise<DatabaseHandle> {
  const started = Date.now();
  const pending = openDatabase({ migrate: true, requireHost: true });
  setDatabase(pending);
  const handle = await pending;
  log(`database: ${handle.describe} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await loadContent(handle, { progress: true, log });
  // Registered manifests are downloaded again periodically (MANIFEST_REFRESH_MINUTES).
  startManifestRefreshLoop(log);
  return handle;
}
