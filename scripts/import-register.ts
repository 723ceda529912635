// `npm run import:register -- <file> [<file> ...]`: loads Register adries open data (XML batches as
// .zip/.xml, or the CSV export of address points) into the database: the running server's (through
// its socket) or the configured one. Streamed and idempotent; see lib/places/register-import.ts.
import { existsSync } from 'node:fs';
import { openDatabase } from '../lib/db';
import { municipalities } from '../lib/db/schema';
import { describeRegisterImport, importRegisterFile } from '../lib/places/register-import';

async function main(): Promise<number> {
  const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (!files.length) {
    console.error('usage: npm run import:register -- <batch.zip | batch.xml | addresses.csv> [...]');
    return 2;
  }
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length) {
    console.error(`not found: ${missing.join(', ')}`);
    return 2;
  }
  const handle = await openDatabase({ migrate: true });
  try {
    console.log(`database: ${handle.describe}`);
    if (!(await handle.db.$count(municipalities))) console.warn('warning: no municipalities loaded (npm run import:reference first); addresses stay unresolved');
    for (const file of files) {
      const r = await importRegisterFile(handle, file, { progress: process.stdout.isTTY === true, log: (l) => console.log(l) });
      console.log(`${file}: ${describeRegisterImport(r)}`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error('register import failed:', e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
