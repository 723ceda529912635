// The doorkeeper of a cache (as in TinyLFU): it remembers which keys were asked for once, in a fixed
// table of 32-bit fingerprints, so that a cache keeps an answer only when its key is asked for again.
// A crowd of questions asked once each then leaves nothing behind (no entry to evict later, no
// garbage promoted to the old generation for the major GC to mark), while a question asked twice
// within the table's memory is kept from its second answer on. A collision only admits a key early
// or forgets one, never gives a wrong answer: the cache itself is keyed by the whole key.
export class Doorkeeper {
  private readonly slots: Uint32Array;
  private readonly mask: number;

  /** A table of 2^bits fingerprints (2^16: 256 KB, about a minute of keys at 1,000 new keys a second). */
  constructor(bits = 16) {
    this.slots = new Uint32Array(1 << bits);
    this.mask = (1 << bits) - 1;
  }

  /** True when `key` was offered before and is still remembered; otherwise remembers it and returns false. */
  seenBefore(key: string): boolean {
    const h = fingerprint(key);
    // The slot from the high bits, so that the fingerprint's low bits still tell keys of one slot apart.
    const slot = (h >>> 16) & this.mask;
    if (this.slots[slot] === h) return true;
    this.slots[slot] = h;
    return false;
  }

  /** Forgets every key. */
  clear(): void {
    this.slots.fill(0);
  }
}

/** FNV-1a over the UTF-16 code units, never 0 (an empty slot). */
function fingerprint(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0 || 1;
}
