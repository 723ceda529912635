// What the map reads about a dataset: the catalog entry of GET /api/catalog (the spec's "Catalog
// dataset entry"). The website is a client of that document like any other, so these types
// are the answer's own (lib/providers/schema.ts), not the registry's internal rows. Parts the spec
// leaves open are normalised where they are read (params and fields in params.ts, the presentation
// through presentationView in catalog.ts).

import type {
  Chart,
  ChartPoint as ProtocolChartPoint,
  CollectionDm,
  ColorSpec as ProtocolColorSpec,
  TimelineItem as ProtocolTimelineItem,
  Trend,
} from '@/lib/protocol/types';
import type { CatalogEntry, CatalogSource } from '@/lib/providers/types';

export type HexColor = string;

/**
 * A presentation as the map reads it (lib/map/catalog.ts `presentationView`): the protocol's
 * Presentation is a union by `type` and an unknown type, drawn as `auto`, may carry any member, so the
 * map reads every member of any type and checks its value before use (num, isHexColor).
 */
export type PresentationView = { type: string; color?: ColorSpec; [member: string]: unknown };
export type ColorSpec = ProtocolColorSpec;
export type TrendValue = Trend;

/** The catalog entry's source (the answer's own type: the manifest source without its URL). */
export type RasterSourceView = Extract<CatalogSource, { type: 'raster' }>;

/**
 * A catalog dataset entry as the map uses it: the answer's own type (GET /api/catalog's entry, whose
 * health the panel reads from the catalog's providers) and, on dataset pages of providers awaiting
 * approval, the mark that it is not in the catalog yet.
 */
export type MapDataset = CatalogEntry & { pending?: true };

export type ChartPoint = ProtocolChartPoint;
export type ChartData = Chart;
export type TimelineItem = ProtocolTimelineItem;

/** The collection-level `dm` of a data response, as far as the map shows it (the protocol's own type). */
export type CollectionDmView = Pick<CollectionDm, 'total' | 'truncated' | 'next' | 'notice' | 'timeline' | 'chart' | 'generated'>;

export interface MapView {
  zoom: number;
  lat: number;
  lon: number;
}
