// Every registry state change runs here: one transaction (only `tx` inside it), the registry version
// bumped in the same transaction when something changed, and this process's served copy dropped
// after the commit.
import { getDb, type Db, type Tx } from '@/lib/db';
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
  fn: (tx: Tx, changed: () => void) => Promise<T>,
  db?: Db,
): Promise<T> {
  const client = db ?? (await getDb());
  let dirty = false;
  try {
    return await client.transaction(async (tx) => {
      const value = await fn(tx, () => {
        dirty = true;
      });
      if (dirty) await bumpRegistryVersion(tx);
      return value;
    });
  } finally {
    if (dirty) invalidateRegistryCache();
  }
}
