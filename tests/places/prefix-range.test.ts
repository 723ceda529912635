// prefixEnd: the upper bound of the btree range the place search uses for "starts with" (a range of
// parameters stays an index condition in a generic plan, where `like $1` does not).
import { describe, expect, test } from 'vitest';
import { prefixEnd } from '@/lib/places/search';
import { prng } from '../../scripts/resilience/common';

/** Byte order of the UTF-8 encodings, as PostgreSQL's text_pattern_ops compares. */
const cmp = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const inRange = (s: string, q: string) => cmp(s, q) >= 0 && cmp(s, prefixEnd(q)) < 0;

describe('prefixEnd', () => {
  test('raises the last character', () => {
    expect(prefixEnd('nitra')).toBe('nitrb');
    expect(prefixEnd('hlavna, kosice')).toBe('hlavna, kosicf');
    expect(prefixEnd('z')).toBe('{');
  });

  test('steps over the surrogate block and past U+10FFFF', () => {
    expect(prefixEnd('a\uD7FF')).toBe('a\uE000');
    expect(prefixEnd('a\u{10FFFF}')).toBe('b');
    expect(prefixEnd('a😀')).toBe('a😁');
    // Nothing bounds the strings after U+10FFFF: the range is empty (no name starts so).
    expect(prefixEnd('\u{10FFFF}\u{10FFFF}')).toBe('\u{10FFFF}\u{10FFFF}');
  });

  test('the range holds exactly the strings that start with the prefix (random strings)', () => {
    // Seeded so a failure repeats.
    const rnd = prng(42);
    const alphabet = ['a', 'b', 'z', ' ', ',', '-', 'ž', 'á', '\uD7FF', '\uE000', '😀', '\u{10FFFF}', '{'];
    const word = (n: number) => Array.from({ length: n }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
    let starting = 0;
    for (let i = 0; i < 20000; i++) {
      const q = word(1 + Math.floor(rnd() * 3));
      if (/^\u{10FFFF}+$/u.test(q)) continue;
      const s = rnd() < 0.5 ? q + word(Math.floor(rnd() * 3)) : word(Math.floor(rnd() * 5));
      if (s.startsWith(q)) starting++;
      expect(inRange(s, q), `${JSON.stringify(s)} against ${JSON.stringify(q)}`).toBe(s.startsWith(q));
    }
    expect(starting).toBeGreaterThan(5000);
  });
});
