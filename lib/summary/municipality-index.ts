// Which municipality a point lies in, for thousands of points at once. The 2,927 municipality
// polygons are read once per process from the reference tables into a uniform grid (each cell lists
// the municipalities whose box meets it), so a point is tested against two or three polygons
// instead of all of them. Rings are flat Float64Arrays for a tight ray-casting loop.
// Raw SQL (postgres.js): PostGIS polygons read as WKB (ST_AsBinary) and label-point coordinates.
import { getSql } from '@/lib/db';
import { heldCheck, type HeldCheck } from '@/lib/db/unavailable';
import { referenceState } from '@/lib/reference/state';
import { processWide } from '@/lib/process-state';
import type { Bbox } from '@/lib/protocol/shared/geo';

/** Grid cell size in degrees (~1.5 x 2.2 km in Slovakia): a few candidates per cell. */
const CELL_DEG = 0.02;

interface IndexedMunicipality {
  code: string;
  name: string;
  /** Bratislava or Košice for their city districts. */
  city: string | null;
  bbox: Bbox;
  /** A point inside the municipality (the reference tables' label point). */
  inner: [number, number];
  /** Polygons, each a list of rings (first outer), each ring `[x0, y0, x1, y1, ...]`. */
  polygons: Float64Array[][];
}

export interface MunicipalityIndex {
  list: IndexedMunicipality[];
  byCode: Map<string, number>;
  /** Whole cities (Bratislava, Košice): code -> indices of their city districts. */
  wholeCities: Map<string, number[]>;
  grid: { minX: number; minY: number; cols: number; rows: number; offsets: Int32Array; items: Int32Array };
  /** Milliseconds the load and build took (for the bench). */
  buildMs: number;
}

