// Text folding for search and ids: one function everywhere (importer, resolver, place and nearby
// search, the map's filter, heading anchors), so matching never depends on where a string came from.

/** Lower case without diacritics: "Žilina" -> "zilina". Other characters are kept. */
export function foldDiacritics(input: string): string {
  return input.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Folded, punctuation turned into single spaces: "Nové Mesto n/Váhom" -> "nove mesto n vahom". */
export function normalizeName(input: string): string {
  return foldDiacritics(input)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** URL slug: the normalised name with hyphens ("Banská Bystrica" -> "banska-bystrica"). */
export function slugify(input: string): string {
  return normalizeName(input).replace(/ /g, '-');
}

/**
 * The Slovak plural form for a count: `one` for 1, `few` for 2-4, `many` for 0 and 5+ (and fractions).
 * The one rule for every count the portal writes (site, validator reports); verbs agree the same way
 * ("čaká 1 / čakajú 2 / čaká 5").
 */
export function pluralForm(n: number, one: string, few: string, many: string): string {
  return n === 1 ? one : Number.isInteger(n) && n >= 2 && n <= 4 ? few : many;
}
