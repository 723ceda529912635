// Every registry state change runs here: one transaction (only `tx` inside it), the registry version
// bumped in the same transaction when something changed, and this process's served copy dropped
// after the commit.
import type postgres from 'postgres';
import { getSql, type Sql } from '@/lib/db';
import { bumpRegistryVersion } from './queries';
import { invalidateRegistryCache } from './served';

/** Raised for operator actions that cannot be done (unknown provider, transition not allowed). */
export class RegistryError extends Error {
  readonly code: 'unknown_provider' | 'invalid_transition' | 'fingerprint_mismatch';
  constructor(code: RegistryError['code'], message: string) {
    super(message);
    this.name = 'RegistryError';
    this.code = code;
  }
}

export function isRegistryError(e: unknown): e is RegistryError {
  return e instanceof RegistryError || (typeof e === 'object' && e !== null && (e as { name?: string }).name === 'RegistryError');
}

/**
 * Runs `fn` in a transaction. `fn` calls `changed()` when it wrote something the served content
 * depends on; then the version is bumped before the commit and the local copy dropped after it.
 */
export async function registryWrite<T>(
  fn: (tx: postgres.TransactionSql, changed: () => void) => Promise<T>,
  sql?: Sql,
): Promise<T> {
  const client = sql ?? (await getSql());
  let dirty = false;
  try {
    const result = await client.begin(async (tx) => {
      const value = await fn(tx, () => {
        dirty = true;
      });
      if (dirty) await bumpRegistryVersion(tx);
      return value;
    });
    return result as T;
  } finally {
    if (dirty) invalidateRegistryCache();
  }
}
