// Features of a collection, page by page, read through the data proxy's cache (lib/data's public
// loadDatasetCollection: the same cache, guarded client, stale copies and error codes as /api/data).
//
// - `full` datasets: the cached collection, filtered by bbox, cut at offset/limit. numberMatched is
//   known unless the source pages itself (dm.next) or cut its answer (dm.truncated).
// - `bbox` datasets: the request's bbox (else coverage.bbox, else Slovakia) is read tile by tile at
//   one zoom per dataset (coverage.minZoom, else BBOX_MODE_DEFAULT_ZOOM), each tile one cached proxy
//   request. A feature seen by several tiles is emitted once: by the first tile (row by row from the
//   north-west) that its envelope, clipped to the bbox, touches. The `cursor` of `next` links holds
//   the tile (and the source's own cursor); `offset` counts within it.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { loadDatasetCollection, type CacheState } from '@/lib/data';
import { ApiError } from '@/lib/errors';
import type { Bbox } from '@/lib/protocol/request';
import { SLOVAKIA_BBOX } from '@/lib/protocol/shared/geo';
import type { DataCollection, DataFeature, Geometry, ManifestDataset } from '@/lib/protocol/types';
import type { ServedDataset } from '@/lib/providers';
import { isTiled, tiledZoom, timeParam } from './collections';
import { CRS84_URI, geometryIn, type Area, type CrsDef } from './crs';
import { envelope, meets } from './envelope';
import { blockIndex, blockSize, blockTile, tileBlock, tileBounds, tileOf, type TileBlock } from './grid';
import { MAX_TILE_LOADS_PER_PAGE } from './limits';
import { timeParamValue, type ItemsQuery } from './query';
import type { Selection } from './select';

/** The portal's extras of a feature (`/api/data` carries them as `__dm_*` properties). */
interface OgcFeatureDm {
  title?: string;
  description?: string;
  url?: string;
  color?: string;
  trend?: string;
  chart?: unknown;
}

export interface OgcFeature {
  type: 'Feature';
  id: string | number;
  geometry: Geometry | null;
  properties: Record<string, unknown> | null;
  /** The portal's extras (title, description, link, colour, chart), not mixed into the properties. */
  dm?: OgcFeatureDm;
}

export interface PagePosition {
  offset: number;
  cursor?: string;
}

/** What one items request read: the features and how fresh the answers behind them are. */
export interface ItemsPage {
  features: OgcFeature[];
  numberMatched?: number;
  next?: PagePosition;
  prev?: PagePosition;
  /** The worst of the cache outcomes behind the page (stale > miss > hit). */
  cache: CacheState;
  /** When the oldest answer behind the page was fetched from the source (ISO 8601). */
  generated?: string;
  /** Seconds until the first of those answers expires (0 when stale or expired). */
  freshSeconds: number;
  /** The source's or the portal's notice (a stale copy says so). */
  notice?: string;
  /** A source answer was cut at its limit without a way to page on: features may be missing. */
  truncated: boolean;
}

// ---------------------------------------------------------------------------------------------
// Cursor

const cursorShape = z.object({ t: z.number().int().min(0).optional(), c: z.string().min(1).max(500).optional() }).strict();
type Cursor = z.infer<typeof cursorShape>;

