// GET /api/summary/{provider}/{dataset}, the MCP `summary` tool and the dataset pages: how many
// objects a dataset has in Slovakia or in one municipality, how they split over the presentation's
// colour classes, which have the highest and lowest values, and (cartograms) the values of the area
// a municipality lies in. One function for all of them, so the numbers never differ.
import { LRUCache } from 'lru-cache';
import { loadDatasetCollection, type CacheState } from '@/lib/data';
import { ApiError } from '@/lib/errors';
import { OwnerMemo } from '@/lib/memo';
import { featureProps, featureTitle, featureValues, fieldLabel } from '@/lib/nearby/describe';
import { pointInPolygon } from '@/lib/nearby/geo';
import type { Bbox } from '@/lib/protocol/shared/geo';
import { resolveMunicipality, type Municipality } from '@/lib/places';
import { findServedDataset, type ServedDataset } from '@/lib/providers';
import { refuseUnknownNames } from '@/lib/operation/define';
import { normalizeParams } from '@/lib/protocol';
import { SLOVAKIA_BBOX } from '@/lib/protocol/shared/geo';
import type { DataCollection, DataFeature, GeoJsonSource, Geometry, ManifestDataset, Position } from '@/lib/protocol/types';
import { numericValue } from '@/lib/protocol/shared/colors';
import { classifierFor, type Classifier } from './categories';
import { locate, locateAll, municipalityIndex, type MunicipalityIndex } from './municipality-index';
import type { DatasetSummary, OwnArea, RankedObject, SummaryCategories, SummaryRankings } from './schema';

/** Highest and lowest objects listed in rankings. */
const RANKING_SIZE = 5;
/** A bbox dataset loading only above this zoom cannot be loaded for the whole country at once. */
const WHOLE_TERRITORY_MAX_MIN_ZOOM = 8;
/** Zoom the whole territory of a bbox dataset is asked at (Slovakia fits a map at 7). */
const WHOLE_TERRITORY_ZOOM = 7;
const VIEWPORT_PX = 1024;

export interface SummaryInput {
  provider: string;
  dataset: string;
  /** Any form resolveMunicipality accepts; omitted = the whole territory. */
  municipality?: string;
  /** Dataset parameters (protocol value formats); others are ignored. */
  params?: Record<string, string>;
}

// --- where each object lies (memoised per collection) ---

const KIND_NONE = 0;
const KIND_POINT = 1;
const KIND_LINE = 2;
const KIND_AREA = 3;

export interface LocatedCollection {
  /** Per feature: 0 no geometry, 1 point, 2 line, 3 area. */
  kind: Uint8Array;
  /** Per feature: municipality index of its representative point (-1 outside every one). */
  rep: Int32Array;
  /** Representative points `[x0, y0, ...]` (NaN for features without geometry). */
  points: Float64Array;
  /** Lines: the municipalities any vertex lies in. */
  lineMunicipalities: Map<number, Set<number>>;
  /** Areas: the boxes of their outer rings `[minX, minY, maxX, maxY, ...]` (the cheap test before point-in-polygon). */
  ringBoxes: Map<number, Float64Array>;
  /** Areas by grid cell: which areas' ring boxes reach each cell, so a point is tested against a few areas, not all. */
  areaGrid: AreaGrid;
  /** Every object's value of a numeric field, highest first (the ranks of `own`), by field; filled when first asked. */
  sortedValues: Map<string, Float64Array>;
  ms: number;
}

/** A uniform grid over the areas' boxes: cell `row * cols + col` lists the areas (ascending) whose boxes reach it. */
interface AreaGrid {
  minX: number;
  minY: number;
  cellW: number;
  cellH: number;
  cols: number;
  rows: number;
  cells: number[][];
}

/** Cells per side at most: the 2,927 municipality areas spread over 64 × 64 cells leave a few areas per cell. */
const GRID_SIDE = 64;

