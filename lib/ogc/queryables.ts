// What a collection's features hold, typed: the manifest's `fields` (labels, units, codes) joined with
// what the data show (a property the manifest does not describe is typed from its values). One
// description serves the queryables (OGC API – Features Part 3: every property can be filtered and
// sorted by), the feature schema behind `describedby`, the FlatGeobuf columns and the filter checks.
// The portal's `__dm_*` extras are not properties here: OGC answers carry them as the `dm` member.
import { loadDatasetCollection } from '@/lib/data';
import type { DataCollection, FieldDef, ManifestDataset } from '@/lib/protocol/types';
import type { ServedDataset } from '@/lib/providers';
import type { QueryableType } from './cql2/compile';
import { tileBounds, tileOf } from './grid';
import { isTiled, tiledZoom } from './collections';
import { SLOVAKIA_BBOX } from '@/lib/protocol/shared/geo';

const DM_PREFIX = '__dm_';

/** The name of the geometry queryable (CQL2: `S_INTERSECTS(geometry, ...)`). */
export const GEOMETRY_QUERYABLE = 'geometry';

export interface PropertyInfo {
  name: string;
  type: Exclude<QueryableType, 'geometry'>;
  title?: string;
  description?: string;
  unit?: string;
  /** Codes the property holds (the manifest field's `values`), with their labels. */
  values?: Record<string, string>;
  format?: 'uri';
}

export interface Queryables {
  /** Properties in order: the manifest's fields first, then the others as the data show them. */
  properties: PropertyInfo[];
  /** `geometry-point`, `geometry-polygon`, ... or `geometry-any` (OGC API – Features Part 5 formats). */
  geometryFormat: string;
  /** Name -> type, with the geometry: what a filter may name. */
  types: ReadonlyMap<string, QueryableType>;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The type the values of one property show (integers, numbers, booleans, dates, strings, objects, arrays; mixed ones are strings). */
function typeOfValues(values: unknown[]): PropertyInfo['type'] {
  let kinds = 0;
  const INT = 1, NUM = 2, BOOL = 4, STR = 8, OBJ = 16, ARR = 32;
  let dates = true;
  let dateTimes = true;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'number') kinds |= Number.isInteger(v) ? INT : NUM;
    else if (typeof v === 'boolean') kinds |= BOOL;
    else if (typeof v === 'string') {
      kinds |= STR;
      if (!DATE_ONLY.test(v)) dates = false;
      if (!DATE_TIME.test(v)) dateTimes = false;
    } else if (Array.isArray(v)) kinds |= ARR;
    else kinds |= OBJ;
  }
  if (kinds === 0) return 'string';
  if ((kinds & ~(INT | NUM)) === 0) return kinds & NUM ? 'number' : 'integer';
  if (kinds === BOOL) return 'boolean';
  if (kinds === STR) return dates ? 'date' : dateTimes ? 'date-time' : 'string';
  if (kinds === OBJ) return 'object';
  if (kinds === ARR) return 'array';
  return 'string';
}

function fromField(f: FieldDef, dataType: PropertyInfo['type'] | undefined): PropertyInfo {
  const declared: Record<string, PropertyInfo['type']> = { string: 'string', number: 'number', integer: 'integer', boolean: 'boolean', url: 'string' };
  const type = f.type === 'date' ? (dataType === 'date-time' ? 'date-time' : 'date') : (declared[f.type ?? 'string'] ?? 'string');
  return {
    name: f.key,
    type,
    title: f.unit ? `${f.label} (${f.unit})` : f.label,
    ...(f.description ? { description: f.description } : {}),
    ...(f.unit ? { unit: f.unit } : {}),
    ...(f.values && Object.keys(f.values).length ? { values: f.values } : {}),
    ...(f.type === 'url' ? { format: 'uri' as const } : {}),
  };
}

const GEOMETRY_FORMATS: Record<string, string> = {
  Point: 'geometry-point',
  MultiPoint: 'geometry-multipoint',
  LineString: 'geometry-linestring',
  MultiLineString: 'geometry-multilinestring',
  Polygon: 'geometry-polygon',
  MultiPolygon: 'geometry-multipolygon',
};

const fromData = new WeakMap<DataCollection, Queryables>();

/** The queryables of a dataset given a sample of its data (remembered per cached collection). */
function queryablesFrom(dataset: ManifestDataset, collection: DataCollection | null): Queryables {
  const cached = collection ? fromData.get(collection) : undefined;
  if (cached) return cached;
  const values = new Map<string, unknown[]>();
  const geometryTypes = new Set<string>();
  for (const f of collection?.features ?? []) {
    if (f.geometry) geometryTypes.add(f.geometry.type);
    for (const [k, v] of Object.entries(f.properties ?? {})) {
      if (k.startsWith(DM_PREFIX)) continue;
      let list = values.get(k);
      if (!list) values.set(k, (list = []));
      list.push(v);
    }
  }
  const properties: PropertyInfo[] = [];
  const seen = new Set<string>();
  for (const f of dataset.fields ?? []) {
    if (seen.has(f.key) || f.key.startsWith(DM_PREFIX)) continue;
    seen.add(f.key);
    properties.push(fromField(f, values.has(f.key) ? typeOfValues(values.get(f.key)!) : undefined));
  }
  for (const [k, list] of values) {
    if (seen.has(k)) continue;
    seen.add(k);
    properties.push({ name: k, type: typeOfValues(list) });
  }
  const only = geometryTypes.size === 1 ? [...geometryTypes][0] : undefined;
  const q: Queryables = {
    properties,
    geometryFormat: (only && GEOMETRY_FORMATS[only]) ?? 'geometry-any',
    types: new Map<string, QueryableType>([...properties.map((p) => [p.name, p.type] as const), [GEOMETRY_QUERYABLE, 'geometry' as const]]),
  };
  if (collection) fromData.set(collection, q);
  return q;
}

/**
 * The data a collection's queryables are read from: the whole dataset with its default parameters,
 * or for a dataset read per viewport the tile at the centre of its coverage (through the proxy's
 * cache, as any read; a failing source fails the request with its code, as items do).
 */
async function sampleOf(served: ServedDataset): Promise<DataCollection> {
  if (!isTiled(served.dataset)) return (await loadDatasetCollection(served, { params: {} })).collection;
  const b = served.dataset.coverage?.bbox ?? SLOVAKIA_BBOX;
  const z = tiledZoom(served.dataset);
  const { x, y } = tileOf((b[0] + b[2]) / 2, (b[1] + b[3]) / 2, z);
  return (await loadDatasetCollection(served, { bbox: tileBounds(z, x, y), zoom: z, params: {} })).collection;
}

export async function queryablesOf(served: ServedDataset): Promise<Queryables> {
  return queryablesFrom(served.dataset, await sampleOf(served));
}