function encodeCursor(c: Cursor): string | undefined {
  if (c.t === undefined && c.c === undefined) return undefined;
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(value: string | undefined): Cursor {
  if (value === undefined) return {};
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new ApiError('invalid_query', 'cursor: not a value from a `next` link of this API.');
}

// ---------------------------------------------------------------------------------------------
// Features

const localIds = new WeakMap<DataFeature, string | number>();

/** The feature's own id, or (without one) a digest of its content, stable while the data are. */
function localId(f: DataFeature): string | number {
  if (f.id !== undefined && f.id !== null && f.id !== '') return f.id;
  let id = localIds.get(f);
  if (id === undefined) {
    id = `h${createHash('sha1').update(JSON.stringify([f.geometry, f.properties])).digest('base64url').slice(0, 16)}`;
    localIds.set(f, id);
  }
  return id;
}

const ogcFeatures = new WeakMap<DataFeature, OgcFeature>();
const ogcFeaturesIn = new WeakMap<DataFeature, Map<string, OgcFeature>>();
const featureTexts = new WeakMap<OgcFeature, string>();
const DM_PREFIX = '__dm_';

/** The properties without the portal's `__dm_*` extras, and those extras as the `dm` member. */
function splitDm(properties: Record<string, unknown> | null): { properties: Record<string, unknown> | null; dm?: OgcFeatureDm } {
  if (!properties) return { properties };
  let dm: Record<string, unknown> | undefined;
  let own: Record<string, unknown> | undefined;
  for (const k in properties) {
    if (k.startsWith(DM_PREFIX)) {
      own ??= Object.fromEntries(Object.entries(properties).filter(([x]) => !x.startsWith(DM_PREFIX)));
      (dm ??= {})[k.slice(DM_PREFIX.length)] = properties[k];
    }
  }
  return own ? { properties: own, dm: dm as OgcFeatureDm } : { properties };
}

/**
 * The OGC form of a cached feature in `crs`, made once per feature and CRS (paging and tiles ask for
 * the same ones): the portal's `__dm_*` extras moved to the `dm` member, the geometry transformed.
 */
function toOgc(f: DataFeature, id: string | number, crs?: CrsDef): OgcFeature {
  const uri = crs?.uri ?? CRS84_URI;
  let o = uri === CRS84_URI ? ogcFeatures.get(f) : ogcFeaturesIn.get(f)?.get(uri);
  if (!o || o.id !== id) {
    const { properties, dm } = splitDm(f.properties ?? null);
    o = { type: 'Feature', id, geometry: crs ? geometryIn(f.geometry, crs) : f.geometry, properties, ...(dm ? { dm } : {}) };
    if (uri === CRS84_URI) ogcFeatures.set(f, o);
    else {
      let byCrs = ogcFeaturesIn.get(f);
      if (!byCrs) ogcFeaturesIn.set(f, (byCrs = new Map()));
      byCrs.set(uri, o);
    }
  }
  return o;
}

/** A feature's JSON text, serialised once per feature: a page is then the join of its features' texts. */
export function featureJson(f: OgcFeature): string {
  let text = featureTexts.get(f);
  if (text === undefined) {
    text = JSON.stringify(f);
    featureTexts.set(f, text);
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// Parameters

/** The dataset parameters to send: the query's, with `datetime` translated into the time parameter. null = nothing can match. */
export function datasetParams(dataset: ManifestDataset, q: Pick<ItemsQuery, 'params' | 'datetime'>): Record<string, string> | null {
  const params = { ...q.params };
  const tp = timeParam(dataset);
  if (q.datetime && tp) {
    const value = timeParamValue(tp, q.datetime);
    if (value === null) return null;
    if (value !== undefined) params[tp.key] = value;
  }
  return params;
}

// ---------------------------------------------------------------------------------------------
// Reading

const CACHE_RANK: Record<CacheState, number> = { hit: 0, miss: 1, stale: 2 };

class Freshness {
  cache: CacheState = 'hit';
  generated?: string;
  freshSeconds = Infinity;
  notice?: string;
  truncated = false;

  add(collection: DataCollection, cache: CacheState): void {
    if (CACHE_RANK[cache] > CACHE_RANK[this.cache]) this.cache = cache;
    const dm = collection.dm ?? {};
    const generated = dm.generated ? Date.parse(dm.generated) : NaN;
    if (dm.generated && (!this.generated || dm.generated < this.generated)) this.generated = dm.generated;
    const expires = Number.isFinite(generated) ? generated + (dm.ttl ?? 0) * 1000 : Date.now();
    this.freshSeconds = Math.min(this.freshSeconds, cache === 'stale' ? 0 : Math.max(0, Math.floor((expires - Date.now()) / 1000)));
    if (dm.notice && !this.notice) this.notice = dm.notice;
    if (dm.truncated && !dm.next) this.truncated = true;
  }
}

const filtered = new WeakMap<DataCollection, Map<string, DataFeature[]>>();
const MAX_FILTERS_PER_COLLECTION = 16;

/** Features of a cached collection that pass `keep`, remembered per collection and key (paging repeats the filter). */
function memo(collection: DataCollection, key: string, make: () => DataFeature[]): DataFeature[] {
  let byKey = filtered.get(collection);
  if (!byKey) filtered.set(collection, (byKey = new Map()));
  let out = byKey.get(key);
  if (!out) {
    out = make();
    if (byKey.size >= MAX_FILTERS_PER_COLLECTION) byKey.delete(byKey.keys().next().value!);
    byKey.set(key, out);
  }
  return out;
}

/** The selected features of a cached collection, in the selection's order. */
function selected(collection: DataCollection, sel: Selection, extraKey = '', extra?: (f: DataFeature) => boolean): DataFeature[] {
  const keep = sel.keep;
  const test = keep && extra ? (f: DataFeature) => extra(f) && keep(f) : (keep ?? extra);
  const matched = test ? memo(collection, `${sel.key}|${extraKey}`, () => collection.features.filter(test)) : collection.features;
  if (!sel.compare) return matched;
  const compare = sel.compare;
  return memo(collection, `${sel.key}|${extraKey}|sort:${sel.sortKey}`, () => [...matched].sort(compare));
}

function emptyPage(): ItemsPage {
  return { features: [], numberMatched: 0, cache: 'hit', freshSeconds: 0, truncated: false };
}

async function readWhole(served: ServedDataset, q: ItemsQuery, sel: Selection, params: Record<string, string>): Promise<ItemsPage> {
  const pos = decodeCursor(q.cursor);
  if (pos.t !== undefined) throw new ApiError('invalid_query', 'cursor: not a value from a `next` link of this collection.');
  const { collection, cache } = await loadDatasetCollection(served, { params, ...(pos.c ? { cursor: pos.c } : {}) });
  const fresh = new Freshness();
  fresh.add(collection, cache);
  const matched = selected(collection, sel);
  const page = matched.slice(q.offset, q.offset + q.limit);
  let next: PagePosition | undefined;
  if (q.offset + q.limit < matched.length) next = { offset: q.offset + q.limit, cursor: q.cursor };
  else if (collection.dm?.next) next = { offset: 0, cursor: encodeCursor({ c: collection.dm.next }) };
  const complete = !pos.c && !collection.dm?.next && !collection.dm?.truncated;
  return {
    features: page.map((f) => toOgc(f, localId(f), q.crs)),
    ...(complete ? { numberMatched: matched.length } : {}),
    ...(next ? { next } : {}),
    ...(q.offset > 0 ? { prev: { offset: Math.max(0, q.offset - q.limit), cursor: q.cursor } } : {}),
    cache: fresh.cache,
    generated: fresh.generated,
    freshSeconds: fresh.freshSeconds,
    notice: fresh.notice,
    truncated: fresh.truncated,
  };
}

/** The id of a feature of a tiled dataset: the tile its envelope starts in (north-west corner) and its own id. */
function tiledId(z: number, f: DataFeature): string {
  const e = envelope(f)!;
  const { x, y } = tileOf(e[0], e[3], z);
  return `${z}-${x}-${y}-${localId(f)}`;
}

/** The features of tile `t` of the block that this tile emits for `area` (see the banner). */
function ownedFeatures(collection: DataCollection, area: Area, block: TileBlock, t: number, sel: Selection): DataFeature[] {
  const box = area.bbox;
  const owned = (f: DataFeature) => {
    const e = envelope(f);
    if (!e || !meets(e, box)) return false;
    const west = Math.max(e[0], box[0]);
    const north = Math.min(e[3], box[3]);
    const owner = tileOf(west, north, block.z);
    const ox = Math.min(block.x1, Math.max(block.x0, owner.x));
    const oy = Math.min(block.y1, Math.max(block.y0, owner.y));
    return blockIndex(block, ox, oy) === t;
  };
  // The selection holds the area test when the request names a bbox; the whole coverage needs none beyond ownership.
  return selected(collection, sel, `${area.key}|${block.z}|${t}`, owned);
}

async function readTiled(served: ServedDataset, q: ItemsQuery, sel: Selection, params: Record<string, string>): Promise<ItemsPage> {
  if (q.sortby) throw new ApiError('invalid_query', 'sortby: not available for this collection (it is read per map viewport, so the portal never holds all its features at once).');
  const z = tiledZoom(served.dataset);
  const area: Area = q.area ?? { bbox: (served.dataset.coverage?.bbox as Bbox | undefined) ?? SLOVAKIA_BBOX, key: 'coverage' };
  const block = tileBlock(area.bbox, z);
  const n = blockSize(block);
  const start = decodeCursor(q.cursor);
  let pos = { t: start.t ?? 0, c: start.c, offset: q.offset };
  const fresh = new Freshness();
  const out: OgcFeature[] = [];
  let loads = 0;
  let next: PagePosition | undefined;
  const tileOfBlock = async (t: number, cursor?: string) => {
    const { x, y } = blockTile(block, t);
    const r = await loadDatasetCollection(served, { bbox: tileBounds(z, x, y), zoom: z, params, ...(cursor ? { cursor } : {}) });
    fresh.add(r.collection, r.cache);
    return r.collection;
  };
  // A block of few tiles is counted whole (its tiles are read for the following pages anyway).
  let numberMatched: number | undefined;
  if (n <= MAX_TILE_LOADS_PER_PAGE) {
    let count = 0;
    for (let t = 0; t < n && count >= 0; t++) {
      const collection = await tileOfBlock(t);
      count = collection.dm?.next || collection.dm?.truncated ? -1 : count + ownedFeatures(collection, area, block, t, sel).length;
    }
    if (count >= 0) numberMatched = count;
  }
  for (;;) {
    if (pos.t >= n) break;
    if (out.length >= q.limit || loads >= MAX_TILE_LOADS_PER_PAGE) {
      next = { offset: pos.offset, cursor: encodeCursor({ t: pos.t, c: pos.c }) };
      break;
    }
    const collection = await tileOfBlock(pos.t, pos.c);
    loads++;
    const owned = ownedFeatures(collection, area, block, pos.t, sel);
    const take = owned.slice(pos.offset, pos.offset + (q.limit - out.length));
    for (const f of take) out.push(toOgc(f, tiledId(z, f), q.crs));
    if (pos.offset + take.length < owned.length) {
      next = { offset: pos.offset + take.length, cursor: encodeCursor({ t: pos.t, c: pos.c }) };
      break;
    }
    pos = collection.dm?.next ? { t: pos.t, c: collection.dm.next, offset: 0 } : { t: pos.t + 1, c: undefined, offset: 0 };
  }
  return {
    features: out,
    ...(numberMatched !== undefined ? { numberMatched } : {}),
    ...(next ? { next } : {}),
    ...(q.offset > 0 ? { prev: { offset: Math.max(0, q.offset - q.limit), cursor: q.cursor } } : {}),
    cache: fresh.cache,
    generated: fresh.generated,
    freshSeconds: loads ? fresh.freshSeconds : 0,
    notice: fresh.notice,
    truncated: fresh.truncated,
  };
}

/** One page of a collection's features. */
export async function readItems(served: ServedDataset, q: ItemsQuery, sel: Selection): Promise<ItemsPage> {
  const params = datasetParams(served.dataset, q);
  if (!params) return emptyPage();
  return isTiled(served.dataset) ? readTiled(served, q, sel, params) : readWhole(served, q, sel, params);
}

const TILED_ID = /^(\d{1,2})-(\d{1,8})-(\d{1,8})-(.+)$/;

/** One feature by its id (as `items` gives it); 404 `not_found` when the data hold no such feature. */
export async function readItem(
  served: ServedDataset,
  featureId: string,
  params: Record<string, string>,
  crs?: CrsDef,
): Promise<{ feature: OgcFeature; cache: CacheState; freshSeconds: number; generated?: string }> {
  const notFound = () => new ApiError('not_found', `Collection has no feature "${featureId}".`);
  let collection: DataCollection;
  let cache: CacheState;
  let wanted = featureId;
  if (isTiled(served.dataset)) {
    const m = TILED_ID.exec(featureId);
    const z = tiledZoom(served.dataset);
    if (!m || Number(m[1]) !== z || Number(m[2]) >= 2 ** z || Number(m[3]) >= 2 ** z) throw notFound();
    ({ collection, cache } = await loadDatasetCollection(served, { bbox: tileBounds(z, Number(m[2]), Number(m[3])), zoom: z, params }));
    wanted = m[4];
  } else {
    ({ collection, cache } = await loadDatasetCollection(served, { params }));
  }
  const f = collection.features.find((x) => String(localId(x)) === wanted && (!isTiled(served.dataset) || envelope(x) !== null));
  if (!f) throw notFound();
  const fresh = new Freshness();
  fresh.add(collection, cache);
  const id = isTiled(served.dataset) ? tiledId(tiledZoom(served.dataset), f) : localId(f);
  if (String(id) !== featureId) throw notFound();
  return { feature: toOgc(f, id, crs), cache, freshSeconds: fresh.freshSeconds, generated: fresh.generated };
}
