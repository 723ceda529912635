// A CQL2 expression (its JSON form: the text grammar yields the same) checked against a collection's
// queryables and compiled into a predicate over features. Three-valued logic as CQL2 states it: a
// comparison with a missing or null value, or of values that cannot be compared, is unknown, and
// only features for which the whole filter is true are selected (NOT unknown stays unknown).
import { booleanIntersects } from '@turf/boolean-intersects';
import type { Feature as GeoFeature, Geometry as GeoGeometry } from 'geojson';
import { ApiError } from '@/lib/errors';
import type { DataFeature } from '@/lib/protocol/types';
import { areaOf, areaPolygon, geometryToWgs84, type CrsDef } from '../crs';
import { envelope } from '../envelope';

/** How a queryable is typed (JSON Schema `type`, with `format` for dates and geometries). */
export type QueryableType = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'date-time' | 'geometry' | 'object' | 'array';

export interface CompileContext {
  /** Queryable names and their types (the geometry queryable is `geometry`). */
  queryables: ReadonlyMap<string, QueryableType>;
  /** The CRS of the filter's geometry literals (`filter-crs`). */
  filterCrs: CrsDef;
}

export type Predicate = (f: DataFeature) => boolean;

type Tri = boolean | null;
type Scalar = string | number | boolean | null | Instant;
type ScalarFn = (f: DataFeature) => Scalar;
type TriFn = (f: DataFeature) => Tri;

/** A date or timestamp, as milliseconds since the epoch (a date is its UTC midnight). */
class Instant {
  constructor(readonly ms: number) {}
}

const MAX_DEPTH = 64;
const MAX_NODES = 2000;

function bad(message: string): never {
  throw new ApiError('invalid_query', `filter: ${message}`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function instantOf(s: string, kind: 'date' | 'timestamp'): Instant {
  const ok = kind === 'date' ? DATE_ONLY.test(s) : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(s);
  const ms = ok ? Date.parse(kind === 'date' ? `${s}T00:00:00Z` : s) : NaN;
  if (!Number.isFinite(ms)) bad(`${kind.toUpperCase()}('${s}') is not a valid ${kind === 'date' ? 'date (YYYY-MM-DD)' : 'timestamp (RFC 3339, e.g. 2020-01-01T00:00:00Z)'}.`);
  return new Instant(ms);
}

/** A property value as an instant (for comparisons with DATE/TIMESTAMP); null when it is none. */
function asInstant(v: Scalar): Instant | null {
  if (v instanceof Instant) return v;
  if (typeof v !== 'string') return null;
  const ms = Date.parse(DATE_ONLY.test(v) ? `${v}T00:00:00Z` : v);
  return Number.isFinite(ms) ? new Instant(ms) : null;
}

const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/** The two values as comparable primitives of one kind, or null when they cannot be compared. */
function comparable(a: Scalar, b: Scalar): [number, number] | [string, string] | [boolean, boolean] | null {
  if (a === null || b === null) return null;
  if (a instanceof Instant || b instanceof Instant) {
    const x = asInstant(a);
    const y = asInstant(b);
    return x && y ? [x.ms, y.ms] : null;
  }
  if (typeof a === 'number' && typeof b === 'number') return [a, b];
  if (typeof a === 'number' && typeof b === 'string') return NUMERIC.test(b) ? [a, Number(b)] : null;
  if (typeof a === 'string' && typeof b === 'number') return NUMERIC.test(a) ? [Number(a), b] : null;
  if (typeof a === 'string' && typeof b === 'string') return [a, b];
  if (typeof a === 'boolean' && typeof b === 'boolean') return [a, b];
  return null;
}

const COMPARE: Record<string, (c: number) => boolean> = {
  '=': (c) => c === 0,
  '<>': (c) => c !== 0,
  '<': (c) => c < 0,
  '>': (c) => c > 0,
  '<=': (c) => c <= 0,
  '>=': (c) => c >= 0,
};

function compare(op: string, a: Scalar, b: Scalar): Tri {
  const pair = comparable(a, b);
  if (!pair) return null;
  const [x, y] = pair;
  if (typeof x === 'boolean' && op !== '=' && op !== '<>') return null;
  return COMPARE[op](x === y ? 0 : x < y ? -1 : 1);
}

/** A LIKE pattern (`%` any run, `_` one character, `\` escapes) as a regular expression. */
function likeRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) out += pattern[++i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '%') out += '.*';
    else if (c === '_') out += '.';
    else out += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, 'su');
}

