// "Did you mean": the nearest known name to a misspelt one (property names, categories, use cases).
import { CATEGORIES, USE_CASES } from '@/lib/protocol/types';
import { foldDiacritics, slugify } from '@/lib/protocol/shared/text';

/** Levenshtein distance (insertions, deletions and substitutions cost 1). */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

/**
 * The candidate a typo most likely meant: the nearest by edit distance (case and diacritics
 * ignored), when it is within a third of the candidate's length (at least 2 edits); else null.
 */
function closestName(word: string, candidates: readonly string[]): string | null {
  const folded = foldDiacritics(word);
  let best: string | null = null;
  let bestDist = Infinity;
  for (const c of candidates) {
    const d = editDistance(folded, foldDiacritics(c));
    if (d < bestDist) [best, bestDist] = [c, d];
  }
  return best !== null && bestDist <= Math.max(2, Math.floor(best.length / 3)) ? best : null;
}

/** Slovak words a provider may write for a recommended category (as slugs: folded, hyphens). */
const CATEGORY_WORDS: Record<string, (typeof CATEGORIES)[number]> = {
  uzemie: 'territory',
  sprava: 'territory',
  priroda: 'nature',
  zivotne: 'nature',
  voda: 'water',
  vody: 'water',
  rizika: 'risks',
  riziko: 'risks',
  obmedzenia: 'risks',
  energetika: 'energy',
  energia: 'energy',
  doprava: 'transport',
  obyvatelstvo: 'society',
  spolocnost: 'society',
  ekonomika: 'economy',
  hospodarstvo: 'economy',
  infrastruktura: 'infrastructure',
  ukazka: 'sample',
  ostatne: 'other',
};

/** Slovak words for the recommended use cases. */
const USE_CASE_WORDS: Record<string, (typeof USE_CASES)[number]> = {
  vystavba: 'construction',
  stavba: 'construction',
  byvanie: 'housing',
  'kupa-pozemku': 'land-purchase',
  pozemok: 'land-purchase',
  polnohospodarstvo: 'agriculture',
  investicia: 'investment',
  investicie: 'investment',
  doprava: 'transport',
  turistika: 'tourism',
  'cestovny-ruch': 'tourism',
  podnikanie: 'business',
  samosprava: 'public-administration',
  'verejna-sprava': 'public-administration',
};

/** The recommended category a value most likely meant (typo or a Slovak word), or null. */
export function suggestCategory(value: string): string | null {
  return CATEGORY_WORDS[slugify(value)] ?? closestName(value, CATEGORIES);
}

/** The recommended use case a value most likely meant (typo or a Slovak word), or null. */
export function suggestUseCase(value: string): string | null {
  return USE_CASE_WORDS[slugify(value)] ?? closestName(value, USE_CASES);
}