function areaGridOf(ringBoxes: Map<number, Float64Array>): AreaGrid {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const boxes of ringBoxes.values()) {
    for (let r = 0; r < boxes.length; r += 4) {
      minX = Math.min(minX, boxes[r]);
      minY = Math.min(minY, boxes[r + 1]);
      maxX = Math.max(maxX, boxes[r + 2]);
      maxY = Math.max(maxY, boxes[r + 3]);
    }
  }
  if (!(minX <= maxX && minY <= maxY)) return { minX: 0, minY: 0, cellW: 1, cellH: 1, cols: 0, rows: 0, cells: [] };
  const side = Math.max(1, Math.min(GRID_SIDE, Math.ceil(Math.sqrt(ringBoxes.size))));
  const grid: AreaGrid = { minX, minY, cellW: (maxX - minX) / side || 1, cellH: (maxY - minY) / side || 1, cols: side, rows: side, cells: [] };
  grid.cells = Array.from({ length: side * side }, () => []);
  // Map iteration follows insertion, which is ascending feature order: every cell's list stays sorted.
  for (const [i, boxes] of ringBoxes) {
    const seen = new Set<number>();
    for (let r = 0; r < boxes.length; r += 4) {
      const [c0, r0] = gridCell(grid, boxes[r], boxes[r + 1]);
      const [c1, r1] = gridCell(grid, boxes[r + 2], boxes[r + 3]);
      for (let row = r0; row <= r1; row++) {
        for (let col = c0; col <= c1; col++) {
          const cell = row * side + col;
          if (!seen.has(cell)) {
            seen.add(cell);
            grid.cells[cell].push(i);
          }
        }
      }
    }
  }
  return grid;
}

/** The grid column and row of a point, clamped to the grid. */
function gridCell(grid: AreaGrid, x: number, y: number): [number, number] {
  const col = Math.min(grid.cols - 1, Math.max(0, Math.floor((x - grid.minX) / grid.cellW)));
  const row = Math.min(grid.rows - 1, Math.max(0, Math.floor((y - grid.minY) / grid.cellH)));
  return [col, row];
}

/** The areas (feature indices, ascending) holding any of the points: the grid's candidates, then their ring boxes and polygons. */
function areasHolding(loc: LocatedCollection, features: DataFeature[], points: ReadonlyArray<readonly [number, number]>): number[] {
  const out = new Set<number>();
  const { areaGrid: grid } = loc;
  if (!grid.cells.length) return [];
  for (const [x, y] of points) {
    if (x < grid.minX || y < grid.minY || x > grid.minX + grid.cellW * grid.cols || y > grid.minY + grid.cellH * grid.rows) continue;
    const [col, row] = gridCell(grid, x, y);
    for (const i of grid.cells[row * grid.cols + col]) {
      if (!out.has(i) && boxesContain(loc.ringBoxes.get(i), x, y) && areaContains(features[i].geometry as Geometry, x, y)) out.add(i);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** A point inside a polygon: the middle of the widest run of a horizontal line through its box. */
export function interiorPoint(rings: Position[][]): [number, number] | null {
  const outer = rings[0];
  if (!outer?.length) return null;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of outer) {
    if (p[1] < minY) minY = p[1];
    if (p[1] > maxY) maxY = p[1];
  }
  const y = (minY + maxY) / 2;
  const xs: number[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y) xs.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
    }
  }
  xs.sort((a, b) => a - b);
  let best = -1;
  let at: [number, number] | null = null;
  for (let i = 0; i + 1 < xs.length; i += 2) {
    if (xs[i + 1] - xs[i] > best) {
      best = xs[i + 1] - xs[i];
      at = [(xs[i] + xs[i + 1]) / 2, y];
    }
  }
  return at ?? [outer[0][0], outer[0][1]];
}

