// Report assembly: validity, the Slovak summary line, and capped per-code collection of findings.
import type { Finding, Report } from './types';

/** Slovak noun forms for 1, 2-4 and 0/5+ (e.g. chyba, chyby, chýb). */
export function plural(n: number, one: string, few: string, many: string): string {
  const word = n === 1 ? one : n >= 2 && n <= 4 ? few : many;
  return `${n} ${word}`;
}

export function buildReport(subject: 'Manifest' | 'Dáta', errors: Finding[], warnings: Finding[]): Report {
  const valid = errors.length === 0;
  const counts = `${plural(errors.length, 'chyba', 'chyby', 'chýb')}, ${plural(warnings.length, 'odporúčanie', 'odporúčania', 'odporúčaní')}`;
  const verdict = subject === 'Manifest' ? (valid ? 'Manifest je platný' : 'Manifest nie je platný') : valid ? 'Dáta sú platné' : 'Dáta nie sú platné';
  return { valid, summary: `${verdict} (${counts}).`, errors, warnings };
}

/** Collects findings of one level; repeated codes stop after `perCode` entries so reports stay readable. */
export class FindingList {
  readonly items: Finding[] = [];
  private readonly counts = new Map<string, number>();
  constructor(private readonly perCode = 20) {}

  add(path: string, code: string, message: string, hint?: string): void {
    const n = (this.counts.get(code) ?? 0) + 1;
    this.counts.set(code, n);
    if (n > this.perCode) return;
    this.items.push(hint ? { path, code, message, hint } : { path, code, message });
  }

  push(...findings: Finding[]): void {
    this.items.push(...findings);
  }
}
