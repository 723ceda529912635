// Name folding shared by the importer, the resolver and the place search: every stored `*_norm`
// column and every query goes through the same function, so matching never depends on where a
// string came from (no SQL unaccent on one side and JS on the other).

/** Lower case, diacritics removed, punctuation folded to single spaces: "Nové Mesto n/Váhom" -> "nove mesto n vahom". */
export function normalizeName(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** URL slug: normalised name with hyphens ("Banská Bystrica" -> "banska-bystrica"). */
export function slugify(input: string): string {
  return normalizeName(input).replace(/ /g, '-');
}

/** House number key: "12 A" / "12a" / "12A" -> "12a". */
export function normalizeNumber(input: string): string {
  return input.toLowerCase().replace(/\s+/g, '');
}