function polygonArea2(ring: Position[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += (ring[j][0] + ring[i][0]) * (ring[j][1] - ring[i][1]);
  return Math.abs(a);
}

/** The point that stands for a feature when it is placed in a municipality. */
export function representativePoint(g: Geometry | null): { kind: number; point: [number, number] | null } {
  if (!g) return { kind: KIND_NONE, point: null };
  switch (g.type) {
    case 'Point':
      return { kind: KIND_POINT, point: [g.coordinates[0], g.coordinates[1]] };
    case 'MultiPoint':
      return { kind: KIND_POINT, point: g.coordinates[0] ? [g.coordinates[0][0], g.coordinates[0][1]] : null };
    case 'LineString':
      return { kind: KIND_LINE, point: g.coordinates[0] ? [g.coordinates[0][0], g.coordinates[0][1]] : null };
    case 'MultiLineString':
      return { kind: KIND_LINE, point: g.coordinates[0]?.[0] ? [g.coordinates[0][0][0], g.coordinates[0][0][1]] : null };
    case 'Polygon':
      return { kind: KIND_AREA, point: interiorPoint(g.coordinates) };
    case 'MultiPolygon': {
      // The largest part stands for the whole.
      let best: Position[][] | null = null;
      let bestArea = -1;
      for (const poly of g.coordinates) {
        const a = poly[0] ? polygonArea2(poly[0]) : 0;
        if (a > bestArea) {
          bestArea = a;
          best = poly;
        }
      }
      return { kind: KIND_AREA, point: best ? interiorPoint(best) : null };
    }
    default:
      return { kind: KIND_NONE, point: null };
  }
}

/** Places every feature of a collection in a municipality (the heavy part; memoised by the caller). */
export function locateCollection(index: MunicipalityIndex, features: DataFeature[]): LocatedCollection {
  const started = performance.now();
  const n = features.length;
  const kind = new Uint8Array(n);
  const points = new Float64Array(n * 2).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    const { kind: k, point } = representativePoint((features[i]?.geometry ?? null) as Geometry | null);
    kind[i] = point ? k : KIND_NONE;
    if (point) {
      points[2 * i] = point[0];
      points[2 * i + 1] = point[1];
    }
  }
  const rep = locateAll(index, points);
  const lineMunicipalities = new Map<number, Set<number>>();
  for (let i = 0; i < n; i++) {
    if (kind[i] !== KIND_LINE) continue;
    const g = features[i].geometry as Geometry;
    const lines = g.type === 'LineString' ? [g.coordinates] : g.type === 'MultiLineString' ? g.coordinates : [];
    const set = new Set<number>();
    for (const line of lines) for (const p of line) {
      const m = locate(index, p[0], p[1]);
      if (m >= 0) set.add(m);
    }
    lineMunicipalities.set(i, set);
  }
  const ringBoxes = new Map<number, Float64Array>();
  for (let i = 0; i < n; i++) if (kind[i] === KIND_AREA) ringBoxes.set(i, outerRingBoxes(features[i].geometry as Geometry));
  return { kind, rep, points, lineMunicipalities, ringBoxes, areaGrid: areaGridOf(ringBoxes), sortedValues: new Map(), ms: performance.now() - started };
}

const located = new LRUCache<string, LocatedCollection>({ max: 64 });

/** Forgets memoised placements and summaries (tests, bench "cold" runs). */
export function clearSummaryCache(): void {
  located.clear();
  summaries.clear();
}

/**
 * Placement of a collection's objects, memoised per collection identity: dataset, manifest
 * fingerprint, parameters, area asked, the time the data came from the source and the object count
 * (a refreshed cache entry has a new `dm.generated`, so it is placed again).
 */
function locatedFor(cacheKey: string, index: MunicipalityIndex, collection: DataCollection): LocatedCollection {
  const key = `${cacheKey}|${(index as { digest?: string }).digest ?? ''}|${collection.dm?.generated ?? ''}|${collection.features.length}`;
  let hit = located.get(key);
  if (!hit) {
    hit = locateCollection(index, collection.features);
    located.set(key, hit);
  }
  return hit;
}

// --- the summary ---

function municipalityTargets(index: MunicipalityIndex, m: Municipality): number[] {
  const whole = index.wholeCities.get(m.code);
  if (whole) return whole;
  const i = index.byCode.get(m.code);
  return i === undefined ? [] : [i];
}

function unionBBox(index: MunicipalityIndex, targets: number[]): Bbox | null {
  if (!targets.length) return null;
  const b: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const t of targets) {
    const x = index.list[t].bbox;
    b[0] = Math.min(b[0], x[0]);
    b[1] = Math.min(b[1], x[1]);
    b[2] = Math.max(b[2], x[2]);
    b[3] = Math.max(b[3], x[3]);
  }
  return b;
}

