// The doorkeeper of the portal's caches (lib/doorkeeper.ts) and the memo that uses it (lib/memo.ts): a
// key is kept from the second time it is computed, so a crowd of distinct questions leaves nothing
// behind while a repeated one is answered from the memo from its third time on.
import { describe, expect, test } from 'vitest';
import { Doorkeeper } from '@/lib/doorkeeper';
import { OwnerMemo } from '@/lib/memo';

describe('Doorkeeper', () => {
  test('a key is new the first time and known the second; other keys stay new', () => {
    const d = new Doorkeeper(10);
    expect(d.seenBefore('/api/places?query=Nitra')).toBe(false);
    expect(d.seenBefore('/api/places?query=Nitra')).toBe(true);
    expect(d.seenBefore('/api/places?query=nitra')).toBe(false);
    expect(d.seenBefore('/api/places?query=Žilina')).toBe(false);
    d.clear();
    expect(d.seenBefore('/api/places?query=Nitra')).toBe(false);
  });

  test('recent keys are remembered while the table holds them (4,096 slots, 1,000 keys asked twice in a row)', () => {
    const d = new Doorkeeper(12);
    let remembered = 0;
    for (let i = 0; i < 1000; i++) {
      d.seenBefore(`/api/places/reverse?point=${17 + i / 1000},48.1`);
      if (d.seenBefore(`/api/places/reverse?point=${17 + i / 1000},48.1`)) remembered++;
    }
    expect(remembered).toBe(1000);
  });

  test('keys asked once each are mostly not taken for known ones (collisions only admit early)', () => {
    const d = new Doorkeeper(16);
    let known = 0;
    for (let i = 0; i < 20_000; i++) if (d.seenBefore(`/api/summary/a/b?municipality=SK${100000 + i}`)) known++;
    expect(known).toBe(0);
  });
});

describe('OwnerMemo', () => {
  test('a value is kept from the second computation of its key; keys asked once are not kept', async () => {
    const memo = new OwnerMemo<object, { n: number }>({ max: 100 });
    const owner = {};
    let computed = 0;
    const ask = (key: string) => memo.remember(owner, key, async () => ({ n: ++computed }));
    for (let i = 0; i < 50; i++) await ask(`k${i}`);
    expect(computed).toBe(50);
    // Asked again: computed again (nothing was kept), and now kept.
    for (let i = 0; i < 50; i++) await ask(`k${i}`);
    expect(computed).toBe(100);
    const third = await ask('k7');
    expect(computed).toBe(100);
    expect(third).toBe(await ask('k7'));
    // The synchronous form behaves alike.
    let sync = 0;
    const once = memo.rememberSync(owner, 's', () => ({ n: ++sync }));
    const twice = memo.rememberSync(owner, 's', () => ({ n: ++sync }));
    expect(twice).not.toBe(once);
    expect(memo.rememberSync(owner, 's', () => ({ n: ++sync }))).toBe(twice);
    expect(sync).toBe(2);
  });
});