const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{Mn}/gu, '').normalize('NFC');

const SPATIAL = new Set(['s_intersects', 's_disjoint', 's_contains', 's_within', 's_equals', 's_touches', 's_overlaps', 's_crosses']);
const SUPPORTED_SPATIAL = new Set(['s_intersects', 's_disjoint']);
const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']);

class Compiler {
  private nodes = 0;

  constructor(private readonly ctx: CompileContext) {}

  private visit(depth: number): void {
    if (depth > MAX_DEPTH) bad(`nested deeper than ${MAX_DEPTH} levels.`);
    if (++this.nodes > MAX_NODES) bad(`more than ${MAX_NODES} terms.`);
  }

  boolean(node: unknown, depth = 0): TriFn {
    this.visit(depth);
    if (typeof node === 'boolean') return () => node;
    if (!isObject(node) || typeof node.op !== 'string' || !Array.isArray(node.args)) {
      bad(`expected a predicate (an object with "op" and "args", or true/false), got ${JSON.stringify(node)?.slice(0, 80)}.`);
    }
    const op = node.op.toLowerCase() === 'isnull' ? 'isNull' : node.op.toLowerCase();
    const args = node.args as unknown[];
    const arity = (n: number) => {
      if (args.length !== n) bad(`"${node.op}" takes ${n} argument${n === 1 ? '' : 's'}, got ${args.length}.`);
    };
    switch (op) {
      case 'and':
      case 'or': {
        if (args.length < 2) bad(`"${op}" takes at least 2 arguments.`);
        const parts = args.map((a) => this.boolean(a, depth + 1));
        return op === 'and'
          ? (f) => {
              let unknown = false;
              for (const p of parts) {
                const v = p(f);
                if (v === false) return false;
                if (v === null) unknown = true;
              }
              return unknown ? null : true;
            }
          : (f) => {
              let unknown = false;
              for (const p of parts) {
                const v = p(f);
                if (v === true) return true;
                if (v === null) unknown = true;
              }
              return unknown ? null : false;
            };
      }
      case 'not': {
        arity(1);
        const inner = this.boolean(args[0], depth + 1);
        return (f) => {
          const v = inner(f);
          return v === null ? null : !v;
        };
      }
      case '=':
      case '<>':
      case '<':
      case '>':
      case '<=':
      case '>=': {
        arity(2);
        const a = this.scalar(args[0], depth + 1);
        const b = this.scalar(args[1], depth + 1);
        return (f) => compare(op, a(f), b(f));
      }
      case 'like': {
        arity(2);
        const value = this.scalar(args[0], depth + 1);
        const pattern = this.scalar(args[1], depth + 1);
        const cache = new Map<string, RegExp>();
        return (f) => {
          const v = value(f);
          const p = pattern(f);
          if (v === null || p === null || v instanceof Instant || p instanceof Instant) return null;
          const ps = String(p);
          let re = cache.get(ps);
          if (!re) {
            re = likeRegExp(ps);
            if (cache.size < 64) cache.set(ps, re);
          }
          return re.test(String(v));
        };
      }
      case 'between': {
        arity(3);
        const [v, lo, hi] = args.map((a) => this.scalar(a, depth + 1));
        return (f) => {
          const x = v(f);
          const a = compare('>=', x, lo(f));
          const b = compare('<=', x, hi(f));
          return a === null || b === null ? null : a && b;
        };
      }
      case 'in': {
        arity(2);
        if (!Array.isArray(args[1])) bad('"in" takes a value and a list of values.');
        const v = this.scalar(args[0], depth + 1);
        const list = (args[1] as unknown[]).map((a) => this.scalar(a, depth + 1));
        return (f) => {
          const x = v(f);
          if (x === null) return null;
          let unknown = false;
          for (const item of list) {
            const r = compare('=', x, item(f));
            if (r === true) return true;
            if (r === null) unknown = true;
          }
          return unknown ? null : false;
        };
      }
      case 'isNull': {
        arity(1);
        const v = this.scalar(args[0], depth + 1);
        return (f) => v(f) === null;
      }
      default:
        if (SPATIAL.has(op)) return this.spatial(op, args);
        bad(`unsupported operator "${node.op}".`);
    }
  }