/** The zoom at which a box fits a 1024-pixel map (never below the dataset's minZoom). */
function zoomForBox(b: Bbox, minZoom: number): number {
  const width = Math.max(1e-6, b[2] - b[0], (b[3] - b[1]) * 1.5);
  const fit = Math.floor(Math.log2((VIEWPORT_PX * 360) / (256 * width)));
  return Math.max(minZoom, Math.min(24, fit));
}

function areaContains(g: Geometry, x: number, y: number): boolean {
  if (g.type === 'Polygon') return pointInPolygon(x, y, g.coordinates);
  if (g.type === 'MultiPolygon') return g.coordinates.some((p) => pointInPolygon(x, y, p));
  return false;
}

/** The boxes of a polygon's outer rings, 4 numbers each. */
function outerRingBoxes(g: Geometry): Float64Array {
  const rings = g.type === 'Polygon' ? [g.coordinates[0]] : g.type === 'MultiPolygon' ? g.coordinates.map((p) => p[0]) : [];
  const out = new Float64Array(rings.length * 4);
  rings.forEach((ring, r) => {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const p of ring ?? []) {
      if (p[0] < minX) minX = p[0];
      if (p[0] > maxX) maxX = p[0];
      if (p[1] < minY) minY = p[1];
      if (p[1] > maxY) maxY = p[1];
    }
    out.set([minX, minY, maxX, maxY], r * 4);
  });
  return out;
}

/** Whether a point lies in the box of any outer ring (boxes precomputed with the placement). */
function boxesContain(boxes: Float64Array | undefined, x: number, y: number): boolean {
  if (!boxes) return false;
  for (let r = 0; r < boxes.length; r += 4) {
    if (x >= boxes[r] && x <= boxes[r + 2] && y >= boxes[r + 1] && y <= boxes[r + 3]) return true;
  }
  return false;
}

function categoriesOf(dataset: ManifestDataset, classifier: Classifier, scope: Array<Record<string, unknown>>): SummaryCategories {
  const counts = new Array<number>(classifier.classes.length).fill(0);
  for (const props of scope) counts[classifier.classify(props)]++;
  const field = classifier.field ? dataset.fields?.find((f) => f.key === classifier.field) : undefined;
  return {
    type: classifier.kind,
    field: classifier.field,
    label: field ? fieldLabel(field) : null,
    items: classifier.classes
      .map((c, i) => ({ ...c, count: counts[i] }))
      // The synthetic "other" / "no value" classes appear only when some object falls in them.
      .filter((c, i) => counts[i] > 0 || (c.key !== 'other' && c.key !== 'none')),
  };
}

export async function summarizeDataset(input: SummaryInput): Promise<DatasetSummary> {
  const served = await findServedDataset(input.provider, input.dataset);
  if (!served) throw new ApiError('unknown_dataset', `Unknown dataset ${input.provider}/${input.dataset}.`);
  const d = served.dataset;
  if (d.source.type === 'raster') {
    throw new ApiError('raster_dataset', `${served.key} is a raster dataset; raster datasets have no summary.`);
  }
  const source = d.source as GeoJsonSource;
  refuseUnknownNames(Object.keys(input.params ?? {}), ['municipality', ...(d.params ?? []).map((p) => p.key)], 'parameter');
  const params = normalizeParams(d, input.params ?? {});
  const minZoom = d.coverage?.minZoom ?? 0;
  const highZoomOnly = source.mode === 'bbox' && minZoom > WHOLE_TERRITORY_MAX_MIN_ZOOM;
  const wanted = input.municipality?.trim();
  if (!wanted && highZoomOnly) {
    throw new ApiError(
      'summary_requires_place',
      `${served.key} loads only when zoomed in (from zoom ${minZoom}); give a municipality (municipality=...).`,
    );
  }
  const municipality = wanted ? await resolveMunicipality(wanted) : null;
  const index = await municipalityIndex();
  const targets = municipality ? municipalityTargets(index, municipality) : null;

  // The data: whole datasets at once; bbox datasets for the municipality's box or the territory.
  let collection: DataCollection;
  let cache: CacheState = 'hit';
  let areaKey = 'all';
  if (source.mode === 'bbox') {
    const box = targets ? unionBBox(index, targets) : ((d.coverage?.bbox as Bbox | undefined) ?? SLOVAKIA_BBOX);
    if (!box) {
      collection = { type: 'FeatureCollection', features: [] };
    } else {
      const zoom = targets ? zoomForBox(box, Math.ceil(minZoom)) : Math.max(Math.ceil(minZoom), WHOLE_TERRITORY_ZOOM);
      areaKey = `${box.join(',')}@${zoom}`;
      ({ collection, cache } = await loadDatasetCollection(served, { bbox: box, zoom, params }));
    }
  } else {
    ({ collection, cache } = await loadDatasetCollection(served, { params }));
  }
  const summary = memoisedSummary(served, collection, { municipality, index, params, areaKey });
  // The source did not answer: the numbers are the portal's last copy's (dataGenerated), and say so.
  return cache === 'stale' ? { ...summary, stale: true } : summary;
}

