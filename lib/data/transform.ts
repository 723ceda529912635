// From the source's FeatureCollection to the portal's: at most MAX_FEATURES objects, each feature's
// dm moved into properties as __dm_* (plus __dm_trend for trend colouring), and a collection dm the
// portal owns (protocol, dataset, generated) carrying the provider's own members.
import { PROTOCOL_VERSION } from '@/lib/protocol/types';
import type { Chart, CollectionDm, DataCollection, DataFeature, ManifestDataset, TrendColor } from '@/lib/protocol/types';
import { DEFAULT_TTL_SECONDS, MAX_FEATURES, MAX_TTL_SECONDS } from './limits';
import { computeTrend, trendThreshold } from './trend';

/** The trend colouring of a dataset, or null when it is not coloured by trend. */
function trendColor(dataset: ManifestDataset): TrendColor | null {
  const color = (dataset.presentation as { color?: unknown } | undefined)?.color;
  return color && typeof color === 'object' && (color as { type?: unknown }).type === 'trend' ? (color as TrendColor) : null;
}

/** Lifetime of an answer: the provider's dm.ttl (capped), or the default. */
function lifetimeSeconds(ttl: unknown): number {
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl < 0) return DEFAULT_TTL_SECONDS;
  return Math.min(Math.floor(ttl), MAX_TTL_SECONDS);
}

const FEATURE_DM_MEMBERS = ['title', 'description', 'url', 'color', 'chart'] as const;
const COLLECTION_DM_MEMBERS = ['total', 'truncated', 'next', 'notice', 'timeline', 'chart'] as const;

function moveFeatureDm(feature: DataFeature, threshold: number | null): DataFeature {
  const { dm, ...rest } = feature;
  const properties: Record<string, unknown> = { ...(feature.properties ?? {}) };
  if (dm && typeof dm === 'object') {
    for (const m of FEATURE_DM_MEMBERS) if (dm[m] !== undefined) properties[`__dm_${m}`] = dm[m];
  }
  if (threshold !== null) {
    const trend = computeTrend(dm?.chart as Chart | undefined, threshold);
    if (trend) properties.__dm_trend = trend;
  }
  return { ...rest, properties };
}

export interface Transformed {
  collection: DataCollection;
  ttlSeconds: number;
}

/**
 * `source` must already have passed the data schema. `generated` is the time the answer was made
 * (kept in the cache, so a hit says how old its data are).
 */
export function transformCollection(source: DataCollection, datasetKey: string, dataset: ManifestDataset, generated: Date): Transformed {
  const trend = trendColor(dataset);
  const threshold = trend ? trendThreshold(trend.threshold) : null;
  const all = source.features;
  const kept = all.length > MAX_FEATURES ? all.slice(0, MAX_FEATURES) : all;
  const features = kept.map((f) => moveFeatureDm(f, threshold));

  const given: CollectionDm = source.dm ?? {};
  const ttlSeconds = lifetimeSeconds(given.ttl);
  const dm: CollectionDm = { protocol: PROTOCOL_VERSION, dataset: datasetKey, generated: generated.toISOString(), ttl: ttlSeconds };
  for (const m of COLLECTION_DM_MEMBERS) if (given[m] !== undefined) (dm as Record<string, unknown>)[m] = given[m];
  if (all.length > MAX_FEATURES) {
    dm.truncated = true;
    // The source sent more than it may; what it sent is at least how many objects match.
    if (dm.total === undefined && dm.next === undefined) dm.total = all.length;
  }
  const collection: DataCollection = { type: 'FeatureCollection', features, dm };
  return { collection, ttlSeconds };
}

/** The answer below coverage.minZoom: no data requested, a notice for the user. */
export function zoomInCollection(datasetKey: string, minZoom: number, generated: Date): DataCollection {
  return {
    type: 'FeatureCollection',
    features: [],
    dm: {
      protocol: PROTOCOL_VERSION,
      dataset: datasetKey,
      generated: generated.toISOString(),
      total: 0,
      notice: `Priblížte mapu: tieto údaje sa zobrazujú od priblíženia ${minZoom}.`,
    },
  };
}

const NOTICE_MAX = 300;
const noticeTime = new Intl.DateTimeFormat('sk-SK', {
  timeZone: 'Europe/Bratislava',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function staleNotice(createdAt: number): string {
  return `Zdroj je nedostupný, zobrazujú sa posledné známe dáta z ${noticeTime.format(new Date(createdAt))}.`;
}

/** The stored body with the stale notice in dm.notice (the provider's own notice kept after it when it fits). */
export function withStaleNotice(body: Buffer, createdAt: number): Buffer {
  const collection = JSON.parse(body.toString('utf8')) as DataCollection;
  const ours = staleNotice(createdAt);
  const theirs = collection.dm?.notice;
  const notice = theirs && ours.length + 1 + theirs.length <= NOTICE_MAX ? `${ours} ${theirs}` : ours;
  collection.dm = { ...(collection.dm ?? {}), notice };
  return Buffer.from(JSON.stringify(collection));
}
