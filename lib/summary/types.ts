// The public shape of GET /api/summary/{provider}/{dataset}, the MCP `summary` tool and the numbers
// on dataset pages (one function, summarizeDataset, makes them all). Documented in README.md.
import type { HitValue } from '@/lib/nearby/describe';
import type { CategoryKind } from './categories';

export interface SummaryMunicipality {
  code: string;
  name: string;
  district: string | null;
  region: string;
  /** `<region-slug>/<municipality-slug>`, the overview page address. */
  path: string;
}

export interface SummaryCategory {
  key: string;
  label: string;
  color: string | null;
  count: number;
  from?: number | null;
  to?: number | null;
  value?: string;
}

export interface SummaryCategories {
  type: CategoryKind;
  /** Property coloured by; null for trend (computed from each object's chart). */
  field: string | null;
  /** Human label of the field (with its unit), when the dataset describes it. */
  label: string | null;
  /** Every class of the presentation, in legend order, with its count (0 included). */
  items: SummaryCategory[];
}

export interface RankedObject {
  title: string;
  value: number;
  /** Municipality the object lies in (point datasets). */
  municipality?: { code: string; name: string };
}

export interface SummaryRankings {
  field: string;
  label: string;
  unit: string | null;
  /** Objects with a numeric value in the scope. */
  count: number;
  /** Highest values first. */
  highest: RankedObject[];
  /** Lowest values first. */
  lowest: RankedObject[];
}

export interface OwnArea {
  title: string;
  values: HitValue[];
  /** Value of the numeric colour field, when there is one. */
  value?: number | null;
  /** Key and label of the colour class the area falls in. */
  category?: { key: string; label: string; color: string | null };
  /** Position by the numeric colour field among all areas of the dataset (1 = highest). */
  rank?: { position: number; of: number };
}

export interface DatasetSummary {
  dataset: string;
  title: string;
  provider: string;
  attribution: string;
  license?: string;
  /** null = the whole territory the dataset covers. */
  municipality: SummaryMunicipality | null;
  /** The dataset parameters applied (defaults filled in). */
  params: Record<string, string>;
  generated: string;
  /** When the portal got the data from the source (`dm.generated` of the collection). */
  dataGenerated: string | null;
  /** Objects in the scope. */
  count: number;
  /** The source gave only part of the data (limit); numbers are lower bounds. */
  truncated: boolean;
  notice?: string;
  categories: SummaryCategories | null;
  rankings: SummaryRankings | null;
  /** Cartograms with a municipality: the area(s) the municipality lies in or equals; else null. */
  own: OwnArea[] | null;
}
