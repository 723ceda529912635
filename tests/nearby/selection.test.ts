// Automatic selection (rule 3): only datasets that answer at the point and cover it; risks, then
// restrictions, then the rest, base maps last; over the limit -> skipped. And the text match.
import { describe, expect, test } from 'vitest';
import { matchScore, priorityOf, selectDatasets } from '@/lib/nearby/selection';
import type { ServedDataset } from '@/lib/providers';
import type { ManifestDataset } from '@/lib/protocol/types';

function served(d: Partial<ManifestDataset> & { id: string }, displayOnly = false): ServedDataset {
  const dataset: ManifestDataset = { title: d.id, source: { type: 'geojson', url: 'https://x.sk/d.json' }, ...d } as ManifestDataset;
  return {
    key: `p/${d.id}`,
    provider: { id: 'p', name: 'P', managedBy: 'provider', approval: 'approved', status: 'ok' },
    dataset,
    manifestUrl: 'https://x.sk/m.json',
    fingerprint: 'f',
    displayOnly,
    attribution: 'P',
    license: null,
  };
}

const WMS = { type: 'raster' as const, tiles: ['https://x.sk/wms?SERVICE=WMS&REQUEST=GetMap&LAYERS=a&CRS=EPSG:3857&BBOX={bbox-epsg-3857}'] };
const XYZ = { type: 'raster' as const, tiles: ['https://t.x.sk/{z}/{x}/{y}.png'] };
const BA: [number, number] = [17.1, 48.15];

describe('priorityOf', () => {
  test('risks, restrictions, others, base maps', () => {
    expect(priorityOf({ id: 'a', title: 'Zosuvy', category: 'nature', source: XYZ })).toBe(0);
    expect(priorityOf({ id: 'a', title: 'Čokoľvek', category: 'risks', source: XYZ })).toBe(0);
    expect(priorityOf({ id: 'a', title: 'Ochranné pásma vodných zdrojov', category: 'water', source: XYZ })).toBe(1);
    expect(priorityOf({ id: 'a', title: 'Chránené územia', category: 'nature', source: XYZ })).toBe(1);
    expect(priorityOf({ id: 'a', title: 'Školy', category: 'society', source: XYZ })).toBe(2);
    expect(priorityOf({ id: 'a', title: 'Ortofotomozaika', category: 'territory', source: XYZ })).toBe(3);
  });
});

describe('matchScore', () => {
  const d: ManifestDataset = { id: 'a', title: 'Povodňové ohrozenie', keywords: ['záplavy', 'voda'], description: 'Mapy povodňového rizika.', source: XYZ };
  test('diacritics and inflection do not matter; every token must match', () => {
    expect(matchScore(d, 'povodne')).toBeGreaterThan(0);
    expect(matchScore(d, 'ZAPLAVY')).toBeGreaterThan(0);
    // "riziká" is a synonym of "ohrozenie" in the keyword table (issue 25): a title match now, not only the description's.
    expect(matchScore(d, 'rizika')).toBe(3);
    expect(matchScore(d, 'povodne a záplavy')).toBe(5);
    expect(matchScore(d, 'povodne školy')).toBe(0);
    expect(matchScore(d, 'a v na')).toBe(0);
  });
});

describe('selectDatasets', () => {
  const all = [
    served({ id: 'skoly', title: 'Školy', category: 'society', useCases: ['housing'] }),
    served({ id: 'orto', title: 'Ortofoto', category: 'territory', useCases: ['housing'], source: WMS }),
    served({ id: 'xyz', title: 'Turistická mapa', category: 'transport', useCases: ['housing'], source: XYZ }),
    served({ id: 'zosuvy', title: 'Zosuvy', category: 'risks', useCases: ['housing'], source: WMS }),
    served({ id: 'pasma', title: 'Ochranné pásma', category: 'water', useCases: ['housing'] }),
    served({ id: 'kosice', title: 'Parkovanie Košice', category: 'transport', useCases: ['housing'], coverage: { bbox: [21.1, 48.6, 21.4, 48.8] } }),
    served({ id: 'hidden', title: 'Zobrazované', category: 'risks', useCases: ['housing'] }, true),
    served({ id: 'farmy', title: 'Farmy', category: 'economy', useCases: ['agriculture'] }),
  ];

  test('purpose: capable, covering datasets in priority order; over the limit skipped', () => {
    const sel = selectDatasets(all, { purpose: 'housing' }, BA[0], BA[1]);
    expect(sel.chosen.map((s) => s.dataset.id)).toEqual(['zosuvy', 'pasma', 'skoly', 'orto']);
    expect(sel.skipped).toEqual([]);
    const limited = selectDatasets(all, { purpose: 'housing' }, BA[0], BA[1], 2);
    expect(limited.chosen.map((s) => s.dataset.id)).toEqual(['zosuvy', 'pasma']);
    expect(limited.skipped.map((s) => s.dataset.id)).toEqual(['skoly', 'orto']);
  });

  test('coverage decides: in Košice the parking dataset takes part', () => {
    expect(selectDatasets(all, { purpose: 'housing' }, 21.25, 48.72).chosen.map((s) => s.dataset.id)).toContain('kosice');
  });

  test('search by text', () => {
    expect(selectDatasets(all, { search: 'farmy' }, BA[0], BA[1]).chosen.map((s) => s.dataset.id)).toEqual(['farmy']);
    expect(selectDatasets(all, { search: 'turistická' }, BA[0], BA[1]).chosen).toEqual([]);
  });

  test('built-in samples (category sample) never take part, by purpose or by text', () => {
    const withSamples = [
      ...all,
      served({ id: 'ukazka-zosuvy', title: 'Zosuvy (ukážka)', category: 'sample', useCases: ['housing'] }),
      served({ id: 'ukazka-farmy', title: 'Farmy', category: 'sample', useCases: ['agriculture'], source: WMS }),
    ];
    const byPurpose = selectDatasets(withSamples, { purpose: 'housing' }, BA[0], BA[1], 1);
    expect([...byPurpose.chosen, ...byPurpose.skipped].map((s) => s.dataset.id)).toEqual(['zosuvy', 'pasma', 'skoly', 'orto']);
    expect(selectDatasets(withSamples, { search: 'farmy' }, BA[0], BA[1]).chosen.map((s) => s.dataset.id)).toEqual(['farmy']);
    expect(selectDatasets(withSamples, { search: 'ukážka' }, BA[0], BA[1]).chosen).toEqual([]);
  });
});
