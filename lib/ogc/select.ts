// Which features an items request selects and in which order: bbox (in bbox-crs), the CQL2 `filter`,
// equality filters on queryables (`?nazov=Nitra`, OGC API – Features Part 1) and `sortby`, checked
// against the collection's queryables and compiled once per request. The selection's key names it
// for the remembered results per cached collection (paging repeats the same selection).
import { ApiError } from '@/lib/errors';
import type { DataFeature } from '@/lib/protocol/types';
import type { ServedDataset } from '@/lib/providers';
import { compileFilter, type QueryableType } from './cql2/compile';
import type { Area } from './crs';
import { intersectsArea } from './envelope';
import type { ItemsQuery, SortKey } from './query';
import { queryablesOf, type Queryables } from './queryables';

export interface Selection {
  /** Names the selection (area, filter, equality filters) for remembered results; '' selects all. */
  key: string;
  keep?: (f: DataFeature) => boolean;
  /** Names the order ('' = the source's). */
  sortKey: string;
  compare?: (a: DataFeature, b: DataFeature) => number;
  /** The queryables when the request needed them (filters, sortby, properties). */
  queryables?: Queryables;
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** An equality filter's value as the queryable's type (400 when it cannot be one). */
function typedValue(name: string, type: QueryableType, raw: string): string | number | boolean {
  if (type === 'integer' || type === 'number') {
    if (!NUMERIC.test(raw.trim())) throw new ApiError('invalid_query', `${name}: expected a number (the property is ${type === 'integer' ? 'an integer' : 'a number'}).`);
    return Number(raw);
  }
  if (type === 'boolean') {
    if (raw !== 'true' && raw !== 'false') throw new ApiError('invalid_query', `${name}: expected true or false.`);
    return raw === 'true';
  }
  return raw;
}

function checkName(q: Queryables, member: string, name: string): void {
  const t = q.types.get(name);
  if (!t) throw new ApiError('invalid_query', `${member}: "${name}" is not a property of this collection (its properties: ${q.properties.map((p) => p.name).join(', ')}; see /queryables).`);
  if (t === 'geometry') throw new ApiError('invalid_query', `${member}: "${name}" is the geometry; name a property.`);
}

const collator = new Intl.Collator('sk', { numeric: true });

function sortValue(v: unknown): number | string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** A comparator over the sort keys: numbers by value, texts in Slovak order, missing values last. */
function comparator(keys: SortKey[]): (a: DataFeature, b: DataFeature) => number {
  return (a, b) => {
    for (const k of keys) {
      const x = sortValue(a.properties?.[k.name]);
      const y = sortValue(b.properties?.[k.name]);
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      if (c !== 0) return k.desc ? -c : c;
    }
    return 0;
  };
}

/** The members that need the queryables: a filter, equality filters, sortby or properties. */
function needsQueryables(q: ItemsQuery): boolean {
  return q.filter !== undefined || Object.keys(q.equals).length > 0 || q.sortby !== undefined || q.properties !== undefined;
}

export async function selectionFor(served: ServedDataset, q: ItemsQuery): Promise<Selection> {
  const area: Area | undefined = q.area;
  if (!needsQueryables(q)) {
    return area ? { key: area.key, keep: (f) => intersectsArea(f, area), sortKey: '' } : { key: '', sortKey: '' };
  }
  const queryables = await queryablesOf(served);
  const terms: unknown[] = [];
  for (const [name, raw] of Object.entries(q.equals)) {
    checkName(queryables, name, name);
    terms.push({ op: '=', args: [{ property: name }, typedValue(name, queryables.types.get(name)!, raw)] });
  }
  if (q.filter) terms.push(q.filter.expr);
  for (const p of q.properties ?? []) checkName(queryables, 'properties', p);
  for (const k of q.sortby ?? []) checkName(queryables, 'sortby', k.name);
  const expr = terms.length > 1 ? { op: 'and', args: terms } : terms[0];
  const predicate = expr === undefined ? undefined : compileFilter(expr, { queryables: queryables.types, filterCrs: q.filterCrs });
  const keep = area && predicate ? (f: DataFeature) => intersectsArea(f, area) && predicate(f) : area ? (f: DataFeature) => intersectsArea(f, area) : predicate;
  const key = expr === undefined ? (area?.key ?? '') : JSON.stringify([area?.key ?? null, expr, q.filterCrs.code]);
  return {
    key,
    ...(keep ? { keep } : {}),
    sortKey: q.sortby ? q.sortby.map((k) => `${k.desc ? '-' : ''}${k.name}`).join(',') : '',
    ...(q.sortby ? { compare: comparator(q.sortby) } : {}),
    queryables,
  };
}
