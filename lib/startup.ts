// What a server does before it serves: open (and migrate) the database, load the reference data on
// first run, seed the built-in providers, start the manifest refresh loop. The server already listens
// meanwhile (probes answer; /readyz names the step in progress). Kept out of the request path.
import { clearFetchLeases } from './db/lease';
import { openDatabase, setDatabase, withSessionLock, type DatabaseHandle } from './db';
import { ADVISORY_LOCKS } from './db/locks';
import { env } from './env';
import type { LoadOptions } from './observability/progress';
import { logger } from './observability/log';
import { ensureReferenceData } from './reference/import';
import { startNotificationLoop } from './notifications';
import { notifyLongOutages } from './providers/outages';
import { startManifestRefreshLoop } from './providers/refresh';
import { seedBuiltInProviders } from './providers/seed';
import { setStep } from './server/lifecycle';

export type { LoadOptions };

/** Advisory lock of the start-up content: instances starting together load and seed one after another. */
const CONTENT_LOCK = ADVISORY_LOCKS.startupContent;

/** Reference data (first run only; idempotent) and built-in providers. Also used by the tests. */
export async function loadContent(handle: DatabaseHandle, options: LoadOptions): Promise<'ok' | 'not_configured'> {
  return withSessionLock(handle.sql, CONTENT_LOCK, async () => {
    const dir = env().referenceDataDir;
    let reference: 'ok' | 'not_configured' = 'not_configured';
    if (dir) reference = (await ensureReferenceData(handle, dir, options)) ? 'ok' : 'not_configured';
    else options.log('reference data: REFERENCE_DATA_DIR not found; place search answers 501 geocoding_unavailable');
    await seedBuiltInProviders(handle, options);
    return reference;
  });
}

export async function prepareServer(): Promise<DatabaseHandle> {
  const log = (line: string) => logger().info(line);
  const started = Date.now();
  setStep('database', 'loading');
  setStep('migrations', 'loading');
  const pending = openDatabase({ migrate: true, requireHost: true });
  setDatabase(pending);
  let handle: DatabaseHandle;
  try {
    handle = await pending;
  } catch (err) {
    setStep('database', 'failed');
    throw err;
  }
  setStep('database', 'ok');
  setStep('migrations', 'ok');
  // The embedded database belongs to this process alone: fetch leases left by a killed host are void.
  if (handle.mode === 'embedded-host') await clearFetchLeases();
  log(`database: ${handle.describe} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  setStep('referenceData', 'loading');
  // A progress bar only for a person watching a terminal; logs stay one JSON object per line.
  const reference = await loadContent(handle, { progress: Boolean(process.stderr.isTTY) && env().logFormat === 'pretty', log });
  setStep('referenceData', reference);
  setStep('registry', 'ok');
  // Registered manifests are downloaded again periodically (MANIFEST_REFRESH_MINUTES), by one instance at a time.
  startManifestRefreshLoop(log);
  // E-mails to providers go out from the outbox every few seconds (and long outages are noticed).
  startNotificationLoop({ everyMinute: () => notifyLongOutages() });
  return handle;
}
