// GET /api/data with shaping members (propertyNames, geometryForm, simplifyTolerance, coordPrecision,
// resultType, startIndex, maxFeatures): the cached collection shaped and paged (lib/data/shape.ts),
// rendered like any entry (strong ETag, gzip) and kept per cached rendering, so a repeated shaped
// request costs no more than a plain one. `dm.total`/`dm.truncated` say what the page left out and
// the `Link` header (`rel="next"`) names the next page.
import type { DataCollection } from '@/lib/protocol/types';
import { datasetDataPath, type ServedDataset } from '@/lib/providers';
import { render, type Rendering } from './entry';
import type { DataShapeQuery } from './query';
import { prepareShaping, shapeFeature } from './shape';

/** Shaped renderings kept per cached rendering (a few variants each; dropped with the rendering). */
const MAX_VARIANTS = 16;
const variants = new WeakMap<Rendering, Map<string, Promise<ShapedRendering>>>();

export interface ShapedRendering extends Rendering {
  /** `Link` header value naming the next page, when there is one. */
  link?: string;
}

const FIELD_NAMES: Record<string, string> = { properties: 'propertyNames', geometry: 'geometryForm', tolerance: 'simplifyTolerance', precision: 'coordPrecision' };

function nextLink(served: ServedDataset, query: Record<string, string>, change: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, ...change })) if (v !== undefined) q.set(k, v);
  return `<${datasetDataPath(served.provider.id, served.dataset.id)}?${q.toString()}>; rel="next"`;
}

async function build(served: ServedDataset, collection: DataCollection, shape: DataShapeQuery, query: Record<string, string>): Promise<ShapedRendering> {
  const all = collection.features;
  const shaping = prepareShaping(
    all,
    { properties: shape.propertyNames, geometry: shape.geometryForm, tolerance: shape.simplifyTolerance, precision: shape.coordPrecision, zoom: query.zoom ? Number(query.zoom) : undefined },
    (served.dataset.fields ?? []).map((f) => f.key),
    (name) => FIELD_NAMES[name] ?? name,
  );
  const start = Math.min(shape.startIndex ?? 0, all.length);
  const end = shape.maxFeatures === undefined ? all.length : Math.min(all.length, start + shape.maxFeatures);
  const { next: sourceNext, ...dm } = collection.dm ?? {};
  const total = dm.total ?? all.length;
  let link: string | undefined;
  let out: DataCollection;
  if (shape.resultType === 'hits') {
    out = { ...collection, features: [], dm: { ...dm, total, ...(sourceNext !== undefined ? { next: sourceNext } : {}) } };
  } else {
    const cutHere = end < all.length;
    if (cutHere) link = nextLink(served, query, { startIndex: String(end) });
    else if (sourceNext !== undefined) link = nextLink(served, query, { cursor: sourceNext, startIndex: undefined });
    out = {
      ...collection,
      features: all.slice(start, end).map((f) => shapeFeature(f, shaping)),
      // The source's cursor continues after the last object it sent: it is offered only on the page that reaches it.
      dm: { ...dm, total, truncated: cutHere || Boolean(dm.truncated), ...(!cutHere && sourceNext !== undefined ? { next: sourceNext } : {}) },
    };
  }
  return { ...(await render(Buffer.from(JSON.stringify(out)))), ...(link ? { link } : {}) };
}

/** The shaped answer of a cached rendering (its parsed `collection`) for the shaping members of `query`. */
export function shapedRendering(served: ServedDataset, rendering: Rendering, collection: DataCollection, shape: DataShapeQuery, query: Record<string, string>): Promise<ShapedRendering> {
  let byQuery = variants.get(rendering);
  if (!byQuery) variants.set(rendering, (byQuery = new Map()));
  // The whole query: the next page's link repeats it.
  const key = JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  let p = byQuery.get(key);
  if (!p) {
    if (byQuery.size >= MAX_VARIANTS) byQuery.delete(byQuery.keys().next().value as string);
    p = build(served, collection, shape, query);
    byQuery.set(key, p);
    p.catch(() => byQuery.delete(key));
  }
  return p;
}
