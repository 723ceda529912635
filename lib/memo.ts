// Answers memoised per owner: one bounded LRU per object the answers depend on (the reference data's
// municipality index, a served dataset), held in a WeakMap, so a new owner (a re-import, a changed
// manifest) starts empty and the old one's answers go with it. Values are shared, never mutated.
// A value is kept from the second time its key is computed (lib/doorkeeper.ts): a crowd of distinct
// questions leaves nothing behind.
import { LRUCache } from 'lru-cache';
import { Doorkeeper } from '@/lib/doorkeeper';

export class OwnerMemo<O extends object, V extends object> {
  private byOwner = new WeakMap<O, LRUCache<string, V>>();
  private readonly doorkeeper = new Doorkeeper(14);

  constructor(private readonly options: { max: number; ttlMs?: number }) {}

  private lru(owner: O): LRUCache<string, V> {
    let lru = this.byOwner.get(owner);
    if (!lru) this.byOwner.set(owner, (lru = new LRUCache<string, V>({ max: this.options.max, ttl: this.options.ttlMs })));
    return lru;
  }

  /** The memoised value for `key` of `owner`, computed (and kept) when missing. */
  async remember(owner: O, key: string, compute: () => Promise<V>): Promise<V> {
    const lru = this.lru(owner);
    const known = lru.get(key);
    if (known) return known;
    const value = await compute();
    if (this.doorkeeper.seenBefore(key)) lru.set(key, value);
    return value;
  }

  /** `remember` for a synchronous computation. */
  rememberSync(owner: O, key: string, compute: () => V): V {
    const lru = this.lru(owner);
    let value = lru.get(key);
    if (!value) {
      value = compute();
      if (this.doorkeeper.seenBefore(key)) lru.set(key, value);
    }
    return value;
  }

  /** Forgets every owner's values. */
  clear(): void {
    this.byOwner = new WeakMap();
    this.doorkeeper.clear();
  }
}
