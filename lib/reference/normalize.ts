// Name folding shared by the importer, the resolver and the place search: every stored `*_norm`
// column and every query goes through the same function, so matching never depends on where a
// string came from (no SQL unaccent on one side and JS on the other).

// The functions are the protocol module's (lib/protocol/shared/text.ts), which the browser uses too.
export { normalizeName, slugify } from '@/lib/protocol/shared/text';

/** House number key: "12 A" / "12a" / "12A" -> "12a". */
export function normalizeNumber(input: string): string {
  return input.toLowerCase().replace(/\s+/g, '');
}
