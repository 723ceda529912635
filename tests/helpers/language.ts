// Whether a text a person reads is English rather than Slovak: English function words and the
// technical words of error messages ("The source did not answer (ENOTFOUND)."), or a bare error
// code. Used by the code-table test and the e2e check that the "Čo je tu?" panel never shows English.

// ("dataset" and "server" are Slovak words too, so they are not in the list.)
const ENGLISH_WORDS = /\b(the|and|of|is|are|was|not|did|does|could|cannot|failed|failure|error|errors|source|request|response|answer|answered|timeout|timed|unreachable|invalid|unknown|internal|data|available|unavailable|found|expected|please|try|again|database|query|parameter)\b/i;
const CODE = /\b[a-z]+(_[a-z]+)+\b/;

/** The English words or code-like tokens of `text` (empty: none found). */
export function englishIn(text: string): string[] {
  const found: string[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const word = ENGLISH_WORDS.exec(sentence);
    if (word) found.push(`${word[0]} in “${sentence.trim().slice(0, 80)}”`);
    const code = CODE.exec(sentence);
    if (code) found.push(`${code[0]} in “${sentence.trim().slice(0, 80)}”`);
  }
  return found;
}