function ringInside(x: number, y: number, r: Float64Array): boolean {
  let inside = false;
  const n = r.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const yi = r[i + 1];
    const yj = r[j + 1];
    if (yi > y !== yj > y) {
      const xi = r[i];
      if (x < ((r[j] - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function municipalityContains(m: IndexedMunicipality, x: number, y: number): boolean {
  if (x < m.bbox[0] || x > m.bbox[2] || y < m.bbox[1] || y > m.bbox[3]) return false;
  for (const poly of m.polygons) {
    if (!ringInside(x, y, poly[0])) continue;
    let hole = false;
    for (let h = 1; h < poly.length; h++) {
      if (ringInside(x, y, poly[h])) {
        hole = true;
        break;
      }
    }
    if (!hole) return true;
  }
  return false;
}

function toFlat(ring: number[][]): Float64Array {
  const out = new Float64Array(ring.length * 2);
  for (let i = 0; i < ring.length; i++) {
    out[2 * i] = ring[i][0];
    out[2 * i + 1] = ring[i][1];
  }
  return out;
}

interface Row {
  code: string;
  name: string;
  kind: string;
  city: string | null;
  /** GeoJSON text or WKB bytes of the (multi)polygon. */
  g: string | Uint8Array | null;
  x: number;
  y: number;
}

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Polygons of a WKB Polygon or MultiPolygon as flat rings. Reading WKB straight into typed arrays
 * spares the database writing and the process parsing ~3,000 GeoJSON texts.
 */
function parseWkbPolygons(bytes: Uint8Array): Float64Array[][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let o = 0;
  const header = (): { le: boolean; type: number } => {
    const le = view.getUint8(o) === 1;
    const type = view.getUint32(o + 1, le) & 0xffff;
    o += 5;
    return { le, type };
  };
  const polygon = (le: boolean): Float64Array[] => {
    const rings: Float64Array[] = [];
    const n = view.getUint32(o, le);
    o += 4;
    for (let r = 0; r < n; r++) {
      const points = view.getUint32(o, le);
      o += 4;
      const ring = new Float64Array(points * 2);
      if (le && LITTLE_ENDIAN_HOST) {
        // Same byte order as this machine: one copy of the bytes instead of a read per number.
        new Uint8Array(ring.buffer).set(bytes.subarray(o, o + points * 16));
        o += points * 16;
      } else {
        for (let i = 0; i < points * 2; i++, o += 8) ring[i] = view.getFloat64(o, le);
      }
      rings.push(ring);
    }
    return rings;
  };
  const top = header();
  if (top.type === 3) return [polygon(top.le)];
  if (top.type !== 6) throw new Error(`WKB type ${top.type} is not a (multi)polygon`);
  const count = view.getUint32(o, top.le);
  o += 4;
  const out: Float64Array[][] = [];
  for (let i = 0; i < count; i++) {
    const h = header();
    out.push(polygon(h.le));
  }
  return out;
}

function flatBbox(polygons: Float64Array[][]): Bbox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of polygons) {
    const r = p[0];
    for (let i = 0; i < r.length; i += 2) {
      if (r[i] < minX) minX = r[i];
      if (r[i] > maxX) maxX = r[i];
      if (r[i + 1] < minY) minY = r[i + 1];
      if (r[i + 1] > maxY) maxY = r[i + 1];
    }
  }
  return [minX, minY, maxX, maxY];
}

export function buildIndex(rows: Row[], started = performance.now()): MunicipalityIndex {
  const list: IndexedMunicipality[] = [];
  const wholeRows: Row[] = [];
  for (const r of rows) {
    if (r.kind === 'whole_city') {
      wholeRows.push(r);
      continue;
    }
    if (!r.g) continue;
    let polygons: Float64Array[][];
    if (typeof r.g === 'string') {
      const geom = JSON.parse(r.g) as { type: string; coordinates: number[][][] | number[][][][] };
      const polys = (geom.type === 'Polygon' ? [geom.coordinates] : geom.coordinates) as number[][][][];
      polygons = polys.map((p) => p.map(toFlat));
    } else {
      polygons = parseWkbPolygons(r.g);
    }
    list.push({ code: r.code, name: r.name, city: r.city, bbox: flatBbox(polygons), inner: [Number(r.x), Number(r.y)], polygons });
  }
  const byCode = new Map(list.map((m, i) => [m.code, i]));
  const wholeCities = new Map<string, number[]>();
  for (const w of wholeRows) {
    wholeCities.set(w.code, list.flatMap((m, i) => (m.city === w.name ? [i] : [])));
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const m of list) {
    minX = Math.min(minX, m.bbox[0]);
    minY = Math.min(minY, m.bbox[1]);
    maxX = Math.max(maxX, m.bbox[2]);
    maxY = Math.max(maxY, m.bbox[3]);
  }
  if (!list.length) {
    minX = minY = 0;
    maxX = maxY = CELL_DEG;
  }
  const cols = Math.max(1, Math.ceil((maxX - minX) / CELL_DEG) + 1);
  const rows2 = Math.max(1, Math.ceil((maxY - minY) / CELL_DEG) + 1);
  const counts = new Int32Array(cols * rows2 + 1);
  const cellRange = (m: IndexedMunicipality) => [
    Math.floor((m.bbox[0] - minX) / CELL_DEG),
    Math.floor((m.bbox[1] - minY) / CELL_DEG),
    Math.floor((m.bbox[2] - minX) / CELL_DEG),
    Math.floor((m.bbox[3] - minY) / CELL_DEG),
  ];
  for (const m of list) {
    const [c0, r0, c1, r1] = cellRange(m);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) counts[r * cols + c + 1]++;
  }
  for (let i = 1; i < counts.length; i++) counts[i] += counts[i - 1];
  const items = new Int32Array(counts[counts.length - 1]);
  const fill = counts.slice(0, counts.length - 1);
  list.forEach((m, idx) => {
    const [c0, r0, c1, r1] = cellRange(m);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) items[fill[r * cols + c]++] = idx;
  });
  return {
    list,
    byCode,
    wholeCities,
    grid: { minX, minY, cols, rows: rows2, offsets: counts, items },
    buildMs: performance.now() - started,
  };
}

/** Index of the municipality holding the point, or -1 outside every one. */
export function locate(index: MunicipalityIndex, x: number, y: number): number {
  const g = index.grid;
  const c = Math.floor((x - g.minX) / CELL_DEG);
  const r = Math.floor((y - g.minY) / CELL_DEG);
  if (c < 0 || r < 0 || c >= g.cols || r >= g.rows) return -1;
  const cell = r * g.cols + c;
  for (let k = g.offsets[cell]; k < g.offsets[cell + 1]; k++) {
    const i = g.items[k];
    if (municipalityContains(index.list[i], x, y)) return i;
  }
  return -1;
}

/** Municipality index of every point (`[x0, y0, x1, y1, ...]`), -1 outside. */
export function locateAll(index: MunicipalityIndex, coords: Float64Array): Int32Array {
  const out = new Int32Array(coords.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = locate(index, coords[2 * i], coords[2 * i + 1]);
  return out;
}

/** How often the reference import's digest is checked (a re-import rebuilds the index). */
const CHECK_EVERY_MS = 5_000;

interface Holder {
  index?: MunicipalityIndex & { digest: string };
  checkedAt: number;
  checking?: HeldCheck<MunicipalityIndex>;
}

// Process-wide (lib/process-state.ts): one index, whichever copy of this module asks.
function holder(): Holder {
  return processWide<Holder>('municipalityPolygons', () => ({ checkedAt: 0 }));
}

/** The process-wide index, loaded on first use and rebuilt when the reference data change. */
export async function municipalityIndex(): Promise<MunicipalityIndex> {
  const h = holder();
  if (h.index && Date.now() - h.checkedAt < CHECK_EVERY_MS) return h.index;
  // A slow database (restarting, cut off mid-connect): the index held in memory after a short wait.
  h.checking ??= heldCheck(
    refresh(h).finally(() => {
      h.checking = undefined;
    }),
    h.index,
  );
  return h.checking.answer;
}

/** Drops the index (tests; the digest check covers re-imports). */
export function resetMunicipalityIndex(): void {
  const h = holder();
  h.index = undefined;
  h.checkedAt = 0;
}

async function refresh(h: Holder): Promise<MunicipalityIndex> {
  const started = performance.now();
  const state = await referenceState(!!h.index);
  if (!state) {
    // A database outage: the index held in memory keeps answering (summaries by municipality),
    // checked again after CHECK_EVERY_MS.
    h.checkedAt = Date.now();
    return h.index!;
  }
  const digest = `${state.digest ?? 'none'}:${state.municipalities}`;
  if (h.index && h.index.digest === digest) {
    h.checkedAt = Date.now();
    return h.index;
  }
  const sql = await getSql();
  const rows = await sql<Row[]>`
    select code, name, kind, city,
      case when kind = 'municipality' then ST_AsBinary(geom) end as g,
      ST_X(label_point) as x, ST_Y(label_point) as y
    from municipalities
    where geom is not null or kind = 'whole_city'
    order by code`;
  const index = { ...buildIndex(rows, started), digest };
  h.index = index;
  h.checkedAt = Date.now();
  return index;
}
