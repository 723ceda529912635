// GET /metrics parsed with a Prometheus text-format parser (parse-prometheus-text-format, a port of
// the Prometheus Python client's parser), and sums of samples by name and labels.
import { createRequire } from 'node:module';

export interface Family {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: Array<{ value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }>;
}

// CommonJS without type declarations.
const parse = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => Family[];

export function parseMetrics(text: string): Family[] {
  return parse(text);
}

/** The sum of a counter's or gauge's samples whose labels include `labels`. */
export function sampleSum(families: Family[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  if (!family) return 0;
  let sum = 0;
  for (const m of family.metrics) {
    if (m.value === undefined) continue;
    if (Object.entries(labels).every(([k, v]) => m.labels?.[k] === v)) sum += Number(m.value);
  }
  return sum;
}