/**
 * Summaries already computed, per served dataset object (the registry replaces it on any change of
 * the manifest or provider) and collection identity (as the placement memo: parameters, area, the
 * time the data came from the source, object count, truncation and notice) and municipality. A hit
 * is the same answer with a new `generated` time.
 */
const summaries = new OwnerMemo<ServedDataset, DatasetSummary>({ max: 256 });

function memoisedSummary(served: ServedDataset, collection: DataCollection, scope: CollectionScope): DatasetSummary {
  const dm = collection.dm;
  const key = [
    JSON.stringify(scope.params),
    scope.areaKey,
    scope.municipality?.code ?? '',
    (scope.index as { digest?: string }).digest ?? '',
    dm?.generated ?? '',
    collection.features?.length ?? 0,
    dm?.truncated === true,
    dm?.notice ?? '',
  ].join('|');
  const summary = summaries.rememberSync(served, key, () => summarizeCollection(served, collection, scope));
  return { ...summary, generated: new Date().toISOString() };
}

export interface CollectionScope {
  municipality: Municipality | null;
  index: MunicipalityIndex;
  /** The normalised parameters the collection was loaded with. */
  params: Record<string, string>;
  /** What area was loaded (bbox datasets), part of the placement memo's key. */
  areaKey: string;
}

/** Every object's value of a numeric field (objects with a geometry), highest first; kept with the placement. */
function valuesDescending(loc: LocatedCollection, features: DataFeature[], field: string): Float64Array {
  let values = loc.sortedValues.get(field);
  if (!values) {
    const list: number[] = [];
    for (const f of features) {
      const v = f?.geometry ? numericValue((f.properties ?? {})[field]) : null;
      if (v !== null) list.push(v);
    }
    values = Float64Array.from(list).sort().reverse();
    loc.sortedValues.set(field, values);
  }
  return values;
}

