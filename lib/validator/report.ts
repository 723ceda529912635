// The validator's report (POST/GET /api/validate, the registration's `check`, MCP validate_*): its
// zod schemas, whose `z.output` are the report types (lib/operation/README.md), and its assembly:
// validity, the Slovak summary line, and capped per-code collection of findings.
import { z } from 'zod';
import { pluralForm } from '@/lib/protocol/shared/text';
import { withHints } from './hints';
import { datasetPreview } from './preview';

export const finding = z
  .object({
    path: z.string().describe('JSON Pointer into the checked document without the leading `/` (`datasets/0/source/url`; empty = the document).'),
    code: z.string(),
    message: z.string(),
    hint: z.string().optional().describe('How to fix it (recommendations).'),
  })
  .meta({ id: 'Finding' });

export const validatorReport = z
  .object({
    valid: z.boolean().describe('True when there are no errors (recommendations do not count).'),
    summary: z.string(),
    errors: z.array(finding),
    warnings: z.array(finding),
  })
  .meta({ id: 'ValidatorReport', description: 'The validator report: `valid`, a one-line `summary`, `errors` and `warnings` (recommendations).' });

const liveMembers = {
  manifestUrl: z.string(),
  provider: z.object({ id: z.string(), name: z.string() }).nullable(),
  datasets: z.array(
    z.object({
      id: z.string(),
      request: z.string().describe('The URL of the test query (the first tile for raster datasets).'),
      durationMs: z.number().min(0),
      featureCount: z.int().min(0).nullable(),
      errors: z.array(finding),
      warnings: z.array(finding),
      preview: datasetPreview.optional().describe('What the test answer draws on a map (GeoJSON datasets that answered).'),
    }),
  ),
};

export const liveReport = validatorReport
  .extend(liveMembers)
  .meta({ id: 'LiveReport', description: 'Live test report: the validator report plus the provider and one test query per dataset.' });

/** A static check's report or a live test's (POST /api/validate, MCP validate_manifest). */
export const anyReport = validatorReport
  .extend(z.object(liveMembers).partial().shape)
  .meta({ id: 'Report', description: 'A validator report; a live test report also carries `manifestUrl`, `provider` and `datasets[]`.' });

/** One finding. `path` is a JSON Pointer into the checked document without the leading `/`. */
export type Finding = z.output<typeof finding>;
/** A static check's report (spec: Validator report). */
export type Report = z.output<typeof validatorReport>;
/** The live test's report: the validator report plus the provider and one test query per dataset. */
export type LiveReport = z.output<typeof liveReport>;
export type LiveDatasetReport = LiveReport['datasets'][number];
/** Either (POST /api/validate, MCP validate_manifest). */
export type AnyReport = z.output<typeof anyReport>;

/** A count with its Slovak noun form (e.g. 1 chyba, 2 chyby, 5 chýb), by the one plural rule. */
export function plural(n: number, one: string, few: string, many: string): string {
  return `${n} ${pluralForm(n, one, few, many)}`;
}

export function buildReport(subject: 'Manifest' | 'Dáta', errors: Finding[], warnings: Finding[]): Report {
  const valid = errors.length === 0;
  const counts = `${plural(errors.length, 'chyba', 'chyby', 'chýb')}, ${plural(warnings.length, 'odporúčanie', 'odporúčania', 'odporúčaní')}`;
  const verdict = subject === 'Manifest' ? (valid ? 'Manifest je platný' : 'Manifest nie je platný') : valid ? 'Dáta sú platné' : 'Dáta nie sú platné';
  return { valid, summary: `${verdict} (${counts}).`, errors: withHints(errors), warnings: withHints(warnings) };
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
