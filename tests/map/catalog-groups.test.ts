// The map catalog's groups: real categories in Slovak order, the built-in samples last under
// "Ukážkové dáta" and never open on the first screen (only when the user searches).
import { describe, expect, test } from 'vitest';
import { catalogGroups, isSample, SAMPLE_GROUP_LABEL } from '@/lib/map/catalog';
import type { Category } from '@/lib/protocol/types';

const d = (key: string, category: Category, categoryLabel: string, sample?: boolean) => ({ key, category, categoryLabel, ...(sample ? { sample } : {}) });

describe('catalogGroups', () => {
  const datasets = [
    d('priklady/a', 'sample', 'Ukážkové dáta', true),
    d('x/voda', 'water', 'Voda'),
    d('x/uzemie', 'territory', 'Územie a správa'),
    d('priklady/b', 'sample', 'Ukážkové dáta', true),
    d('x/rizika', 'risks', 'Riziká a obmedzenia'),
    d('x/zivotne', 'nature', 'Príroda a životné prostredie'),
  ];

  test('samples after every real category (though "Ukážkové" sorts before "Územie" and "Voda")', () => {
    const groups = catalogGroups(datasets, false);
    expect(groups.map((g) => g.label)).toEqual(['Príroda a životné prostredie', 'Riziká a obmedzenia', 'Územie a správa', 'Voda', SAMPLE_GROUP_LABEL]);
    expect(groups.at(-1)).toMatchObject({ sample: true, datasets: [{ key: 'priklady/a' }, { key: 'priklady/b' }] });
    expect(groups.slice(0, -1).every((g) => !g.sample && g.datasets.every((x) => !isSample(x)))).toBe(true);
  });

  test('the samples stay closed on the first screen; a search opens every group', () => {
    const few = catalogGroups([datasets[0], datasets[1]], false);
    expect(few.map((g) => [g.label, g.open])).toEqual([['Voda', true], [SAMPLE_GROUP_LABEL, false]]);
    expect(catalogGroups(datasets, false).some((g) => g.open)).toBe(false);
    expect(catalogGroups(datasets, true).every((g) => g.open)).toBe(true);
  });

  test('a sample is known by `sample: true` or by its category', () => {
    expect(isSample({ category: 'sample' })).toBe(true);
    expect(isSample({ category: 'water', sample: true })).toBe(true);
    expect(isSample({ category: 'water' })).toBe(false);
    expect(catalogGroups([d('x/y', 'other', 'Ostatné', true)], false)[0].label).toBe(SAMPLE_GROUP_LABEL);
  });
});
