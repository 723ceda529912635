// What the map reads about a dataset: the catalog entry of GET /api/catalog (the spec's "Catalog
// dataset entry"). The website is a client of that document like any other, so these types
// describe the JSON it receives rather than the registry's internal rows. Parts the spec leaves
// open (params, fields, presentation extras) are typed loosely and normalised in params.ts.

import type {
  Chart,
  ChartPoint as ProtocolChartPoint,
  CollectionDm,
  ColorSpec as ProtocolColorSpec,
  TimelineItem as ProtocolTimelineItem,
  Trend,
} from '@/lib/protocol/types';
import type { CatalogSource } from '@/lib/providers/types';

export type HexColor = string;
export type ColorSpec = ProtocolColorSpec;
export type TrendValue = Trend;

interface PresentationView {
  type: string;
  color?: ColorSpec;
  opacity?: number;
  radius?: number;
  width?: number;
  outlineColor?: HexColor;
  outlineWidth?: number;
  /** Property drawn as a text label next to each object. */
  label?: string;
  [extra: string]: unknown;
}

/** The catalog entry's source (the answer's own type: the manifest source without its URL). */
type SourceView = CatalogSource;
export type RasterSourceView = Extract<CatalogSource, { type: 'raster' }>;

interface CoverageView {
  bbox?: [number, number, number, number];
  area?: string;
  minZoom?: number;
  maxZoom?: number;
}

interface TemporalView {
  updated?: string;
  frequency?: string;
  param?: string;
}

interface LicenseView {
  name: string;
  url?: string;
  attribution?: string;
}

/** A catalog dataset entry as the map uses it. */
export interface MapDataset {
  key: string;
  providerId: string;
  providerName: string;
  title: string;
  description?: string;
  category?: string;
  categoryLabel?: string;
  keywords?: string[];
  useCases?: string[];
  source: SourceView;
  presentation: PresentationView;
  attribution: string;
  license?: LicenseView | null;
  coverage?: CoverageView;
  temporal?: TemporalView;
  fields?: unknown;
  params?: unknown;
  /** `ogc` and `tiles` (the OGC API collection and its vector tile template) for GeoJSON datasets the portal redistributes. */
  links: { data?: string | null; map: string; source?: string | null; ogc?: string | null; tiles?: string | null };
  /** Set on dataset pages of providers awaiting approval. */
  pending?: boolean;
}

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
