// Which reference data the database holds: the import's digest and the number of municipality rows.
// The in-memory indexes built from them (lib/places/municipality-index.ts,
// lib/summary/municipality-index.ts) read it every few seconds to know when to rebuild.
// Raw SQL (postgres.js): two scalar subqueries in one round trip.
import { getSql } from '@/lib/db';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';

export interface ReferenceState {
  /** The digest of the last reference import (null before the first). */
  digest: string | null;
  municipalities: number;
}

/**
 * The reference data the database holds now. `holding`: the caller holds an index built before, so
 * a database outage answers null (keep it, ask again later) instead of the outage's error.
 */
export async function referenceState(holding: boolean): Promise<ReferenceState | null> {
  const sql = await getSql();
  try {
    const [row] = await sql<{ digest: string | null; n: number }[]>`
      select (select digest from reference_imports where name = 'sk-reference') as digest,
             (select count(*)::int from municipalities) as n`;
    return { digest: row.digest, municipalities: row.n };
  } catch (err) {
    if (holding && isDatabaseUnavailable(err)) return null;
    throw err;
  }
}
