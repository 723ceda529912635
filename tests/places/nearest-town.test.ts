// nearestTown (lib/places/municipality-index.ts) narrows the towns on a plane before the
// great-circle distance decides: it must name the same town, at the same distance, as measuring
// every town would, for points anywhere in and around Slovakia.
import { describe, expect, test } from 'vitest';
import { nearestTown, type MunicipalityIndex, type MunicipalityInfo } from '@/lib/places/municipality-index';
import { haversine } from '@/lib/protocol/shared/geo';

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function bruteForce(towns: MunicipalityInfo[], p: [number, number]): { code: string; km: number } {
  let best: { town: MunicipalityInfo; km: number } | null = null;
  for (const t of towns) {
    const km = haversine(p[0], p[1], t.point[0], t.point[1]) / 1000;
    if (!best || km < best.km) best = { town: t, km };
  }
  return { code: best!.town.code, km: Math.round(best!.km * 10) / 10 };
}

describe('nearestTown', () => {
  test('the same town and distance as measuring every town, for 5,000 points', () => {
    const rnd = random(20261129);
    // 140 towns over Slovakia's extent, some in clusters (Bratislava's and Košice's districts lie close together).
    const towns = Array.from({ length: 140 }, (_, i) => {
      const lon = i < 20 ? 17.1 + rnd() * 0.1 : 16.85 + rnd() * 5.7;
      const lat = i < 20 ? 48.1 + rnd() * 0.1 : 47.75 + rnd() * 1.8;
      return { code: `T${i}`, name: `Town ${i}`, point: [lon, lat] } as MunicipalityInfo;
    });
    const index = { towns } as MunicipalityIndex;
    for (let i = 0; i < 5000; i++) {
      // Points in and around the country, a few far outside it.
      const p: [number, number] = i % 50 === 0 ? [10 + rnd() * 20, 44 + rnd() * 10] : [16.5 + rnd() * 6.5, 47.5 + rnd() * 2.3];
      const got = nearestTown(index, p)!;
      expect({ code: got.town.code, km: got.km }, `${p}`).toEqual(bruteForce(towns, p));
    }
  });

  test('no towns, no answer', () => {
    expect(nearestTown({ towns: [] as MunicipalityInfo[] } as MunicipalityIndex, [17.1, 48.1])).toBeNull();
  });
});