/** How many values of a descending list exceed `v` (binary search). */
function countAbove(descending: Float64Array, v: number): number {
  let lo = 0;
  let hi = descending.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (descending[mid] > v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The summary of a loaded collection (everything after the data proxy). Exported for the bench;
 * services call summarizeDataset.
 */
export function summarizeCollection(served: ServedDataset, collection: DataCollection, scopeOf: CollectionScope): DatasetSummary {
  const { municipality, index, params, areaKey } = scopeOf;
  const d = served.dataset;
  const targets = municipality ? municipalityTargets(index, municipality) : null;
  const features = collection.features ?? [];
  const classifier = classifierFor(d);
  const propsOf = (i: number) => featureProps(features[i] as unknown as { properties: Record<string, unknown> | null; dm?: Record<string, unknown> });

  // Which objects are in the scope.
  let scope: number[];
  let loc: LocatedCollection | null = null;
  const inner = (targets ?? []).map((t) => index.list[t].inner);
  let areaCount = 0;
  let placedCount = 0;
  // Areas holding the municipality's inner point(s): those its scope and its own areas take.
  let holding: number[] = [];
  if (targets) {
    loc = locatedFor(`${served.key}|${served.fingerprint}|${JSON.stringify(params)}|${areaKey}`, index, collection);
    holding = areasHolding(loc, features, inner);
    const held = new Set(holding);
    const set = new Set(targets);
    scope = [];
    for (let i = 0; i < features.length; i++) {
      const k = loc.kind[i];
      if (k === KIND_NONE) continue;
      placedCount++;
      if (k === KIND_AREA) areaCount++;
      if (set.has(loc.rep[i])) scope.push(i);
      else if (k === KIND_LINE && [...(loc.lineMunicipalities.get(i) ?? [])].some((m) => set.has(m))) scope.push(i);
      else if (k === KIND_AREA && held.has(i)) scope.push(i);
    }
  } else {
    scope = [];
    for (let i = 0; i < features.length; i++) if (features[i]?.geometry) scope.push(i);
  }
  const scopeProps = scope.map(propsOf);

  // Rankings by the numeric colour field.
  let rankings: SummaryRankings | null = null;
  const numericField = classifier?.numeric ? classifier.field : null;
  if (numericField) {
    const field = d.fields?.find((f) => f.key === numericField);
    const ranked: Array<{ i: number; value: number }> = [];
    scope.forEach((i, k) => {
      const v = numericValue(scopeProps[k][numericField]);
      if (v !== null) ranked.push({ i, value: v });
    });
    ranked.sort((a, b) => b.value - a.value || a.i - b.i);
    const describe = ({ i, value }: { i: number; value: number }): RankedObject => {
      const obj: RankedObject = { title: featureTitle(d, propsOf(i), features[i].id), value };
      const rep = representativePoint(features[i].geometry as Geometry | null);
      if (rep.kind === KIND_POINT && rep.point) {
        const m = loc ? loc.rep[i] : locate(index, rep.point[0], rep.point[1]);
        if (m >= 0) obj.municipality = { code: index.list[m].code, name: index.list[m].name };
      }
      return obj;
    };
    rankings = {
      field: numericField,
      label: field?.label ?? numericField,
      unit: field?.unit ?? null,
      count: ranked.length,
      highest: ranked.slice(0, RANKING_SIZE).map(describe),
      lowest: [...ranked].reverse().slice(0, RANKING_SIZE).map(describe),
    };
  }

  // Cartograms: the area(s) the municipality lies in or equals.
  let own: OwnArea[] | null = null;
  if (targets && loc && areaCount > 0 && areaCount * 2 >= placedCount) {
    own = [];
    for (const i of holding) {
      const props = propsOf(i);
      const area: OwnArea = { title: featureTitle(d, props, features[i].id), values: featureValues(d, props) };
      if (classifier) {
        const c = classifier.classes[classifier.classify(props)];
        area.category = { key: c.key, label: c.label, color: c.color };
      }
      if (numericField) {
        const v = numericValue(props[numericField]);
        area.value = v;
        if (v !== null) {
          const all = valuesDescending(loc, features, numericField);
          area.rank = { position: 1 + countAbove(all, v), of: all.length };
        }
      }
      own.push(area);
    }
  }

  const notices: string[] = [];
  if (collection.dm?.truncated) notices.push('Zdroj vrátil len časť objektov (dosiahol limit); čísla sú dolné odhady.');
  if (collection.dm?.notice) notices.push(collection.dm.notice);
  if (targets && !targets.length) notices.push('Obec nemá v referenčných údajoch hranicu; objekty v nej nemožno spočítať.');

  const summary: DatasetSummary = {
    dataset: served.key,
    title: d.title,
    provider: served.provider.name,
    attribution: served.attribution,
    municipality: municipality
      ? { code: municipality.code, name: municipality.name, district: municipality.district, region: municipality.region, path: `${municipality.regionSlug}/${municipality.slug}` }
      : null,
    params,
    generated: new Date().toISOString(),
    dataGenerated: collection.dm?.generated ?? null,
    count: scope.length,
    truncated: collection.dm?.truncated === true,
    categories: classifier ? categoriesOf(d, classifier, scopeProps) : null,
    rankings,
    own,
  };
  if (served.license?.name) summary.license = served.license.name;
  if (notices.length) summary.notice = notices.join(' ');
  return summary;
}