  private property(name: unknown): string {
    if (typeof name !== 'string' || !name) bad('a property reference needs a name.');
    if (!this.ctx.queryables.has(name)) {
      bad(`"${name}" is not a queryable of this collection (its queryables: ${[...this.ctx.queryables.keys()].join(', ')}; see /queryables).`);
    }
    return name;
  }

  scalar(node: unknown, depth: number): ScalarFn {
    this.visit(depth);
    if (node === null) return () => null;
    if (typeof node === 'string' || typeof node === 'boolean') return () => node;
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) bad('numbers must be finite.');
      return () => node;
    }
    if (!isObject(node)) bad(`expected a value, got ${JSON.stringify(node)?.slice(0, 80)}.`);
    if ('property' in node) {
      const name = this.property(node.property);
      const type = this.ctx.queryables.get(name);
      if (type === 'geometry') bad(`the geometry "${name}" can only be used in a spatial function (S_INTERSECTS).`);
      return (f) => {
        const v = f.properties?.[name];
        if (v === undefined || v === null) return null;
        if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
        return JSON.stringify(v);
      };
    }
    if ('date' in node || 'timestamp' in node) {
      const kind = 'date' in node ? 'date' : 'timestamp';
      const s = node[kind];
      if (typeof s !== 'string') bad(`${kind} must be a string.`);
      const t = instantOf(s, kind);
      return () => t;
    }
    if (typeof node.op === 'string' && Array.isArray(node.args)) {
      const op = node.op.toLowerCase();
      if (op === 'casei' || op === 'accenti') {
        if (node.args.length !== 1) bad(`"${node.op}" takes 1 argument.`);
        const inner = this.scalar(node.args[0], depth + 1);
        const fold = op === 'casei' ? (s: string) => s.toLocaleLowerCase('sk') : stripAccents;
        return (f) => {
          const v = inner(f);
          return typeof v === 'string' ? fold(v) : v;
        };
      }
      bad(`"${node.op}" cannot be used as a value (functions: CASEI, ACCENTI).`);
    }
    bad(`expected a value, got ${JSON.stringify(node).slice(0, 80)}.`);
  }

  /** A geometry literal (GeoJSON or `{ bbox }`) in filter-crs, as a WGS84 GeoJSON geometry. */
  private literal(node: Record<string, unknown>): GeoGeometry {
    if (Array.isArray(node.bbox)) {
      const b = node.bbox as unknown[];
      if (!(b.length === 4 || b.length === 6) || !b.every((n) => typeof n === 'number' && Number.isFinite(n))) bad('BBOX takes 4 (or 6) numbers.');
      const n = b as number[];
      const box: [number, number, number, number] = n.length === 6 ? [n[0], n[1], n[3], n[4]] : [n[0], n[1], n[2], n[3]];
      if (box[0] > box[2] || box[1] > box[3]) bad('BBOX: the minimum must not exceed the maximum.');
      return areaPolygon(areaOf(box, this.ctx.filterCrs));
    }
    if (typeof node.type !== 'string' || !GEOMETRY_TYPES.has(node.type)) bad(`not a geometry: ${JSON.stringify(node).slice(0, 80)}.`);
    if (node.type === 'GeometryCollection') {
      if (!Array.isArray(node.geometries) || !node.geometries.every(isObject)) bad('a GEOMETRYCOLLECTION needs its geometries.');
      return { type: 'GeometryCollection', geometries: (node.geometries as Array<Record<string, unknown>>).map((g) => this.literal(g)) } as GeoGeometry;
    }
    const depthOf: Record<string, number> = { Point: 0, MultiPoint: 1, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 };
    const check = (c: unknown, d: number): boolean =>
      d === 0
        ? Array.isArray(c) && (c.length === 2 || c.length === 3) && c.every((n) => typeof n === 'number' && Number.isFinite(n))
        : Array.isArray(c) && c.length > 0 && c.every((x) => check(x, d - 1));
    if (!check(node.coordinates, depthOf[node.type])) bad(`${node.type.toUpperCase()}: invalid coordinates.`);
    return geometryToWgs84({ type: node.type, coordinates: node.coordinates } as GeoGeometry & { coordinates: unknown }, this.ctx.filterCrs) as GeoGeometry;
  }

  private spatial(op: string, args: unknown[]): TriFn {
    if (!SUPPORTED_SPATIAL.has(op)) bad(`${op.toUpperCase()} is not supported; use S_INTERSECTS or S_DISJOINT.`);
    if (args.length !== 2) bad(`${op.toUpperCase()} takes 2 geometries.`);
    const isProp = (a: unknown) => isObject(a) && 'property' in a;
    const propIndex = args.findIndex(isProp);
    const other = args[1 - propIndex];
    if (propIndex < 0 || isProp(other) || !isObject(other)) bad(`${op.toUpperCase()} compares the geometry property with a geometry literal (POINT, POLYGON, BBOX, ...).`);
    const name = this.property((args[propIndex] as Record<string, unknown>).property);
    if (this.ctx.queryables.get(name) !== 'geometry') bad(`"${name}" is not a geometry; the geometry queryable is "geometry".`);
    const geom = this.literal(other as Record<string, unknown>);
    const shape: GeoFeature = { type: 'Feature', properties: {}, geometry: geom };
    const box = envelopeOfGeo(geom);
    const intersects = (f: DataFeature): Tri => {
      if (!f.geometry) return null;
      const e = envelope(f);
      if (!e || e[0] > box[2] || e[2] < box[0] || e[1] > box[3] || e[3] < box[1]) return false;
      return booleanIntersects(shape, { type: 'Feature', properties: {}, geometry: f.geometry as GeoGeometry });
    };
    return op === 's_intersects'
      ? intersects
      : (f) => {
          const v = intersects(f);
          return v === null ? null : !v;
        };
  }
}

function envelopeOfGeo(g: GeoGeometry): [number, number, number, number] {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (c: unknown): void => {
    const arr = c as unknown[];
    if (typeof arr[0] === 'number') {
      const [x, y] = arr as number[];
      b[0] = Math.min(b[0], x);
      b[1] = Math.min(b[1], y);
      b[2] = Math.max(b[2], x);
      b[3] = Math.max(b[3], y);
    } else for (const inner of arr) visit(inner);
  };
  if (g.type === 'GeometryCollection') for (const x of g.geometries) {
    const e = envelopeOfGeo(x);
    visit([[e[0], e[1]], [e[2], e[3]]]);
  }
  else visit(g.coordinates);
  return b;
}

/** Compiles a CQL2 JSON expression into a feature predicate (400 `invalid_query` naming the problem). */
export function compileFilter(expr: unknown, ctx: CompileContext): Predicate {
  const fn = new Compiler(ctx).boolean(expr);
  return (f) => fn(f) === true;
}
