// `npm run import:reference [-- --force]`: loads the Slovak reference data from REFERENCE_DATA_DIR
// (default ../shared/data/sk) into the database: the running server's (through its socket) or the
// configured one. Skips when the inputs are unchanged unless --force.
import { openDatabase } from '../lib/db';
import { env } from '../lib/env';
import { importReferenceData } from '../lib/reference/import';
import { missingRequiredFiles } from '../lib/reference/sources';

async function main(): Promise<number> {
  const dir = env().referenceDataDir;
  if (!dir) {
    console.error('REFERENCE_DATA_DIR is not set and ../shared/data/sk does not exist.');
    return 2;
  }
  const missing = missingRequiredFiles(dir);
  if (missing.length) {
    console.error(`${dir} lacks ${missing.join(', ')}`);
    return 2;
  }
  const handle = await openDatabase({ migrate: true });
  try {
    console.log(`database: ${handle.describe}; reference data: ${dir}`);
    const r = await importReferenceData(handle, dir, {
      progress: process.stdout.isTTY === true,
      log: (l) => console.log(l),
      force: process.argv.includes('--force'),
    });
    if (r.status === 'unchanged') console.log(`reference data: unchanged (digest ${r.digest.slice(0, 12)}), nothing to do; --force re-imports`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error('reference import failed, the previous data is unchanged:', e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
